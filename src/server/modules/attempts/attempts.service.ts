// Sitting an exam (SPEC §2 take page, §4 attempt and timer, §8 "Student"): start or resume, save answers one
// question at a time as idempotent upserts, submit, and close attempts whose time is over without the student.
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import { GRACE, writeAnswer } from "./answer-writer";
import { examSchools, exams, profiles, questions, studentAnswers, studentExams, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isForeignKeyViolation } from "../../db/errors";
import { getExamVersion, isOffered, type TExamVersion, type TQuestionKey } from "./paper";
import { markMatching, markShortAnswer } from "../../../shared/grading";
import { ANSWER_GRACE_SECONDS } from "../../../shared/limits";
import type { TSessionUser } from "../../../shared/permissions";
import type { TAttemptState, TSavedAnswer, TStudentExam, TStudentOverview } from "../../../shared/schemas/attempt";
import type { z } from "zod";
import type { ZAnswerInput } from "../../../shared/schemas/attempt";

type TAttemptRow = typeof studentExams.$inferSelect;
type TAnswerRow = typeof studentAnswers.$inferSelect;

/** How long a save may trust the exam version it last confirmed (see getExamVersion). */
const SAVE_VERSION_MAX_AGE_MS = 1000;

function assertStudent(user: TSessionUser) {
  if (user.role !== "student") throw new AppError("FORBIDDEN");
}

function presentAnswer(row: TAnswerRow, key: TQuestionKey | undefined): TSavedAnswer {
  return {
    questionId: row.questionId,
    selectedOptionId: row.selectedOptionId,
    answerText: row.answerText,
    // Stored as original response indices; the paper shows them shuffled.
    matching: row.matchingAnswer && key ? row.matchingAnswer.map((orig) => (orig === null ? null : key.order.indexOf(orig))) : null,
    clientSeq: row.clientSeq,
  };
}

async function presentState(db: TDbOrTx, attempt: TAttemptRow, version: TExamVersion | null): Promise<TAttemptState> {
  const rows = await db.select().from(studentAnswers).where(eq(studentAnswers.studentExamId, attempt.id));
  const [clock] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  const now = new Date(clock?.now ?? Date.now());
  return {
    id: attempt.id,
    examId: attempt.examId,
    status: attempt.status,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    totalPossibleScore: attempt.totalPossibleScore,
    answers: rows.map((r) => presentAnswer(r, version?.keys.get(r.questionId))),
  };
}

function isPastGrace(attempt: TAttemptRow, now = Date.now()): boolean {
  return !!attempt.deadlineAt && now > attempt.deadlineAt.getTime() + ANSWER_GRACE_SECONDS * 1000;
}

// ---- overview

/** Published exams offered to the student's school and grade, and the student's attempts. */
export async function findStudentOverview(db: TDbOrTx, user: TSessionUser): Promise<TStudentOverview> {
  assertStudent(user);
  const offered = await db
    .select({ exam: exams, subject: subjects })
    .from(exams)
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .where(
      and(
        eq(exams.status, "published"),
        or(
          sql`not exists (select 1 from ${examSchools} where ${examSchools.examId} = ${exams.id})`,
          sql`exists (select 1 from ${examSchools} where ${examSchools.examId} = ${exams.id} and ${examSchools.schoolId} = ${user.schoolId ?? ""})`,
        ),
        user.grade === null ? sql`${exams.grades} is null` : sql`(${exams.grades} is null or ${user.grade} = any(${exams.grades}))`,
      ),
    )
    .orderBy(desc(exams.updatedAt));
  const attempts = await db
    .select({ attempt: studentExams, exam: exams, subject: subjects })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .where(eq(studentExams.studentId, user.id))
    .orderBy(desc(studentExams.startedAt));
  const examIds = [...new Set([...offered.map((o) => o.exam.id), ...attempts.map((a) => a.exam.id)])];
  const stats = examIds.length
    ? await db
        .select({ id: questions.examId, n: sql<number>`count(*)::int`, points: sql<number>`coalesce(sum(${questions.points}), 0)::int` })
        .from(questions)
        .where(inArray(questions.examId, examIds))
        .groupBy(questions.examId)
    : [];
  const statOf = new Map(stats.map((s) => [s.id, s]));
  const attemptOf = new Map(attempts.map((a) => [a.exam.id, a.attempt]));

  const present = (exam: typeof exams.$inferSelect, subject: TStudentExam["subject"]): TStudentExam => {
    const a = attemptOf.get(exam.id);
    return {
      examId: exam.id,
      titleAr: exam.titleAr,
      titleEn: exam.titleEn,
      subject,
      durationMinutes: exam.durationMinutes,
      questionCount: statOf.get(exam.id)?.n ?? 0,
      totalPoints: statOf.get(exam.id)?.points ?? 0,
      attempt: a
        ? { id: a.id, status: a.status, score: a.score, totalPossibleScore: a.totalPossibleScore, startedAt: a.startedAt.toISOString(), completedAt: a.completedAt?.toISOString() ?? null }
        : null,
    };
  };
  return {
    available: offered.filter((o) => attemptOf.get(o.exam.id)?.status !== "completed" && attemptOf.get(o.exam.id)?.status !== "graded").map((o) => present(o.exam, o.subject)),
    completed: attempts.filter((a) => a.attempt.status !== "in_progress").map((a) => present(a.exam, a.subject)),
  };
}

// ---- the paper

/** The student's copy, only for a published exam offered to their school. */
export async function findPaper(db: TDbOrTx, user: TSessionUser, examId: string): Promise<TExamVersion> {
  assertStudent(user);
  const version = await getExamVersion(db, examId);
  if (!version || !isOffered(version, user)) throw new AppError("EXAM_NOT_AVAILABLE");
  return version;
}

// ---- start or resume

export async function startAttempt(db: TDb, user: TSessionUser, examId: string): Promise<TAttemptState> {
  const version = await findPaper(db, user, examId);
  const [created] = await db
    .insert(studentExams)
    .values({
      studentId: user.id,
      examId,
      status: "in_progress",
      startedAt: sql`now()`,
      deadlineAt: version.paper.durationMinutes ? sql`now() + make_interval(mins => ${version.paper.durationMinutes})` : null,
      totalPossibleScore: version.paper.totalPoints,
      // The class the student is in today stays with this attempt (docs/decisions/0014).
      grade: sql`(select ${profiles.grade} from ${profiles} where ${profiles.id} = ${user.id})`,
      className: sql`(select ${profiles.className} from ${profiles} where ${profiles.id} = ${user.id})`,
    })
    .onConflictDoNothing({ target: [studentExams.studentId, studentExams.examId] })
    .returning();
  let attempt = created;
  if (!attempt) {
    [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.studentId, user.id), eq(studentExams.examId, examId)));
    if (!attempt) throw new AppError("START_FAILED");
    // Time ran out while the student was away: close it now, the same way the sweep would.
    if (attempt.status === "in_progress" && isPastGrace(attempt)) attempt = await finalizeAttempt(db, attempt.id, { atDeadline: true });
    if (attempt.status !== "in_progress") throw new AppError("ATTEMPT_ALREADY_COMPLETED", { details: { attemptId: attempt.id } });
  }
  return presentState(db, attempt, version);
}

// ---- save one answer

/** Checks the answer against the question, and turns shuffled matching positions into original indices. */
function validateAnswer(key: TQuestionKey | undefined, input: z.output<typeof ZAnswerInput>) {
  if (!key) throw new AppError("ANSWER_INVALID");
  const value = { selectedOptionId: null as string | null, answerText: null as string | null, matchingAnswer: null as (number | null)[] | null };
  if (key.type === "multiple_choice" || key.type === "true_false") {
    if (input.answerText || input.matching) throw new AppError("ANSWER_INVALID");
    if (input.selectedOptionId && !key.optionIds.has(input.selectedOptionId)) throw new AppError("ANSWER_INVALID");
    value.selectedOptionId = input.selectedOptionId ?? null;
  } else if (key.type === "matching") {
    if (input.selectedOptionId || input.answerText) throw new AppError("ANSWER_INVALID");
    const chosen = input.matching ?? [];
    if (chosen.length > key.pairCount || chosen.some((c) => c !== null && c >= key.pairCount)) throw new AppError("ANSWER_INVALID");
    value.matchingAnswer = Array.from({ length: key.pairCount }, (_, i) => (chosen[i] === null || chosen[i] === undefined ? null : key.order[chosen[i]!]!));
  } else {
    if (input.selectedOptionId || input.matching) throw new AppError("ANSWER_INVALID");
    value.answerText = input.answerText ?? null;
  }
  return value;
}

/**
 * One statement does the work (see answer-writer.ts): it writes only if the attempt is the student's, of this
 * exam, in progress and within its deadline plus the grace period, and only if this save is not older than the
 * one stored. When it writes nothing, a second look says why.
 */
export async function saveAnswer(db: TDb, user: TSessionUser, attemptId: string, questionId: string, input: z.output<typeof ZAnswerInput>): Promise<{ savedAt: string; clientSeq: number }> {
  assertStudent(user);
  const version = await getExamVersion(db, input.examId, { maxAgeMs: SAVE_VERSION_MAX_AGE_MS });
  if (!version) throw new AppError("ATTEMPT_NOT_FOUND");
  const value = validateAnswer(version.keys.get(questionId), input);
  const matching = value.matchingAnswer ? JSON.stringify(value.matchingAnswer) : null;

  const written = await writeAnswer(db, {
    attemptId,
    questionId,
    studentId: user.id,
    examId: input.examId,
    selectedOptionId: value.selectedOptionId,
    answerText: value.answerText,
    matching,
    clientSeq: input.clientSeq,
  }).catch((err: unknown) => {
    // The question or option was removed by an edit in the last moment (see SAVE_VERSION_MAX_AGE_MS).
    if (isForeignKeyViolation(err)) throw new AppError("ANSWER_INVALID");
    throw err;
  });
  if (written) return { savedAt: written.updatedAt.toISOString(), clientSeq: written.clientSeq };

  const [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id), eq(studentExams.examId, input.examId)));
  if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND");
  if (attempt.status === "in_progress" && isPastGrace(attempt)) {
    await finalizeAttempt(db, attempt.id, { atDeadline: true });
    throw new AppError("TIME_UP", { details: { attemptId } });
  }
  if (attempt.status !== "in_progress") throw new AppError(attempt.deadlineAt && isPastGrace(attempt) ? "TIME_UP" : "ATTEMPT_ALREADY_COMPLETED", { details: { attemptId } });
  // A newer save for this question is already stored: this one changes nothing, and that is a success.
  const [stored] = await db.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, attemptId), eq(studentAnswers.questionId, questionId)));
  return { savedAt: (stored?.updatedAt ?? new Date()).toISOString(), clientSeq: stored?.clientSeq ?? input.clientSeq };
}

// ---- submit, grade, and close

/** Marks one answer (SPEC §4; docs/decisions/0005). null score = waits for a teacher. */
export function markAnswer(key: TQuestionKey, answer: Pick<TAnswerRow, "selectedOptionId" | "answerText" | "matchingAnswer"> | undefined): { isCorrect: boolean | null; score: number | null } {
  switch (key.type) {
    case "multiple_choice":
    case "true_false": {
      const ok = !!answer?.selectedOptionId && answer.selectedOptionId === key.correctOptionId;
      return { isCorrect: ok, score: ok ? key.points : 0 };
    }
    case "matching": {
      const { score, isCorrect } = markMatching(answer?.matchingAnswer, key.pairCount, key.points);
      return { isCorrect, score };
    }
    case "short_answer": {
      const ok = markShortAnswer(answer?.answerText, key.modelAnswer);
      return { isCorrect: ok, score: ok === null ? null : ok ? key.points : 0 };
    }
    case "essay":
      // A blank essay needs no teacher.
      return answer?.answerText?.trim() ? { isCorrect: null, score: null } : { isCorrect: false, score: 0 };
  }
}

/**
 * Completes an in-progress attempt: marks every question (unanswered ones score 0), and makes it graded at
 * once when nothing waits for a teacher. Idempotent: an attempt already closed is returned as it is.
 */
export async function finalizeAttempt(db: TDb, attemptId: string, options: { atDeadline?: boolean } = {}): Promise<TAttemptRow> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(studentExams).where(eq(studentExams.id, attemptId)).for("update");
    if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND");
    if (attempt.status !== "in_progress") return attempt;
    const version = await getExamVersion(tx, attempt.examId);
    const answers = await tx.select().from(studentAnswers).where(eq(studentAnswers.studentExamId, attemptId));
    const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
    const marks = [...(version?.keys ?? new Map<string, TQuestionKey>()).entries()].map(([questionId, key]) => ({ questionId, ...markAnswer(key, byQuestion.get(questionId)) }));
    if (marks.length) {
      await tx
        .insert(studentAnswers)
        .values(marks.map((m) => ({ studentExamId: attemptId, questionId: m.questionId, studentId: attempt.studentId, isCorrect: m.isCorrect, score: m.score })))
        .onConflictDoUpdate({
          target: [studentAnswers.studentExamId, studentAnswers.questionId],
          set: { isCorrect: sql`excluded.is_correct`, score: sql`excluded.score` },
        });
    }
    const pending = marks.some((m) => m.score === null);
    const total = Math.round(marks.reduce((s, m) => s + (m.score ?? 0), 0) * 100) / 100;
    const completedAt = options.atDeadline && attempt.deadlineAt ? attempt.deadlineAt : new Date();
    const [closed] = await tx
      .update(studentExams)
      .set({ status: pending ? "completed" : "graded", completedAt, score: pending ? null : total, markedAt: sql`now()` })
      .where(eq(studentExams.id, attemptId))
      .returning();
    return closed!;
  });
}

export async function submitAttempt(db: TDb, user: TSessionUser, attemptId: string): Promise<TAttemptState> {
  assertStudent(user);
  const [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id)));
  if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND");
  // Submitting after the deadline is what the timer's auto-submit does: the saved answers stand.
  const closed = await finalizeAttempt(db, attemptId, { atDeadline: isPastGrace(attempt) });
  return presentState(db, closed, await getExamVersion(db, closed.examId));
}

/** Closes attempts whose deadline and grace have passed; safe to run on every instance at once. */
export async function sweepExpiredAttempts(db: TDb, limit = 200): Promise<number> {
  const due = await db
    .select({ id: studentExams.id })
    .from(studentExams)
    .where(and(eq(studentExams.status, "in_progress"), lt(studentExams.deadlineAt, sql`now() - ${GRACE}`)))
    .orderBy(asc(studentExams.deadlineAt))
    .limit(limit);
  for (const { id } of due) await finalizeAttempt(db, id, { atDeadline: true });
  return due.length;
}

