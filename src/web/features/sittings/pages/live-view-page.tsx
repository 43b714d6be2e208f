// /sittings/:sittingId/live (issue 16): a sitting as it happens, for the staff of its schools and super_admins.
// Who is absent, waiting in the lobby, working (with their last save), offline (not heard from for a while),
// submitted or submitted by the clock — asked again every few seconds while the page is visible (the server
// answers a sitting's proctors from one query). A student sitting it can be given more time, with a reason.
import { ArrowLeft, CircleCheck, CircleDashed, Clock, Download, Hourglass, PenLine, Search, SearchX, Ticket, Timer, UserX, WifiOff, type LucideIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { LIVE_STATES, type TLiveState } from "@shared/schemas/sitting";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { LOCALE, pickOrNull } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { phaseOf, ticketsPath, useLiveView, type TLiveView } from "../api";
import { GrantDialog } from "../components/grant-dialog";
import { HeldBanner, HeldDecisionDialog, HeldForStudent, type THeldChoice } from "../components/held-answers";
import { arrangeStudents, classesOf, LIVE_SORTS, NO_CLASS, type TLiveSort } from "../lib/arrange";
import { PhaseBadge, ScopeLabel, SittingTimes } from "../components/sitting-bits";
import { formatNumber, formatTime, pick, useSittingsT, type TLang } from "../lib/use-sittings-t";

export function LiveViewPage() {
  const { sittingId = "" } = useParams();
  return (
    <PageFrame className="max-w-7xl">
      <LiveView key={sittingId} sittingId={sittingId} />
    </PageFrame>
  );
}

export default LiveViewPage;

const STATE_ICON: Record<TLiveState, LucideIcon> = {
  absent: UserX,
  lobby: Hourglass,
  working: PenLine,
  offline: WifiOff,
  submitted: CircleCheck,
  auto_submitted: Timer,
};
const STATE_STYLE: Record<TLiveState, string> = {
  absent: "border-border text-muted-foreground",
  lobby: "border-border bg-muted text-foreground",
  working: "border-primary/40 bg-accent text-accent-foreground",
  offline: "border-destructive bg-destructive text-destructive-foreground",
  submitted: "border-success-border bg-success text-success-foreground",
  auto_submitted: "border-gold/50 text-gold",
};

function StateBadge({ state }: { state: TLiveState }) {
  const { t } = useSittingsT();
  const Icon = STATE_ICON[state];
  return (
    <span className={cn("inline-flex w-fit items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", STATE_STYLE[state])} data-testid="live-state" data-state={state}>
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`live.state.${state}`)}
    </span>
  );
}

function BackLink() {
  const { t } = useSittingsT();
  return (
    <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit">
      <Link to="/dashboard/sittings">
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t("live.back")}
      </Link>
    </Button>
  );
}

function LiveView({ sittingId }: { sittingId: string }) {
  const { t } = useSittingsT();
  const query = useLiveView(sittingId);
  if (query.data) return <LiveBoard view={query.data} receivedAt={query.dataUpdatedAt} refreshing={query.isFetching} failed={query.isError} />;
  if (query.isError)
    return (
      <>
        <BackLink />
        <ErrorState title={t("live.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="live-error" />
      </>
    );
  return <LoadingState label={t("live.loading")} testId="live-loading" />;
}

/** "just now", "3 min ago" — from the server's clock. */
function ago(lang: TLang, iso: string | null, nowMs: number): string | null {
  if (!iso) return null;
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  const rtf = new Intl.RelativeTimeFormat(LOCALE[lang], { numeric: "auto", style: "short" });
  return seconds < 60 ? rtf.format(-seconds, "second") : seconds < 3600 ? rtf.format(-Math.floor(seconds / 60), "minute") : rtf.format(-Math.floor(seconds / 3600), "hour");
}

function LiveBoard({ view, receivedAt, refreshing, failed }: { view: TLiveView; receivedAt: number; refreshing: boolean; failed: boolean }) {
  const { t, lang } = useSittingsT();
  const { user } = useSession();
  const title = pick(lang, view.exam.titleAr, view.exam.titleEn);
  useDocumentTitle(t("live.pageTitle", { exam: title }));
  const [filter, setFilter] = useState<TLiveState | null>(null);
  const [search, setSearch] = useState("");
  const [className, setClassName] = useState("");
  const [sort, setSort] = useState<TLiveSort>("state");
  const [granting, setGranting] = useState<{ attemptId: string; name: string } | null>(null);
  const [deciding, setDeciding] = useState<THeldChoice | null>(null);
  const serverNow = Date.parse(view.serverNow);
  const { classes, someWithout } = useMemo(() => classesOf(view.students, lang), [view.students, lang]);
  const shown = useMemo(() => arrangeStudents(view.students, { search, className, state: filter, sort, lang }), [view.students, search, className, filter, sort, lang]);
  const narrowed = filter !== null || search.trim() !== "" || className !== "";
  const clear = () => {
    setFilter(null);
    setSearch("");
    setClassName("");
  };
  const ids = useId();
  const exportHintId = `${ids}-export-hint`;
  const exportUrl = (format: "csv" | "xlsx") => `/api/sittings/${encodeURIComponent(view.sitting.id)}/attendance.${format}?lang=${lang}`;
  const showSchool = user?.role === "super_admin" && view.sitting.schoolNameAr === null;
  const total = LIVE_STATES.reduce((sum, state) => sum + view.counts[state], 0);

  return (
    <div className="flex flex-col gap-6" data-testid="live-view">
      <BackLink />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold">{t("live.title")}</h1>
            <PhaseBadge phase={phaseOf(view.sitting, serverNow)} />
          </div>
          <p className="text-lg font-medium">
            <bdi>{title}</bdi>
          </p>
          <p className="text-sm text-muted-foreground">
            <ScopeLabel schoolNameAr={view.sitting.schoolNameAr} schoolNameEn={view.sitting.schoolNameEn} grade={view.sitting.grade} />
          </p>
          <p className="text-sm">
            <SittingTimes {...view.sitting} />
          </p>
        </div>
        <div className="flex flex-col items-start gap-3 sm:items-end">
          <p className={cn("flex items-center gap-2 text-xs", failed ? "text-destructive-text" : "text-muted-foreground")} data-testid="live-updated">
            <span aria-hidden="true" className={cn("size-2 rounded-full", failed ? "bg-destructive" : refreshing ? "bg-gold" : "bg-primary motion-safe:animate-pulse")} />
            {failed ? t("live.stale", { time: formatTime(lang, new Date(receivedAt).toISOString()) }) : t("live.updated", { time: formatTime(lang, new Date(receivedAt).toISOString()) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" asChild>
              <a href={exportUrl("csv")} download aria-describedby={exportHintId} data-testid="live-export-csv">
                <Download aria-hidden="true" />
                {t("live.exportCsv")}
              </a>
            </Button>
            <Button size="sm" variant="outline" asChild>
              <a href={exportUrl("xlsx")} download aria-describedby={exportHintId} data-testid="live-export-xlsx">
                <Download aria-hidden="true" />
                {t("live.exportXlsx")}
              </a>
            </Button>
            <Button size="sm" variant="outline" asChild>
              <Link to={ticketsPath(view.sitting.id)} data-testid="live-tickets">
                <Ticket aria-hidden="true" />
                {t("tickets.open")}
              </Link>
            </Button>
            <span id={exportHintId} className="sr-only">
              {t("live.exportHint")}
            </span>
          </div>
        </div>
      </header>

      <div role="group" aria-label={t("live.filterLabel")} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {LIVE_STATES.map((state) => {
          const Icon = STATE_ICON[state];
          const active = filter === state;
          return (
            <button
              key={state}
              type="button"
              aria-pressed={active}
              onClick={() => setFilter(active ? null : state)}
              className={cn(
                "flex flex-col items-start gap-1 rounded-xl border bg-card p-3 text-start transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
                active ? "border-primary ring-1 ring-primary" : "border-border",
                state === "offline" && view.counts.offline > 0 && "border-destructive",
              )}
              data-testid={`live-count-${state}`}
            >
              <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Icon aria-hidden="true" className="size-3.5" />
                {t(`live.state.${state}`)}
              </span>
              <span className="text-2xl font-bold tabular-nums" data-testid="live-count-value">
                {formatNumber(lang, view.counts[state])}
              </span>
            </button>
          );
        })}
      </div>

      <HeldBanner students={view.students} onChoose={setDeciding} />

      {total === 0 ? (
        <EmptyState icon={CircleDashed} hint={t("live.emptyHint")} testId="live-empty">
          {t("live.empty")}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <div className="grid gap-3 border-b border-border px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-search`} className="text-xs text-muted-foreground">
                {t("live.search")}
              </Label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("live.searchPlaceholder")} className="ps-8" data-testid="live-search" />
              </div>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-class`} className="text-xs text-muted-foreground">
                {t("live.classFilter")}
              </Label>
              <Select value={className || "all"} onValueChange={(v) => setClassName(v === "all" ? "" : v)}>
                <SelectTrigger id={`${ids}-class`} className="sm:w-40" data-testid="live-class">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">{t("live.allClasses")}</SelectItem>
                  {classes.map((c) => (
                    <SelectItem key={c} value={c}>
                      <bdi>{c}</bdi>
                    </SelectItem>
                  ))}
                  {someWithout && <SelectItem value={NO_CLASS}>{t("live.noClass")}</SelectItem>}
                </SelectContent>
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-sort`} className="text-xs text-muted-foreground">
                {t("live.sortBy")}
              </Label>
              <Select value={sort} onValueChange={(v) => setSort(v as TLiveSort)}>
                <SelectTrigger id={`${ids}-sort`} className="sm:w-52" data-testid="live-sort">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {LIVE_SORTS.map((s) => (
                    <SelectItem key={s} value={s}>
                      {t(`live.sort.${s}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm">
            <span className="font-medium" aria-live="polite" data-testid="live-showing">
              {narrowed ? t("live.showingFiltered", { count: shown.length, total }) : t("live.showingAll", { count: total })}
            </span>
            {narrowed && (
              <Button size="sm" variant="ghost" onClick={clear} data-testid="live-clear">
                {t("live.showAll")}
              </Button>
            )}
          </div>
          {shown.length === 0 && (
            <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-muted-foreground" data-testid="live-no-match">
              <SearchX aria-hidden="true" className="size-6" />
              <p>{t("live.noMatch")}</p>
              <Button size="sm" variant="outline" onClick={clear}>
                {t("live.clearFilters")}
              </Button>
            </div>
          )}
          <ul className="divide-y divide-border" aria-label={t("live.students")}>
            {shown.map((s) => {
              const timeLeft = s.state === "working" || s.state === "offline" ? (s.deadlineAt ? Math.max(0, Math.ceil((Date.parse(s.deadlineAt) - serverNow) / 60_000)) : null) : null;
              const extra = s.extraMinutes + s.grantedMinutes;
              return (
                <li
                  key={s.studentId}
                  className="grid gap-2 px-4 py-3 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center md:gap-4"
                  data-testid="live-student"
                  data-student-id={s.studentId}
                >
                  {/* The state sits beside the name (it floated a column away on wide screens). */}
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 truncate font-medium" data-testid="live-name">
                        <bdi>{s.name}</bdi>
                      </span>
                      <StateBadge state={s.state} />
                      {s.pendingAnswers > 0 && (
                        <span className="inline-flex items-center gap-1 rounded-full border border-destructive px-2 py-0.5 text-xs font-semibold text-destructive-text" data-testid="live-waiting">
                          {t("live.waiting", { count: s.pendingAnswers })}
                        </span>
                      )}
                      {s.signedInWithCode && (
                        <span className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs font-medium" data-testid="live-by-code">
                          <Ticket aria-hidden="true" className="size-3.5" />
                          {t("live.byCode")}
                        </span>
                      )}
                      {extra > 0 && (
                        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium" title={t("live.extraTitle")}>
                          {t("live.extra", { count: extra })}
                        </span>
                      )}
                    </div>
                    <span className="truncate text-xs text-muted-foreground">
                      {[s.className, showSchool ? pickOrNull(lang, s.schoolNameAr, s.schoolNameEn) : null].filter(Boolean).join(" · ") || "\u00a0"}
                    </span>
                  </div>
                  <div className="flex flex-col text-xs text-muted-foreground tabular-nums">
                    {s.attemptId && (
                      <span>
                        {t("live.answered", { answered: formatNumber(lang, s.answered), total: formatNumber(lang, s.questionCount ?? view.questionCount) })}
                      </span>
                    )}
                    {(s.state === "working" || s.state === "offline") && (
                      <span className={cn(s.state === "offline" && "font-medium text-destructive-text")}>
                        {s.lastSaveAt ? t("live.lastSave", { ago: ago(lang, s.lastSaveAt, serverNow) }) : t("live.noSaveYet")}
                        {s.state === "offline" && s.lastSeenAt && ` · ${t("live.lastSeen", { ago: ago(lang, s.lastSeenAt, serverNow) })}`}
                      </span>
                    )}
                    {timeLeft !== null && (
                      <span className="flex items-center gap-1">
                        <Clock aria-hidden="true" className="size-3" />
                        {t("live.timeLeft", { count: timeLeft })}
                      </span>
                    )}
                    {s.completedAt && <span>{t("live.submittedAt", { time: formatTime(lang, s.completedAt) })}</span>}
                  </div>
                  {s.attemptId && s.heldAnswers > 0 && (
                    <div className="md:order-last md:col-span-3">
                      <HeldForStudent attemptId={s.attemptId} name={s.name} count={s.heldAnswers} onChoose={setDeciding} />
                    </div>
                  )}
                  <div className="flex flex-wrap gap-2 md:justify-end">
                    {(s.state === "working" || s.state === "offline") && s.attemptId && (
                      <Button size="sm" variant="outline" onClick={() => setGranting({ attemptId: s.attemptId!, name: s.name })} aria-label={t("live.grantItem", { name: s.name })} data-testid="grant-time">
                        <Timer aria-hidden="true" />
                        {t("live.grant")}
                      </Button>
                    )}
                    {s.attemptId && (
                      <Button size="sm" variant="ghost" asChild>
                        <Link to={`/student/exam/${encodeURIComponent(s.attemptId)}/results#trail`} aria-label={t("live.trailItem", { name: s.name })}>
                          {t("live.trail")}
                        </Link>
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {view.truncated && <p className="border-t border-border px-4 py-3 text-sm text-muted-foreground">{t("live.truncated", { count: view.students.length })}</p>}
        </Card>
      )}
      <HeldDecisionDialog sittingId={view.sitting.id} choice={deciding} onClose={() => setDeciding(null)} />
      {granting && <GrantDialog sittingId={view.sitting.id} attemptId={granting.attemptId} studentName={granting.name} onClose={() => setGranting(null)} />}
    </div>
  );
}
