// The dashboard on the reporting scale (issue 35; docs/decisions/0053): levels by group and the trend across school
// years for the dashboard's scope. Scale scores are psychometrics/scale.ts's rule and the shares, means and
// classification consistency from scales/levels-by-group.ts — nothing is recomputed here. Who sees which school is
// the dashboard's rule (findDashboard): staff their own school, a super_admin any or all.
import { and, eq } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { exams, reportingScales, schools } from "../../db/schema";
import { AppError } from "../../http/errors";
import { can, type TSessionUser } from "../../../shared/permissions";
import type { TDashboardQuery } from "../../../shared/schemas/dashboard";
import type { TDashboardScale, TDashboardScaleYear } from "../../../shared/schemas/dashboard-scale";
import { getScale } from "../scales/scales.service";
import { addTallies, DEFAULT_GROUP_MINIMUM, levelsVersion, meanOfTally, scoredAttempts, summarizeLevels, type TScaleTallies, type TTally } from "../scales/levels-by-group";
import { cachedByVersion } from "./version-cache";

/** The school year an attempt belongs to: the app has none of its own, so the one that starts on 1 September (UTC). */
export function schoolYearOf(completedAt: string | Date): number {
  const d = new Date(completedAt);
  return d.getUTCMonth() >= 8 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

/** The mean scale score per school year, oldest first; a year with fewer than the minimum attempts is withheld. */
export function trendByYear(tallies: TScaleTallies, nLevels: number, minimum: number): TDashboardScaleYear[] {
  const byYear = new Map<number, TTally[]>();
  for (const t of tallies.month) {
    if (!t.month) continue;
    // The month in UTC is all schoolYearOf reads of a completion time.
    const year = schoolYearOf(`${t.month}-01T00:00:00Z`);
    byYear.set(year, [...(byYear.get(year) ?? []), t]);
  }
  return [...byYear.entries()]
    .sort(([x], [y]) => x - y)
    .map(([year, months]) => {
      const t = addTallies(months, nLevels);
      const withheld = t.count < minimum;
      const { mean, se } = withheld ? { mean: null, se: null } : meanOfTally(t);
      return { year, attempts: t.count, withheld, mean, meanSe: se };
    });
}

export async function findDashboardScale(db: TDbOrTx, actor: TSessionUser, query: TDashboardQuery, lang: "ar" | "en", minimum = DEFAULT_GROUP_MINIMUM): Promise<TDashboardScale> {
  if (!can(actor, "analytics.view")) throw new AppError("FORBIDDEN");
  // The dashboard's rule: staff see their own school whatever they ask for; another school's id is not found.
  if (actor.role !== "super_admin" && query.schoolId && query.schoolId !== actor.schoolId) throw new AppError("SCHOOL_NOT_FOUND");
  const schoolId = actor.role === "super_admin" ? (query.schoolId ?? null) : actor.schoolId;
  if (schoolId && !(await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId))).length) throw new AppError("SCHOOL_NOT_FOUND");

  let subjectId = query.subjectId ?? null;
  if (query.examId) {
    const [exam] = await db.select({ subjectId: exams.subjectId }).from(exams).where(eq(exams.id, query.examId));
    if (!exam) throw new AppError("EXAM_NOT_FOUND");
    subjectId = exam.subjectId;
  }
  const fairness = actor.role === "super_admin" || actor.role === "school_admin";
  const none = (absent: TDashboardScale["absent"]): TDashboardScale => ({ absent, scale: null, groupsBy: null, fairness, levels: null, trend: [] });
  if (!subjectId) return none("no_subject");
  // The scale of the subject and grade; without a grade chosen, the subject's only scale if it has one.
  const candidates = await db
    .select({ id: reportingScales.id })
    .from(reportingScales)
    .where(and(eq(reportingScales.subjectId, subjectId), query.grade !== undefined ? eq(reportingScales.grade, query.grade) : undefined));
  if (candidates.length === 0) return none("no_scale");
  if (candidates.length > 1) return none("no_grade");
  const scale = await getScale(db, candidates[0]!.id);
  if (scale.levels.length < 2 || scale.levels.some((l) => l.approvedAt === null)) return none("no_levels");

  const scope = { schoolId, className: query.className ?? null, examId: query.examId ?? null };
  const reader = fairness ? "fairness" : "staff";
  const key = ["dashboard-scale", scale.id, reader, lang, minimum, JSON.stringify(scope), await levelsVersion(db, scale.id)].join("|");
  return cachedByVersion(db, key, async () => {
    const tallies = await scoredAttempts(db, scale, scope);
    const levels = summarizeLevels(scale, tallies, minimum, lang);
    // Gender and language background only for those who manage the students' profiles.
    if (!fairness) levels.groups = { ...levels.groups, gender: [], languageBackground: [] };
    return {
      absent: null,
      scale: {
        id: scale.id,
        nameAr: scale.nameAr,
        nameEn: scale.nameEn,
        grade: scale.grade,
        decimals: scale.decimals,
        levels: scale.levels.map((l) => ({ position: l.position, nameAr: l.nameAr, nameEn: l.nameEn, minScore: l.minScore })),
      },
      groupsBy: query.className ? null : schoolId ? "class" : "school",
      fairness,
      levels,
      trend: trendByYear(tallies, scale.levels.length, minimum),
    } satisfies TDashboardScale;
  });
}
