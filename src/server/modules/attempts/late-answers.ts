// Answers made offline that come back after the deadline (issue 37, docs/decisions/0056). The take page journals
// every change on the device with the moment it was made, in server time (`answeredAt`), and sends the journal when
// the network returns. The hot path (answer-writer.ts) never looks at the stamp: within the deadline and the grace
// for saves in flight an answer is an answer. Only a save that path refused comes here, and only with a stamp:
//  - stamped at or before the deadline, arriving within deadline + the offline grace (OFFLINE_GRACE_MINUTES,
//    default 15): stored and marked, also when the attempt was closed by the clock meanwhile — the attempt waits
//    as "completed" and is marked again by the attempt sweep seconds after its last late answer (storeLate says why);
//  - stamped at or before the deadline, arriving later: kept in held_answers, with an 'answer_held' event in the
//    trail, for a proctor to accept (applied and marked, as above) or refuse (kept, marked refused);
//  - stamped after the deadline, or no stamp: refused as before (TIME_UP); a stamp in the future (beyond a small
//    tolerance for the page's estimate of the server's clock) or before the attempt started is no moment the answer
//    could have been made: ANSWER_STAMP_INVALID.
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import { examFormQuestions, exams, heldAnswers, profiles, questionOptions, questions, studentAnswers, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { queueScorePassback } from "../../lti/ags";
import type { TResponse } from "../../../shared/item-types";
import type { TSessionUser } from "../../../shared/permissions";
import type { THeldAnswerItem, THeldDecision } from "../../../shared/schemas/sitting";
import { loadAttemptInReach, reachOf } from "../results/results.service";
import { forgetLiveView, loadSittingFor } from "../sittings/sittings.service";
import { GRACE, type TAnswerWrite } from "./answer-writer";
import { finalizeAttempt, markAnswer, recordEvent } from "./attempts.service";
import { recountFigures } from "../analytics/figures";
import { getExamVersion } from "./paper";
import { assertExamWritable } from "../years/guard";

type TAttemptRow = typeof studentExams.$inferSelect;

/** How far ahead of the server's clock a stamp may be: the page estimates the server's time from its round trips. */
export const STAMP_FUTURE_TOLERANCE_MS = 2 * 60_000;
/** An attempt completed this long before its deadline was submitted by the student, not closed by the clock (as
 *  submitAttempt's AUTO_SUBMIT_EARLY_MS): no late answer reopens what the student handed in. */
const CLOSED_BY_CLOCK_MS = 5000;

type TSaved = { savedAt: string; clientSeq: number };

/** A stamped save after the deadline, one of a device's journal (answer-batch.ts) or a single save. */
export type TLateItem = { write: TAnswerWrite; answeredAt: Date | null };
/**
 * What the offline rules did with one: stored (or a newer save of it is: a success), held for the proctor, or
 * refused with its code; null when they do not apply (in time, stamped after the deadline, no stamp, an attempt the
 * student handed in) — the single save's own path then answers as before.
 */
export type TLateOutcome = ({ outcome: "stored" } & TSaved) | { outcome: "held" } | { outcome: "refused"; code: "ANSWER_STAMP_INVALID" | "ANSWER_INVALID" } | null;

/**
 * A stamped save the hot path did not store. Returns what was stored, null when the offline rules do not apply (the
 * caller then refuses it as before), or throws ANSWER_HELD_FOR_PROCTOR once the answer is kept for the proctor.
 */
export async function saveLateAnswer(db: TDb, user: TSessionUser, write: TAnswerWrite, answeredAt: Date, graceMinutes: number): Promise<TSaved | null> {
  const [attempt] = await db
    .select()
    .from(studentExams)
    .where(and(eq(studentExams.id, write.attemptId), eq(studentExams.studentId, user.id), eq(studentExams.examId, write.examId)));
  if (!attempt) return null;
  const [late] = await settleLateAnswers(db, attempt, [{ write, answeredAt }], graceMinutes);
  if (!late) return null;
  if (late.outcome === "refused") throw new AppError(late.code);
  if (late.outcome === "held") throw new AppError("ANSWER_HELD_FOR_PROCTOR", { details: { attemptId: attempt.id } });
  return { savedAt: late.savedAt, clientSeq: late.clientSeq };
}

/**
 * The offline rules for saves of one attempt (the student's: the caller found it) that came after the deadline, a
 * whole journal at once: the stamps checked one by one, then those within the grace stored in one transaction (one
 * lock of the attempt, one push of its re-marking: storeLate) and those past it held in one. One place for the
 * rules, the single save being a journal of one.
 */
export async function settleLateAnswers(db: TDb, found: TAttemptRow, items: readonly TLateItem[], graceMinutes: number): Promise<TLateOutcome[]> {
  const out: TLateOutcome[] = items.map(() => null);
  let attempt = found;
  if (!attempt.deadlineAt) return out;
  const now = Date.now();
  const deadline = attempt.deadlineAt.getTime();
  // Still within the time: the hot path stores those whatever their stamp (it skipped this one for a reason the
  // caller deals with) — nothing changes for answers within the deadline.
  if (now <= deadline) return out;
  let late: number[] = [];
  items.forEach(({ answeredAt }, i) => {
    if (!answeredAt) return;
    if (answeredAt.getTime() > now + STAMP_FUTURE_TOLERANCE_MS || answeredAt.getTime() < attempt.startedAt.getTime()) out[i] = { outcome: "refused", code: "ANSWER_STAMP_INVALID" };
    // Made after the deadline: not a late answer, refused as before.
    else if (answeredAt.getTime() <= deadline) late.push(i);
  });
  if (!late.length) return out;
  if (attempt.formId) {
    const inForm = new Set(
      (
        await db
          .select({ questionId: examFormQuestions.questionId })
          .from(examFormQuestions)
          .where(and(eq(examFormQuestions.formId, attempt.formId), inArray(examFormQuestions.questionId, late.map((i) => items[i]!.write.questionId))))
      ).map((r) => r.questionId),
    );
    for (const i of late) if (!inForm.has(items[i]!.write.questionId)) out[i] = { outcome: "refused", code: "ANSWER_INVALID" };
    late = late.filter((i) => !out[i]);
    if (!late.length) return out;
  }
  if (attempt.status === "in_progress") {
    // Its time is over: close it as the sweep would, then the answer is late like any other.
    if (!(await refusedByTheClock(db, attempt))) return out;
    attempt = await finalizeAttempt(db, attempt.id, { atDeadline: true });
  }
  if (!closedByTheClock(attempt)) return out;
  const writes = late.map((i) => items[i]!.write);

  if (now <= deadline + graceMinutes * 60_000) {
    const settled = await db.transaction(async (tx) => {
      const locked = await lockAttempt(tx, attempt.id);
      if (!locked || !closedByTheClock(locked)) return null;
      // A closed year's attempt takes no late answer (its answers are archived, its figures frozen); the guard's share
      // lock also makes a close wait for these answers, and then see the attempt waiting to be marked again (closeYear).
      await assertExamWritable(tx, locked.examId);
      const stored = new Map((await storeLate(tx, locked, writes)).map((s) => [s.questionId, s]));
      const skipped = writes.filter((w) => !stored.has(w.questionId)).map((w) => w.questionId);
      // A newer save of these questions is stored already: this one changes nothing, and that is a success.
      const newer = skipped.length
        ? await tx.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, attempt.id), inArray(studentAnswers.questionId, skipped)))
        : [];
      for (const n of newer) stored.set(n.questionId, { questionId: n.questionId, savedAt: n.updatedAt.toISOString(), clientSeq: n.clientSeq });
      return stored;
    });
    if (!settled) return out;
    if (attempt.sittingId) forgetLiveView(attempt.sittingId);
    for (const i of late) {
      const s = settled.get(items[i]!.write.questionId);
      out[i] = s ? { outcome: "stored", savedAt: s.savedAt, clientSeq: s.clientSeq } : { outcome: "stored", savedAt: new Date().toISOString(), clientSeq: items[i]!.write.clientSeq };
    }
    return out;
  }

  await db.transaction(async (tx) => {
    // Held for a proctor who could never accept it in a closed year: refused as closed instead.
    await assertExamWritable(tx, attempt.examId);
    for (const i of late) {
      const { write } = items[i]!;
      // One waits per question: a newer save of it replaces an older one still waiting (a retry changes nothing).
      const rows = rowsOf<{ inserted: boolean }>(
        await tx.execute(sql`
          insert into ${heldAnswers} (attempt_id, question_id, selected_option_id, answer_text, matching_answer, response, client_seq, answered_at)
          values (${write.attemptId}, ${write.questionId}, ${write.selectedOptionId}, ${write.answerText}, ${write.matching}::jsonb, ${write.response ?? null}::jsonb, ${write.clientSeq}, ${items[i]!.answeredAt!.toISOString()}::timestamptz)
          on conflict (attempt_id, question_id) where decision = 'pending' do update set
            selected_option_id = excluded.selected_option_id, answer_text = excluded.answer_text, matching_answer = excluded.matching_answer,
            response = excluded.response, client_seq = excluded.client_seq, answered_at = excluded.answered_at, arrived_at = now()
          where ${heldAnswers.clientSeq} <= excluded.client_seq
          returning (xmax = 0) as inserted`),
      );
      if (rows[0]?.inserted) await recordEvent(tx, { examId: attempt.examId, studentId: attempt.studentId, kind: "answer_held" });
      out[i] = { outcome: "held" };
    }
    await tx.update(studentExams).set({ pendingAnswers: null }).where(eq(studentExams.id, attempt.id));
  });
  if (attempt.sittingId) forgetLiveView(attempt.sittingId);
  return out;
}

/** Past the grace for saves in flight, by the database's clock (the one the hot path refused it by). */
async function refusedByTheClock(db: TDbOrTx, attempt: TAttemptRow): Promise<boolean> {
  const [row] = await db
    .select({ past: sql<boolean>`now() > ${studentExams.deadlineAt} + ${GRACE}` })
    .from(studentExams)
    .where(eq(studentExams.id, attempt.id));
  return !!row?.past;
}

function closedByTheClock(attempt: TAttemptRow): boolean {
  return attempt.status !== "in_progress" && !!attempt.deadlineAt && !!attempt.completedAt && attempt.completedAt.getTime() >= attempt.deadlineAt.getTime() - CLOSED_BY_CLOCK_MS;
}

async function lockAttempt(tx: TDbOrTx, attemptId: string): Promise<TAttemptRow | undefined> {
  const [row] = await tx.select().from(studentExams).where(eq(studentExams.id, attemptId)).for("update");
  return row;
}

/**
 * A late answer within the grace, the way a whole school coming back after the deadline sends them: 30 answers a
 * device, one request each, all devices at once. Marking the attempt again at each answer moved its contribution
 * to the exam's shared summary rows (analytics/figures.ts) out and in again 30 times, every device's transaction
 * queueing on the same rows: 142 answers/s and a 7-minute catch-up at 2,000 devices on PostgreSQL
 * (bench:offline-return SCENARIO=after-deadline) — long enough to push answers past the grace. So the answer is
 * stored and marked at once, and the attempt is taken out of the figures once (graded → completed, "being marked
 * again", which counts in no item's sums) with `remark_after` a moment ahead; each late answer pushes it on, and
 * the attempt sweep marks it again once none has come for that moment (remarkLateAttempts): two passes over the
 * shared rows per device instead of sixty. A column on the attempt, not a queued job: it is written by the row the
 * late answer locks anyway, so no job can be "running" while a new late answer needs another (a dedupe key lost
 * that race), and a late answer costs no extra statement.
 */
async function storeLate(tx: TDbOrTx, attempt: TAttemptRow, writes: TAnswerWrite[]): Promise<(TSaved & { questionId: string })[]> {
  const leave = { markedAt: sql`now()`, pendingAnswers: null, remarkAfter: sql`now() + make_interval(secs => ${LATE_REMARK_QUIET_SECONDS})` };
  if (attempt.status !== "graded") {
    // Completed and not graded counts in no item's, option's or skill's sums: nothing to move.
    const stored = await storeAnswers(tx, attempt, writes);
    if (stored.length) await tx.update(studentExams).set(leave).where(eq(studentExams.id, attempt.id));
    return stored;
  }
  return recountFigures(tx, [attempt.id], async () => {
    const stored = await storeAnswers(tx, attempt, writes);
    if (stored.length) await tx.update(studentExams).set({ ...leave, status: "completed", score: null }).where(eq(studentExams.id, attempt.id));
    return stored;
  });
}

/** The quiet after an attempt's last late answer before it is marked again. */
export const LATE_REMARK_QUIET_SECONDS = 3;
const REMARK_ROUND = 50;

/**
 * Marks again the attempts whose late answers have stopped (storeLate): each in its own transaction, its total
 * worked out again and its contribution put back in the figures, then its score passed back. Run by the attempt
 * sweep (every ATTEMPT_SWEEP_SECONDS); instances share the work (SKIP LOCKED) and each attempt is looked at again
 * under its lock. Returns how many were marked.
 */
export async function remarkLateAttempts(db: TDb): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await db
      .select({ id: studentExams.id })
      .from(studentExams)
      .where(sql`${studentExams.remarkAfter} <= now()`)
      .orderBy(studentExams.remarkAfter)
      .limit(REMARK_ROUND);
    let round = 0;
    for (const { id } of due) {
      const marked = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(studentExams).where(and(eq(studentExams.id, id), sql`${studentExams.remarkAfter} <= now()`)).for("update", { skipLocked: true });
        if (!locked) return null;
        return recountFigures(tx, [id], () => markAttempt(tx, locked));
      });
      if (!marked) continue;
      round++;
      if (marked.sittingId) forgetLiveView(marked.sittingId);
      await passback(db, marked);
    }
    total += round;
    // A full round of attempts all locked by late answers still arriving (skipped) would be read again at once: the
    // next sweep takes them.
    if (due.length < REMARK_ROUND || round === 0) return total;
  }
}

/** As storeAnswers then markAttempt, with the attempt's figures (analytics/figures.ts) out before and in again after: the proctor's acceptance. */
function applyAndMark(tx: TDbOrTx, attempt: TAttemptRow, writes: TAnswerWrite[]): Promise<{ stored: (TSaved & { questionId: string })[]; marked: TAttemptRow }> {
  return recountFigures(tx, [attempt.id], async () => {
    const stored = await storeAnswers(tx, attempt, writes);
    return { stored, marked: stored.length ? await markAttempt(tx, attempt) : attempt };
  });
}

/**
 * Stores answers of a closed attempt and marks each (markAnswer, the one rule, as at submission), each only if it is
 * not older than the one stored (clientSeq); a teacher's mark of the answer it replaces goes with it.
 */
async function storeAnswers(tx: TDbOrTx, attempt: TAttemptRow, writes: TAnswerWrite[]): Promise<(TSaved & { questionId: string })[]> {
  const version = await getExamVersion(tx, attempt.examId);
  const stored: (TSaved & { questionId: string })[] = [];
  for (const w of writes) {
    const key = version?.keys.get(w.questionId);
    const value = { selectedOptionId: w.selectedOptionId, answerText: w.answerText, matchingAnswer: w.matching ? (JSON.parse(w.matching) as (number | null)[]) : null, response: w.response ? (JSON.parse(w.response) as TResponse) : null };
    // A question no longer in the exam's current version earns nothing, as at submission.
    const mark = key ? markAnswer(key, value) : { isCorrect: false, score: 0 };
    const rows = rowsOf<{ updated_at: string | Date; client_seq: number }>(
      await tx.execute(sql`
        insert into ${studentAnswers} (student_exam_id, question_id, student_id, exam_id, selected_option_id, answer_text, matching_answer, response, client_seq, is_correct, score, updated_at)
        values (${w.attemptId}, ${w.questionId}, ${w.studentId}, ${attempt.examId}, ${w.selectedOptionId}, ${w.answerText}, ${w.matching}::jsonb, ${w.response ?? null}::jsonb, ${w.clientSeq}, ${mark.isCorrect}, ${mark.score}, now())
        on conflict (student_exam_id, question_id) do update set
          selected_option_id = excluded.selected_option_id, answer_text = excluded.answer_text, matching_answer = excluded.matching_answer,
          response = excluded.response, client_seq = excluded.client_seq, is_correct = excluded.is_correct, score = excluded.score,
          teacher_comment = null, graded_by_id = null, updated_at = now()
        where ${studentAnswers.clientSeq} <= excluded.client_seq
        returning updated_at, client_seq`),
    );
    if (rows[0]) stored.push({ questionId: w.questionId, savedAt: new Date(rows[0].updated_at).toISOString(), clientSeq: Number(rows[0].client_seq) });
  }
  return stored;
}

/**
 * The attempt's total worked out again: graded when nothing waits for a teacher, else completed (a new essay answer
 * waits for its teacher again). marked_at moves, so the results and analytics cached under it are worked out afresh.
 */
async function markAttempt(tx: TDbOrTx, attempt: TAttemptRow): Promise<TAttemptRow> {
  const waiting = sql`(select count(*) from ${studentAnswers} sa where sa.student_exam_id = ${attempt.id} and sa.score is null)`;
  const total = sql`(select round(coalesce(sum(sa.score), 0), 2) from ${studentAnswers} sa where sa.student_exam_id = ${attempt.id})`;
  const [marked] = await tx
    .update(studentExams)
    .set({
      status: sql`case when ${waiting} = 0 then 'graded' else 'completed' end::attempt_status`,
      score: sql`case when ${waiting} = 0 then ${total} end`,
      markedAt: sql`now()`,
      remarkAfter: null,
    })
    .where(eq(studentExams.id, attempt.id))
    .returning();
  return marked!;
}

/** After the commit: a platform that links the exam gets the new score by a job (issue 38). */
async function passback(db: TDb, attempt: TAttemptRow) {
  if (attempt.status === "graded") await queueScorePassback(db, [attempt]);
}

// ---- the proctor's decision

/**
 * Accepts or refuses an attempt's held answers (the ones named, or all that wait): accepted ones are applied as a
 * late save and the attempt marked again, in one transaction with the decision and the trail. Who: the staff who
 * may grant the attempt time (the one rule: loadAttemptInReach, as grantTime).
 */
export async function decideHeldAnswers(db: TDb, actor: TSessionUser, attemptId: string, input: THeldDecision): Promise<{ decided: number; score: number | null; status: TAttemptRow["status"] }> {
  if (actor.role === "student") throw new AppError("RESULT_NOT_FOUND");
  await loadAttemptInReach(db, actor, attemptId);
  const done = await db.transaction((tx) => decideForAttempt(tx, actor, attemptId, input));
  if (!done) throw new AppError("HELD_ANSWER_NOT_FOUND");
  if (done.marked.sittingId) forgetLiveView(done.marked.sittingId);
  if (input.decision === "accept") await passback(db, done.marked);
  return { decided: done.decided, score: done.marked.score, status: done.marked.status };
}

/**
 * The proctor's decision for a whole sitting (issue 37): every answer held in it for a student in the actor's reach
 * (the rule of granting time: reachOf, as loadAttemptInReach), accepted or refused in ONE transaction — all or none —
 * each an event in its attempt's trail. Who may see the sitting is the live view's rule (loadSittingFor).
 */
export async function decideSittingHeldAnswers(db: TDb, actor: TSessionUser, sittingId: string, decision: THeldDecision["decision"]): Promise<{ decided: number; attempts: number }> {
  const { sitting } = await loadSittingFor(db, actor, sittingId);
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .selectDistinct({ id: studentExams.id })
      .from(heldAnswers)
      .innerJoin(studentExams, eq(studentExams.id, heldAnswers.attemptId))
      .innerJoin(exams, eq(exams.id, studentExams.examId))
      .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
      .where(and(eq(studentExams.sittingId, sitting.id), eq(heldAnswers.decision, "pending"), reachOf(actor)))
      .orderBy(studentExams.id); // always the same order of locks: two proctors deciding at once cannot deadlock
    const each: { decided: number; marked: TAttemptRow }[] = [];
    for (const { id } of rows) {
      const one = await decideForAttempt(tx, actor, id, { decision });
      if (one) each.push(one);
    }
    return each;
  });
  if (!done.length) throw new AppError("HELD_ANSWERS_NONE_IN_SITTING");
  forgetLiveView(sitting.id);
  if (decision === "accept") for (const d of done) await passback(db, d.marked);
  return { decided: done.reduce((n, d) => n + d.decided, 0), attempts: done.length };
}

/** The answers of an attempt that wait for a decision, for the proctor to judge one by one (who: as deciding). */
export async function listHeldAnswers(db: TDb, actor: TSessionUser, attemptId: string): Promise<THeldAnswerItem[]> {
  if (actor.role === "student") throw new AppError("RESULT_NOT_FOUND");
  await loadAttemptInReach(db, actor, attemptId);
  const rows = await db
    .select({ held: heldAnswers, q: questions, option: questionOptions })
    .from(heldAnswers)
    .innerJoin(questions, eq(questions.id, heldAnswers.questionId))
    .leftJoin(questionOptions, eq(questionOptions.id, heldAnswers.selectedOptionId))
    .where(and(eq(heldAnswers.attemptId, attemptId), eq(heldAnswers.decision, "pending")))
    .orderBy(questions.position, heldAnswers.answeredAt);
  return rows.map(({ held, q, option }) => ({
    id: held.id,
    questionId: held.questionId,
    question: { ar: q.questionTextAr, en: q.questionTextEn },
    choice: option ? { ar: option.optionTextAr, en: option.optionTextEn } : null,
    text: held.answerText,
    answeredAt: held.answeredAt.toISOString(),
    arrivedAt: held.arrivedAt.toISOString(),
  }));
}

/** One attempt's decision inside the caller's transaction; null when nothing named waits. */
async function decideForAttempt(tx: TDbOrTx, actor: TSessionUser, attemptId: string, input: THeldDecision): Promise<{ decided: number; marked: TAttemptRow } | null> {
  const attempt = await lockAttempt(tx, attemptId);
  if (!attempt) throw new AppError("RESULT_NOT_FOUND");
  // A closed year's marks do not move (decision 0059).
  await assertExamWritable(tx, attempt.examId);
  const waiting = await tx
    .select()
    .from(heldAnswers)
    .where(and(eq(heldAnswers.attemptId, attemptId), eq(heldAnswers.decision, "pending"), input.heldIds ? inArray(heldAnswers.id, input.heldIds.length ? input.heldIds : [attemptId]) : undefined))
    .for("update");
  if (!waiting.length || (input.heldIds && waiting.length !== new Set(input.heldIds).size)) return null;
  let marked = attempt;
  if (input.decision === "accept") {
    const writes = waiting.map((h) => ({
      attemptId,
      questionId: h.questionId,
      studentId: attempt.studentId,
      examId: attempt.examId,
      selectedOptionId: h.selectedOptionId,
      answerText: h.answerText,
      matching: h.matchingAnswer ? JSON.stringify(h.matchingAnswer) : null,
      response: h.response ? JSON.stringify(h.response) : null,
      clientSeq: h.clientSeq,
    }));
    marked = (await applyAndMark(tx, attempt, writes)).marked;
  }
  await tx
    .update(heldAnswers)
    .set({ decision: input.decision === "accept" ? "accepted" : "refused", decidedById: actor.id, decidedAt: sql`now()` })
    .where(inArray(heldAnswers.id, waiting.map((h) => h.id)));
  for (let i = 0; i < waiting.length; i++) await recordEvent(tx, { examId: attempt.examId, studentId: attempt.studentId, kind: input.decision === "accept" ? "held_accepted" : "held_refused", actorId: actor.id });
  return { decided: waiting.length, marked };
}
