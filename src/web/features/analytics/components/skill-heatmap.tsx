// The dashboard's skill heatmap (issue 15, reworked in issue 33): groups × skills, each cell the share of the
// skill's points the group earned. What a principal looks for comes first: each group's weakest skills named above
// the table; the skills ordered weakest first (or in the catalogue's order); the rows sortable by any skill; the row
// names kept in view while the skills scroll sideways, with a cue when they do; how many students each cell rests on,
// greyed under MIN_CELL_STUDENTS; and on a phone one card per group, its skills weakest first. A weak cell opens the
// group's plan for that skill across every exam that measures it.
import { ArrowDown, ArrowUp, ArrowUpDown, CircleAlert, CircleCheck, CircleDot, CircleDashed, MoveHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { MIN_CELL_STUDENTS, type TDashboardGroup } from "@shared/schemas/dashboard";
import { DEVELOPING_PERCENT, MASTERED_PERCENT, type TMasteryLevel } from "@shared/schemas/report";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/lib/utils";
import { skillPlanPath, type TDashboard, type TSkillPlanScope } from "../api";
import { cellStyle, HEATMAP_CELL, TONE_ORDER, type TCellTone } from "../lib/heatmap-colours";
import { formatNumber, formatPercent, pick, useAnalyticsT } from "../lib/use-analytics-t";

/** How many of a group's weakest skills are named above the table. */
const WEAKEST_NAMED = 2;

const ICONS: Record<TCellTone, typeof CircleCheck> = { mastered: CircleCheck, developing: CircleDot, not_yet: CircleAlert, sparse: CircleDashed };

type TCell = TDashboard["mastery"][number] & { sparse: boolean };
type TSort = { skillId: string; dir: "asc" | "desc" } | null;

export function SkillHeatmap({ data, nameOf }: { data: TDashboard; nameOf: (g: TDashboardGroup) => string }) {
  const { t, lang } = useAnalyticsT();
  const [order, setOrder] = useState<"weakest" | "catalogue">("weakest");
  const [sort, setSort] = useState<TSort>(null);
  // A student row rests on one student by design: counts and greying are for groups.
  const byGroup = data.level !== "student";
  const cells = new Map<string, TCell>(data.mastery.map((m) => [`${m.key}|${m.skillId}`, { ...m, sparse: byGroup && m.students < MIN_CELL_STUDENTS }]));
  const cellOf = (key: string, skillId: string) => cells.get(`${key}|${skillId}`);
  const everyone = (skillId: string) => cellOf("all", skillId)?.percent ?? Infinity;
  const skills = order === "weakest" ? [...data.skills].sort((a, b) => everyone(a.id) - everyone(b.id)) : data.skills;
  const skillName = (s: { nameAr: string; nameEn: string }) => pick(lang, s.nameAr, s.nameEn);

  const groups = [...data.groups];
  if (sort) {
    const value = (g: TDashboardGroup) => cellOf(g.key, sort.skillId)?.percent ?? (sort.dir === "asc" ? Infinity : -Infinity);
    groups.sort((a, b) => (sort.dir === "asc" ? value(a) - value(b) : value(b) - value(a)));
  }
  const rows = [...groups, data.overall];
  const rowName = (g: TDashboardGroup) => (g.key === "all" ? t("dashboard.overall") : nameOf(g));

  /** The group a row's plan is for: the row's school or class; a student's row and everyone's, the view's scope. */
  const scopeOf = (g: TDashboardGroup): TSkillPlanScope | null => {
    const view = { schoolId: data.scope.schoolId ?? undefined, grade: data.scope.grade ?? undefined, className: data.scope.className ?? undefined };
    if (g.key === "all" || data.level === "student") return data.scope.schoolId ? view : null;
    if (data.level === "school") return g.schoolId ? { schoolId: g.schoolId } : null;
    return { schoolId: view.schoolId, grade: g.grade ?? undefined, className: g.grade !== null ? (g.className ?? undefined) : undefined };
  };
  const planOf = (g: TDashboardGroup, m: TCell) => {
    if (m.sparse || m.level === "mastered") return undefined;
    const scope = scopeOf(g);
    return scope ? skillPlanPath(m.skillId, scope) : undefined;
  };
  const weakest = (g: TDashboardGroup) =>
    skills
      .map((s) => ({ skill: s, cell: cellOf(g.key, s.id) }))
      .filter((x): x is { skill: (typeof skills)[number]; cell: TCell } => !!x.cell && !x.cell.sparse && x.cell.level !== "mastered")
      .sort((a, b) => a.cell.percent - b.cell.percent)
      .slice(0, WEAKEST_NAMED);
  const tone = (m: TCell): TCellTone => (m.sparse ? "sparse" : m.level);
  const studentsText = (n: number) => t("dashboard.heatmap.students", { count: n, students: formatNumber(lang, n) });
  const cellLabel = (g: TDashboardGroup, s: { nameAr: string; nameEn: string }, m: TCell) =>
    t("dashboard.heatmap.planLink", { group: rowName(g), skill: skillName(s), percent: formatPercent(lang, m.percent), level: t(`dashboard.level.${m.level}`) });

  return (
    <section aria-labelledby="dashboard-heatmap" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-heatmap" className="text-lg font-bold">
          {t("dashboard.heatmap.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("dashboard.heatmap.description", { mastered: MASTERED_PERCENT, developing: DEVELOPING_PERCENT })}</p>
      </div>
      {data.withheldExams > 0 && (
        <p className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid="dashboard-withheld">
          {t("dashboard.heatmap.withheld", { count: data.withheldExams })}
        </p>
      )}
      {data.skills.length === 0 ? (
        <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted-foreground" data-testid="dashboard-heatmap-none">
          {t("dashboard.heatmap.none")}
        </p>
      ) : (
        <Card className="flex min-w-0 flex-col gap-4 p-4 print:break-inside-avoid">
          {/* What to look at first: each group's weakest skills, named, each a link to its plan. */}
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-bold">{t("dashboard.heatmap.weakest")}</h3>
            <ul className="flex flex-col gap-1.5 text-sm" data-testid="heatmap-weakest">
              {rows.map((g) => {
                const weak = weakest(g);
                const anyJudged = skills.some((s) => cellOf(g.key, s.id) && !cellOf(g.key, s.id)!.sparse);
                return (
                  <li key={g.key} className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="heatmap-weakest-row">
                    <bdi className={cn("font-semibold", g.key === "all" && "font-bold")}>{rowName(g)}</bdi>
                    <span aria-hidden="true" className="text-muted-foreground">
                      ·
                    </span>
                    {weak.length === 0 ? (
                      <span className="text-muted-foreground">{anyJudged ? t("dashboard.heatmap.weakestNone") : t("dashboard.heatmap.weakestSparse")}</span>
                    ) : (
                      weak.map(({ skill, cell }, i) => {
                        const to = planOf(g, cell);
                        const text = (
                          <>
                            <bdi>{skillName(skill)}</bdi> <bdi dir="ltr">{formatPercent(lang, cell.percent)}</bdi>
                          </>
                        );
                        return (
                          <span key={skill.id} className="inline-flex items-baseline">
                            {to ? (
                              <Link to={to} className="rounded text-link underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" data-testid="heatmap-weakest-link">
                                {text}
                              </Link>
                            ) : (
                              <span>{text}</span>
                            )}
                            {i < weak.length - 1 && <span aria-hidden="true">{lang === "ar" ? "،" : ","}</span>}
                          </span>
                        );
                      })
                    )}
                  </li>
                );
              })}
            </ul>
          </div>

          <div role="group" aria-label={t("dashboard.heatmap.order")} className="flex flex-wrap items-center gap-2 text-sm print:hidden">
            <span className="text-muted-foreground">{t("dashboard.heatmap.order")}:</span>
            {(["weakest", "catalogue"] as const).map((o) => (
              <button
                key={o}
                type="button"
                aria-pressed={order === o}
                onClick={() => setOrder(o)}
                data-testid={`heatmap-order-${o}`}
                className={cn(
                  "rounded-full border px-3 py-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  order === o ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-muted",
                )}
              >
                {t(o === "weakest" ? "dashboard.heatmap.orderWeakest" : "dashboard.heatmap.orderCatalogue")}
              </button>
            ))}
          </div>

          {/* A phone: a card per group, its skills weakest first. */}
          <ul className="flex flex-col gap-3 sm:hidden print:hidden" data-testid="heatmap-cards">
            {rows.map((g) => {
              const mine = skills.map((s) => ({ s, m: cellOf(g.key, s.id) })).sort((a, b) => (a.m?.percent ?? Infinity) - (b.m?.percent ?? Infinity));
              return (
                <li key={g.key} className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="heatmap-card">
                  <bdi className={cn("font-semibold", g.key === "all" && "font-bold")}>{rowName(g)}</bdi>
                  <ul className="flex flex-col gap-1.5">
                    {mine.map(({ s, m }) => (
                      <li key={s.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 text-sm">
                        <bdi className="min-w-0 break-words">{skillName(s)}</bdi>
                        {m ? <Cell m={m} tone={tone(m)} to={planOf(g, m)} label={cellLabel(g, s, m)} students={byGroup ? studentsText(m.students) : null} /> : <span className="text-center text-muted-foreground">—</span>}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>

          <ScrollingTable count={skills.length}>
            {/* On paper there is no scrolling: the columns shrink to share A4's width (names and counts wrap, tighter cells). */}
            <table className="w-full border-separate border-spacing-1 text-sm print:border-spacing-0.5 print:text-[0.7rem]" data-testid="dashboard-heatmap">
              <thead>
                <tr>
                  <th scope="col" className="sticky start-0 z-10 bg-card px-2 py-1 text-start align-bottom text-xs font-semibold text-muted-foreground">
                    {t(`dashboard.columns.${data.level}`)}
                  </th>
                  {skills.map((s) => {
                    const active = sort?.skillId === s.id ? sort.dir : null;
                    const Arrow = active === "asc" ? ArrowUp : active === "desc" ? ArrowDown : ArrowUpDown;
                    return (
                      <th key={s.id} scope="col" aria-sort={active === "asc" ? "ascending" : active === "desc" ? "descending" : "none"} className="min-w-24 px-1 py-1 align-bottom text-xs font-semibold print:min-w-0 print:px-0 print:text-[0.65rem]">
                        <button
                          type="button"
                          onClick={() => setSort(active === "asc" ? { skillId: s.id, dir: "desc" } : active === "desc" ? null : { skillId: s.id, dir: "asc" })}
                          className="inline-flex w-full items-center justify-center gap-1 rounded px-1 py-0.5 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          title={t("dashboard.heatmap.sortBy", { skill: skillName(s) })}
                          data-testid="heatmap-sort"
                        >
                          <bdi>{skillName(s)}</bdi>
                          <Arrow aria-hidden="true" className={cn("size-3.5 shrink-0", !active && "text-muted-foreground print:hidden")} />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => {
                  const isAll = g.key === "all";
                  return (
                    <tr key={g.key} data-testid="heatmap-row">
                      <th scope="row" className={cn("sticky start-0 z-10 max-w-44 bg-card px-2 py-1 text-start font-medium print:static print:max-w-24 print:px-1", isAll && "font-bold")} data-testid="heatmap-rowheader">
                        <bdi className="line-clamp-2 break-words">{rowName(g)}</bdi>
                      </th>
                      {skills.map((s) => {
                        const m = cellOf(g.key, s.id);
                        return (
                          <td key={s.id} className="p-0 text-center">
                            {m ? (
                              <Cell m={m} tone={tone(m)} to={planOf(g, m)} label={cellLabel(g, s, m)} students={byGroup ? studentsText(m.students) : null} />
                            ) : (
                              <span className="block rounded-md bg-muted/40 px-2 py-1.5 text-muted-foreground">—</span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollingTable>

          <ul className="flex flex-wrap gap-2 text-xs" aria-label={t("dashboard.heatmap.title")} data-testid="heatmap-legend">
            {TONE_ORDER.map((level) => {
              const Icon = ICONS[level];
              return (
                <li key={level} className={cn("inline-flex items-center gap-1.5 rounded-md px-2 py-1", HEATMAP_CELL)} style={cellStyle(level)}>
                  <Icon aria-hidden="true" className="size-3.5" />
                  {t(`dashboard.level.${level as TMasteryLevel}`)}
                </li>
              );
            })}
            {byGroup && (
              <li className={cn("inline-flex items-center gap-1.5 rounded-md border border-dashed border-muted-foreground/60 px-2 py-1", HEATMAP_CELL)} style={cellStyle("sparse")} data-testid="heatmap-legend-sparse">
                <CircleDashed aria-hidden="true" className="size-3.5" />
                {t("dashboard.heatmap.sparse", { min: formatNumber(lang, MIN_CELL_STUDENTS) })}
              </li>
            )}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** One cell: the share and its level's icon, how many students it rests on, and a link to the plan when it is weak. */
function Cell({ m, tone, to, label, students }: { m: TCell; tone: TCellTone; to: string | undefined; label: string; students: string | null }) {
  const { t, lang } = useAnalyticsT();
  const Icon = ICONS[tone];
  const body = (
    <>
      <span className="inline-flex items-center gap-1 font-semibold tabular-nums">
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        <bdi dir="ltr">{formatPercent(lang, m.percent)}</bdi>
      </span>
      {students && <span className="block text-[0.7rem] leading-tight whitespace-nowrap print:text-[0.6rem] print:whitespace-normal">{students}</span>}
    </>
  );
  const className = cn("block min-w-20 rounded-md px-2 py-1 text-center print:min-w-0 print:px-0.5", HEATMAP_CELL, tone === "sparse" && "border border-dashed border-current/50");
  const common = { style: cellStyle(tone), "data-level": m.level, "data-sparse": m.sparse || undefined, "data-students": m.students, "data-testid": "heatmap-cell" };
  return to ? (
    <Link to={to} aria-label={label} className={cn(className, "underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none")} {...common}>
      {body}
    </Link>
  ) : (
    <span className={className} {...common}>
      {body}
      <span className="sr-only">{t(`dashboard.level.${m.level}`)}</span>
    </span>
  );
}

/**
 * The table's scroller. When the skills are wider than the card it says so (how many there are, that the names stay)
 * and fades the far edge, so the columns off-screen are not a surprise.
 */
function ScrollingTable({ count, children }: { count: number; children: ReactNode }) {
  const { t, lang } = useAnalyticsT();
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [count]);
  return (
    <div className="hidden min-w-0 flex-col gap-2 sm:flex print:flex">
      {overflows && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground print:hidden" data-testid="heatmap-scroll-hint">
          <MoveHorizontal aria-hidden="true" className="size-4 shrink-0" />
          {t("dashboard.heatmap.scrollHint", { skills: formatNumber(lang, count) })}
        </p>
      )}
      <div className="relative min-w-0">
        {/* Positioned, so the cells' screen-reader texts (absolute) scroll with it instead of widening the page. */}
        <div ref={ref} className="relative overflow-x-auto print:overflow-visible" role="region" aria-labelledby="dashboard-heatmap" tabIndex={0}>
          {children}
        </div>
        {overflows && <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 end-0 w-8 bg-linear-to-l from-card to-transparent rtl:bg-linear-to-r print:hidden" />}
      </div>
    </div>
  );
}
