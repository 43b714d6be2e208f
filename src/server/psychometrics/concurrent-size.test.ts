// A concurrent calibration's inputs at a ministry's year (issue 39): two exams of 200,000 attempts each are put
// together without spreading their ids as arguments (V8's stack overflowed: a 500 from bench:ministry). The exams'
// matrices are stand-ins (examResponses mocked): what is tested is the merge, not the database.
import { describe, expect, it, vi } from "vitest";
import type { TDbOrTx } from "../db/client";

const PERSONS = 200_000;
vi.mock("./calibrate-exam", () => ({
  examResponses: async (_db: unknown, examId: string) => ({
    matrix: { items: ["q1", "q2"], nPersons: PERSONS, data: new Int8Array(PERSONS * 2).fill(1) },
    questions: ["q1", "q2"].map((q, i) => ({ questionId: `${examId}-${q}`, itemVersionId: i === 0 ? "shared" : `${examId}-own`, position: i + 1, type: "multiple_choice", maxScore: 1 })),
    attemptIds: Array.from({ length: PERSONS }, (_, p) => `${examId}-${p}`),
  }),
}));

describe("concurrentResponses at the year's size", () => {
  it("puts two exams of 200,000 attempts together, every attempt once, in order", async () => {
    const { concurrentResponses } = await import("./concurrent");
    const r = await concurrentResponses({} as TDbOrTx, ["a", "b"]);
    expect(r.attemptIds).toHaveLength(2 * PERSONS);
    expect(r.attemptIds[0]).toBe("a-0");
    expect(r.attemptIds[PERSONS]).toBe("b-0");
    expect(r.matrix.nPersons).toBe(2 * PERSONS);
    // The shared item version is one column; each exam's own, one more.
    expect(r.columns.map((c) => c.itemVersionId).sort()).toEqual(["a-own", "b-own", "shared"]);
  });
});
