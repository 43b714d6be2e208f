// The panellist's dashboard card (issue 35): "Standard setting: you are invited", one link per study they rate in.
import { ArrowRight, Scale } from "lucide-react";
import { Link } from "react-router";
import { ratePath, useInvitations } from "./api";
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

