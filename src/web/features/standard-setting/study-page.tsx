// /scale/standard-setting/:studyId (issue 35; docs/decisions/0048): the super_admin manages one study — its levels and
// panellists, inviting, opening rounds, closing — sees each round's figures (each panellist's cut, the median, the SD,
// the impact on the reference cohort, and a small chart), and approves the cuts (the medians, editable) after asking.
import { ArrowLeft, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { TStudyDetail, TStudyFigures } from "@shared/schemas/standard-setting";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { fieldClasses, Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { formatPercent } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { studiesPath, useFigures, useStaffSearch, useStudy, useStudyStep } from "./api";
import { StatusBadge } from "./studies-page";
import { formatNumber, pick, useStandardSettingT } from "./use-ss-t";

export function StudyPage() {
  const { studyId = "" } = useParams();
  const { t } = useStandardSettingT();
  const query = useStudy(studyId);
  return (
    <PageFrame className="max-w-5xl">
      <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit">
        <Link to={studiesPath}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {t("back")}
        </Link>
      </Button>
      {query.data ? (
        <Study study={query.data} />
      ) : query.isError ? (
        <ErrorState title={t("loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label={t("loading")} />
      )}
    </PageFrame>
  );
}

export default StudyPage;

function Study({ study }: { study: TStudyDetail }) {
  const { t, lang } = useStandardSettingT();
  const name = `${pick(lang, study.scaleNameAr, study.scaleNameEn)} · ${t(`methods.${study.method}`)}`;
  useDocumentTitle(t("study.pageTitle", { name }));
  const step = useStudyStep(study.id);
  const run = (kind: "rounds" | "close") =>
    step.mutate(
      { kind },
      { onSuccess: (s) => toast({ title: kind === "rounds" ? t("study.opened", { round: s.round }) : t("study.closed") }), onError: toastError },
    );
  return (
    <div className="flex flex-col gap-6" data-testid="ss-study-page">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">
          <bdi>{pick(lang, study.scaleNameAr, study.scaleNameEn)}</bdi> · {t(`methods.${study.method}`)}
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <StatusBadge status={study.status} round={study.round} />
          <span>{t("study.items", { count: study.items })}</span>
          {study.method === "bookmark" && <span>{t("study.rp", { rp: formatNumber(lang, study.responseProbability) })}</span>}
        </div>
        {study.status !== "approved" && (
          <div className="flex flex-wrap gap-2 pt-2">
            <Button onClick={() => run("rounds")} disabled={step.isPending} data-testid="ss-open-round">
              {study.status === "draft" ? t("study.openRound1") : t("study.openNext", { round: study.round + 1 })}
            </Button>
            {study.status === "open" && (
              <Button variant="outline" onClick={() => run("close")} disabled={step.isPending} data-testid="ss-close">
                {t("study.close")}
              </Button>
            )}
          </div>
        )}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("study.levels")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-2">
              {study.levels.map((level) => (
                <li key={level.position} className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-muted/50 px-3 py-2">
                  <span className="font-medium">{pick(lang, level.nameAr, level.nameEn)}</span>
                  <span className="text-sm text-muted-foreground">
                    {level.minScore === null ? t("study.lowest") : t("study.currentCut", { score: formatNumber(lang, level.minScore) })}
                  </span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Panellists study={study} />
      </div>

      {study.round >= 1 && <Figures study={study} />}
    </div>
  );
}

function Panellists({ study }: { study: TStudyDetail }) {
  const { t } = useStandardSettingT();
  const [q, setQ] = useState("");
  const search = useStaffSearch(q);
  const step = useStudyStep(study.id);
  const canInvite = study.status === "draft" || study.status === "open";
  const invited = new Set(study.panellistList.map((p) => p.userId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("study.panellists")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {study.panellistList.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("study.noPanellists")}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="ss-panellists">
            {study.panellistList.map((p) => (
              <li key={p.userId} className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="min-w-0">
                  <bdi className="font-medium">{p.name}</bdi> <bdi className="text-sm text-muted-foreground">{p.email}</bdi>
                </span>
                <span className="text-sm text-muted-foreground">{p.submittedRound ? t("study.submitted", { round: p.submittedRound }) : t("study.notSubmitted")}</span>
              </li>
            ))}
          </ul>
        )}
        {canInvite && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="ss-staff-search">{t("study.search")}</Label>
            <Input id="ss-staff-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} data-testid="ss-staff-search" />
            {q.trim().length < 2 ? (
              <p className="text-xs text-muted-foreground">{t("study.searchHint")}</p>
            ) : search.data && search.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("study.noMatches")}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {(search.data ?? [])
                  .filter((u) => !invited.has(u.id))
                  .map((u) => (
                    <li key={u.id} className="flex items-center justify-between gap-2">
                      <span className="min-w-0 truncate text-sm">
                        <bdi>{u.name}</bdi> · <bdi>{u.email}</bdi>
                      </span>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t("study.inviteOne", { name: u.name })}
                        disabled={step.isPending}
                        onClick={() => step.mutate({ kind: "invite", userIds: [u.id] }, { onSuccess: () => toast({ title: t("study.invited") }), onError: toastError })}
                      >
                        <UserPlus aria-hidden="true" />
                        {t("study.invite")}
                      </Button>
                    </li>
                  ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ study }: { study: TStudyDetail }) {
  const { t, lang } = useStandardSettingT();
  const [round, setRound] = useState(study.round);
  useEffect(() => setRound(study.round), [study.round]);
  const query = useFigures(study.id, round, round >= 1);
  const f = query.data;
  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle as="h2">{t("study.figures")}</CardTitle>
            {f && <CardDescription>{t("study.submittedOf", { submitted: f.submitted, panellists: f.panellists, cohort: f.cohort })}</CardDescription>}
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="ss-round">{t("study.round")}</Label>
            <select id="ss-round" className={cn(fieldClasses, "h-10 w-24")} value={round} onChange={(e) => setRound(Number(e.target.value))}>
              {Array.from({ length: study.round }, (_, i) => i + 1).map((r) => (
                <option key={r} value={r}>
                  {formatNumber(lang, r)}
                </option>
              ))}
            </select>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {query.isError ? (
            <ErrorState title={t("loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
          ) : !f ? (
            <LoadingState label={t("loading")} />
          ) : f.submitted === 0 ? (
            <p className="text-sm text-muted-foreground">{t("study.noFigures")}</p>
          ) : (
            <>
              <CutChart figures={f} />
              <div className="overflow-x-auto">
                <table className="w-full min-w-[32rem] text-sm" data-testid="ss-figures">
                  <thead>
                    <tr className="border-b border-border text-start text-muted-foreground">
                      <th scope="col" className="py-2 pe-3 text-start font-medium">
                        {t("study.levels")}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-start font-medium">
                        {t("study.cut")}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-start font-medium">
                        {t("study.median")}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-start font-medium">
                        {t("study.sd")}
                      </th>
                      <th scope="col" className="py-2 text-start font-medium">
                        {t("study.impact")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {f.levels.map((l) => (
                      <tr key={l.position} className="border-b border-border/60 align-top">
                        <th scope="row" className="py-2 pe-3 text-start font-medium">
                          {pick(lang, l.nameAr, l.nameEn)}
                        </th>
                        <td className="py-2 pe-3">
                          <ul className="flex flex-col gap-0.5">
                            {l.cuts.map((c) => (
                              <li key={c.userId}>
                                <bdi>{c.name}</bdi>: <span className="tabular-nums">{formatNumber(lang, c.score)}</span>
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className="py-2 pe-3 font-semibold tabular-nums" data-testid="ss-median">
                          {l.median === null ? "—" : formatNumber(lang, l.median)}
                        </td>
                        <td className="py-2 pe-3 tabular-nums">{l.sd === null ? "—" : formatNumber(lang, l.sd)}</td>
                        <td className="py-2 tabular-nums">{l.impact === null ? "—" : formatPercent(lang, l.impact * 100)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </CardContent>
      </Card>
      {study.status === "closed" && f && f.round === study.round && <Approve study={study} figures={f} />}
      {study.status === "approved" && study.approvedCuts && (
        <Card data-testid="ss-approved">
          <CardHeader>
            <CardTitle as="h2">{t("study.approvedCuts")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-1">
              {study.approvedCuts.map((c) => {
                const level = study.levels.find((l) => l.position === c.position);
                return (
                  <li key={c.position}>
                    {level ? pick(lang, level.nameAr, level.nameEn) : c.position}: <span className="font-semibold tabular-nums">{formatNumber(lang, c.minScore)}</span>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      )}
    </>
  );
}

/** A dot per panellist's cut on each level's line, the median as a bar: the spread at a glance. */
function CutChart({ figures }: { figures: TStudyFigures }) {
  const { t, lang } = useStandardSettingT();
  const scores = figures.levels.flatMap((l) => l.cuts.map((c) => c.score));
  const lo = Math.min(...scores);
  const hi = Math.max(...scores);
  const span = hi - lo || 1;
  const at = (x: number) => 4 + ((x - lo) / span) * 92;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm text-muted-foreground">{t("study.chart")}</figcaption>
      <div className="flex flex-col gap-3" role="img" aria-label={t("study.chart")} data-testid="ss-chart">
        {figures.levels.map((l) => (
          <div key={l.position} className="grid grid-cols-[7rem_1fr] items-center gap-3 sm:grid-cols-[10rem_1fr]">
            <span className="truncate text-sm">{pick(lang, l.nameAr, l.nameEn)}</span>
            <div className="relative h-6 rounded-full bg-muted" dir="ltr">
              {l.cuts.map((c) => (
                <span key={c.userId} className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary/70" style={{ left: `${at(c.score)}%` }} />
              ))}
              {l.median !== null && <span className="absolute top-0 h-6 w-1 -translate-x-1/2 rounded bg-foreground" style={{ left: `${at(l.median)}%` }} />}
            </div>
          </div>
        ))}
        <div className="grid grid-cols-[7rem_1fr] gap-3 text-xs text-muted-foreground sm:grid-cols-[10rem_1fr]">
          <span />
          <span className="flex justify-between tabular-nums" dir="ltr">
            <span>{formatNumber(lang, lo)}</span>
            <span>{formatNumber(lang, hi)}</span>
          </span>
        </div>
      </div>
    </figure>
  );
}

function Approve({ study, figures }: { study: TStudyDetail; figures: TStudyFigures }) {
  const { t, lang } = useStandardSettingT();
  const [cuts, setCuts] = useState(() => Object.fromEntries(figures.levels.map((l) => [l.position, l.median === null ? "" : String(l.median)])));
  const [asking, setAsking] = useState(false);
  const step = useStudyStep(study.id);
  const body = { cuts: figures.levels.map((l) => ({ position: l.position, minScore: Number(cuts[l.position]) })) };
  const ready = figures.levels.every((l) => cuts[l.position] !== "" && Number.isFinite(Number(cuts[l.position])));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("study.approveTitle")}</CardTitle>
        <CardDescription>{t("study.approveHint")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {figures.levels.map((l) => (
            <div key={l.position} className="flex flex-col gap-1.5">
              <Label htmlFor={`ss-cut-${l.position}`}>{pick(lang, l.nameAr, l.nameEn)}</Label>
              <Input
                id={`ss-cut-${l.position}`}
                type="number"
                inputMode="decimal"
                dir="ltr"
                value={cuts[l.position] ?? ""}
                onChange={(e) => setCuts({ ...cuts, [l.position]: e.target.value })}
                data-testid="ss-cut-input"
              />
            </div>
          ))}
        </div>
        <Button className="w-fit" onClick={() => setAsking(true)} disabled={!ready || step.isPending} data-testid="ss-approve">
          {t("study.approve")}
        </Button>
        <Dialog open={asking} onOpenChange={setAsking}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t("study.approveTitle")}</DialogTitle>
              <DialogDescription>{t("study.approveConfirm")}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t("study.cancel")}</Button>
              </DialogClose>
              <Button
                disabled={step.isPending}
                data-testid="ss-approve-confirm"
                onClick={() =>
                  step.mutate(
                    { kind: "approve", body },
                    {
                      onSuccess: () => {
                        setAsking(false);
                        toast({ title: t("study.approved") });
                      },
                      onError: toastError,
                    },
                  )
                }
              >
                {t("study.approve")}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
