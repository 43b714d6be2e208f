// Passages and formatted texts (issue 18) through the real routes: authoring, the student's copy, and every bad
// input an author's browser (or anyone else) could send.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { passages, questions } from "../../db/schema";
import type { TExamDetail, TExamInput } from "../../../shared/schemas/exam";
import type { TPaper } from "../../../shared/schemas/attempt";
import type { TRichDoc } from "../../../shared/rich-text";

let h: THarness;
let teacher: string;
let otherTeacher: string;
let student: string;
let outsider: string;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.makeSchool("school_own");
  const other = await h.makeSchool("school_other");
  const t = await h.makeUser("teacher", { schoolId: own });
  teacher = await h.signIn(t.email, t.password, "school");
  const t2 = await h.makeUser("teacher", { schoolId: other });
  otherTeacher = await h.signIn(t2.email, t2.password, "school");
  const s = await h.makeUser("student", { schoolId: own });
  student = await h.signIn(s.email, s.password, "student");
  const s2 = await h.makeUser("student", { schoolId: other });
  outsider = await h.signIn(s2.email, s2.password, "student");
});
afterAll(async () => {
  await h?.close();
});

const underlined: TRichDoc = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "أعرب ما تحته خط: " },
        { type: "text", text: "يَقْرَأُ", marks: [{ type: "underline" }] },
        { type: "text", text: " الطالبُ القصةَ." },
      ],
    },
  ],
};
const passageDoc: TRichDoc = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "كان " }, { type: "text", text: "الصدقُ", marks: [{ type: "bold" }] }, { type: "text", text: " خُلُقَ الأنبياء." }] },
    { type: "paragraph", attrs: { dir: "ltr" }, content: [{ type: "text", text: "Honesty is the best policy." }] },
  ],
};

const tf = (ar: string, en: string, passageKey: string | null = null) => ({
  type: "true_false" as const,
  questionTextAr: ar,
  questionTextEn: en,
  points: 1,
  passageKey,
  options: [
    { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
    { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
  ],
});

function readingExam(over: Partial<TExamInput> = {}): TExamInput {
  return {
    titleAr: "الفهم القرائي",
    titleEn: "Reading Comprehension",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    passages: [{ key: "p1", titleAr: "الصدق", titleEn: "Honesty", textAr: "ignored: the document says", docAr: passageDoc }],
    questions: [
      tf("الصدق خلق الأنبياء.", "Honesty is the prophets' way.", "p1"),
      tf("سؤال مستقل.", "A question on its own."),
      { ...tf("x", "The word underlined is a verb.", "p1"), questionDocAr: underlined },
      tf("الكذب من الصدق.", "Lying is honesty.", "p1"),
    ],
    ...over,
  };
}

const create = (c: string, body: unknown) => h.request({ method: "POST", url: "/api/exams", cookie: c, payload: body as object });
const update = (c: string, id: string, body: unknown) => h.request({ method: "PUT", url: `/api/exams/${id}`, cookie: c, payload: body as object });
const paperOf = (c: string, id: string) => h.request({ method: "GET", url: `/api/student/exams/${id}/paper`, cookie: c });

/** The saved exam as the editor sends it back: passages keyed by their ids. */
function resend(exam: TExamDetail, change: (input: TExamInput) => TExamInput = (x) => x): TExamInput {
  return change({
    titleAr: exam.titleAr,
    titleEn: exam.titleEn,
    subjectId: exam.subject.id,
    durationMinutes: exam.durationMinutes,
    status: exam.status,
    passages: exam.passages.map((p) => ({ ...p, key: p.id })),
    questions: exam.questions.map((q) => ({ ...q, passageKey: q.passageId })),
  });
}

describe("passages", () => {
  it("stores a passage with its questions together, the formatting, and the plain texts derived from it", async () => {
    const res = await create(teacher, readingExam());
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json() as TExamDetail;
    expect(exam.passages).toHaveLength(1);
    const [p] = exam.passages;
    // The plain text is the document's, not what the browser sent beside it; tashkeel kept as typed.
    expect(p!.textAr).toBe("كان الصدقُ خُلُقَ الأنبياء.\nHonesty is the best policy.");
    expect(p!.docAr).toEqual(passageDoc);
    expect(p!.textEn).toBe("");
    // The passage's questions stand together, where the first of them stood.
    expect(exam.questions.map((q) => q.questionTextEn)).toEqual(["Honesty is the prophets' way.", "The word underlined is a verb.", "Lying is honesty.", "A question on its own."]);
    expect(exam.questions.map((q) => q.passageId)).toEqual([p!.id, p!.id, p!.id, null]);
    expect(exam.questions[1]!.questionTextAr).toBe("أعرب ما تحته خط: يَقْرَأُ الطالبُ القصةَ.");
    expect(exam.questions[1]!.questionDocAr).toEqual(underlined);
    // A text without formatting keeps no document.
    expect(exam.questions[0]!.questionDocAr).toBeNull();
  });

  it("gives the student the passage and the formatting, never the key; other schools get nothing", async () => {
    const exam = (await create(teacher, readingExam())).json() as TExamDetail;
    const res = await paperOf(student, exam.id);
    expect(res.statusCode).toBe(200);
    const paper = res.json() as TPaper;
    expect(paper.passages).toEqual([{ id: exam.passages[0]!.id, titleAr: "الصدق", titleEn: "Honesty", textAr: exam.passages[0]!.textAr, textEn: "", docAr: passageDoc, docEn: null, image: null, audio: null }]);
    expect(paper.questions.filter((q) => q.passageId === exam.passages[0]!.id)).toHaveLength(3);
    expect(paper.questions[1]!.questionDocAr).toEqual(underlined);
    expect(res.body).not.toContain("isCorrect");
    expect((await paperOf(outsider, exam.id)).statusCode).toBe(404);
  });

  it("keeps a passage's id across saves, changes the student's copy (and its ETag), and removes a passage no longer named", async () => {
    const exam = (await create(teacher, readingExam())).json() as TExamDetail;
    const before = await paperOf(student, exam.id);
    const id = exam.passages[0]!.id;
    const edited = (await update(teacher, exam.id, resend(exam, (x) => ({ ...x, passages: x.passages!.map((p) => ({ ...p, titleEn: "On honesty" })) })))).json() as TExamDetail;
    expect(edited.passages.map((p) => [p.id, p.titleEn])).toEqual([[id, "On honesty"]]);
    const after = await paperOf(student, exam.id);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as TPaper).passages[0]!.titleEn).toBe("On honesty");

    const res = await update(teacher, exam.id, resend(edited, (x) => ({ ...x, passages: [], questions: x.questions!.map((q) => ({ ...q, passageKey: null })) })));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TExamDetail).passages).toEqual([]);
    expect(await h.db.select().from(passages).where(eq(passages.examId, exam.id))).toEqual([]);
    expect((await h.db.select({ p: questions.passageId }).from(questions).where(eq(questions.examId, exam.id))).every((q) => q.p === null)).toBe(true);
  });

  it("treats another exam's passage id as a new passage, and leaves the other exam alone", async () => {
    const theirs = (await create(otherTeacher, readingExam())).json() as TExamDetail;
    const theirId = theirs.passages[0]!.id;
    const mine = await create(teacher, readingExam({ passages: [{ id: theirId, key: theirId, titleAr: "مختطف", textAr: "نص" }], questions: [tf("س", "Q", theirId)] }));
    expect(mine.statusCode, mine.body).toBe(201);
    const exam = mine.json() as TExamDetail;
    expect(exam.passages[0]!.id).not.toBe(theirId);
    expect(exam.questions[0]!.passageId).toBe(exam.passages[0]!.id);
    const [untouched] = await h.db.select().from(passages).where(eq(passages.id, theirId));
    expect(untouched!.titleAr).toBe("الصدق");
    expect(untouched!.examId).toBe(theirs.id);
  });

  it("refuses a passage without questions or text, a question naming no passage, and repeated keys", async () => {
    const cases: [Partial<TExamInput>, string, string][] = [
      [{ passages: [{ key: "p1", textAr: "نص" }, { key: "p2", textAr: "نص آخر" }] }, "passages.1", "PASSAGE_NO_QUESTIONS"],
      [{ passages: [{ key: "p1", titleAr: "عنوان" }] }, "passages.0.textAr", "PASSAGE_TEXT_REQUIRED"],
      [{ passages: [{ key: "p1", textAr: "نص", docAr: { type: "doc", content: [{ type: "paragraph" }] } }] }, "passages.0.textAr", "PASSAGE_TEXT_REQUIRED"],
      [{ passages: [{ key: "p1", textAr: "نص" }], questions: [tf("س", "Q", "p1"), tf("س", "Q", "nope")] }, "questions.1.passageKey", "PASSAGE_NOT_FOUND"],
      [{ passages: [{ key: "p1", textAr: "نص" }, { key: "p1", textAr: "نص" }], questions: [tf("س", "Q", "p1")] }, "passages.1.key", "VALIDATION_FAILED"],
      [{ passages: [{ key: "p1", textAr: "ن".repeat(20_001) }], questions: [tf("س", "Q", "p1")] }, "passages.0.textAr", "TEXT_TOO_LONG"],
      [{ passages: [{ key: "", textAr: "نص" }], questions: [tf("س", "Q", "")] }, "passages.0.key", "VALIDATION_FAILED"],
      [{ passages: [{ key: 7, textAr: "نص" }] as never }, "passages.0.key", "VALIDATION_FAILED"],
      [{ passages: "p1" as never }, "passages", "VALIDATION_FAILED"],
    ];
    for (const [over, path, code] of cases) {
      const res = await create(teacher, readingExam(over));
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      const body = res.json() as { fields: { path: string; code: string }[] };
      expect(body.fields, res.body).toContainEqual(expect.objectContaining({ path, code }));
    }
  });

  it("refuses formatting that is not ours (markup, links, scripts, odd directions) and keeps text as text", async () => {
    const bad: unknown[] = [
      { type: "doc", content: [{ type: "html", html: "<img src=x onerror=alert(1)>" }] },
      { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }] }] },
      { type: "doc", content: [{ type: "paragraph", attrs: { dir: '"><script>' }, content: [{ type: "text", text: "x" }] }] },
      { type: "doc", content: [{ type: "image", attrs: { src: "https://evil.example/x.svg" } }] },
      "<p><b>x</b></p>",
    ];
    for (const doc of bad) {
      const res = await create(teacher, readingExam({ questions: [{ ...tf("س", "Q", "p1"), questionDocAr: doc as TRichDoc }] }));
      expect(res.statusCode, JSON.stringify(doc)).toBe(400);
    }
    // Angle brackets typed by an author are words: stored and sent as the text they are.
    const script = "<script>alert(1)</script>";
    const doc: TRichDoc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: script, marks: [{ type: "bold" }] }] }] };
    const exam = (await create(teacher, readingExam({ questions: [{ ...tf("x", "Q", "p1"), questionDocAr: doc }] }))).json() as TExamDetail;
    expect(exam.questions[0]!.questionTextAr).toBe(script);
    const paper = (await paperOf(student, exam.id)).json() as TPaper;
    expect(paper.questions[0]!.questionDocAr).toEqual(doc);
  });

  it("refuses formatting on an option that is not ours, and keeps an option's own", async () => {
    const bold: TRichDoc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "الإخلاص", marks: [{ type: "bold" }] }] }] };
    const q = { ...tf("س", "Q", "p1"), options: [{ optionTextAr: "", optionTextEn: "True", optionDocAr: bold, isCorrect: true }, { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false }] };
    const ok = await create(teacher, readingExam({ questions: [q] }));
    expect(ok.statusCode, ok.body).toBe(201);
    const option = (ok.json() as TExamDetail).questions[0]!.options[0]!;
    expect([option.optionTextAr, option.optionDocAr]).toEqual(["الإخلاص", bold]);
    const bad = { ...q, options: [{ ...q.options[0], optionDocAr: { type: "doc", content: [{ type: "bulletList", content: "x" }] } }, q.options[1]] };
    expect((await create(teacher, readingExam({ questions: [bad as never] }))).statusCode).toBe(400);
  });
});

describe("the grading sheet", () => {
  it("shows a written question as the student read it, formatting and all", async () => {
    const essay = { type: "essay" as const, questionTextAr: "x", questionTextEn: "Parse the underlined word.", questionDocAr: underlined, points: 2, correctAnswerText: "فعل مضارع مرفوع" };
    const exam = (await create(teacher, readingExam({ passages: [], questions: [essay] }))).json() as TExamDetail;
    const sheet = await h.request({ method: "GET", url: `/api/grading/exams/${exam.id}`, cookie: teacher });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().questions[0]).toMatchObject({ questionTextAr: "أعرب ما تحته خط: يَقْرَأُ الطالبُ القصةَ.", questionDocAr: underlined, questionDocEn: null });
  });
});
