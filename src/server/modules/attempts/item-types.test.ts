// The item types of issue 36 through the API (docs/decisions/0057): authored in an exam save (bad content refused),
// the paper without the key, a response saved (bad ones refused), marked at submit with partial credit, and kept in
// the bank version.
import fs from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { validateXML } from "xmllint-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import { bankItemVersions, questions, studentAnswers, studentExams } from "../../db/schema";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TPaper } from "../../../shared/schemas/attempt";

let h: THarness;
let teacher: string;
let school: string;

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_item_types", "مدرسة الأنواع");
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
  { type: "numeric", questionTextAr: "كم طول الضلع؟", questionTextEn: "How long is the side?", points: 2, interaction: { type: "numeric", answer: "٣٫٥", tolerance: 0.1, unitAr: "سم", unitEn: "cm" } },
  { type: "ordering", questionTextAr: "رتّب", questionTextEn: "Put in order", points: 4, interaction: { type: "ordering", scoring: "per_pair", items: ["a", "b", "c", "d", "e"].map((id) => entry(id)) } },
  { type: "true_false", questionTextAr: "صح؟", questionTextEn: "True?", points: 1, options: [{ optionTextAr: "صح", optionTextEn: "True", isCorrect: true }, { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false }] },
];
const examInput = (qs: TExamInput["questions"]): TExamInput => ({ titleAr: "أنواع الأسئلة", titleEn: "Item types", subjectId: "arabic", durationMinutes: 30, status: "published", schoolIds: [], questions: qs });

async function student(): Promise<string> {
  const s = await h.makeUser("student", { schoolId: school });
  return h.signIn(s.email, s.password, "student");
}
const save = (c: string, attemptId: string, questionId: string, body: object) => h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${questionId}`, cookie: c, payload: body });

describe("item types through the API", () => {
  it("refuses a question of a new type without its content, with another type's, or with bad content — one message each", async () => {
    const bad = async (q: object) => {
      const res = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: examInput([q as never]) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string };
    };
    const base = { questionTextAr: "س", questionTextEn: "Q", points: 1 };
    expect((await bad({ ...base, type: "ordering" })).code).toBe("VALIDATION_FAILED");
    expect((await bad({ ...base, type: "ordering", interaction: { type: "numeric", answer: 1 } })).code).toBe("VALIDATION_FAILED");
    expect((await bad({ ...base, type: "ordering", interaction: { type: "ordering", items: [entry("a")] } })).code).toBe("ORDERING_MIN_ITEMS");
    expect((await bad({ ...base, type: "numeric", interaction: { type: "numeric", answer: "three" } })).code).toBe("NUMERIC_ANSWER_INVALID");
    expect((await bad({ ...base, type: "multiple_response", interaction: { type: "multiple_response", choices: [entry("a"), entry("b")] } })).code).toBe("QUESTION_NO_CORRECT_OPTION");
  });

  it("saves them, shows the paper without the key, refuses bad responses and marks with partial credit at submit", async () => {
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: examInput(QUESTIONS) });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as { id: string; questions: { id: string; type: string; interaction: unknown }[] };
    const [mr, num, ord, tf] = exam.questions.map((q) => q.id) as [string, string, string, string];
    // The editor reads back what it wrote, the author's Arabic digits read as a number.
    expect(exam.questions[1]!.interaction).toMatchObject({ type: "numeric", answer: 3.5, tolerance: 0.1, toleranceMode: "absolute" });
    // The bank version holds it, so the item travels with its content.
    const [row] = await h.db.select({ v: questions.itemVersionId }).from(questions).where(eq(questions.id, ord));
    const [version] = await h.db.select({ content: bankItemVersions.content }).from(bankItemVersions).where(eq(bankItemVersions.id, row!.v));
    expect(version!.content.interaction).toMatchObject({ type: "ordering", scoring: "per_pair" });

    const cookie = await student();
    const paperRes = await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie });
    const paper = paperRes.json() as TPaper;
    // No key anywhere: no "correct", no answer, no tolerance; ordering's items not in the key's order.
    expect(paperRes.body).not.toMatch(/"correct"|"answer"|"tolerance"/);
    expect(paper.questions.map((q) => q.interaction?.type ?? null)).toEqual(["multiple_response", "numeric", "ordering", null]);
    expect(paper.questions[1]!.interaction).toEqual({ type: "numeric", unitAr: "سم", unitEn: "cm" });
    const shown = paper.questions[2]!.interaction;
    if (shown?.type !== "ordering") throw new Error("ordering");
    expect(shown.items.map((i) => i.id)).not.toEqual(["a", "b", "c", "d", "e"]);

    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie })).json() as { id: string };
    // Bad responses: another type's, a response beside a choice, a response to an old type, the wrong shape, too long.
    for (const [q, body] of [
      [mr, { examId: exam.id, response: { type: "numeric", value: "3" }, clientSeq: 1 }],
      [mr, { examId: exam.id, response: { type: "multiple_response", chosen: ["two"] }, answerText: "x", clientSeq: 1 }],
      [tf, { examId: exam.id, response: { type: "multiple_response", chosen: ["two"] }, clientSeq: 1 }],
      [ord, { examId: exam.id, response: { type: "ordering", order: "a,b" }, clientSeq: 1 }],
      [num, { examId: exam.id, response: { type: "numeric", value: "1".repeat(41) }, clientSeq: 1 }],
    ] as const) {
      const res = await save(cookie, attempt.id, q, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(["ANSWER_INVALID", "TEXT_TOO_LONG"]).toContain((res.json() as { code: string }).code);
    }
    const ok = async (q: string, response: object) => expect((await save(cookie, attempt.id, q, { examId: exam.id, response, clientSeq: 2 })).statusCode).toBe(200);
    await ok(mr, { type: "multiple_response", chosen: ["two", "three", "four"] }); // 2 right, 1 wrong of 3 right: 1 of 3 points
    await ok(num, { type: "numeric", value: "٣٫٦" }); // within 0.1, inclusive: 2
    await ok(ord, { type: "ordering", order: ["e", "a", "b", "c", "d"] }); // 3 of 4 pairs: 3 of 4 points
    // The saved answer comes back as saved (a reload shows it).
    const state = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie })).json() as { answers: { questionId: string; response: unknown }[] };
    expect(state.answers.find((a) => a.questionId === num)?.response).toEqual({ type: "numeric", value: "٣٫٦" });

    const submitted = await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const marks = await h.db.select({ q: studentAnswers.questionId, score: studentAnswers.score, ok: studentAnswers.isCorrect }).from(studentAnswers).where(eq(studentAnswers.studentExamId, attempt.id));
    const by = new Map(marks.map((m) => [m.q, m]));
    expect(by.get(mr)).toMatchObject({ score: 1, ok: false });
    expect(by.get(num)).toMatchObject({ score: 2, ok: true });
    expect(by.get(ord)).toMatchObject({ score: 3, ok: false });
    expect(by.get(tf)).toMatchObject({ score: 0, ok: false });
    const [closed] = await h.db.select({ score: studentExams.score, status: studentExams.status }).from(studentExams).where(eq(studentExams.id, attempt.id));
    expect(closed).toEqual({ score: 6, status: "graded" });
  });
});

const XSD_DIR = path.join(import.meta.dirname, "..", "qti", "fixtures", "xsd");
const ASI_XSD = "imsqti_asiv3p0_sbacv1p0_v1p0.xsd";

describe("QTI 3.0 export of the item types", () => {
  it("writes each as its QTI interaction, scored as Qias marks it, valid against the QTI 3.0 schema", { timeout: 180_000 }, async () => {
    const qs: TExamInput["questions"] = [
      QUESTIONS[0]!,
      { ...QUESTIONS[0]!, interaction: { ...(QUESTIONS[0]!.interaction as object), scoring: "all_or_nothing" } as never },
      QUESTIONS[1]!,
      QUESTIONS[2]!,
      { ...QUESTIONS[2]!, interaction: { type: "ordering", scoring: "per_item", items: ["a", "b", "c"].map((id) => entry(id)) } },
    ];
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: examInput(qs) });
    expect(created.statusCode, created.body).toBe(201);
    const res = await h.request({ method: "GET", url: `/api/exams/${(created.json() as { id: string }).id}/qti`, cookie: teacher });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(res.rawPayload);
    const items = ["Q1.xml", "Q2.xml", "Q3.xml", "Q4.xml", "Q5.xml"];
    const xml = (name: string) => strFromU8(files[name]!);
    // Partial: a mapping, right choices +1 (3 points / 3), wrong −1, floored at 0.
    expect(xml("Q1.xml")).toContain('<qti-mapping default-value="0" lower-bound="0" upper-bound="3">');
    expect(xml("Q1.xml")).toContain('<qti-map-entry map-key="C4" mapped-value="-1"/>');
    expect(xml("Q1.xml")).toContain('max-choices="0"');
    // All or nothing: the points when the response is the correct one.
    expect(xml("Q2.xml")).toMatch(/<qti-match><qti-variable identifier="RESPONSE"\/><qti-correct identifier="RESPONSE"\/><\/qti-match>/);
    expect(xml("Q3.xml")).toContain('<qti-equal tolerance-mode="absolute" tolerance="0.1 0.1" include-lower-bound="true" include-upper-bound="true">');
    expect(xml("Q3.xml")).toContain("<qti-value>3.5</qti-value>");
    expect(xml("Q4.xml")).toContain("<qti-order-interaction");
    expect(xml("Q4.xml").match(/<qti-or>/g)).toHaveLength(4);
    expect(xml("Q5.xml").match(/<qti-index n=/g)).toHaveLength(3);
    const xsds = fs.readdirSync(XSD_DIR).filter((f) => f.endsWith(".xsd")).map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(XSD_DIR, fileName), "utf8") }));
    const result = await validateXML({ xml: items.map((fileName) => ({ fileName, contents: xml(fileName) })), schema: xsds.filter((x) => x.fileName === ASI_XSD), preload: xsds.filter((x) => x.fileName !== ASI_XSD), maxMemoryPages: 4096 });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);

    // Imported again (QTI 3.0), each comes back as the same type with the same key and credit (its ids renamed).
    const { payload, headers } = multipart([{ name: "file", filename: "item-types.zip", type: "application/zip", content: Buffer.from(res.rawPayload) }]);
    const imported = await h.request({ method: "POST", url: "/api/exams/import/qti", cookie: teacher, payload, headers });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = (imported.json() as { exams: { questions: { type: string; interaction: Record<string, unknown> | null }[] }[] }).exams[0]!;
    const withoutIds = (i: Record<string, unknown> | null) => JSON.parse(JSON.stringify(i, (k, v: unknown) => (k === "id" ? undefined : v))) as unknown;
    const original = (created.json() as { questions: { type: string; interaction: Record<string, unknown> | null }[] }).questions;
    expect(copy.questions.map((q) => q.type)).toEqual(["multiple_response", "multiple_response", "numeric", "ordering", "ordering"]);
    // The units are the one thing a QTI text entry does not carry back (they are the item body's text).
    expect(copy.questions.map((q) => withoutIds(q.interaction))).toEqual(original.map((q) => withoutIds(q.type === "numeric" ? { ...q.interaction, unitAr: "", unitEn: "" } : q.interaction)));
  });
});
