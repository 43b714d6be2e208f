// Small pieces every sittings screen shares: the phase badge, who a sitting is for, and its times.
import { CalendarClock, CircleDot, DoorClosed, Flag } from "lucide-react";
import { cn } from "@web/lib/utils";
import type { TSittingPhase } from "../api";
import { formatDateTime, formatTime, useSittingsT } from "../lib/use-sittings-t";
import { pickOrNull } from "@web/lib/format";

const PHASE_STYLE: Record<TSittingPhase, string> = {
  upcoming: "border-border bg-muted text-muted-foreground",
  open: "border-success-border bg-success text-success-foreground",
  entryClosed: "border-gold/50 text-gold",
  ended: "border-border text-muted-foreground",
};
const PHASE_ICON = { upcoming: CalendarClock, open: CircleDot, entryClosed: DoorClosed, ended: Flag } as const;

export function PhaseBadge({ phase, className }: { phase: TSittingPhase; className?: string }) {
  const { t } = useSittingsT();
  const Icon = PHASE_ICON[phase];
  return (
    <span className={cn("inline-flex w-fit items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", PHASE_STYLE[phase], className)} data-testid="sitting-phase" data-phase={phase}>
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`phase.${phase}`)}
    </span>
  );
}

/** "Al Noor School · Grade 8", "Every school · Every grade". */
export function ScopeLabel({ schoolNameAr, schoolNameEn, grade }: { schoolNameAr: string | null; schoolNameEn: string | null; grade: number | null }) {
  const { t, lang } = useSittingsT();
  return (
    <span>
      <bdi>{pickOrNull(lang, schoolNameAr, schoolNameEn) ?? t("scope.everySchool")}</bdi>
      <span aria-hidden="true"> · </span>
      {grade === null ? t("scope.everyGrade") : t("scope.grade", { grade })}
    </span>
  );
}

/** "25 Nov 2026, 08:00 → 09:30 · last entry 08:15" */
export function SittingTimes({ startsAt, entryClosesAt, endsAt }: { startsAt: string; entryClosesAt: string; endsAt: string }) {
  const { t, lang } = useSittingsT();
  const sameDay = new Date(startsAt).toDateString() === new Date(endsAt).toDateString();
  return (
    <span className="tabular-nums">
      <time dateTime={startsAt}>{formatDateTime(lang, startsAt)}</time>
      <span aria-hidden="true"> – </span>
      <span className="sr-only">{t("times.until")} </span>
      <time dateTime={endsAt}>{sameDay ? formatTime(lang, endsAt) : formatDateTime(lang, endsAt)}</time>
      <span className="block text-xs text-muted-foreground">{t("times.lastEntry", { time: formatTime(lang, entryClosesAt) })}</span>
    </span>
  );
}
