// Results and grading (SPEC §2 results pages, §6 "Results", §8 "Results"). Who may see or mark an attempt is
// one rule, `reachOf`: the student themself; super_admin any; school_admin their school's students; a teacher
// the attempts on their own exams and their school's students' attempts (docs/decisions/0005).
import { recountFigures } from "../analytics/figures";
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { currentQuestion, seenBy, seenBySql } from "../bank/views";
import { imageColumns, imagePresenter, pairImageColumns } from "../media/images";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import { allStudentAnswers, attemptPercentOf, attemptScoreSortKey, examForms, examSchools, exams, passages, profiles, questionOptions, questions, schools, studentAnswers, studentExams, subjects } from "../../db/schema";
import { assertExamWritable } from "../years/guard";
import { queueScorePassback } from "../../lti/ags";
import { AppError } from "../../http/errors";
import { personMatches } from "../../db/like";
import { canSeeExamKey, type TSessionUser } from "../../../shared/permissions";
import type { TImageRef } from "../../../shared/schemas/exam";
import { PASS_PERCENT, RESULTS_COUNT_CAP, type TResult, type TResultsQuery, type TResultsSummary } from "../../../shared/schemas/attempt";
import { varianceOf } from "../analytics/stats";
import type { TReportedScaleScore } from "../../../shared/schemas/scale";
import { attemptScaleScores, reportedScaleScore } from "../../psychometrics/scale";
import { paperInteraction } from "../../../shared/item-types";

/** An attempt's score as a percentage of its points (0 when it has none): one rule for lists, analyses and dashboards. */
export const ATTEMPT_PERCENT = attemptPercentOf(studentExams);

/** The attempts `actor` may see, as a condition on student_exams joined with exams and the student's profile. */
export function reachOf(actor: TSessionUser): SQL | undefined {
  switch (actor.role) {
    case "super_admin":
      return undefined;
    case "school_admin":
      return eq(profiles.schoolId, actor.schoolId ?? "");
    case "teacher": {
      const t = teacherReach(actor);
      return or(t.school, t.wrote);
    }
    case "student":
      return eq(studentExams.studentId, actor.id);
  }
}

/**
 * A teacher's reach, as its two parts, either of which lets an attempt in: their school's students', and the exams
 * they wrote (a condition on `exams`, so the list can read those exams' ids first: listParts).
 */
function teacherReach(actor: TSessionUser) {
  return { school: eq(profiles.schoolId, actor.schoolId ?? ""), wrote: eq(exams.creatorId, actor.id) };
}

/**
 * Whose attempts of an exam reachOf leaves an actor, as a key for figures kept per reach: every school's for a
 * super_admin and for the exam's author (a teacher reaches the attempts of exams they wrote), else their school's.
 */
export function whoseAttempts(actor: TSessionUser, creatorId: string | null): string {
  if (actor.role === "student") return `student:${actor.id}`;
  return actor.role === "super_admin" || (actor.role === "teacher" && creatorId === actor.id) ? "all" : `school:${actor.schoolId ?? ""}`;
}

export async function loadAttemptInReach(db: TDbOrTx, actor: TSessionUser, attemptId: string) {
  const [row] = await db
    .select({ attempt: studentExams, exam: exams, subject: subjects, student: profiles })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(eq(studentExams.id, attemptId));
  if (!row) throw new AppError("RESULT_NOT_FOUND");
  const [inReach] = await db
    .select({ one: sql`1` })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(and(eq(studentExams.id, attemptId), reachOf(actor)));
  if (!inReach) throw new AppError("RESULT_FORBIDDEN");
  return row;
}

/**
 * Whether a picture is shown by a question of an attempt `actor` may see the result of (docs/decisions/0064): an
 * attempt in their reach (reachOf), a student's own only once submitted, whose questions as it was given them
 * (seenBySql: its version, its form) show it as the question's, an option's, a matching pair's or their passage's picture. The media
 * route asks this after its own rules; the result page shows these pictures.
 */
export async function resultShowsMedia(db: TDbOrTx, actor: TSessionUser, mediaId: string): Promise<boolean> {
  const shows = sql`(q.image_id = ${mediaId} or (q.matching_pairs is not null and strpos(q.matching_pairs::text, ${mediaId}) > 0)
    or exists (select 1 from ${questionOptions} o where o.question_id = q.id and o.image_id = ${mediaId})
    or exists (select 1 from ${passages} p where p.id = q.passage_id and p.image_id = ${mediaId} and p.exam_id = q.exam_id))`;
  const [hit] = await db
    .select({ one: sql`1` })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(
      and(
        // The exams whose questions, any version, show it: few, and they lead to the attempts by their index.
        sql`${studentExams.examId} in (select q.exam_id from ${questions} q where ${shows})`,
        reachOf(actor),
        actor.role === "student" ? ne(studentExams.status, "in_progress") : undefined,
        sql`exists (select 1 from ${questions} q where q.exam_id = ${studentExams.examId} and ${shows} and ${seenBySql("q", sql`${studentExams.startedAt}`, sql`${studentExams.formId}`)})`,
      ),
    )
    .limit(1);
  return !!hit;
}

/** A text in both languages with its picture; a picture with no text is also named by its description. */
const txt = (ar: string, en: string, image?: { altAr: string; altEn: string } | null, ref: TImageRef = null) => ({ ar: ar || image?.altAr || "", en: en || image?.altEn || "", image: ref });

/** How many schools an exam is offered to (0: every school), for the key-release rule. */
export async function audienceSizeOf(db: TDbOrTx, examId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(examSchools).where(eq(examSchools.examId, examId));
  return row?.n ?? 0;
}

export async function findResult(db: TDbOrTx, actor: TSessionUser, attemptId: string): Promise<TResult> {
  const { attempt, exam, subject, student } = await loadAttemptInReach(db, actor, attemptId);
  const keyVisible = canSeeExamKey(actor, { creatorId: exam.creatorId, status: exam.status, audienceSize: await audienceSizeOf(db, exam.id) });
  const showsKey = actor.role !== "student" && keyVisible;
  // A student sees marks only once everything is graded (SPEC §4: completed shows "pending grading"); marks per
  // question wait, for everyone but the author and super_admins, until the key is released.
  const showsTotal = actor.role !== "student" || attempt.status === "graded";
  const showsMarks = showsTotal && keyVisible;
  // The questions this attempt was given: the versions the student saw, whatever the exam holds now.
  const qs = await db.select().from(questions).where(and(eq(questions.examId, exam.id), seenBy(attempt))).orderBy(asc(questions.position));
  const opts = qs.length ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, qs.map((q) => q.id))) : [];
  const answers = await db.select().from(allStudentAnswers).where(eq(allStudentAnswers.studentExamId, attemptId));
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  // The passages those versions were asked about: rows an attempt read are never changed in place (exams.service).
  const passageIds = [...new Set(qs.flatMap((q) => (q.passageId ? [q.passageId] : [])))];
  const ps = passageIds.length ? await db.select().from(passages).where(inArray(passages.id, passageIds)) : [];
  // The pictures the paper showed, with their sizes; readable by whoever reads this result (resultShowsMedia).
  const image = await imagePresenter(db, [...ps, ...qs, ...opts, ...pairImageColumns(qs)]);
  const optionText = (o: typeof questionOptions.$inferSelect) => txt(o.optionTextAr, o.optionTextEn, { altAr: o.imageAltAr, altEn: o.imageAltEn }, image(o));
  const pairSide = (ar: string, en: string, pic: { id: string; altAr: string; altEn: string } | null | undefined) => txt(ar, en, pic, image(imageColumns(pic ?? null)));
  const scaleScore = attempt.status === "graded" ? reportedScaleScore((await attemptScaleScores(db, [attempt.id])).get(attempt.id)) : null;
  return {
    attempt: {
      id: attempt.id,
      status: attempt.status,
      score: showsTotal ? attempt.score : null,
      scaleScore,
      totalPossibleScore: attempt.totalPossibleScore,
      startedAt: attempt.startedAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
    },
    exam: { id: exam.id, titleAr: exam.titleAr, titleEn: exam.titleEn, subject, status: exam.status },
    student: { id: student.id, name: student.name, schoolId: student.schoolId },
    showsKey,
    keyWithheld: !keyVisible,
    // In the order their questions come, as on the paper.
    passages: ps
      .sort((a, b) => qs.findIndex((q) => q.passageId === a.id) - qs.findIndex((q) => q.passageId === b.id))
      .map((p) => ({ id: p.id, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: image(p) })),
    questions: qs.map((q) => {
      const a = answerOf.get(q.id);
      const own = opts.filter((o) => o.questionId === q.id);
      const chosen = own.find((o) => o.id === a?.selectedOptionId);
      const correct = own.find((o) => o.isCorrect);
      const pairs = q.matchingPairs ?? [];
      return {
        id: q.id,
        type: q.type,
        questionTextAr: q.questionTextAr,
        questionTextEn: q.questionTextEn,
        questionDocAr: q.questionDocAr,
        questionDocEn: q.questionDocEn,
        passageId: q.passageId,
        points: q.points,
        image: image(q),
        answer: {
          choice: chosen ? optionText(chosen) : null,
          text: a?.answerText ?? null,
          matching:
            q.type === "matching"
              ? pairs.map((p, i) => {
                  const pick = a?.matchingAnswer?.[i];
                  const picked = pick === null || pick === undefined ? undefined : pairs[pick];
                  return {
                    premise: pairSide(p.premise_ar, p.premise_en, p.premiseImage),
                    chosen: picked ? pairSide(picked.response_ar, picked.response_en, picked.responseImage) : null,
                    correct: showsMarks ? pick === i : false,
                  };
                })
              : [],
          response: q.interaction ? (a?.response ?? null) : null,
        },
        // The ordering items' shuffle does not matter here: a response is shown in its own order.
        interaction: q.interaction ? paperInteraction(q.interaction, q.id) : null,
        isCorrect: showsMarks ? (a?.isCorrect ?? null) : null,
        score: showsMarks ? (a?.score ?? null) : null,
        teacherComment: showsMarks ? (a?.teacherComment ?? null) : null,
        key: showsKey ? { choice: correct ? optionText(correct) : null, modelAnswer: q.correctAnswerText, interaction: q.interaction ?? null } : null,
      };
    }),
  };
}

// ---- the results list

export type TResultRow = {
  attemptId: string;
  examId: string;
  examTitleAr: string;
  examTitleEn: string;
  studentId: string;
  studentName: string;
  schoolId: string | null;
  schoolNameAr: string | null;
  schoolNameEn: string | null;
  grade: number | null;
  className: string | null;
  form: number | null;
  status: "in_progress" | "completed" | "graded";
  score: number | null;
  totalPossibleScore: number;
  startedAt: string;
  completedAt: string | null;
  scaleScore: TReportedScaleScore | null;
};

/** The results filters as one condition (with `actor`'s reach): the list, its summary and the export read the same rows. */
function resultsWhere(actor: TSessionUser, query: TResultsFilter): SQL | undefined {
  return and(reachOf(actor), resultsFilters(actor, query));
}

/** The list's filters, without the reach. */
function resultsFilters(actor: TSessionUser, query: TResultsFilter): SQL | undefined {
  return and(
    query.examId ? eq(studentExams.examId, query.examId) : undefined,
    query.status ? eq(studentExams.status, query.status) : undefined,
    // A school is a filter for those who see several; anyone else's reach is one school already.
    query.schoolId ? eq(profiles.schoolId, query.schoolId) : undefined,
    query.subjectId ? eq(exams.subjectId, query.subjectId) : undefined,
    query.grade !== undefined ? eq(studentExams.grade, query.grade) : undefined,
    query.className ? sql`lower(${studentExams.className}) = lower(${query.className})` : undefined,
    query.form !== undefined ? sql`exists (select 1 from ${examForms} where ${examForms.id} = ${studentExams.formId} and ${examForms.number} = ${query.form})` : undefined,
    query.q && actor.role !== "student" ? personMatches(query.q) : undefined,
  );
}

type TResultsFilter = Omit<TResultsQuery, "after" | "before" | "pageSize">;

const resultsSelect = (db: TDbOrTx, keys: Record<string, SQL> = {}) =>
  db
    .select({
      attempt: studentExams,
      examTitleAr: exams.titleAr,
      examTitleEn: exams.titleEn,
      studentName: profiles.name,
      schoolId: profiles.schoolId,
      schoolNameAr: schools.nameAr,
      schoolNameEn: schools.nameEn,
      form: examForms.number,
      ...keys,
    })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .leftJoin(examForms, eq(examForms.id, studentExams.formId));

type TSelectedResult = Awaited<ReturnType<ReturnType<typeof resultsSelect>["execute"]>>[number];

/**
 * Each sort as the keys it orders by, unique together (the attempt's id last). A null sorts last under a value no
 * real one takes, so that a key is comparable: the list and the export walk the rows by these keys (keyset paging),
 * never by offset, and each key is read back as text and cast to its type — a timestamp's microseconds survive, a JS
 * Date's would not. Every sort has an index in its order, all exams and per exam, so that a page reads its rows
 * and few others: the newest first (the default) student_exams_recent_idx and student_exams_exam_recent_idx; by
 * score (highest first, ties by name) the negated percentage (schema.ts attemptScoreSortKey), name and id, all
 * ascending; by name the copy of the student's name on the attempt (student_exams.student_name, which the database
 * keeps equal to profiles.name), newest attempt first among a name's.
 */
function sortKeys(sort: TResultsQuery["sort"]): TSortKey[] {
  const name = { expr: sql`${studentExams.studentName}`, desc: false, type: "text" } as const;
  const started = { expr: sql`${studentExams.startedAt}`, desc: true, type: "timestamptz" } as const;
  switch (sort) {
    case "score":
      return [{ expr: attemptScoreSortKey(studentExams), desc: false, type: "float8" }, name, { expr: sql`${studentExams.id}`, desc: false, type: "uuid" }];
    case "name":
      return [name, started, { expr: sql`${studentExams.id}`, desc: false, type: "uuid" }];
    case "recent":
      return [{ expr: RECENT_KEY, desc: true, type: "timestamptz" }, started, { expr: sql`${studentExams.id}`, desc: true, type: "uuid" }];
  }
}
type TSortKey = { expr: SQL; desc: boolean; type: "uuid" | "text" | "timestamptz" | "float8" };

/** When an attempt was submitted, an attempt in progress last: the "recent" sort's first key, as its indexes hold it. */
const RECENT_KEY = sql`coalesce(${studentExams.completedAt}, '-infinity'::timestamptz)`;

/** `backwards`: the rows before a cursor, read in the opposite order (and turned round by the caller). */
const orderOf = (keys: TSortKey[], backwards = false) => keys.map((k) => (k.desc !== backwards ? sql`${k.expr} desc` : sql`${k.expr} asc`));

/**
 * Rows after `after` (the last row's keys as text) in the order of `keys`: (k1 > v1) or (k1 = v1 and k2 > v2) or …,
 * with k1 ≥ v1 beside it so that an index on the first key starts near the cursor instead of reading every row
 * before it. `backwards`: the rows before it.
 */
function afterKeys(keys: TSortKey[], after: readonly string[], backwards = false): SQL {
  const value = (i: number) => sql`${after[i]}::${sql.raw(keys[i]!.type)}`;
  const beyond = (k: TSortKey, i: number, orEqual = false) => {
    const down = k.desc !== backwards;
    return sql`${k.expr} ${sql.raw(down ? "<" : ">")}${sql.raw(orEqual ? "=" : "")} ${value(i)}`;
  };
  // Keys all one way (the newest first): one comparison of rows, which an index on the keys starts at exactly.
  if (keys.every((k) => k.desc === keys[0]!.desc)) {
    const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
    return sql`${row(keys.map((k) => k.expr))} ${sql.raw(keys[0]!.desc !== backwards ? "<" : ">")} ${row(keys.map((_, i) => value(i)))}`;
  }
  return and(
    beyond(keys[0]!, 0, true),
    or(...keys.map((k, i) => and(...keys.slice(0, i).map((e, j) => sql`${e.expr} = ${value(j)}`), beyond(k, i)))),
  )!;
}

// ---- cursors: the sort and the keys of a page's first or last row, base64url JSON. Checked here, never trusted: a
// value the database could not cast would be a 500, so each key is checked against its type.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FLOAT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
/** PostgreSQL's text of a timestamptz under the server's settings (ISO, any zone), or the −∞ an unsubmitted attempt sorts by. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function validKey(type: TSortKey["type"], v: unknown): v is string {
  if (typeof v !== "string") return false;
  switch (type) {
    case "uuid":
      return UUID.test(v);
    case "float8":
      return FLOAT.test(v) && Number.isFinite(Number(v));
    case "text":
      return v.length <= 500 && !v.includes("\u0000");
    case "timestamptz": {
      if (v === "-infinity") return true;
      const m = TIMESTAMP.exec(v);
      if (!m) return false;
      const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
      const day = new Date(Date.UTC(y, mo - 1, d));
      return y >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && sec < 60;
    }
  }
}

export function encodeCursor(sort: TResultsQuery["sort"], keys: readonly string[]): string {
  return Buffer.from(JSON.stringify([sort, ...keys])).toString("base64url");
}

/** The keys a cursor holds, for this sort; RESULTS_CURSOR_INVALID for anything else (garbled, forged, another sort's). */
function decodeCursor(cursor: string, sort: TResultsQuery["sort"]): string[] {
  let parsed: unknown;
  try {
    parsed = /^[A-Za-z0-9_-]+$/.test(cursor) ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  } catch {
    parsed = null;
  }
  const keys = sortKeys(sort);
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 1 || parsed[0] !== sort) throw new AppError("RESULTS_CURSOR_INVALID");
  const values = parsed.slice(1);
  if (!keys.every((k, i) => validKey(k.type, values[i]))) throw new AppError("RESULTS_CURSOR_INVALID");
  return values as string[];
}

function toResultRow(r: TSelectedResult, scale: Awaited<ReturnType<typeof attemptScaleScores>>, studentView: boolean): TResultRow {
  return {
    attemptId: r.attempt.id,
    examId: r.attempt.examId,
    examTitleAr: r.examTitleAr,
    examTitleEn: r.examTitleEn,
    studentId: r.attempt.studentId,
    studentName: r.studentName,
    schoolId: r.schoolId,
    schoolNameAr: r.schoolNameAr,
    schoolNameEn: r.schoolNameEn,
    grade: r.attempt.grade,
    className: r.attempt.className,
    form: r.form,
    status: r.attempt.status,
    score: studentView && r.attempt.status !== "graded" ? null : r.attempt.score,
    totalPossibleScore: r.attempt.totalPossibleScore,
    startedAt: r.attempt.startedAt.toISOString(),
    completedAt: r.attempt.completedAt?.toISOString() ?? null,
    scaleScore: reportedScaleScore(scale.get(r.attempt.id)),
  };
}

const scaleScoresOf = (db: TDbOrTx, rows: TSelectedResult[]) => attemptScaleScores(db, rows.filter((r) => r.attempt.status === "graded").map((r) => r.attempt.id));

/** The keys of a selected row, read back as text (k0, k1, …): what a cursor holds. */
const keyColumnsOf = (keys: TSortKey[]) => Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string>`(${k.expr})::text`]));
const keysOfRow = (keys: TSortKey[], row: object) => keys.map((_, i) => String((row as Record<string, unknown>)[`k${i}`]));

export type TResultsPage = { items: TResultRow[]; total: number; summary: TResultsSummary; forms: number[]; next: string | null; prev: string | null };

/**
 * What the list reads in parts (orderedRows), looked up beforehand: the exams a teacher wrote that the exam and
 * subject filters let in, and the exams of the subject filtered on (a handful each). Nothing for anyone else's reach
 * and for no subject (or one exam) filtered.
 */
export type TListParts = { written?: readonly string[]; subjectExams?: readonly string[] };

export async function listParts(db: TDbOrTx, actor: TSessionUser, query: Pick<TResultsFilter, "subjectId" | "examId">): Promise<TListParts> {
  const ids = async (where: SQL | undefined) => (await db.select({ id: exams.id }).from(exams).where(where)).map((e) => e.id);
  const filtered = and(query.examId ? eq(exams.id, query.examId) : undefined, query.subjectId ? eq(exams.subjectId, query.subjectId) : undefined);
  return {
    ...(actor.role === "teacher" ? { written: await ids(and(teacherReach(actor).wrote, filtered)) } : {}),
    ...(query.subjectId && !query.examId ? { subjectExams: await ids(eq(exams.subjectId, query.subjectId)) } : {}),
  };
}

/** The rows of a page, one more than it holds (which says whether there is a page beyond it), in reading order. */
export function resultsPageQuery(db: TDbOrTx, actor: TSessionUser, query: TResultsQuery, parts: TListParts = {}) {
  if (query.after !== undefined && query.before !== undefined) throw new AppError("RESULTS_CURSOR_INVALID");
  const keys = sortKeys(query.sort);
  const backwards = query.before !== undefined;
  const cursor = query.after ?? query.before;
  return orderedRows(db, actor, parts, and(resultsFilters(actor, query), cursor === undefined ? undefined : afterKeys(keys, decodeCursor(cursor, query.sort), backwards)), keys, backwards, query.pageSize + 1);
}

/**
 * The first `limit` rows in reach that `filters` selects, in the order of `keys`: a page, or a batch of the export.
 * Where the rows fall into parts each of which an index serves in the list's order — a teacher's school and each exam
 * they wrote, and with a subject filtered each of its exams (every sort has an index per exam) — each part's first
 * `limit` rows are read, and the first `limit` of those are the answer. As one condition no index serves the order:
 * at the year the newest-first index was walked through every school's attempts (41,000) for a page of one
 * school's 50, and through whole exams of other subjects (0.6 s) for a page of one subject's.
 */
function orderedRows(db: TDbOrTx, actor: TSessionUser, parts: TListParts, filters: SQL | undefined, keys: TSortKey[], backwards: boolean, limit: number) {
  const order = orderOf(keys, backwards);
  const subject = parts.subjectExams;
  const byExam = (reach: SQL | undefined) => (subject ? subject.map((id) => and(reach, eq(studentExams.examId, id))) : [reach]);
  const cells: (SQL | undefined)[] =
    actor.role === "teacher" && parts.written
      ? [...byExam(teacherReach(actor).school), ...parts.written.map((id) => eq(studentExams.examId, id))]
      : byExam(reachOf(actor));
  if (cells.length === 1) return resultsSelect(db, keyColumnsOf(keys)).where(and(cells[0], filters)).orderBy(...order).limit(limit);
  const part = (cell: SQL | undefined) =>
    db
      .select({ id: studentExams.id })
      .from(studentExams)
      .innerJoin(exams, eq(exams.id, studentExams.examId))
      .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
      .where(and(cell, filters))
      .orderBy(...order)
      .limit(limit);
  const inParts = cells.length ? sql`${studentExams.id} in (${sql.join(cells.map((c) => sql`(${part(c)})`), sql` union `)})` : sql`false`;
  return resultsSelect(db, keyColumnsOf(keys)).where(and(inParts, filters)).orderBy(...order).limit(limit);
}

/**
 * A page of the results: `pageSize` rows after the `after` cursor (or before the `before` one), with cursors to the
 * pages beside it, and what every filtered attempt adds up to (resultsSummary).
 */
export async function findResults(db: TDbOrTx, actor: TSessionUser, query: TResultsQuery): Promise<TResultsPage> {
  const keys = sortKeys(query.sort);
  const backwards = query.before !== undefined;
  const cursor = query.after ?? query.before;
  const read = await resultsPageQuery(db, actor, query, await listParts(db, actor, query));
  const beyond = read.length > query.pageSize;
  const rows = read.slice(0, query.pageSize);
  if (backwards) rows.reverse();
  const cursorOf = (row: (typeof rows)[number] | undefined) => (row ? encodeCursor(query.sort, keysOfRow(keys, row)) : null);
  // Forwards, a page read after a cursor has the cursor's row before it; backwards, one before the cursor has it after.
  const next = backwards ? cursorOf(rows.at(-1)) : beyond ? cursorOf(rows.at(-1)) : null;
  const prev = backwards ? (beyond ? cursorOf(rows[0]) : null) : cursor !== undefined ? cursorOf(rows[0]) : null;
  const summary = await resultsSummary(db, actor, query);
  const studentView = actor.role === "student";
  const scaleScores = await scaleScoresOf(db, rows);
  // The exam's parallel forms, for the form filter (their numbers say nothing beyond how many there are).
  const forms = query.examId && !studentView ? await db.select({ number: examForms.number }).from(examForms).where(eq(examForms.examId, query.examId)).orderBy(asc(examForms.number)) : [];
  return { total: summary.attempts, forms: forms.map((f) => f.number), summary, items: rows.map((r) => toResultRow(r, scaleScores, studentView)), next, prev };
}

type TSummarySums = { attempts: number; graded: number; sp: number; spp: number; passed: number; capped: boolean };

function summaryOf(s: TSummarySums): TResultsSummary {
  if (s.capped) return { attempts: RESULTS_COUNT_CAP, capped: true, graded: 0, meanPercent: null, sdPercent: null, passRate: null };
  const n = s.graded;
  const v = varianceOf({ n, sum: s.sp, sumSq: s.spp });
  // Σx² − (Σx)²/n of equal values leaves rounding, which the square root would make visible: none (as item analysis).
  const sd = v === null ? null : v <= 1e-10 * (s.spp / n) ? 0 : Math.sqrt(v);
  return { attempts: s.attempts, capped: false, graded: n, meanPercent: n ? s.sp / n : null, sdPercent: sd, passRate: n ? s.passed / n : null };
}

/**
 * What the filtered attempts add up to: attempts, graded, and the graded ones' mean, standard deviation and pass rate.
 * From the maintained figures (exam_group_stats, decision 0054) whenever the filters are among their keys — exam,
 * school, subject, form, grade, class, the reach — so a view costs the rows of the groups in scope, not a pass over
 * every attempt: only the attempts in progress (which the figures do not hold, and which are few) are counted, up to
 * the cap. A name searched, or a student's own list, cannot be answered from the groups: those attempts are counted
 * one by one, up to RESULTS_COUNT_CAP (more than that is said, not counted).
 */
async function resultsSummary(db: TDbOrTx, actor: TSessionUser, query: TResultsFilter): Promise<TResultsSummary> {
  const graded = sql`${studentExams.status} = 'graded'`;
  /** Up to the cap plus one of the attempts `where` selects, summed. */
  const countCapped = async (where: SQL | undefined): Promise<TSummarySums> => {
    const capped = db
      .select({ graded: sql<boolean>`${graded}`.as("graded"), pct: sql<number>`${ATTEMPT_PERCENT}`.as("pct") })
      .from(studentExams)
      .innerJoin(exams, eq(exams.id, studentExams.examId))
      .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
      .where(where)
      .limit(RESULTS_COUNT_CAP + 1)
      .as("capped");
    const [row] = await db
      .select({
        attempts: sql<number>`count(*)::int`,
        graded: sql<number>`(count(*) filter (where ${capped.graded}))::int`,
        sp: sql<number>`coalesce(sum(${capped.pct}) filter (where ${capped.graded}), 0)::float8`,
        spp: sql<number>`coalesce(sum(${capped.pct} * ${capped.pct}) filter (where ${capped.graded}), 0)::float8`,
        passed: sql<number>`(count(*) filter (where ${capped.graded} and ${capped.pct} >= ${PASS_PERCENT}))::int`,
      })
      .from(capped);
    const n = row?.attempts ?? 0;
    return { attempts: n, graded: row?.graded ?? 0, sp: Number(row?.sp ?? 0), spp: Number(row?.spp ?? 0), passed: row?.passed ?? 0, capped: n > RESULTS_COUNT_CAP };
  };
  if (actor.role === "student" || query.q) return summaryOf(await countCapped(resultsWhere(actor, query)));

  // The groups in scope: the same filters and reach as resultsWhere, on the groups' keys.
  const reach =
    actor.role === "school_admin" ? sql`g.school_id = ${actor.schoolId ?? ""}` : actor.role === "teacher" ? sql`(e.creator_id = ${actor.id} or g.school_id = ${actor.schoolId ?? ""})` : undefined;
  const groups = and(
    reach,
    query.examId ? sql`g.exam_id = ${query.examId}` : undefined,
    query.schoolId ? sql`g.school_id = ${query.schoolId}` : undefined,
    query.subjectId ? sql`e.subject_id = ${query.subjectId}` : undefined,
    query.grade !== undefined ? sql`g.grade = ${query.grade}` : undefined,
    query.className ? sql`lower(g.class_name) = lower(${query.className})` : undefined,
    query.form !== undefined ? sql`g.form_id in (select id from exam_forms where number = ${query.form})` : undefined,
  );
  const [g] = rowsOf<{ attempts: number; graded: number; sp: number; spp: number; passed: number }>(
    await db.execute(sql`select coalesce(sum(g.attempts), 0)::int as attempts, coalesce(sum(g.graded), 0)::int as graded,
        coalesce(sum(g.sum_pct), 0)::float8 as sp, coalesce(sum(g.sum_pct_sq), 0)::float8 as spp, coalesce(sum(g.passed), 0)::int as passed
      from exam_group_stats g join exams e on e.id = g.exam_id ${groups ? sql`where ${groups}` : sql``}`),
  );
  const sums = { attempts: g?.attempts ?? 0, graded: g?.graded ?? 0, sp: Number(g?.sp ?? 0), spp: Number(g?.spp ?? 0), passed: g?.passed ?? 0 };
  const none = { sp: 0, spp: 0, passed: 0, graded: 0 };
  switch (query.status) {
    case "graded":
      return summaryOf({ ...sums, attempts: sums.graded, capped: false });
    case "completed":
      return summaryOf({ ...none, attempts: sums.attempts - sums.graded, capped: false });
    case "in_progress":
      return summaryOf({ ...none, ...(await countCapped(resultsWhere(actor, query))) });
    case undefined: {
      const open = await countCapped(and(resultsWhere(actor, query), eq(studentExams.status, "in_progress")));
      return summaryOf({ ...sums, attempts: sums.attempts + open.attempts, capped: open.capped });
    }
  }
}

/** How many rows the export reads at a time: its memory is one batch, whatever the number of rows (issue 39). */
export const EXPORT_BATCH_ROWS = 2_000;

/**
 * Every row `findResults` would list under these filters, in its order, a batch at a time: each batch starts after
 * the last row's keys (no offset to re-read, no row twice or missed when rows arrive meanwhile before the cursor).
 */
export async function* streamResults(db: TDbOrTx, actor: TSessionUser, query: TResultsFilter, batchRows = EXPORT_BATCH_ROWS): AsyncGenerator<TResultRow[]> {
  const keys = sortKeys(query.sort);
  const filters = resultsFilters(actor, query);
  const parts = await listParts(db, actor, query);
  const studentView = actor.role === "student";
  let after: string[] | null = null;
  for (;;) {
    const rows = await orderedRows(db, actor, parts, after ? and(filters, afterKeys(keys, after)) : filters, keys, false, batchRows);
    if (!rows.length) return;
    const scaleScores = await scaleScoresOf(db, rows);
    yield rows.map((r) => toResultRow(r, scaleScores, studentView));
    if (rows.length < batchRows) return;
    after = keysOfRow(keys, rows.at(-1)!);
  }
}

// ---- grading

function assertGrader(actor: TSessionUser) {
  if (actor.role !== "super_admin" && actor.role !== "teacher") throw new AppError("FORBIDDEN");
}

/**
 * An exam whose submitted attempts `actor` looks at across students (grading sheet, item analysis): a
 * super_admin any, its author theirs, other staff one a student in their reach (reachOf) has submitted. Anyone
 * else is told it does not exist, as GET /api/exams/:id does.
 */
export async function loadExamInReach(db: TDbOrTx, actor: TSessionUser, examId: string) {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  if (!exam) throw new AppError("EXAM_NOT_FOUND");
  if (actor.role === "super_admin" || exam.creatorId === actor.id) return exam;
  const [reachable] = await db
    .select({ one: sql`1` })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(and(eq(studentExams.examId, examId), inArray(studentExams.status, ["completed", "graded"]), reachOf(actor)))
    .limit(1);
  if (!reachable) throw new AppError("EXAM_NOT_FOUND");
  return exam;
}

/** Exams with answers waiting for a teacher, among the attempts the actor may grade. */
export async function findGradingQueue(db: TDbOrTx, actor: TSessionUser) {
  assertGrader(actor);
  const rows = await db
    .select({
      examId: exams.id,
      titleAr: exams.titleAr,
      titleEn: exams.titleEn,
      pending: count(studentAnswers.id),
      attempts: sql<number>`count(distinct ${studentExams.id})::int`,
      // Whose attempts wait: a super_admin's queue spans schools (issue 15).
      schools: sql<{ nameAr: string; nameEn: string }[]>`coalesce(jsonb_agg(distinct jsonb_build_object('nameAr', ${schools.nameAr}, 'nameEn', ${schools.nameEn})) filter (where ${schools.id} is not null), '[]')`,
    })
    .from(studentAnswers)
    .innerJoin(studentExams, eq(studentExams.id, studentAnswers.studentExamId))
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(and(eq(studentExams.status, "completed"), isNull(studentAnswers.score), reachOf(actor)))
    .groupBy(exams.id, exams.titleAr, exams.titleEn)
    .orderBy(asc(exams.titleEn));
  return rows.map((r) => ({ ...r, pending: Number(r.pending), attempts: Number(r.attempts) }));
}

/**
 * Question by question across all students: each manual question with the model answer (once the key may be
 * seen) and every answer to it the actor may mark. Only for those who may grade the exam: super_admins, its
 * author, and teachers with a student of their school who sat it (reachOf); anyone else is told it does not
 * exist, as GET /api/exams/:id does.
 */
export async function findGradingSheet(db: TDbOrTx, actor: TSessionUser, examId: string) {
  assertGrader(actor);
  const exam = await loadExamInReach(db, actor, examId);
  const keyVisible = canSeeExamKey(actor, { creatorId: exam.creatorId, status: exam.status, audienceSize: await audienceSizeOf(db, examId) });
  const qs = await db
    .select()
    .from(questions)
    .where(and(eq(questions.examId, examId), inArray(questions.type, ["essay", "short_answer"])))
    .orderBy(asc(questions.position));
  // Numbered as the exam's current questions are: a version an exam replaced (docs/decisions/0036) keeps its
  // answers under its own row, with the number of the question at its place.
  const all = await db.select({ id: questions.id, position: questions.position }).from(questions).where(and(eq(questions.examId, examId), currentQuestion)).orderBy(asc(questions.position));
  const answers = qs.length
    ? await db
        .select({ answer: studentAnswers, studentName: profiles.name, attemptStatus: studentExams.status })
        .from(studentAnswers)
        .innerJoin(studentExams, eq(studentExams.id, studentAnswers.studentExamId))
        .innerJoin(exams, eq(exams.id, studentExams.examId))
        .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
        .where(and(inArray(studentAnswers.questionId, qs.map((q) => q.id)), inArray(studentExams.status, ["completed", "graded"]), reachOf(actor)))
        .orderBy(asc(profiles.name))
    : [];
  return {
    exam: { id: exam.id, titleAr: exam.titleAr, titleEn: exam.titleEn },
    keyWithheld: !keyVisible,
    questions: qs.map((q) => ({
      id: q.id,
      number: all.findIndex((a) => a.position === q.position) + 1,
      type: q.type as "essay" | "short_answer",
      questionTextAr: q.questionTextAr,
      questionTextEn: q.questionTextEn,
      questionDocAr: q.questionDocAr,
      questionDocEn: q.questionDocEn,
      points: q.points,
      modelAnswer: keyVisible ? q.correctAnswerText : null,
      answers: answers
        .filter((a) => a.answer.questionId === q.id)
        .map((a) => ({
          answerId: a.answer.id,
          attemptId: a.answer.studentExamId,
          studentName: a.studentName,
          answerText: a.answer.answerText,
          score: a.answer.score,
          teacherComment: a.answer.teacherComment,
        })),
    })),
  };
}

/** Marks one answer (0 to the question's points, with an optional comment). The last mark grades the attempt. */
export async function gradeAnswer(db: TDb, actor: TSessionUser, answerId: string, input: { score: number; comment?: string | null }) {
  assertGrader(actor);
  const marked = await db.transaction(async (tx) => {
    // Found among every answer, so a closed year's answer is told apart from one that does not exist.
    const [row] = await tx
      .select({ attempt: studentExams, points: questions.points })
      .from(allStudentAnswers)
      .innerJoin(studentExams, eq(studentExams.id, allStudentAnswers.studentExamId))
      .innerJoin(questions, eq(questions.id, allStudentAnswers.questionId))
      .innerJoin(exams, eq(exams.id, studentExams.examId))
      .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
      .where(and(eq(allStudentAnswers.id, answerId), reachOf(actor)));
    if (!row) throw new AppError("ANSWER_NOT_FOUND");
    await assertExamWritable(tx, row.attempt.examId);
    if (row.attempt.status === "in_progress") throw new AppError("ATTEMPT_NOT_SUBMITTED");
    if (input.score > row.points) throw new AppError("SCORE_OUT_OF_RANGE");
    const score = Math.round(input.score * 100) / 100;
    // Lock the attempt first (as a save does), so its figures are taken out and put back with nothing in between.
    await tx.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.id, row.attempt.id)).for("update");
    // The figures (analytics/figures.ts): the attempt's contribution out, the mark, its contribution in.
    return recountFigures(tx, [row.attempt.id], async () => {
    await tx
      .update(studentAnswers)
      .set({ score, isCorrect: score >= row.points, teacherComment: input.comment ?? null, gradedById: actor.id })
      .where(eq(studentAnswers.id, answerId));
    // Count what is left: the last mark in makes it graded with its total.
    const [left] = await tx.select({ n: count() }).from(studentAnswers).where(and(eq(studentAnswers.studentExamId, row.attempt.id), isNull(studentAnswers.score)));
    const [sum] = await tx.select({ total: sql<string>`coalesce(sum(${studentAnswers.score}), 0)` }).from(studentAnswers).where(eq(studentAnswers.studentExamId, row.attempt.id));
    const graded = (left?.n ?? 0) === 0;
    const [attempt] = await tx
      .update(studentExams)
      // markedAt: the item analysis of the exam is worked out afresh on its next view.
      .set({ ...(graded ? { status: "graded" as const, score: Number(sum?.total ?? 0) } : { status: "completed" as const, score: null }), markedAt: sql`now()` })
      .where(eq(studentExams.id, row.attempt.id))
      .returning();
    return { answerId, score, attempt: { id: attempt!.id, examId: attempt!.examId }, attemptStatus: attempt!.status, attemptScore: attempt!.score };
    });
  });
  // After the commit: a platform that links the exam gets the score by a job (issue 38).
  const { attempt, ...result } = marked;
  if (result.attemptStatus === "graded") await queueScorePassback(db, [attempt]);
  return result;
}

