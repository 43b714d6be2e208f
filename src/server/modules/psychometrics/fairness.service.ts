// Differential item functioning in item analysis (issue 35; docs/decisions/0046): psychometrics/dif.ts's
// Mantel–Haenszel on the exam's response matrix (calibrate-exam.ts's examResponses), matched on the total score,
// for the attempts the viewer may see — the same reach as item analysis. The largest group is the reference.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../../db/client";
import { exams, profiles, schools, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TSessionUser } from "../../../shared/permissions";
import { DIF_GROUPINGS, DIF_MIN_GROUP, type TDifGrouping, type TDifGroup, type TDifItem, type TDifReport } from "../../../shared/schemas/fairness";
import { loadExamInReach, reachOf, whoseAttempts } from "../results/results.service";
import { cachedByVersion } from "../analytics/version-cache";
import { examResponses, examResponsesVersion } from "../../psychometrics/calibrate-exam";
import { figuresOffLoop } from "../../parse-pool";
import { codesOf } from "../../in-slices";

const CLASS_ORDER = { C: 0, B: 1, A: 2 } as const;

/** `show`: "flagged" leaves the class A comparisons out of `items` (the report's `comparisons` still counts them). */
export async function findDif(db: TDbOrTx, actor: TSessionUser, examId: string, grouping: TDifGrouping, minGroupSize: number, show: "flagged" | "all" = "all"): Promise<TDifReport> {
  const exam = await loadExamInReach(db, actor, examId);
  // Schools compared with each other only by someone who sees every school's students.
  if (grouping === "school" && actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  const whose = whoseAttempts(actor, exam.creatorId);
  const version = await difVersion(db, examId);
  const key = ["dif", version, whose, grouping, minGroupSize].join("|");
  const whole = await cachedByVersion(db, key, () =>
    whose === "all" ? allSchoolsDif(db, examId, grouping, minGroupSize, version) : computeDif(db, reachOf(actor), examId, grouping, minGroupSize, actor.schoolId ?? ""),
  );
  // A report stored before the count existed counts its items.
  const counted = { ...whole, comparisons: whole.comparisons ?? whole.items.length };
  const report = show === "flagged" ? { ...counted, items: counted.items.filter((i) => i.etsClass !== "A") } : counted;
  if (grouping !== "school" || !report.reference) return report;
  const names = await schoolNames(db, [report.reference, ...report.tested, ...report.withheld].map((g) => g.group));
  const named = (g: TDifGroup): TDifGroup => ({ ...g, nameAr: names.get(g.group)?.ar ?? null, nameEn: names.get(g.group)?.en ?? null });
  return { ...report, reference: named(report.reference), tested: report.tested.map(named), withheld: report.withheld.map(named) };
}

/**
 * What a report is worked out from: the matrix's version and the count of changes to students' groups (a gender, a
 * language background, a school: student_group_changes, migration 0049 — not the scale's inputs, which every
 * calibration and every submission anywhere moves). At the year a report is seconds of tallies over 200,000 attempts;
 * an unchanged view is these two reads. The schools' names are read afresh, so a rename shows.
 */
async function difVersion(db: TDbOrTx, examId: string): Promise<string> {
  const [groups] = rowsOf<{ n: string }>(await db.execute(sql`select changes::text as n from student_group_changes`));
  return `${await examResponsesVersion(db, examId)}|${groups?.n ?? "0"}`;
}

/**
 * Every school's report (the super_admin's and the author's), as stored in exam_dif_reports under `version`
 * (decision 0066): worked out here when none is, and stored if the version did not move meanwhile. The reliability
 * job stores every grouping's at the default minimum from the matrix it has just read (storeAllSchoolsDif), so the
 * ministry's first view after marking is a row, not the exam's matrix.
 */
async function allSchoolsDif(db: TDbOrTx, examId: string, grouping: TDifGrouping, minGroupSize: number, version: string): Promise<TDifReport> {
  const [stored] = rowsOf<{ report: TDifReport }>(
    await db.execute(sql`select report from exam_dif_reports where exam_id = ${examId} and grouping = ${grouping} and min_group_size = ${minGroupSize} and version = ${version}`),
  );
  if (stored) return stored.report;
  const report = await computeDif(db, undefined, examId, grouping, minGroupSize);
  if ((await difVersion(db, examId)) === version) {
    await db.execute(sql`insert into exam_dif_reports (exam_id, grouping, min_group_size, version, report, computed_at)
      values (${examId}, ${grouping}, ${minGroupSize}, ${version}, ${JSON.stringify(report)}::jsonb, now())
      on conflict (exam_id, grouping, min_group_size) do update set version = excluded.version, report = excluded.report, computed_at = excluded.computed_at`);
  }
  return report;
}

/** The reliability job's part (decision 0066): every grouping's report over every school, at the default minimum, stored under the version now if not yet. */
export async function storeAllSchoolsDif(db: TDbOrTx, examId: string): Promise<void> {
  // Not while the exam is being sat: its reports would be of half a morning (and a thread's core is the morning's). A
  // view works them out.
  const [sitting] = rowsOf<{ open: boolean }>(await db.execute(sql`select exists (select 1 from student_exams where exam_id = ${examId} and status = 'in_progress') as open`));
  if (sitting?.open) return;
  const version = await difVersion(db, examId);
  // Which are stored already, without reading them (the school grouping's report is megabytes at the year).
  const stored = new Set(
    rowsOf<{ grouping: string }>(
      await db.execute(sql`select grouping from exam_dif_reports where exam_id = ${examId} and min_group_size = ${DIF_MIN_GROUP.default} and version = ${version}`),
    ).map((r) => r.grouping),
  );
  for (const grouping of DIF_GROUPINGS) {
    if (stored.has(grouping)) continue;
    await allSchoolsDif(db, examId, grouping, DIF_MIN_GROUP.default, version);
  }
}

/**
 * The report over the graded attempts `reach` lets in (reachOf; undefined: every school's). `schoolId`: a reach
 * within one school, whose matrix alone is read (examResponses).
 */
async function computeDif(db: TDbOrTx, reach: SQL | undefined, examId: string, grouping: TDifGrouping, minGroupSize: number, schoolId?: string): Promise<TDifReport> {
  // The attempts in reach and each one's group, as text rows (not mapped objects: 200,000 of them at the year).
  const column = { gender: profiles.gender, language_background: profiles.languageBackground, paper_language: studentExams.paperLanguage, school: profiles.schoolId }[grouping];
  const reached = rowsOf<{ id: string; g: string | null }>(
    await db.execute(sql`select ${studentExams.id} as id, ${column}::text as g from ${studentExams}
      join ${exams} on ${exams.id} = ${studentExams.examId} join ${profiles} on ${profiles.id} = ${studentExams.studentId}
      where ${and(eq(studentExams.examId, examId), eq(studentExams.status, "graded"), reach)}`),
  );

  // The exam's matrix (or the school's), each row's group as a number (−2: outside the reach; −1: none recorded),
  // the ids' loops in slices, and the tallies off the event loop at the year (decision 0067).
  const all = await examResponses(db, examId, schoolId);
  const { codes, keys } = await codesOf(all.attemptIds, reached, (r) => r.g, -2);
  const { rows, report } = await figuresOffLoop("dif", { matrix: all.matrix, groupOf: codes, groups: keys, minGroupSize }, all.matrix.nPersons);
  const group = (key: string, n: number): TDifGroup => ({ group: key, n, nameAr: null, nameEn: null });
  if (!report) {
    return { grouping, minGroupSize, reference: null, tested: [], withheld: [], items: [], comparisons: 0, nUsed: 0, nExcluded: rows, notDichotomous: 0, notEstimable: 0 };
  }
  const { reference } = report;

  const number = new Map(all.questions.map((q, i) => [q.questionId, i + 1]));
  const items: TDifItem[] = report.results
    .map((r) => ({ questionId: r.item, number: number.get(r.item)!, focal: r.focal, dDif: r.dDif, se: r.se, pValue: r.pValue, etsClass: r.etsClass, favours: r.favours }))
    .sort((a, b) => CLASS_ORDER[a.etsClass] - CLASS_ORDER[b.etsClass] || Math.abs(b.dDif) - Math.abs(a.dDif) || a.number - b.number);
  const referenceN = report.groups.find((g) => g.group === reference)?.n ?? 0;
  return {
    grouping,
    minGroupSize,
    reference: group(reference, referenceN),
    tested: report.groups.filter((g) => g.tested && g.group !== reference).map((g) => group(g.group, g.n)),
    withheld: report.tooSmall.map((g) => group(g.group, g.n)),
    items,
    comparisons: items.length,
    nUsed: report.groups.reduce((s, g) => s + g.n, 0),
    nExcluded: report.nExcluded,
    notDichotomous: report.notDichotomous.length,
    notEstimable: report.notEstimable.length,
  };
}

async function schoolNames(db: TDbOrTx, ids: string[]) {
  const rows = await db.select({ id: schools.id, ar: schools.nameAr, en: schools.nameEn }).from(schools).where(inArray(schools.id, ids));
  return new Map(rows.map((r) => [r.id, { ar: r.ar, en: r.en }]));
}

