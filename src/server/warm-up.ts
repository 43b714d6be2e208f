// Before the server takes traffic, the answer-save path runs a few hundred times with ids that match nothing:
// V8 compiles the hot functions, and the pool opens its connections and prepares its statements. Without it a
// freshly started server fell behind for its first seconds of an exam morning (docs/decisions/0007).
// Nothing is written: the session token belongs to no one and the attempts do not exist.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { writeAnswer } from "./modules/attempts/answer-writer";
import { SESSION_COOKIE } from "./http/context";

export async function warmUp(app: FastifyInstance, rounds = 300, parallel = 10): Promise<void> {
  const cookie = `${SESSION_COOKIE}=warm-up-${randomUUID()}`;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = 0; i < rounds / parallel; i++) {
        const examId = randomUUID();
        await app.inject({
          method: "PUT",
          url: `/api/attempts/${randomUUID()}/answers/${randomUUID()}`,
          headers: { cookie },
          payload: { examId, answerText: "warm-up", clientSeq: 1 },
        });
        await writeAnswer(app.db, { attemptId: randomUUID(), questionId: randomUUID(), studentId: randomUUID(), examId, selectedOptionId: null, answerText: "warm-up", matching: null, clientSeq: 1 });
      }
    }),
  );
}
