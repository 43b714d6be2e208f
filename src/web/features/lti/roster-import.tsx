// "Import the course's students" on the results of an exam a learning platform links by LTI 1.3 (issue 38,
// docs/decisions/0051): shown only when a link of the exam offered its course's roster (NRPS) and the person may
// see it (the server lists a teacher or school admin only their school's platforms' links). The server matches or
// makes each member as a launch would and answers with the counts, shown here; failures are shown in place.
import { useMutation, useQuery } from "@tanstack/react-query";
import { LoaderCircle, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { api } from "@web/lib/api";
import { errorText } from "@web/lib/errors";
import { asLang, formatNumber } from "@web/lib/format";

type TLink = { id: string; platformName: string; contextId: string | null; hasRoster: boolean };
type TCounts = { matched: number; created: number; skipped: number };

function LinkRoster({ link, showName }: { link: TLink; showName: boolean }) {
  const { t, i18n } = useTranslation("admin");
  const lang = asLang(i18n.language);
  const sync = useMutation({ mutationFn: () => api<TCounts>(`/api/lti/links/${encodeURIComponent(link.id)}/roster`, { method: "POST" }) });
  const n = (count: number) => formatNumber(lang, count);
  return (
    <div className="flex flex-col gap-2" data-testid="lti-roster-link">
      <div className="flex flex-wrap items-center gap-3">
        <Button className="w-fit" variant="outline" disabled={sync.isPending} aria-busy={sync.isPending || undefined} onClick={() => sync.mutate()} data-testid="lti-roster-import">
          {sync.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <UsersRound aria-hidden="true" />}
          {sync.isPending ? t("lti.roster.importing") : t("lti.roster.import")}
        </Button>
        {showName && (
          <span className="text-sm text-muted-foreground">
            <bdi>{link.platformName}</bdi>
            {link.contextId && (
              <>
                {" · "}
                <bdi dir="ltr">{link.contextId}</bdi>
              </>
            )}
          </span>
        )}
      </div>
      <p role="status" className="text-sm" data-testid="lti-roster-result">
        {sync.isSuccess &&
          t("lti.roster.result", { matched: n(sync.data.matched), created: n(sync.data.created), skipped: n(sync.data.skipped) })}
      </p>
      {sync.isError && (
        <p role="alert" className="text-sm font-medium text-destructive-text" data-testid="lti-roster-error">
          {errorText(sync.error, lang).message}
        </p>
      )}
    </div>
  );
}

export function RosterImport({ examId }: { examId: string }) {
  const { t } = useTranslation("admin");
  const links = useQuery({
    queryKey: ["lti", "exam-links", examId],
    queryFn: ({ signal }) => api<TLink[]>(`/api/lti/exams/${encodeURIComponent(examId)}/links`, { signal }),
  });
  const withRoster = links.data?.filter((l) => l.hasRoster) ?? [];
  // Most exams no platform links: then nothing shows (and a failed look-up hides the card rather than alarm).
  if (withRoster.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="lti-roster">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
          <UsersRound aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-0.5">
          <h2 className="font-semibold">{t("lti.roster.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("lti.roster.description", { platform: withRoster[0]!.platformName })}</p>
        </div>
      </div>
      {withRoster.map((link) => (
        <LinkRoster key={link.id} link={link} showName={withRoster.length > 1} />
      ))}
    </Card>
  );
}
