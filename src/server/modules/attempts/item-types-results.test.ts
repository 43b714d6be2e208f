// The item types of issue 36 after submit (docs/decisions/0057): the result shows the response as saved and, to staff
// only, the key; item analysis counts their partial credit, their answers as answers, and multiple response's choices.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../../test/harness";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TResult } from "../../../shared/schemas/attempt";
import type { TItemAnalysis } from "../../../shared/schemas/analytics";

let h: THarness;
let teacher: string;
let school: string;

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_item_results", "مدرسة النتائج");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

const entry = (id: string, extra: object = {}) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, ...extra });
const QUESTIONS: TExamInput["questions"] = [
  {
    type: "multiple_response",
    questionTextAr: "اختر الأعداد الأولية",
    questionTextEn: "Choose the primes",
    points: 3,
    interaction: { type: "multiple_response", scoring: "partial", choices: [entry("two", { correct: true }), entry("three", { correct: true }), entry("five", { correct: true }), entry("four"), entry("six")] },
  },
  { type: "numeric", questionTextAr: "كم طول الضلع؟", questionTextEn: "How long is the side?", points: 2, interaction: { type: "numeric", answer: 3.5, tolerance: 0.1, unitAr: "سم", unitEn: "cm" } },
  { type: "ordering", questionTextAr: "رتّب", questionTextEn: "Put in order", points: 4, interaction: { type: "ordering", scoring: "per_pair", items: ["a", "b", "c", "d", "e"].map((id) => entry(id)) } },
];

async function sit(examId: string, qids: string[], responses: (object | null)[]): Promise<string> {
  const s = await h.makeUser("student", { schoolId: school });
  const cookie = await h.signIn(s.email, s.password, "student");
  const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie })).json() as { id: string };
  for (const [i, response] of responses.entries()) {
    if (!response) continue;
    const res = await h.request({ method: "PUT", url: `/api/attempts/${attempt.id}/answers/${qids[i]}`, cookie, payload: { examId, response, clientSeq: 1 } });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie, payload: {} })).statusCode).toBe(200);
  return (await h.request({ method: "GET", url: `/api/attempts/${attempt.id}/result`, cookie })).body + `\n${attempt.id}`;
}

describe("item types in the result and the item analysis", () => {
  it("the result shows the response as saved and the partial mark; the key to staff only", async () => {
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: { titleAr: "نتائج", titleEn: "Results", subjectId: "arabic", durationMinutes: 30, status: "published", schoolIds: [], questions: QUESTIONS } });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as { id: string; questions: { id: string }[] };
    const qids = exam.questions.map((q) => q.id);
    const [body, attemptId] = (await sit(exam.id, qids, [{ type: "multiple_response", chosen: ["two", "three", "four"] }, { type: "numeric", value: "٣٫٦" }, { type: "ordering", order: ["e", "a", "b", "c", "d"] }])).split("\n");
    // The student's own result: responses and marks, no key anywhere.
    expect(body).not.toMatch(/"correct"|"answer":\d|"tolerance"/);
    const mine = JSON.parse(body!) as TResult;
    expect(mine.questions.map((q) => q.answer.response)).toEqual([
      { type: "multiple_response", chosen: ["two", "three", "four"] },
      { type: "numeric", value: "٣٫٦" },
      { type: "ordering", order: ["e", "a", "b", "c", "d"] },
    ]);
    expect(mine.questions.map((q) => q.score)).toEqual([1, 2, 3]);
    expect(mine.questions.map((q) => q.key)).toEqual([null, null, null]);
    expect(mine.questions[1]!.interaction).toEqual({ type: "numeric", unitAr: "سم", unitEn: "cm" });
    expect(mine.questions[0]!.interaction).toMatchObject({ type: "multiple_response", choices: [{ id: "two", textAr: "ع two", textEn: "E two" }, {}, {}, {}, {}] });

    // The teacher: the same, and the key.
    const staff = (await h.request({ method: "GET", url: `/api/attempts/${attemptId}/result`, cookie: teacher })).json() as TResult;
    expect(staff.questions[1]!.key?.interaction).toMatchObject({ type: "numeric", answer: 3.5, tolerance: 0.1 });
    expect(staff.questions[0]!.key?.interaction).toMatchObject({ type: "multiple_response", choices: [{ id: "two", correct: true }, {}, {}, { id: "four", correct: false }, {}] });
    expect(staff.questions[2]!.key?.interaction).toMatchObject({ type: "ordering", items: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e" }] });
    expect(staff.questions[0]!.answer.response).toEqual({ type: "multiple_response", chosen: ["two", "three", "four"] });

    // Two more sittings: one all right, one with nothing answered.
    await sit(exam.id, qids, [{ type: "multiple_response", chosen: ["two", "three", "five"] }, { type: "numeric", value: "3.5" }, { type: "ordering", order: ["a", "b", "c", "d", "e"] }]);
    await sit(exam.id, qids, [{ type: "multiple_response", chosen: [] }, null, null]);
    const analysis = (await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/items`, cookie: teacher })).json() as TItemAnalysis;
    expect(analysis.attempts).toBe(3);
    const [mr, num, ord] = analysis.questions;
    // Facility is the mean mark over the points, partial credit included: (1 + 3 + 0) / 3 / 3.
    expect(mr!.facility).toBeCloseTo(4 / 9, 6);
    expect(num!.facility).toBeCloseTo(4 / 6, 6);
    expect(ord!.facility).toBeCloseTo(7 / 12, 6);
    expect(mr!.discrimination).not.toBeNull();
    // A response is an answer: only the sitting that left them empty omitted them.
    expect([mr, num, ord].map((q) => q!.omittedRate)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // Multiple response: how often each choice was ticked, the right ones marked, and no answer.
    expect(mr!.options.map((o) => [o.id, o.isCorrect, Number(o.share.toFixed(4))])).toEqual([
      ["two", true, 0.6667],
      ["three", true, 0.6667],
      ["five", true, 0.3333],
      ["four", false, 0.3333],
      ["six", false, 0],
      ["omitted", false, 0.3333],
    ]);
  });
});
