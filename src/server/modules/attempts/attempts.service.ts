// Sitting an exam (SPEC §2 take page, §4 attempt and timer, §8 "Student"): start or resume, save answers one
// question at a time as idempotent upserts, submit, and close attempts whose time is over without the student.
import { applyFigures } from "../analytics/figures";
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { currentQuestion, shownBeforeStart } from "../bank/views";
import { rowMapper, rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import { GRACE, writeAnswer, writeAnswerAlone, type TAnswerWrite } from "./answer-writer";
import { startNewAttempt } from "./attempt-starter";
import { saveLateAnswer } from "./late-answers";
import { batchWriter } from "../../batch-loader";
import { attemptEvents, examFormQuestions, examMedia, examSchools, exams, lobbyPresence, mediaPlays, profiles, questions, sittings, studentAnswers, studentExams, subjects } from "../../db/schema";
import { queueScorePassback } from "../../lti/ags";
import { AppError } from "../../http/errors";
import { newPlayToken, playUrl, playWindowSeconds } from "../media/plays";
import { isForeignKeyViolation } from "../../db/errors";
import { entryState, getExamVersion, isOffered, mediaShownTo, sittingFor, type TExamVersion, type TPaperCopy, type TQuestionKey, type TSittingSlot } from "./paper";
import { markMatching, markShortAnswer } from "../../../shared/grading";
import { isItemType, markInteraction, type TResponse } from "../../../shared/item-types";
import { ANSWER_GRACE_SECONDS, MAX_CLIENT_EVENTS_PER_ATTEMPT, OFFLINE_GRACE_MINUTES, type TLanguage } from "../../../shared/limits";
import type { TSessionUser } from "../../../shared/permissions";
import type { TAttemptState, TPlay, TSavedAnswer, TStudentExam, TStudentOverview } from "../../../shared/schemas/attempt";
import type { z } from "zod";
import type { ZAnswerInput } from "../../../shared/schemas/attempt";
import type { THeartbeat, TLobby, TSittingWindow, ZClientEvent } from "../../../shared/schemas/sitting";

type TAttemptRow = typeof studentExams.$inferSelect;
type TAnswerRow = typeof studentAnswers.$inferSelect;
/** What the student's page is given of a stored answer. */
type TShownAnswer = Pick<TAnswerRow, "questionId" | "selectedOptionId" | "answerText" | "matchingAnswer" | "response" | "clientSeq">;

/** How long a save may trust the exam version it last confirmed (see getExamVersion). */
const SAVE_VERSION_MAX_AGE_MS = 1000;

export function assertStudent(user: TSessionUser) {
  if (user.role !== "student") throw new AppError("FORBIDDEN");
}

function presentAnswer(row: TShownAnswer, key: TQuestionKey | undefined): TSavedAnswer {
  return {
    questionId: row.questionId,
    selectedOptionId: row.selectedOptionId,
    answerText: row.answerText,
    // Stored as original response indices; the paper shows them shuffled.
    matching: row.matchingAnswer && key ? row.matchingAnswer.map((orig) => (orig === null ? null : key.order.indexOf(orig))) : null,
    ...(row.response ? { response: row.response } : {}),
    clientSeq: row.clientSeq,
  };
}

/**
 * `known`: what this request has just read or written — the attempt's answers and the clock — so they are not read
 * again (an attempt just started has none; one just submitted has what was marked).
 */
async function presentState(db: TDbOrTx, attempt: TAttemptRow, version: TExamVersion | null, known?: { now: Date; answers: TShownAnswer[] }): Promise<TAttemptState> {
  const rows = known ? known.answers : await db.select().from(studentAnswers).where(eq(studentAnswers.studentExamId, attempt.id));
  const [clock] = known ? [{ now: known.now }] : rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  const now = new Date(clock?.now ?? Date.now());
  // Plays of limited clips: an attempt just started has none; otherwise only when the paper has such clips.
  const played = !known && version?.limitedClips.size ? await db.select({ mediaId: mediaPlays.mediaId, plays: mediaPlays.plays }).from(mediaPlays).where(eq(mediaPlays.attemptId, attempt.id)) : [];
  // Transcripts: only while the attempt is under way, only to a student who cannot hear (read now, so an
  // accommodation given during the exam reaches them on their next look), only when the paper has any.
  // The reading accommodations likewise (issue 37): one read of the student's profile while the attempt is under way.
  const [profile] =
    attempt.status === "in_progress"
      ? await db
          .select({ clipTranscripts: profiles.clipTranscripts, readAloud: profiles.readAloud, highContrast: profiles.highContrast, textScale: profiles.textScale })
          .from(profiles)
          .where(eq(profiles.id, attempt.studentId))
      : [];
  const transcribed = !!version?.transcripts.size && profile?.clipTranscripts === true;
  return {
    id: attempt.id,
    examId: attempt.examId,
    status: attempt.status,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    totalPossibleScore: attempt.totalPossibleScore,
    extraMinutes: attempt.extraMinutes,
    grantedMinutes: attempt.grantedMinutes,
    answers: rows.map((r) => presentAnswer(r, version?.keys.get(r.questionId))),
    plays: Object.fromEntries(played.map((p) => [p.mediaId, p.plays])),
    transcripts: transcribed && version ? Object.fromEntries(version.transcripts) : {},
    accommodations: { readAloud: profile?.readAloud ?? false, highContrast: profile?.highContrast ?? false, textScale: profile?.textScale ?? 100 },
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
        .where(and(inArray(questions.examId, examIds), currentQuestion, shownBeforeStart))
        .groupBy(questions.examId)
    : [];
  const statOf = new Map(stats.map((s) => [s.id, s]));
  const attemptOf = new Map(attempts.map((a) => [a.exam.id, a.attempt]));
  const slots = examIds.length ? await db.select().from(sittings).where(inArray(sittings.examId, examIds)) : [];
  const sittingOf = (examId: string) => sittingFor(slots.filter((s) => s.examId === examId), user);
  // An exam with sittings is offered only to the students one of them is for (as isOffered says).
  const hasSittings = new Set(slots.map((s) => s.examId));
  // A student who missed a sitting that has ended is no longer offered it (their teacher can add another).
  const inASitting = (examId: string) => {
    if (!hasSittings.has(examId) || attemptOf.has(examId)) return true;
    const slot = sittingOf(examId);
    return slot !== null && entryState(slot) !== "ended";
  };

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
      sitting: windowOf(sittingOf(exam.id)),
      attempt: a
        ? { id: a.id, status: a.status, score: a.score, totalPossibleScore: a.totalPossibleScore, startedAt: a.startedAt.toISOString(), completedAt: a.completedAt?.toISOString() ?? null }
        : null,
    };
  };
  return {
    available: offered
      .filter((o) => inASitting(o.exam.id) && attemptOf.get(o.exam.id)?.status !== "completed" && attemptOf.get(o.exam.id)?.status !== "graded")
      .map((o) => present(o.exam, o.subject)),
    completed: attempts.filter((a) => a.attempt.status !== "in_progress").map((a) => present(a.exam, a.subject)),
  };
}

// ---- the lobby and the paper

export function windowOf(slot: TSittingSlot | null): TSittingWindow | null {
  return slot && { id: slot.id, startsAt: slot.startsAt.toISOString(), entryClosesAt: slot.entryClosesAt.toISOString(), endsAt: slot.endsAt.toISOString() };
}

/** The exam as offered to this student (published, to their school and grade, in one of its sittings), or 404. */
async function offeredVersion(db: TDbOrTx, user: TSessionUser, examId: string, options: { untilChanged?: boolean } = {}): Promise<TExamVersion> {
  assertStudent(user);
  const version = await getExamVersion(db, examId, options);
  if (!version || !isOffered(version, user)) throw new AppError("EXAM_NOT_AVAILABLE");
  return version;
}

async function attemptOf(db: TDbOrTx, user: TSessionUser, examId: string): Promise<TAttemptRow | undefined> {
  const [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.studentId, user.id), eq(studentExams.examId, examId)));
  return attempt;
}

function refuseEntry(state: "lobby" | "closed" | "ended", slot: TSittingSlot | null): never {
  if (state === "lobby") throw new AppError("SITTING_NOT_STARTED", { details: { startsAt: slot!.startsAt.toISOString(), serverNow: new Date().toISOString() } });
  throw new AppError(state === "closed" ? "SITTING_ENTRY_CLOSED" : "SITTING_ENDED");
}

/**
 * The student's sitting and where they stand in it, for the take page's lobby. Waiting before the start is
 * recorded once per sitting in the attempt's trail, and each ask (the page asks every HEARTBEAT_SECONDS while it
 * waits) marks the student present, in the same statement: the live view lets presence expire as it does the
 * heartbeat's. A student already sitting the exam is 'open' until their own
 * deadline, whatever the entry time says.
 */
export async function enterLobby(db: TDb, user: TSessionUser, examId: string): Promise<TLobby> {
  const version = await offeredVersion(db, user, examId, { untilChanged: true });
  const slot = sittingFor(version.sittings, user);
  let state = entryState(slot);
  if (state === "closed" || state === "ended") {
    const attempt = await attemptOf(db, user, examId);
    if (attempt) state = "open";
  }
  if (state === "lobby") {
    await db.execute(sql`
      with present as (
        insert into ${lobbyPresence} (exam_id, student_id) values (${examId}, ${user.id})
        on conflict (exam_id, student_id) do update set seen_at = now()
      )
      insert into ${attemptEvents} (exam_id, student_id, kind)
      select ${examId}, ${user.id}, 'lobby'
      where not exists (select 1 from ${attemptEvents} where exam_id = ${examId} and student_id = ${user.id} and kind = 'lobby' and at >= ${slot!.startsAt.toISOString()}::timestamptz - interval '12 hours')`);
  }
  // Parallel forms are of one length as a rule: the lobby names the first's (the form is given at the start).
  const paper = version.forms.values().next().value?.paper ?? version.paper;
  return {
    exam: { titleAr: paper.titleAr, titleEn: paper.titleEn, subjectAr: paper.subject.nameAr, subjectEn: paper.subject.nameEn, durationMinutes: paper.durationMinutes, questionCount: paper.questions.length },
    sitting: windowOf(slot),
    state,
    serverNow: new Date().toISOString(),
  };
}

/**
 * The student's copy, only for a published exam offered to them, and never before their sitting's start —
 * whatever the client says. After the last entry only a student already sitting it gets the paper.
 */
export async function findPaper(db: TDbOrTx, user: TSessionUser, examId: string): Promise<TExamVersion> {
  const version = await offeredVersion(db, user, examId, { untilChanged: true });
  const slot = sittingFor(version.sittings, user);
  const state = entryState(slot);
  if (state === "lobby") refuseEntry(state, slot);
  if (state !== "open" && (await attemptOf(db, user, examId))?.status !== "in_progress") refuseEntry(state, slot);
  return version;
}

/**
 * The bytes of the student's copy: the exam's, or for an exam with parallel forms the form their attempt was given
 * (issue 34). The form is given as the attempt starts; the take page asks for the paper and the start together,
 * so a paper asked for first starts the attempt (the same start, with the same rules; a double start is one).
 */
export async function findPaperCopy(db: TDb, user: TSessionUser, examId: string): Promise<TPaperCopy> {
  const version = await findPaper(db, user, examId);
  if (!version.forms.size) return version;
  const attempt = (await attemptOf(db, user, examId)) ?? ((await startAttempt(db, user, examId)) && (await attemptOf(db, user, examId)));
  // An attempt started before the exam had forms keeps the whole paper it was given.
  if (attempt && !attempt.formId) return version;
  const form = attempt?.formId ? version.forms.get(attempt.formId) : undefined;
  if (!form) throw new AppError("START_FAILED");
  return form;
}

/** The form an attempt was given, from the exam's copy: only its questions are the attempt's (null: all of them). */
function formOf(version: TExamVersion | null | undefined, attempt: Pick<TAttemptRow, "formId">): Set<string> | null {
  if (!attempt.formId) return null;
  return version?.forms.get(attempt.formId)?.questionIds ?? new Set();
}

// ---- start or resume

export async function recordEvent(db: TDbOrTx, event: typeof attemptEvents.$inferInsert) {
  await db.insert(attemptEvents).values(event);
}

/**
 * Starts the student's attempt, or resumes the one they have. Two races end a start without an answer: the database
 * refuses the new attempt because the exam or its sitting was deleted between the look at the exam and the insert,
 * or the attempt the start collided with is gone when looked up (removed that moment). Either way the second try
 * looks at the exam afresh (a start always does) and its answer stands: the exam no longer offered, the sitting's new
 * state, or the attempt. Racing twice in a row is a conflict to try again (409), not a fault of the server's.
 */
export async function startAttempt(db: TDb, user: TSessionUser, examId: string, paperLanguage: TLanguage | null = null): Promise<TAttemptState> {
  const started = (await startOrResume(db, user, examId, paperLanguage)) ?? (await startOrResume(db, user, examId, paperLanguage));
  if (!started) throw new AppError("START_FAILED");
  return started;
}

/** The attempt started or resumed, or null when the start raced a change (above). */
async function startOrResume(db: TDb, user: TSessionUser, examId: string, paperLanguage: TLanguage | null): Promise<TAttemptState | null> {
  const version = await offeredVersion(db, user, examId);
  const slot = sittingFor(version.sittings, user);
  const state = entryState(slot);
  if (state === "lobby") refuseEntry(state, slot);
  let attempt: TAttemptRow | undefined;
  if (state === "open") {
    // A whole school starts in the same second: starts go to the database together (attempt-starter.ts). The new
    // attempt's start is the clock the page needs, and it has no answers yet.
    try {
      attempt = await startNewAttempt(db, {
        studentId: user.id,
        examId,
        durationMinutes: version.paper.durationMinutes,
        sittingId: slot?.id ?? null,
        sittingEndsAt: slot?.endsAt ?? null,
        totalPossibleScore: version.paper.totalPoints,
        withForms: version.forms.size > 0,
        paperLanguage,
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) return null;
      throw err;
    }
    if (attempt) return presentState(db, attempt, version, { now: attempt.startedAt, answers: [] });
  }
  attempt = await attemptOf(db, user, examId);
  if (!attempt) {
    if (state !== "open") refuseEntry(state, slot);
    return null;
  }
  // Time ran out while the student was away: close it now, the same way the sweep would.
  if (attempt.status === "in_progress" && isPastGrace(attempt)) attempt = await finalizeAttempt(db, attempt.id, { atDeadline: true });
  if (attempt.status !== "in_progress") throw new AppError("ATTEMPT_ALREADY_COMPLETED", { details: { attemptId: attempt.id } });
  // Opening the take page again (a reload, another device) is part of the trail.
  await recordEvent(db, { examId, studentId: user.id, kind: "resumed" });
  return presentState(db, attempt, version);
}

// ---- signs of life

/**
 * The take page's heartbeat: marks the student as present for the live view, and answers with the deadline, so a
 * grant of time during the sitting reaches the student's timer within one beat.
 */
/**
 * A student starts a clip limited to a number of plays (issue 18): counted in one statement, so two devices or a
 * quick double press cannot take more plays than allowed. Only in the student's own attempt in progress, for a clip
 * of its paper. Returns the plays taken so far and, for a limited clip, the play's own short-lived address — the
 * only place its bytes are served to a student (media/plays.ts, decision 0034); a new play replaces the last's.
 */
export async function startPlay(db: TDb, user: TSessionUser, attemptId: string, mediaId: string): Promise<TPlay> {
  assertStudent(user);
  const [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id)));
  if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND", { details: { attemptId } });
  if (attempt.status !== "in_progress") throw new AppError("ATTEMPT_ALREADY_COMPLETED", { details: { attemptId } });
  const version = await getExamVersion(db, attempt.examId);
  if (!version || !mediaShownTo(version, attempt.formId).has(mediaId)) throw new AppError("IMAGE_NOT_FOUND");
  const max = version.limitedClips.get(mediaId) ?? null;
  if (max === null) return { plays: 0, maxPlays: null, url: null, expiresAt: null };
  const [clip] = await db.select({ durationMs: examMedia.durationMs, sizeBytes: examMedia.sizeBytes }).from(examMedia).where(eq(examMedia.id, mediaId));
  if (!clip) throw new AppError("IMAGE_NOT_FOUND");
  const { token, hash } = newPlayToken();
  const expires = sql`now() + make_interval(secs => ${playWindowSeconds(clip)})`;
  const rows = rowsOf<{ plays: number; expires_at: string | Date }>(
    await db.execute(sql`
      insert into ${mediaPlays} (attempt_id, media_id, plays, token_hash, expires_at) values (${attemptId}, ${mediaId}, 1, ${hash}, ${expires})
      on conflict (attempt_id, media_id) do update set plays = ${mediaPlays.plays} + 1, token_hash = excluded.token_hash, expires_at = excluded.expires_at
      where ${mediaPlays.plays} < ${max}
      returning plays, expires_at`),
  );
  if (!rows[0]) throw new AppError("PLAYS_USED_UP", { details: { plays: max, maxPlays: max } });
  return { plays: Number(rows[0].plays), maxPlays: max, url: playUrl(token), expiresAt: new Date(rows[0].expires_at).toISOString() };
}

/** `pending`: the answers the page's journal holds unacknowledged (issue 37), for the live view; null: not said. */
export async function heartbeat(db: TDb, user: TSessionUser, attemptId: string, pending: number | null = null): Promise<THeartbeat> {
  assertStudent(user);
  const rows = rowsOf<{ deadline_at: string | Date | null; extra_minutes: number; granted_minutes: number; now: string | Date }>(
    await db.execute(sql`
      update ${studentExams} set last_seen_at = now(), pending_answers = ${pending}::int
      where id = ${attemptId} and student_id = ${user.id} and status = 'in_progress'
      returning deadline_at, extra_minutes, granted_minutes, now() as now`),
  );
  const row = rows[0];
  if (!row) {
    const [attempt] = await db.select({ id: studentExams.id }).from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id)));
    throw new AppError(attempt ? "ATTEMPT_ALREADY_COMPLETED" : "ATTEMPT_NOT_FOUND", { details: { attemptId } });
  }
  return {
    deadlineAt: row.deadline_at ? new Date(row.deadline_at).toISOString() : null,
    serverNow: new Date(row.now).toISOString(),
    extraMinutes: Number(row.extra_minutes),
    grantedMinutes: Number(row.granted_minutes),
  };
}

/**
 * What the page saw of its connection (it went, it came back), reported once it is back. The moment is kept
 * within the attempt (no earlier than its start, no later than now), and one attempt reports at most
 * MAX_CLIENT_EVENTS_PER_ATTEMPT of them: past that they are dropped quietly, never an error on the student's screen.
 */
export async function recordClientEvent(db: TDb, user: TSessionUser, attemptId: string, input: z.output<typeof ZClientEvent>): Promise<void> {
  assertStudent(user);
  const [attempt] = await db.select({ id: studentExams.id }).from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id)));
  if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND");
  await db.execute(sql`
    insert into ${attemptEvents} (exam_id, student_id, kind, at)
    select se.exam_id, se.student_id, ${input.kind}, least(greatest(${input.at}::timestamptz, se.started_at), now())
    from ${studentExams} se
    where se.id = ${attemptId}
      and (select count(*) from ${attemptEvents} e where e.exam_id = se.exam_id and e.student_id = se.student_id and e.kind in ('offline', 'online')) < ${MAX_CLIENT_EVENTS_PER_ATTEMPT}`);
}

// ---- save one answer

/** Checks the answer against the question, and turns shuffled matching positions into original indices. */
function validateAnswer(key: TQuestionKey | undefined, input: z.output<typeof ZAnswerInput>) {
  if (!key) throw new AppError("ANSWER_INVALID");
  const value = { selectedOptionId: null as string | null, answerText: null as string | null, matchingAnswer: null as (number | null)[] | null, response: null as TResponse | null };
  if (key.interaction) {
    // An item type of issue 36: a response of its type only. What it names is not checked here: the save stays
    // as cheap as the others (an answer is a write, marking is at submit), and a name that is no choice earns nothing.
    if (input.selectedOptionId || input.answerText || input.matching) throw new AppError("ANSWER_INVALID");
    if (input.response && input.response.type !== key.interaction.type) throw new AppError("ANSWER_INVALID");
    value.response = input.response ?? null;
  } else if (input.response) {
    throw new AppError("ANSWER_INVALID");
  } else if (key.type === "multiple_choice" || key.type === "true_false") {
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
 * The answer checked against its question and made into the row to write (the single save and the batch,
 * answer-batch.ts, share it): ATTEMPT_NOT_FOUND for no such exam, ANSWER_INVALID for no such question or the wrong kind of answer.
 */
export async function answerWriteOf(db: TDb, user: TSessionUser, attemptId: string, questionId: string, input: z.output<typeof ZAnswerInput>): Promise<TAnswerWrite> {
  const version = await getExamVersion(db, input.examId, { maxAgeMs: SAVE_VERSION_MAX_AGE_MS });
  if (!version) throw new AppError("ATTEMPT_NOT_FOUND");
  let value: ReturnType<typeof validateAnswer>;
  try {
    value = validateAnswer(version.keys.get(questionId), input);
  } catch (err) {
    // The version was trusted without a look (SAVE_VERSION_MAX_AGE_MS); an edit in that second — perhaps on
    // another instance, whose new copy the student already has — may make this answer fit: look once before refusing.
    const latest = await getExamVersion(db, input.examId);
    if (!latest || latest === version) throw err;
    value = validateAnswer(latest.keys.get(questionId), input);
  }
  const matching = value.matchingAnswer ? JSON.stringify(value.matchingAnswer) : null;
  const response = value.response ? JSON.stringify(value.response) : null;

  return {
    attemptId,
    questionId,
    studentId: user.id,
    examId: input.examId,
    selectedOptionId: value.selectedOptionId,
    answerText: value.answerText,
    matching,
    response,
    clientSeq: input.clientSeq,
  };
}

/**
 * One statement does the work (see answer-writer.ts): it writes only if the attempt is the student's, of this
 * exam, in progress and within its deadline plus the grace period, and only if this save is not older than the
 * one stored. When it writes nothing, a second look says why.
 */
export async function saveAnswer(
  db: TDb,
  user: TSessionUser,
  attemptId: string,
  questionId: string,
  input: z.output<typeof ZAnswerInput>,
  options: { offlineGraceMinutes?: number } = {},
): Promise<{ savedAt: string; clientSeq: number }> {
  assertStudent(user);
  const write = await answerWriteOf(db, user, attemptId, questionId, input);
  // The question or option was removed by an edit in the last moment (see SAVE_VERSION_MAX_AGE_MS).
  const invalidOnForeignKey = (err: unknown) => {
    if (isForeignKeyViolation(err)) throw new AppError("ANSWER_INVALID");
    throw err;
  };
  const written = await writeAnswer(db, write).catch(invalidOnForeignKey);
  if (written) return { savedAt: written.updatedAt.toISOString(), clientSeq: written.clientSeq };
  // An answer made offline before the deadline, back after it (decision 0056): only here, off the hot path.
  if (input.answeredAt) {
    const late = await saveLateAnswer(db, user, write, new Date(input.answeredAt), options.offlineGraceMinutes ?? OFFLINE_GRACE_MINUTES).catch(invalidOnForeignKey);
    if (late) return late;
  }

  const storedAnswer = async () => (await db.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, attemptId), eq(studentAnswers.questionId, questionId))))[0];
  await refuseUnlessOpen(db, user, attemptId, input.examId, questionId);
  const stored = await storedAnswer();
  // A newer save for this question is already stored: this one changes nothing, and that is a success.
  if (stored && stored.clientSeq >= input.clientSeq) return { savedAt: stored.updatedAt.toISOString(), clientSeq: stored.clientSeq };
  // Otherwise the batch skipped the attempt while a submission or the sweep was marking it: write it alone,
  // waiting for the marking — it is then stored before the mark, or refused as the attempt has closed.
  const alone = await writeAnswerAlone(db, write).catch(invalidOnForeignKey);
  if (alone) return { savedAt: alone.updatedAt.toISOString(), clientSeq: alone.clientSeq };
  await refuseUnlessOpen(db, user, attemptId, input.examId, questionId);
  const now = await storedAnswer();
  return { savedAt: (now?.updatedAt ?? new Date()).toISOString(), clientSeq: now?.clientSeq ?? input.clientSeq };
}

/** Why a save found nothing to write to: no such attempt of this student's, or it has closed (by the clock or a submission). */
async function refuseUnlessOpen(db: TDb, user: TSessionUser, attemptId: string, examId: string, questionId: string): Promise<void> {
  const [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id), eq(studentExams.examId, examId)));
  if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND");
  if (attempt.status === "in_progress" && isPastGrace(attempt)) {
    await finalizeAttempt(db, attempt.id, { atDeadline: true });
    throw new AppError("TIME_UP", { details: { attemptId } });
  }
  if (attempt.status !== "in_progress") throw new AppError(attempt.deadlineAt && isPastGrace(attempt) ? "TIME_UP" : "ATTEMPT_ALREADY_COMPLETED", { details: { attemptId } });
  // A question of another form is no question of this attempt's (the save statement writes none).
  if (attempt.formId) {
    const [inForm] = await db.select({ one: sql`1` }).from(examFormQuestions).where(and(eq(examFormQuestions.formId, attempt.formId), eq(examFormQuestions.questionId, questionId)));
    if (!inForm) throw new AppError("ANSWER_INVALID");
  }
}

// ---- submit, grade, and close

/** Marks one answer (SPEC §4; docs/decisions/0005). null score = waits for a teacher. */
export function markAnswer(key: TQuestionKey, answer: Pick<TAnswerRow, "selectedOptionId" | "answerText" | "matchingAnswer" | "response"> | undefined): { isCorrect: boolean | null; score: number | null } {
  // The item types of issue 36 mark themselves (shared/item-types, decision 0057). A question of such a type without
  // its content cannot be saved (ZQuestionInput); were one stored, it earns nothing rather than failing the submit.
  if (isItemType(key.type)) return key.interaction ? markInteraction(key.interaction, answer?.response, key.points) : { isCorrect: false, score: 0 };
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
export async function finalizeAttempt(db: TDbOrTx, attemptId: string, options: { atDeadline?: boolean; auto?: boolean } = {}): Promise<TAttemptRow> {
  const closed = await db.transaction((tx) => closeAttempts(tx, [{ key: attemptId, attemptId, how: () => options }]));
  const closing = closed.get(attemptId);
  if (!closing) throw new AppError("ATTEMPT_NOT_FOUND");
  // After the commit: a platform that links the exam gets the score by a job (issue 38).
  if (closing.marked && closing.attempt.status === "graded") await queueScorePassback(db, [closing.attempt]);
  return closing.attempt;
}

/** What a closing read and wrote: the marked answers and the version they were marked against (null when the attempt
 *  was closed already), so a submission is answered without reading them again. */
type TClosing = { attempt: TAttemptRow; marked: { answers: TShownAnswer[]; version: TExamVersion | null } | null };
/** One closing asked for: `how` says, from the attempt as locked, whether it closes at its deadline or by the timer;
 *  `studentId`, when given, must own the attempt (a submission), or it is not found. */
type TCloseRequest = { key: string; attemptId: string; studentId?: string; how: (attempt: TAttemptRow) => { atDeadline?: boolean; auto?: boolean } };

const toAttemptRow = rowMapper(studentExams);

/**
 * Closes attempts in the caller's transaction, answering each request by its key (none: not found). At the end of
 * a sitting thousands submit in the same minutes while everyone else still saves, so submissions go together
 * (submitAttempt): whatever their number, a closing is four round trips — lock the attempts, read the exams'
 * versions and the answers, then the marks, the closings and the trail in one statement. Under the lock no save can
 * change an answer (a save holds its attempt's row for key share), so the answers read and the marks made are what
 * is stored, and each page is answered from them.
 */
async function closeAttempts(tx: TDbOrTx, requests: TCloseRequest[]): Promise<Map<string, TClosing>> {
  const ids = [...new Set(requests.map((r) => r.attemptId))];
  // Locked in the order of their ids, so two batches (two processes) wanting the same attempts cannot deadlock.
  const locked = await tx.select().from(studentExams).where(inArray(studentExams.id, ids)).orderBy(asc(studentExams.id)).for("update");
  const byId = new Map(locked.map((a) => [a.id, a]));
  const result = new Map<string, TClosing>();
  // The first request for an attempt in progress decides how it closes; a double press is given the same answer.
  const closers = new Map<string, TCloseRequest[]>();
  for (const r of requests) {
    const attempt = byId.get(r.attemptId);
    if (!attempt || (r.studentId && attempt.studentId !== r.studentId)) continue;
    if (attempt.status !== "in_progress") result.set(r.key, { attempt, marked: null });
    else if (closers.has(attempt.id)) closers.get(attempt.id)!.push(r);
    else closers.set(attempt.id, [r]);
  }
  if (closers.size === 0) return result;

  const open = [...closers.keys()];
  const versions = new Map<string, TExamVersion | null>();
  for (const examId of new Set(open.map((id) => byId.get(id)!.examId))) versions.set(examId, await getExamVersion(tx, examId));
  const answersOf = new Map<string, Map<string, TAnswerRow>>(open.map((id) => [id, new Map()]));
  for (const a of await tx.select().from(studentAnswers).where(inArray(studentAnswers.studentExamId, open))) answersOf.get(a.studentExamId)!.set(a.questionId, a);

  const marking: { attempt_id: string; question_id: string; student_id: string; exam_id: string; is_correct: boolean | null; score: number | null }[] = [];
  const closings: { id: string; status: TAttemptRow["status"]; completed_at: string; score: number | null }[] = [];
  const trail: { exam_id: string; student_id: string; kind: "submitted" | "auto_submitted" }[] = [];
  const shown = new Map<string, TShownAnswer[]>();
  for (const [id, [first]] of closers) {
    const attempt = byId.get(id)!;
    const options = first!.how(attempt);
    const byQuestion = answersOf.get(id)!;
    // Every question gets a row (an unanswered one is marked too).
    const version = versions.get(attempt.examId);
    const form = formOf(version, attempt);
    // Only the questions the attempt was given: an attempt with a form is marked out of its form's.
    const keys = new Map([...(version?.keys ?? new Map<string, TQuestionKey>())].filter(([questionId]) => !form || form.has(questionId)));
    const marks = [...keys.entries()].map(([questionId, key]) => ({ questionId, ...markAnswer(key, byQuestion.get(questionId)) }));
    const pending = marks.some((m) => m.score === null);
    const total = Math.round(marks.reduce((sum, m) => sum + (m.score ?? 0), 0) * 100) / 100;
    for (const m of marks) marking.push({ attempt_id: id, question_id: m.questionId, student_id: attempt.studentId, exam_id: attempt.examId, is_correct: m.isCorrect, score: m.score });
    closings.push({
      id,
      status: pending ? "completed" : "graded",
      completed_at: (options.atDeadline && attempt.deadlineAt ? attempt.deadlineAt : new Date()).toISOString(),
      score: pending ? null : total,
    });
    // Closed by the clock (the page's own timer, or the server after the deadline) or by the student.
    trail.push({ exam_id: attempt.examId, student_id: attempt.studentId, kind: options.atDeadline || options.auto ? "auto_submitted" : "submitted" });
    shown.set(
      id,
      marks.length
        ? marks.map(({ questionId }) => byQuestion.get(questionId) ?? { questionId, selectedOptionId: null, answerText: null, matchingAnswer: null, response: null, clientSeq: 0 })
        : [...byQuestion.values()],
    );
  }
  // The rows go as JSON, one parameter each whatever their number (a batch of exams of many questions would pass
  // the protocol's 65,535 parameters as a list of values).
  const closed = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`with marking as (
        insert into ${studentAnswers} (student_exam_id, question_id, student_id, exam_id, is_correct, score)
        select attempt_id, question_id, student_id, exam_id, is_correct, score
        from jsonb_to_recordset(${JSON.stringify(marking)}::jsonb) as m(attempt_id uuid, question_id uuid, student_id uuid, exam_id uuid, is_correct boolean, score numeric)
        on conflict (student_exam_id, question_id) do update set is_correct = excluded.is_correct, score = excluded.score
      ), trail as (
        insert into ${attemptEvents} (exam_id, student_id, kind)
        select exam_id, student_id, kind::attempt_event_kind
        from jsonb_to_recordset(${JSON.stringify(trail)}::jsonb) as t(exam_id uuid, student_id uuid, kind text)
      ), closing as (
        update ${studentExams} se
        set status = c.status::attempt_status, completed_at = c.completed_at, score = c.score, marked_at = now()
        from jsonb_to_recordset(${JSON.stringify(closings)}::jsonb) as c(id uuid, status text, completed_at timestamptz, score numeric)
        where se.id = c.id
        returning se.*
      )
      select * from closing`),
  ).map(toAttemptRow);
  // The figures (analytics/figures.ts) in the same transaction: the attempts were in progress, so counted nothing.
  await applyFigures(tx, open, 1);
  for (const attempt of closed) {
    const marked = { answers: shown.get(attempt.id)!, version: versions.get(attempt.examId) ?? null };
    for (const r of closers.get(attempt.id)!) result.set(r.key, { attempt, marked });
  }
  return result;
}

/** How early the page's timer may say "time is up" and still be believed (its clock is the server's, estimated). */
const AUTO_SUBMIT_EARLY_MS = 5000;

/** How many submission transactions this process has run (the tests read it). */
export const submitTransactions = { count: 0 };
const submitters = new WeakMap<TDb, (key: string, request: TCloseRequest) => Promise<TClosing | undefined>>();

/**
 * Submissions that arrive while one is in the database go together in the next transaction (closeAttempts), as
 * starts do (attempt-starter.ts): measured at 20,000 students, a submission each with its own round trips and commit
 * held the server's thread in the last minutes, and the saves waiting behind it passed 150 ms at p99. A batch the
 * database refuses as a whole is tried one by one (batchWriter), so it fails only the one that fails alone.
 */
function submitTogether(db: TDb, request: TCloseRequest): Promise<TClosing | undefined> {
  let submit = submitters.get(db);
  if (!submit) {
    submit = batchWriter((batch: TCloseRequest[]) => {
      submitTransactions.count++;
      return db.transaction((tx) => closeAttempts(tx, batch));
    }, 200);
    submitters.set(db, submit);
  }
  return submit(request.key, request);
}

export async function submitAttempt(db: TDb, user: TSessionUser, attemptId: string, options: { auto?: boolean } = {}): Promise<TAttemptState> {
  assertStudent(user);
  const closing = await submitTogether(db, {
    key: `${attemptId}:${user.id}`,
    attemptId,
    studentId: user.id,
    how: (attempt) => ({
      // Submitting after the deadline is what the timer's auto-submit does: the saved answers stand.
      atDeadline: isPastGrace(attempt),
      // The trail says "submitted by the timer" only when the time really was (nearly) up.
      auto: !!options.auto && !!attempt.deadlineAt && Date.now() >= attempt.deadlineAt.getTime() - AUTO_SUBMIT_EARLY_MS,
    }),
  });
  if (!closing) throw new AppError("ATTEMPT_NOT_FOUND");
  const { attempt: closed, marked } = closing;
  // After the commit: a platform that links the exam gets the score by a job (issue 38).
  if (marked && closed.status === "graded") await queueScorePassback(db, [closed]);
  // At the end of a sitting thousands submit in the same minutes: answer from what was just marked.
  if (marked) return presentState(db, closed, marked.version, { now: new Date(), answers: marked.answers });
  return presentState(db, closed, await getExamVersion(db, closed.examId));
}

/** The key of the attempt sweep's advisory lock (a constant no other lock of the app uses). */
export const ATTEMPT_SWEEP_LOCK = 0x51a5_0001;

/**
 * Closes attempts whose deadline and grace have passed. Every worker and instance runs this on a timer; a
 * PostgreSQL advisory lock, held for each round's transaction, lets one of them do a round while the others skip
 * it (issue 17) — nothing is closed twice, and nothing is worked on twice. Rounds are short (SWEEP_ROUND attempts)
 * so the embedded database, which has one connection, is never held for long; each attempt is closed in its own
 * savepoint, so one that fails (reported through `onError`) does not hold back the others.
 */
export async function sweepExpiredAttempts(db: TDb, options: { onError?: (err: unknown, attemptId: string) => void } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const round = await sweepRound(db, options.onError);
    total += round.closed;
    if (round.skipped || round.due < SWEEP_ROUND || round.closed === 0) return total;
  }
}

const SWEEP_ROUND = 50;

async function sweepRound(db: TDb, onError?: (err: unknown, attemptId: string) => void): Promise<{ skipped: boolean; due: number; closed: number }> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${ATTEMPT_SWEEP_LOCK}::bigint) as got`));
    if (!lock?.got) return { skipped: true, due: 0, closed: 0 };
    const due = await tx
      .select({ id: studentExams.id })
      .from(studentExams)
      .where(and(eq(studentExams.status, "in_progress"), lt(studentExams.deadlineAt, sql`now() - ${GRACE}`)))
      .orderBy(asc(studentExams.deadlineAt))
      .limit(SWEEP_ROUND);
    let closed = 0;
    // In the order of their ids, as a batch of submissions locks them (closeAttempts), so the two cannot deadlock.
    for (const id of due.map((d) => d.id).sort()) {
      try {
        await finalizeAttempt(tx, id, { atDeadline: true });
        closed++;
      } catch (err) {
        onError?.(err, id);
      }
    }
    return { skipped: false, due: due.length, closed };
  });
}
