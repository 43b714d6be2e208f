// The school and class dashboard (issue 15): submitted attempts grouped by school, by class or by student,
// summed by PostgreSQL — counts, mean, pass rate, a histogram, mastery per skill and the trend across a
// subject's exams — in five aggregate queries, whatever the number of attempts. Staff see their own school; a
// super_admin any school, or all of them side by side.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../../db/client";
import { examForms, exams, profiles, schools, skills, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { can, type TSessionUser } from "../../../shared/permissions";
import { PASS_PERCENT } from "../../../shared/schemas/attempt";
import { HISTOGRAM_BINS, type TDashboard, type TDashboardGroup, type TDashboardLevel, type TDashboardQuery } from "../../../shared/schemas/dashboard";
import { levelOf } from "../reports/analysis";
import { ATTEMPT_PERCENT } from "../results/results.service";
import { cachedByVersion } from "./version-cache";

/**
 * Whether the reader may see an exam's marks per question: canSeeExamKey (shared/permissions.ts) as a condition
 * on `exams`. A shared exam still open keeps its per-question marks, so its skills, from other schools' staff.
 */
export function keyVisible(actor: TSessionUser): SQL {
  if (actor.role === "super_admin") return sql`true`;
  return sql`(${exams.creatorId} = ${actor.id} or ${exams.status} = 'archived'
    or (select count(*) from exam_schools where exam_schools.exam_id = ${exams.id}) = 1)`;
}

type TMasteryRow = { key: string; skill_id: string; earned: number; possible: number; attempts: number; students: number };

/**
 * Everyone's mastery of each skill (key "all"): the groups' sums added up (the groups do not overlap). Students are
 * counted apart (`students`), since one student who sat two exams, or moved class, is in two groups' counts.
 */
function overallMastery(rows: TMasteryRow[], students: Map<string, number>): TMasteryRow[] {
  const bySkill = new Map<string, TMasteryRow>();
  for (const r of rows) {
    const sum = bySkill.get(r.skill_id) ?? { key: "all", skill_id: r.skill_id, earned: 0, possible: 0, attempts: 0, students: students.get(r.skill_id) ?? 0 };
    sum.earned += Number(r.earned);
    sum.possible += Number(r.possible);
    sum.attempts += Number(r.attempts);
    bySkill.set(r.skill_id, sum);
  }
  return [...bySkill.values()];
}

function masteryOf(rows: TMasteryRow[]): TDashboard["mastery"] {
  return rows
    .filter((m) => Number(m.possible) > 0)
    .map((m) => {
      const percent = (Number(m.earned) * 100) / Number(m.possible);
      return { key: m.key, skillId: m.skill_id, percent, level: levelOf(percent), attempts: Number(m.attempts), students: Number(m.students) };
    });
}

/** The points each skill carries in each exam, and in each of its parallel forms (issue 34: a form carries only its own). */
const SKILL_POINTS = sql`skill_points as (
    select exam_id, null::uuid as form_id, skill_id, sum(points)::float8 as points from questions where skill_id is not null and replaced_at is null group by 1, 2, 3
    union all
    select q.exam_id, fq.form_id, q.skill_id, sum(q.points)::float8 from exam_form_questions fq join questions q on q.id = fq.question_id
    where q.skill_id is not null and q.replaced_at is null group by 1, 2, 3
  )`;

/** A group's (key) or everyone's (key null) points carried on a skill, the graded attempts and the distinct students. */
type TCarriedRow = { key: string | null; skill_id: string; possible: number; attempts: number; students: number };

type TGroupRow = {
  key: string;
  school_id: string | null;
  school_name_ar: string | null;
  school_name_en: string | null;
  grade: number | null;
  class_name: string | null;
  student_id: string | null;
  student_name: string | null;
  attempt_id: string | null;
  attempts: number;
  graded: number;
  mean: number | null;
  passed: number;
};

/**
 * The dashboard, from the version cache when nothing it is made of has changed: the figures in scope (their count of
 * changes, decision 0054), the latest exam edit, the latest edit of a student's profile), the skills' and
 * schools' names, and who reads (key visibility depends on the reader).
 */
export async function findDashboard(db: TDbOrTx, actor: TSessionUser, query: TDashboardQuery): Promise<TDashboard> {
  if (!can(actor, "analytics.view")) throw new AppError("FORBIDDEN");
  const schoolId = actor.role === "super_admin" ? (query.schoolId ?? null) : actor.schoolId;
  // The count of changes to the figures in scope (decision 0054) stands for the attempts submitted or marked, moved
  // or deleted: a row per exam, school and class to read, not one per attempt.
  const [version] = rowsOf<{ n: string; edited: string | null; people: string | null; names: string | null }>(
    await db.execute(sql`select coalesce(sum(g.changes), 0)::text as n, max(${exams.updatedAt})::text as edited,
        (select max(updated_at)::text from profiles where role = 'student' ${schoolId ? sql`and school_id = ${schoolId}` : sql``}) as people,
        (select max(updated_at)::text from skills) || '/' || (select max(updated_at)::text from schools) as names
      from exam_group_stats g join ${exams} on ${exams.id} = g.exam_id ${schoolId ? sql`where g.school_id = ${schoolId}` : sql``}`),
  );
  const reader = actor.role === "super_admin" ? "super_admin" : `${actor.role}:${actor.id}:${actor.schoolId ?? ""}`;
  const key = ["dashboard", reader, JSON.stringify(query), version?.n ?? "0", version?.edited ?? "", version?.people ?? "", version?.names ?? ""].join("|");
  return cachedByVersion(db, key, () => computeDashboard(db, actor, query));
}

export async function computeDashboard(db: TDbOrTx, actor: TSessionUser, query: TDashboardQuery, source: "summaries" | "answers" = "summaries"): Promise<TDashboard> {
  if (!can(actor, "analytics.view")) throw new AppError("FORBIDDEN");
  // Staff see their own school whatever they ask for; asking for another school's figures finds nothing to show.
  const schoolId = actor.role === "super_admin" ? (query.schoolId ?? null) : actor.schoolId;
  if (actor.role !== "super_admin" && query.schoolId && query.schoolId !== actor.schoolId) throw new AppError("SCHOOL_NOT_FOUND");
  const [school] = schoolId ? await db.select({ id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).where(eq(schools.id, schoolId)) : [];
  if (schoolId && !school) throw new AppError("SCHOOL_NOT_FOUND");

  let subjectId = query.subjectId ?? null;
  // The chosen exam's parallel forms (issue 34): the figures of one of them, or of all together.
  let forms: { id: string; number: number }[] = [];
  if (query.examId) {
    const [exam] = await db.select({ subjectId: exams.subjectId }).from(exams).where(eq(exams.id, query.examId));
    if (!exam) throw new AppError("EXAM_NOT_FOUND");
    subjectId = exam.subjectId;
    forms = await db.select({ id: examForms.id, number: examForms.number }).from(examForms).where(eq(examForms.examId, query.examId)).orderBy(asc(examForms.number));
  }
  const form = query.form === undefined ? null : forms.find((f) => f.number === query.form);
  if (form === undefined) throw new AppError("FORM_NOT_FOUND");
  const level: TDashboardLevel = query.className ? "student" : schoolId ? "class" : "school";

  // Who is in scope, apart from the exam: the exam picker and the trend use this.
  const base = and(
    sql`${studentExams.status} in ('completed', 'graded')`,
    schoolId ? eq(profiles.schoolId, schoolId) : undefined,
    subjectId ? eq(exams.subjectId, subjectId) : undefined,
    query.grade !== undefined ? eq(studentExams.grade, query.grade) : undefined,
    query.className ? sql`lower(${studentExams.className}) = lower(${query.className})` : undefined,
  )!;
  const scoped = and(base, query.examId ? eq(studentExams.examId, query.examId) : undefined, form ? eq(studentExams.formId, form.id) : undefined)!;
  const from = sql`from ${studentExams} join ${exams} on ${exams.id} = ${studentExams.examId} join ${profiles} on ${profiles.id} = ${studentExams.studentId}
    left join ${schools} on ${schools.id} = ${profiles.schoolId}`;
  const key =
    level === "school"
      ? sql`coalesce(${profiles.schoolId}, '')`
      : level === "class"
        ? sql`coalesce(${studentExams.grade}::text, '') || '|' || coalesce(${studentExams.className}, '')`
        : sql`${profiles.id}::text`;
  const columns =
    level === "school"
      ? sql`min(${profiles.schoolId}) as school_id, min(${schools.nameAr}) as school_name_ar, min(${schools.nameEn}) as school_name_en, null::int as grade, null::text as class_name, null::text as student_id, null::text as student_name, null::text as attempt_id`
      : level === "class"
        ? sql`min(${profiles.schoolId}) as school_id, min(${schools.nameAr}) as school_name_ar, min(${schools.nameEn}) as school_name_en, min(${studentExams.grade}) as grade, min(${studentExams.className}) as class_name, null::text as student_id, null::text as student_name, null::text as attempt_id`
        : sql`min(${profiles.schoolId}) as school_id, min(${schools.nameAr}) as school_name_ar, min(${schools.nameEn}) as school_name_en, min(${studentExams.grade}) as grade, min(${studentExams.className}) as class_name,
            min(${profiles.id}::text) as student_id, min(${profiles.name}) as student_name, ${query.examId ? sql`min(${studentExams.id}::text)` : sql`null::text`} as attempt_id`;
  const graded = sql`${studentExams.status} = 'graded'`;
  const measures = sql`count(*)::int as attempts, (count(*) filter (where ${graded}))::int as graded,
    avg(${ATTEMPT_PERCENT}) filter (where ${graded}) as mean, (count(*) filter (where ${graded} and ${ATTEMPT_PERCENT} >= ${PASS_PERCENT}))::int as passed`;

  // The groups, histograms, earned points, trend and choices: from the maintained rows (analytics/figures.ts) at
  // school and class level; a class's students, one row each, from their attempts.
  const useSummaries = source === "summaries" && level !== "student";
  const fromAnswers = async () => {
    const groupRows = rowsOf<TGroupRow>(await db.execute(sql`select ${key} as key, ${columns}, ${measures} ${from} where ${scoped} group by 1`));
    const [overallRow] = rowsOf<TGroupRow>(
      await db.execute(sql`select 'all' as key, null::text as school_id, null::text as school_name_ar, null::text as school_name_en, null::int as grade, null::text as class_name,
        null::text as student_id, null::text as student_name, null::text as attempt_id, ${measures} ${from} where ${scoped}`),
    );
    const bins = rowsOf<{ key: string; b: number; n: number }>(
      await db.execute(sql`select ${key} as key, least(${HISTOGRAM_BINS - 1}, greatest(0, floor(${ATTEMPT_PERCENT} / ${100 / HISTOGRAM_BINS})))::int as b, count(*)::int as n
        ${from} where ${scoped} and ${graded} group by 1, 2`),
    );

    // Mastery: the points earned on each skill's questions over the points they carry, in graded attempts whose
    // marks per question the reader may see. Earned comes from the answers given (one pass over them); the points
    // carried from each exam's questions per skill, times the attempts — so an unanswered question counts as not
    // earned without joining every question to every attempt.
    const masteryScope = sql`${scoped} and ${graded} and ${keyVisible(actor)}`;
    const earnedRows = rowsOf<{ key: string; skill_id: string; earned: number }>(
      await db.execute(sql`select ${key} as key, questions.skill_id, sum(coalesce(all_student_answers.score, 0))::float8 as earned
        ${from} join all_student_answers on all_student_answers.student_exam_id = ${studentExams.id}
        join questions on questions.id = all_student_answers.question_id
        where ${masteryScope} and questions.skill_id is not null group by 1, 2`),
    );
    const [withheld] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(distinct ${exams.id})::int as n ${from} where ${scoped} and ${graded} and not ${keyVisible(actor)}`),
    );

    // The trend: each exam of the subject, in the order it was first sat, with every group's mean.
    const trendRows = subjectId
      ? rowsOf<{ exam_id: string; title_ar: string; title_en: string; at: string | Date; key: string | null; mean: number | null }>(
          await db.execute(sql`select ${exams.id} as exam_id, min(${exams.titleAr}) as title_ar, min(${exams.titleEn}) as title_en,
              min(${studentExams.completedAt}) as at, ${key} as key, avg(${ATTEMPT_PERCENT}) as mean
            ${from} where ${base} and ${graded}
            group by grouping sets ((${exams.id}), (${exams.id}, ${key}))`),
        )
      : [];

    const examChoices = rowsOf<{ id: string; title_ar: string; title_en: string; subject_id: string }>(
      await db.execute(sql`select distinct ${exams.id} as id, ${exams.titleAr} as title_ar, ${exams.titleEn} as title_en, ${exams.subjectId} as subject_id
        ${from} where ${and(sql`${studentExams.status} in ('completed', 'graded')`, schoolId ? eq(profiles.schoolId, schoolId) : undefined)} order by 3`),
    );
    const classChoices = schoolId
      ? rowsOf<{ grade: number; class_name: string | null }>(
          await db.execute(sql`select distinct ${studentExams.grade} as grade, ${studentExams.className} as class_name ${from}
            where ${studentExams.status} in ('completed', 'graded') and ${profiles.schoolId} = ${schoolId} and ${studentExams.grade} is not null order by 1, 2`),
        )
      : [];
    return { groupRows, overallRow, bins, earnedRows, withheld, trendRows, examChoices, classChoices };
  };
  const { groupRows, overallRow, bins, earnedRows, withheld, trendRows, examChoices, classChoices } = useSummaries
    ? await partsFromSummaries(db, actor, { level, schoolId, subjectId, grade: query.grade, examId: query.examId, formId: form?.id })
    : await fromAnswers();
  const masteryScope = sql`${scoped} and ${graded} and ${keyVisible(actor)}`;
  // How many students each cell rests on, per group and for everyone (one student is counted once per skill).
  const carriedRows: TCarriedRow[] = useSummaries
    ? await carriedFromSummaries(db, actor, { level, schoolId, subjectId, grade: query.grade, examId: query.examId, formId: form?.id })
    : rowsOf<TCarriedRow>(
        await db.execute(sql`with ${SKILL_POINTS}
      select ${key} as key, skill_points.skill_id, sum(skill_points.points)::float8 as possible, count(*)::int as attempts,
        count(distinct ${profiles.id})::int as students
      ${from} join skill_points on skill_points.exam_id = ${studentExams.examId} and skill_points.form_id is not distinct from ${studentExams.formId}
      where ${masteryScope} group by grouping sets ((${key}, skill_points.skill_id), (skill_points.skill_id))`),
      );
  const everyoneBySkill = new Map(carriedRows.filter((r) => r.key === null).map((r) => [r.skill_id, Number(r.students)]));
  const earnedOf = new Map(earnedRows.map((r) => [`${r.key}|${r.skill_id}`, Number(r.earned)]));
  const masteryRows: TMasteryRow[] = carriedRows.filter((r) => r.key !== null).map((r) => ({ ...r, key: r.key!, earned: earnedOf.get(`${r.key}|${r.skill_id}`) ?? 0 }));
  const schoolChoices = actor.role === "super_admin" ? await db.select({ id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).orderBy(asc(schools.nameEn), asc(schools.id)) : school ? [school] : [];

  const skillIds = [...new Set(masteryRows.map((m) => m.skill_id))];
  const skillRows = skillIds.length
    ? (await db.select({ id: skills.id, nameAr: skills.nameAr, nameEn: skills.nameEn, subjectId: skills.subjectId }).from(skills).orderBy(asc(skills.subjectId), asc(skills.id))).filter((s) =>
        skillIds.includes(s.id),
      )
    : [];

  const histogramOf = (k: string) => {
    const h = Array.from({ length: HISTOGRAM_BINS }, () => 0);
    for (const b of bins) if (k === "all" || b.key === k) h[b.b]! += b.n;
    return h;
  };
  const present = (r: TGroupRow): TDashboardGroup => ({
    key: r.key,
    schoolId: r.school_id,
    schoolNameAr: r.school_name_ar,
    schoolNameEn: r.school_name_en,
    grade: r.grade === null ? null : Number(r.grade),
    className: r.class_name,
    studentId: r.student_id,
    studentName: r.student_name,
    attemptId: r.attempt_id,
    attempts: Number(r.attempts),
    graded: Number(r.graded),
    meanPercent: r.mean === null ? null : Number(r.mean),
    passRate: Number(r.graded) ? Number(r.passed) / Number(r.graded) : null,
    histogram: histogramOf(r.key),
  });
  const order = (a: TDashboardGroup, b: TDashboardGroup) =>
    level === "school"
      ? (a.schoolNameEn ?? "").localeCompare(b.schoolNameEn ?? "")
      : level === "class"
        ? (a.grade ?? 99) - (b.grade ?? 99) || (a.className ?? "\uffff").localeCompare(b.className ?? "\uffff")
        : (a.studentName ?? "").localeCompare(b.studentName ?? "");

  const trendByExam = new Map<string, TDashboard["trend"][number]>();
  for (const r of trendRows) {
    const entry = trendByExam.get(r.exam_id) ?? { examId: r.exam_id, titleAr: r.title_ar, titleEn: r.title_en, at: "", meanPercent: null, groups: [] };
    if (r.key === null) {
      entry.at = new Date(r.at).toISOString();
      entry.meanPercent = r.mean === null ? null : Number(r.mean);
    } else if (r.mean !== null) entry.groups.push({ key: r.key, meanPercent: Number(r.mean) });
    trendByExam.set(r.exam_id, entry);
  }

  return {
    level,
    scope: { schoolId, schoolNameAr: school?.nameAr ?? null, schoolNameEn: school?.nameEn ?? null, subjectId, examId: query.examId ?? null, form: form?.number ?? null, grade: query.grade ?? null, className: query.className ?? null },
    choices: {
      schools: schoolChoices,
      exams: examChoices.map((e) => ({ id: e.id, titleAr: e.title_ar, titleEn: e.title_en, subjectId: e.subject_id })),
      classes: classChoices.map((c) => ({ grade: Number(c.grade), className: c.class_name })),
      forms: forms.map((f) => f.number),
    },
    groups: groupRows.map(present).sort(order),
    overall: present(overallRow ?? { key: "all", school_id: null, school_name_ar: null, school_name_en: null, grade: null, class_name: null, student_id: null, student_name: null, attempt_id: null, attempts: 0, graded: 0, mean: null, passed: 0 }),
    skills: skillRows,
    mastery: masteryOf([...masteryRows, ...overallMastery(masteryRows, everyoneBySkill)]),
    trend: [...trendByExam.values()].filter((e) => e.at).sort((a, b) => a.at.localeCompare(b.at)),
    withheldExams: withheld?.n ?? 0,
  };
}

type TTrendRow = { exam_id: string; title_ar: string; title_en: string; at: string | Date; key: string | null; mean: number | null };

/**
 * The dashboard's sums at school or class level from the maintained rows (decision 0054): exam_group_stats per exam,
 * school (the student's now), form, grade and class at the time, and exam_skill_stats per skill beside them — the
 * same figures the attempts and answers give, read from a row per group instead of a row per answer.
 */
async function partsFromSummaries(
  db: TDbOrTx,
  actor: TSessionUser,
  scope: { level: "school" | "class"; schoolId: string | null; subjectId: string | null; grade: number | undefined; examId: string | undefined; formId: string | undefined },
) {
  const base = (t: string) => {
    const r = sql.raw(t);
    return sql`${scope.schoolId ? sql`${r}.school_id = ${scope.schoolId}` : sql`true`} ${scope.subjectId ? sql`and exams.subject_id = ${scope.subjectId}` : sql``}
      ${scope.grade !== undefined ? sql`and ${r}.grade = ${scope.grade}` : sql``}`;
  };
  const scoped = (t: string) => {
    const r = sql.raw(t);
    return sql`${base(t)} ${scope.examId ? sql`and ${r}.exam_id = ${scope.examId}` : sql``} ${scope.formId ? sql`and ${r}.form_id = ${scope.formId}` : sql``}`;
  };
  const key = (t: string) => {
    const r = sql.raw(t);
    return scope.level === "school" ? sql`coalesce(${r}.school_id, '')` : sql`coalesce(${r}.grade::text, '') || '|' || coalesce(${r}.class_name, '')`;
  };
  const from = sql`from exam_group_stats g join exams on exams.id = g.exam_id left join schools on schools.id = g.school_id`;
  const columns =
    scope.level === "school"
      ? sql`min(g.school_id) as school_id, min(schools.name_ar) as school_name_ar, min(schools.name_en) as school_name_en, null::int as grade, null::text as class_name`
      : sql`min(g.school_id) as school_id, min(schools.name_ar) as school_name_ar, min(schools.name_en) as school_name_en, min(g.grade) as grade, min(g.class_name) as class_name`;
  const measures = sql`coalesce(sum(g.attempts), 0)::int as attempts, coalesce(sum(g.graded), 0)::int as graded,
    (case when sum(g.graded) > 0 then sum(g.sum_pct) / sum(g.graded) end)::float8 as mean, coalesce(sum(g.passed), 0)::int as passed`;
  const none = sql`null::text as student_id, null::text as student_name, null::text as attempt_id`;

  const groupRows = rowsOf<TGroupRow>(await db.execute(sql`select ${key("g")} as key, ${columns}, ${none}, ${measures} ${from} where ${scoped("g")} group by 1 having sum(g.attempts) > 0`));
  const [overallRow] = rowsOf<TGroupRow>(
    await db.execute(sql`select 'all' as key, null::text as school_id, null::text as school_name_ar, null::text as school_name_en, null::int as grade, null::text as class_name,
      ${none}, ${measures} ${from} where ${scoped("g")}`),
  );
  const bins = rowsOf<{ key: string; b: number; n: number }>(
    await db.execute(sql`select ${key("g")} as key, (u.i - 1)::int as b, sum(u.x)::int as n
      ${from} cross join unnest(g.histogram) with ordinality as u(x, i) where ${scoped("g")} group by 1, 2 having sum(u.x) > 0`),
  );
  const earnedRows = rowsOf<{ key: string; skill_id: string; earned: number }>(
    await db.execute(sql`select ${key("s")} as key, s.skill_id, sum(s.earned)::float8 as earned
      from exam_skill_stats s join exams on exams.id = s.exam_id where ${scoped("s")} and ${keyVisible(actor)} group by 1, 2`),
  );
  const [withheld] = rowsOf<{ n: number }>(await db.execute(sql`select count(distinct exams.id)::int as n ${from} where ${scoped("g")} and g.graded > 0 and not ${keyVisible(actor)}`));
  const trendRows = scope.subjectId
    ? rowsOf<TTrendRow>(
        await db.execute(sql`select exams.id as exam_id, min(exams.title_ar) as title_ar, min(exams.title_en) as title_en, min(g.first_at) as at, ${key("g")} as key,
            (sum(g.sum_pct) / sum(g.graded))::float8 as mean
          ${from} where ${base("g")} and g.graded > 0
          group by grouping sets ((exams.id), (exams.id, ${key("g")}))`),
      )
    : [];
  const examChoices = rowsOf<{ id: string; title_ar: string; title_en: string; subject_id: string }>(
    await db.execute(sql`select distinct exams.id as id, exams.title_ar as title_ar, exams.title_en as title_en, exams.subject_id as subject_id
      ${from} where g.attempts > 0 ${scope.schoolId ? sql`and g.school_id = ${scope.schoolId}` : sql``} order by 3`),
  );
  const classChoices = scope.schoolId
    ? rowsOf<{ grade: number; class_name: string | null }>(
        await db.execute(sql`select distinct g.grade as grade, g.class_name as class_name from exam_group_stats g
          where g.attempts > 0 and g.school_id = ${scope.schoolId} and g.grade is not null order by 1, 2`),
      )
    : [];
  return { groupRows, overallRow, bins, earnedRows, withheld, trendRows, examChoices, classChoices };
}

/**
 * carriedRows from the maintained rows (decision 0061): the points carried and the attempts per group and skill from
 * exam_group_stats (graded attempts × the skill's points in their exam or form), and the distinct students from
 * student_graded_exams — a row per student listing their graded attempts' exam, form, grade and class. Students with
 * the same list in the same school are counted together by PostgreSQL; each list then says, here, which groups and
 * skills its students are in: a row per student read once, never a row per attempt and skill.
 */
async function carriedFromSummaries(
  db: TDbOrTx,
  actor: TSessionUser,
  scope: { level: "school" | "class"; schoolId: string | null; subjectId: string | null; grade: number | undefined; examId: string | undefined; formId: string | undefined },
): Promise<TCarriedRow[]> {
  const key = scope.level === "school" ? sql`coalesce(g.school_id, '')` : sql`coalesce(g.grade::text, '') || '|' || coalesce(g.class_name, '')`;
  const inScope = (t: "g" | "sp") => {
    const r = sql.raw(t);
    return sql`${scope.subjectId ? sql`exams.subject_id = ${scope.subjectId}` : sql`true`} ${scope.examId ? sql`and ${r}.exam_id = ${scope.examId}` : sql``}
      ${scope.formId ? sql`and ${r}.form_id = ${scope.formId}` : sql``} and ${keyVisible(actor)}`;
  };
  const groups = rowsOf<TCarriedRow>(
    await db.execute(sql`with ${SKILL_POINTS}
      select ${key} as key, sp.skill_id, sum(sp.points * g.graded)::float8 as possible, sum(g.graded)::int as attempts, 0 as students
      from exam_group_stats g join exams on exams.id = g.exam_id join skill_points sp on sp.exam_id = g.exam_id and sp.form_id is not distinct from g.form_id
      where ${inScope("g")} and g.graded > 0 ${scope.schoolId ? sql`and g.school_id = ${scope.schoolId}` : sql``} ${scope.grade !== undefined ? sql`and g.grade = ${scope.grade}` : sql``}
      group by 1, 2`),
  );
  // The skills each exam (or form of it) in scope carries, keyed as the entries name them: "exam/form".
  const carried = new Map<string, string[]>();
  for (const r of rowsOf<{ exam_id: string; form_id: string | null; skill_id: string }>(
    await db.execute(sql`with ${SKILL_POINTS} select sp.exam_id, sp.form_id, sp.skill_id from skill_points sp join exams on exams.id = sp.exam_id where ${inScope("sp")}`),
  )) {
    const at = `${r.exam_id}/${r.form_id ?? ""}`;
    carried.set(at, [...(carried.get(at) ?? []), r.skill_id]);
  }
  const lists = carried.size
    ? rowsOf<{ school: string; entries: string[]; n: number }>(
        await db.execute(sql`select coalesce(school_id, '') as school, entries, count(*)::int as n from student_graded_exams
          where cardinality(entries) > 0 ${scope.schoolId ? sql`and school_id = ${scope.schoolId}` : sql``} group by 1, 2`),
      )
    : [];
  const students = new Map<string, number>();
  for (const list of lists) {
    const cells = new Set<string>();
    for (const entry of list.entries) {
      // exam/form/grade/class, the class last (it may hold a "/")
      const [exam, formId, grade] = entry.split("/", 3) as [string, string, string];
      const className = entry.split("/").slice(3).join("/");
      if (scope.grade !== undefined && grade !== String(scope.grade)) continue;
      const groupKey = scope.level === "school" ? list.school : `${grade}|${className}`;
      for (const skill of carried.get(`${exam}/${formId}`) ?? []) {
        cells.add(`${groupKey}\u0000${skill}`);
        cells.add(`\u0000${skill}`);
      }
    }
    for (const cell of cells) students.set(cell, (students.get(cell) ?? 0) + Number(list.n));
  }
  const everyone = [...students.entries()].filter(([cell]) => cell.startsWith("\u0000")).map(([cell, n]): TCarriedRow => ({ key: null, skill_id: cell.slice(1), possible: 0, attempts: 0, students: n }));
  return [...groups.map((r) => ({ ...r, students: students.get(`${r.key}\u0000${r.skill_id}`) ?? 0 })), ...everyone];
}
