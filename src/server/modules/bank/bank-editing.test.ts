// Editing bank items from the bank page (issue 34): an item's passage as the exam editor gives it (formatting,
// picture, clip), the versions' authors, and the exam detail's "version N available" per question.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import { bankItemVersions, questions, studentExams } from "../../db/schema";
import type { TBankItemDetail, TBankItemInput } from "../../../shared/schemas/bank";
import type { TExamDetail } from "../../../shared/schemas/exam";

let h: THarness;
const c = {} as Record<"teacher" | "colleague" | "student" | "otherTeacher", string>;
const names = {} as Record<"teacher" | "colleague", string>;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  h = await createHarness();
  const a = await h.makeSchool("bank_edit_a");
  const b = await h.makeSchool("bank_edit_b");
  for (const [key, role, school, type] of [
    ["teacher", "teacher", a, "school"],
    ["colleague", "teacher", a, "school"],
    ["student", "student", a, "student"],
    ["otherTeacher", "teacher", b, "school"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: `Name of ${key}` });
    c[key] = await h.signIn(u.email, u.password, type);
    if (key === "teacher" || key === "colleague") names[key] = `Name of ${key}`;
  }
});
afterAll(async () => {
  await h?.close();
});

const req = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });
const upload = async (cookie: string) => {
  const { payload, headers } = multipart([{ name: "file", filename: "map.png", type: "image/png", content: PNG }]);
  const res = await h.request({ method: "POST", url: "/api/media", cookie, payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};

const QUESTION = { type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" } as const;
const DOC = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "نص ", marks: [] }, { type: "text", text: "مهم", marks: [{ type: "bold" }] }] }] };

describe("an item's passage", () => {
  it("keeps its formatting, picture and clip; another's upload is refused", async () => {
    const image = await upload(c.teacher);
    const input: TBankItemInput = { subjectId: "arabic", grade: 8, question: QUESTION, passage: { titleAr: "نص", titleEn: "Text", textAr: "نص مهم", textEn: "", docAr: DOC as never, image: { id: image, altAr: "خريطة", altEn: "Map" } } };
    const res = await req(c.teacher, "POST", "/api/bank", input);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as TBankItemDetail;
    const passage = item.versions[0]!.content.passage!;
    expect(passage).toMatchObject({ textAr: "نص مهم", image: { id: image, altAr: "خريطة", altEn: "Map" } });
    expect(JSON.stringify(passage.docAr)).toContain("bold");
    // The colleague reads the item and its picture; another school's teacher neither.
    expect((await req(c.colleague, "GET", `/api/media/${image}`)).statusCode).toBe(200);
    expect((await req(c.otherTeacher, "GET", `/api/media/${image}`)).statusCode).toBe(404);
    // Someone else's upload, or a made-up id, in the passage is refused.
    const theirs = await upload(c.otherTeacher);
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      const bad = await req(c.teacher, "POST", "/api/bank", { ...input, passage: { ...input.passage, image: { id, altAr: "", altEn: "" } } });
      expect(bad.statusCode, `${id}: ${bad.body}`).toBe(400);
      expect(bad.json()).toMatchObject({ code: "IMAGE_NOT_YOURS" });
    }
    const badDoc = await req(c.teacher, "POST", "/api/bank", { ...input, passage: { ...input.passage, docAr: { type: "nonsense" } } });
    expect(badDoc.statusCode).toBe(400);
  });
});

describe("versions", () => {
  it("name their authors, and the exam detail says which questions have a newer version", async () => {
    const made = await req(c.teacher, "POST", "/api/exams", { titleAr: "اختبار", titleEn: "Exam", subjectId: "arabic", durationMinutes: 30, status: "published", questions: [QUESTION] });
    expect(made.statusCode, made.body).toBe(201);
    const exam = made.json() as TExamDetail;
    const [row] = await h.db.select().from(questions).where(eq(questions.id, exam.questions[0]!.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    expect(exam.questions[0]!.bank).toEqual({ itemId: v!.itemId, version: 1, newestVersion: 1 });
    // Seen, then edited by a colleague from the bank: version 2, which the exam has not taken.
    expect((await req(c.student, "POST", `/api/student/exams/${exam.id}/attempt`, {})).statusCode).toBe(200);
    await h.db.update(studentExams).set({ status: "completed" }).where(eq(studentExams.examId, exam.id));
    const put = await req(c.colleague, "PUT", `/api/bank/${v!.itemId}`, { subjectId: "arabic", question: { ...QUESTION, questionTextEn: "Opposite of long?" } });
    expect(put.statusCode, put.body).toBe(200);
    const item = put.json() as TBankItemDetail;
    expect(item.versions.map((x) => [x.version, x.authorName])).toEqual([
      [2, names.colleague],
      [1, names.teacher],
    ]);
    const detail = (await req(c.teacher, "GET", `/api/exams/${exam.id}`)).json() as TExamDetail;
    expect(detail.questions[0]!.bank).toEqual({ itemId: v!.itemId, version: 1, newestVersion: 2 });
    const took = (await req(c.teacher, "POST", `/api/exams/${exam.id}/take-versions`, { questionIds: [exam.questions[0]!.id] })).json() as TExamDetail;
    expect(took.questions[0]!.bank).toEqual({ itemId: v!.itemId, version: 2, newestVersion: 2 });
  });
});
