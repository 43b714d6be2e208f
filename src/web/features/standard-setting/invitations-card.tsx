// The panellist's dashboard card (issue 35): "Standard setting: you are invited", one link per study they rate in.
import { ArrowRight, Scale } from "lucide-react";
import { Link } from "react-router";
import { ratePath, studiesPath, useInvitations } from "./api";
import { pick, useStandardSettingT } from "./use-ss-t";

export function InvitationsCard({ enabled }: { enabled: boolean }) {
  const { t, lang } = useStandardSettingT();
  const query = useInvitations(enabled);
  const items = (query.data?.items ?? []).filter((i) => i.status === "open" || i.status === "closed");
  if (!enabled || items.length === 0) return null;
  return (
    <section aria-labelledby="ss-invited-heading" className="flex flex-col gap-3 rounded-2xl border border-primary/40 bg-card p-4 shadow-sm sm:p-5" data-testid="ss-invitations">
      <h2 id="ss-invited-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Scale aria-hidden="true" className="size-5 text-primary" />
        {t("card.title")}
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm">
              {t("card.description", { scale: pick(lang, i.scaleNameAr, i.scaleNameEn), method: t(`methods.${i.method}`), status: t(`statuses.${i.status}`, { round: i.round }) })}
            </span>
            <Link to={ratePath(i.id)} className="inline-flex items-center gap-1 text-sm font-semibold text-link hover:underline" data-testid="ss-rate-link">
              {t("card.open")}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The super_admin's way in until the scale area links it (issue 35: its "Standard setting" part). */
export function StandardSettingLink() {
  const { t } = useStandardSettingT();
  return (
    <Link
      to={studiesPath}
      className="flex items-center gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm outline-none hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="ss-admin-link"
    >
      <Scale aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">{t("title")}</span>
        <span className="text-sm text-muted-foreground">{t("card.adminDescription")}</span>
      </span>
      <ArrowRight aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
    </Link>
  );
}
