// A device's journal for one attempt in one request (issue 37, decision 0056). A school coming back online after
// the deadline sent its answers one save each: ~8 statements and a lock of the attempt per answer, so at 2,000
// devices × 30 answers the catch-up took minutes and pushed answers past the offline grace (held for a proctor
// though they came back in time). Here the late ones are settled together (settleLateAnswers: one transaction, one
// lock, one push of the re-marking); whatever the offline rules leave (in time, stamped after the deadline, no
// stamp) goes through the single save, whose hot path batches it with everyone's — the same rules, in one place each.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { OFFLINE_GRACE_MINUTES } from "../../../shared/limits";
import type { TSessionUser } from "../../../shared/permissions";
import type { TAnswerBatchResult, ZAnswerBatch } from "../../../shared/schemas/attempt";
import { answerWriteOf, assertStudent, saveAnswer } from "./attempts.service";
import { settleLateAnswers, type TLateItem, type TLateOutcome } from "./late-answers";

type TResult = TAnswerBatchResult["results"][number];

/** A refusal the single save answers with, as this entry's outcome; anything else (the database, a bug) fails the request. */
function settled(questionId: string, err: unknown): TResult {
  if (!(err instanceof AppError)) throw err;
  if (err.code === "ANSWER_HELD_FOR_PROCTOR") return { questionId, outcome: "held" };
  return { questionId, outcome: "refused", code: err.code };
}

export async function saveAnswerBatch(
  db: TDb,
  user: TSessionUser,
  attemptId: string,
  input: z.output<typeof ZAnswerBatch>,
  options: { offlineGraceMinutes?: number } = {},
): Promise<TAnswerBatchResult> {
  assertStudent(user);
  const [attempt] = await db.select().from(studentExams).where(and(eq(studentExams.id, attemptId), eq(studentExams.studentId, user.id), eq(studentExams.examId, input.examId)));
  if (!attempt) throw new AppError("ATTEMPT_NOT_FOUND");
  const { examId, entries } = input;
  const single = (i: number) => {
    const { questionId, ...answer } = entries[i]!;
    return saveAnswer(db, user, attemptId, questionId, { examId, ...answer }, options).then(
      (saved): TResult => ({ questionId, outcome: "stored", ...saved }),
      (err: unknown) => settled(questionId, err),
    );
  };

  const results: (TResult | null)[] = entries.map(() => null);
  const items: { index: number; item: TLateItem }[] = [];
  await Promise.all(
    entries.map(async ({ questionId, ...answer }, index) => {
      try {
        const write = await answerWriteOf(db, user, attemptId, questionId, { examId, ...answer });
        items.push({ index, item: { write, answeredAt: answer.answeredAt ? new Date(answer.answeredAt) : null } });
      } catch (err) {
        results[index] = settled(questionId, err);
      }
    }),
  );
  items.sort((a, b) => a.index - b.index);
  let late: TLateOutcome[];
  try {
    late = await settleLateAnswers(db, attempt, items.map((i) => i.item), options.offlineGraceMinutes ?? OFFLINE_GRACE_MINUTES);
  } catch (err) {
    // A question or option removed by an edit a moment ago: each alone, so that one is refused and the rest stored.
    if (!isForeignKeyViolation(err)) throw err;
    late = items.map(() => null);
  }
  await Promise.all(
    items.map(async ({ index }, k) => {
      const outcome = late[k];
      const questionId = entries[index]!.questionId;
      if (!outcome) results[index] = await single(index);
      else if (outcome.outcome === "stored") results[index] = { questionId, outcome: "stored", savedAt: outcome.savedAt, clientSeq: outcome.clientSeq };
      else if (outcome.outcome === "held") results[index] = { questionId, outcome: "held" };
      else results[index] = { questionId, outcome: "refused", code: outcome.code };
    }),
  );
  return { results: results.map((r) => r!) };
}
