import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { examSchools, exams, questions, studentAnswers, studentExams } from "../../db/schema";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TRole } from "../../../shared/permissions";

let h: THarness;
let own: string;
const cookie = {} as Record<TRole | "otherTeacher", string>;
const ids = {} as Record<string, string>;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_own");
  await h.makeSchool("school_b");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, type] of [["school_admin", "school_admin", "school"], ["teacher", "teacher", "school"], ["otherTeacher", "teacher", "school"], ["student", "student", "student"]] as const) {
    const u = await h.makeUser(role, { schoolId: own, name: `Name ${key}` });
    ids[key] = u.id;
    cookie[key] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

/** An exam with all five question types. */
function fullExam(over: Partial<TExamInput> = {}): TExamInput {
  return {
    titleAr: "اختبار الفهم",
    titleEn: "Comprehension Test",
    subjectId: "arabic",
    descriptionAr: "وصف",
    descriptionEn: "A description",
    durationMinutes: 30,
    status: "draft",
    questions: [
      {
        type: "multiple_choice",
        questionTextAr: "ما مرادف «الوفاء»؟",
        questionTextEn: "Synonym of loyalty?",
        points: 2,
        options: [
          { optionTextAr: "الإخلاص", optionTextEn: "Faithfulness", isCorrect: true },
          { optionTextAr: "الغضب", optionTextEn: "Anger", isCorrect: false },
        ],
      },
      {
        type: "true_false",
        questionTextAr: "الفاعل مرفوع.",
        questionTextEn: "The subject is nominative.",
        points: 1,
        options: [
          { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
          { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
        ],
      },
      { type: "essay", questionTextAr: "اكتب فقرة.", questionTextEn: "Write a paragraph.", points: 5, correctAnswerText: "نموذج" },
      { type: "short_answer", questionTextAr: "جمع كتاب؟", questionTextEn: "Plural of kitab?", points: 2, correctAnswerText: "كتب" },
      {
        type: "matching",
        questionTextAr: "صِل الأضداد.",
        questionTextEn: "Match opposites.",
        points: 3,
        matchingPairs: [
          { premise_ar: "طويل", premise_en: "Tall", response_ar: "قصير", response_en: "Short" },
          { premise_ar: "سريع", premise_en: "Fast", response_ar: "بطيء", response_en: "Slow" },
        ],
      },
    ],
    ...over,
  };
}

const create = (c: string, body: unknown) => h.request({ method: "POST", url: "/api/exams", cookie: c, payload: body as object });
const update = (c: string, id: string, body: unknown) => h.request({ method: "PUT", url: `/api/exams/${id}`, cookie: c, payload: body as object });

describe("permissions (SPEC §6 'Create/edit exams', 'Exam list')", () => {
  it("school_admin and student cannot list, create, read, edit or delete exams; signed out is 401", async () => {
    const exam = (await create(cookie.teacher, fullExam())).json();
    for (const role of ["school_admin", "student"] as const) {
      expect((await h.request({ method: "GET", url: "/api/exams", cookie: cookie[role] })).statusCode).toBe(403);
      expect((await create(cookie[role], fullExam())).statusCode).toBe(403);
      expect((await h.request({ method: "GET", url: `/api/exams/${exam.id}`, cookie: cookie[role] })).statusCode).toBe(403);
      expect((await update(cookie[role], exam.id, fullExam())).statusCode).toBe(403);
      expect((await h.request({ method: "DELETE", url: `/api/exams/${exam.id}`, cookie: cookie[role] })).statusCode).toBe(403);
    }
    expect((await h.request({ method: "GET", url: "/api/exams" })).statusCode).toBe(401);
  });

  it("a teacher sees, edits and deletes only their own exams; super_admin sees and edits all", async () => {
    const mine = (await create(cookie.teacher, fullExam({ titleEn: "Mine" }))).json();
    const theirs = (await create(cookie.otherTeacher, fullExam({ titleEn: "Theirs" }))).json();
    const list = (await h.request({ method: "GET", url: "/api/exams", cookie: cookie.teacher })).json().items.map((e: { id: string }) => e.id);
    expect(list).toContain(mine.id);
    expect(list).not.toContain(theirs.id);
    expect((await h.request({ method: "GET", url: `/api/exams/${theirs.id}`, cookie: cookie.teacher })).statusCode).toBe(404);
    expect((await update(cookie.teacher, theirs.id, fullExam())).statusCode).toBe(404);
    expect((await h.request({ method: "DELETE", url: `/api/exams/${theirs.id}`, cookie: cookie.teacher })).statusCode).toBe(404);
    const all = (await h.request({ method: "GET", url: "/api/exams", cookie: cookie.super_admin })).json().items.map((e: { id: string }) => e.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await update(cookie.super_admin, theirs.id, fullExam({ titleEn: "Edited by admin" }))).json().titleEn).toBe("Edited by admin");
  });
});

describe("saving", () => {
  it("stores all five types, in order, and reads back what was written", async () => {
    const res = await create(cookie.teacher, fullExam());
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json();
    expect(exam).toMatchObject({ titleAr: "اختبار الفهم", subject: { id: "arabic", nameEn: "Arabic Language" }, creator: { name: "Name teacher" }, questionCount: 5, schoolIds: [own] });
    expect(exam.questions.map((q: { type: string }) => q.type)).toEqual(["multiple_choice", "true_false", "essay", "short_answer", "matching"]);
    const again = (await h.request({ method: "GET", url: `/api/exams/${exam.id}`, cookie: cookie.teacher })).json();
    expect(again.questions).toEqual(exam.questions);
    expect(again.questions[4].matchingPairs).toHaveLength(2);
    expect(again.questions[3].correctAnswerText).toBe("كتب");
  });

  it("clears content a type does not use, defaults the duration to 60, and makes non-numeric points 1", async () => {
    const body = fullExam();
    delete body.durationMinutes;
    body.questions = [{ type: "essay", questionTextAr: "س", questionTextEn: "Q", points: "abc" as unknown as number, options: [{ optionTextAr: "x", optionTextEn: "x", isCorrect: true }] }];
    const exam = (await create(cookie.teacher, body)).json();
    expect(exam.durationMinutes).toBe(60);
    expect(exam.questions[0]).toMatchObject({ points: 1, options: [] });
    const noTimer = (await create(cookie.teacher, fullExam({ durationMinutes: null }))).json();
    expect(noTimer.durationMinutes).toBeNull();
  });

  it("reorders, edits in place keeping ids, and removes questions and options", async () => {
    const exam = (await create(cookie.teacher, fullExam())).json();
    const [mc, tf, essay] = exam.questions;
    const body = fullExam({
      status: "published",
      questions: [
        { ...essay, questionTextEn: "Write two paragraphs." },
        { ...mc, options: [{ ...mc.options[1], isCorrect: true }, { optionTextAr: "جديد", optionTextEn: "New", isCorrect: false }] },
        tf,
      ],
    });
    const res = await update(cookie.teacher, exam.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.status).toBe("published");
    expect(saved.questions.map((q: { id: string }) => q.id)).toEqual([essay.id, mc.id, tf.id]);
    expect(saved.questions[0].questionTextEn).toBe("Write two paragraphs.");
    expect(saved.questions[1].options.map((o: { optionTextEn: string }) => o.optionTextEn)).toEqual(["Anger", "New"]);
    expect(saved.questions[1].options[0].id).toBe(mc.options[1].id);
    expect((await h.db.select().from(questions).where(eq(questions.examId, exam.id))).length).toBe(3);
  });

  it("a bad question rolls back the whole save", async () => {
    const exam = (await create(cookie.teacher, fullExam())).json();
    const body = fullExam({ titleEn: "Should not stick", subjectId: "no_such_subject" });
    const res = await update(cookie.teacher, exam.id, body);
    expect(res.json().code).toBe("SUBJECT_NOT_FOUND");
    const after = (await h.request({ method: "GET", url: `/api/exams/${exam.id}`, cookie: cookie.teacher })).json();
    expect(after.titleEn).toBe("Comprehension Test");
    expect(after.questions).toEqual(exam.questions);
  });

  it("a question with student answers cannot be removed; an exam with attempts cannot be deleted but can be archived", async () => {
    const exam = (await create(cookie.teacher, fullExam({ status: "published" }))).json();
    const [attempt] = await h.db.insert(studentExams).values({ studentId: ids.student!, examId: exam.id, totalPossibleScore: 13 }).returning();
    await h.db.insert(studentAnswers).values({ studentExamId: attempt!.id, questionId: exam.questions[2].id, studentId: ids.student!, answerText: "فقرتي" });

    const remove = await update(cookie.teacher, exam.id, fullExam({ questions: exam.questions.filter((_: unknown, i: number) => i !== 2) }));
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: "QUESTION_HAS_ANSWERS", message: { en: expect.stringContaining("Question 3 ") } });

    const del = await h.request({ method: "DELETE", url: `/api/exams/${exam.id}`, cookie: cookie.teacher });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: "EXAM_HAS_ATTEMPTS", message: { en: expect.stringContaining("Archive it instead") } });
    const archived = await update(cookie.teacher, exam.id, fullExam({ status: "archived", questions: exam.questions }));
    expect(archived.json().status).toBe("archived");
    expect(archived.json().attemptCount).toBe(1);
  });

  it("deletes an exam without attempts, with its questions", async () => {
    const exam = (await create(cookie.teacher, fullExam())).json();
    expect((await h.request({ method: "DELETE", url: `/api/exams/${exam.id}`, cookie: cookie.teacher })).statusCode).toBe(204);
    expect(await h.db.select().from(exams).where(eq(exams.id, exam.id))).toEqual([]);
    expect(await h.db.select().from(questions).where(eq(questions.examId, exam.id))).toEqual([]);
  });

  it("audience: a teacher's exam goes to their school; a super_admin's to the chosen schools, or all", async () => {
    const teachers = (await create(cookie.teacher, fullExam({ schoolIds: ["school_b"] }))).json();
    expect(teachers.schoolIds).toEqual([own]);
    const everyone = (await create(cookie.super_admin, fullExam())).json();
    expect(everyone.schoolIds).toEqual([]);
    const chosen = (await create(cookie.super_admin, fullExam({ schoolIds: ["school_b", own] }))).json();
    expect(chosen.schoolIds.sort()).toEqual(["school_b", own].sort());
    expect((await create(cookie.super_admin, fullExam({ schoolIds: ["nowhere"] }))).json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await h.db.select().from(examSchools).where(eq(examSchools.examId, everyone.id))).length).toBe(0);
  });

  it("lists with search and filters, newest first, with counts", async () => {
    const a = (await create(cookie.otherTeacher, fullExam({ titleEn: "Filter Alpha", subjectId: "islamic", status: "published" }))).json();
    await create(cookie.otherTeacher, fullExam({ titleEn: "Filter Beta", subjectId: "social" }));
    const q = (qs: string) => h.request({ method: "GET", url: `/api/exams?${qs}`, cookie: cookie.otherTeacher }).then((r) => r.json().items.map((e: { titleEn: string }) => e.titleEn));
    expect((await q("q=filter"))).toEqual(["Filter Beta", "Filter Alpha"]);
    expect(await q("q=filter&subjectId=islamic")).toEqual(["Filter Alpha"]);
    expect(await q("q=filter&status=draft")).toEqual(["Filter Beta"]);
    const items = (await h.request({ method: "GET", url: "/api/exams?q=Alpha", cookie: cookie.otherTeacher })).json().items;
    expect(items[0]).toMatchObject({ id: a.id, questionCount: 5, attemptCount: 0, subject: { nameAr: "التربية الإسلامية" } });
    expect((await h.request({ method: "GET", url: "/api/exams?status=deleted", cookie: cookie.teacher })).statusCode).toBe(400);
  });

  it("subjects are listed for anyone signed in", async () => {
    const res = await h.request({ method: "GET", url: "/api/subjects", cookie: cookie.student });
    expect(res.json().items.map((s: { nameEn: string }) => s.nameEn)).toEqual(["Arabic Language", "Islamic Education", "Social Studies"]);
  });
});

describe("every validation message of SPEC §5", () => {
  const mc = (over: object) => ({ type: "multiple_choice" as const, questionTextAr: "س", questionTextEn: "Q", points: 1, ...over });
  const cases: [string, Partial<TExamInput>, string, string][] = [
    ["no title", { titleAr: "" }, "EXAM_REQUIRED_FIELDS", "Exam title (Arabic and English) and subject are required."],
    ["no English title", { titleEn: "  " }, "EXAM_REQUIRED_FIELDS", "Exam title (Arabic and English) and subject are required."],
    ["no subject", { subjectId: "" }, "EXAM_REQUIRED_FIELDS", "Exam title (Arabic and English) and subject are required."],
    ["no questions", { questions: [] }, "EXAM_NO_QUESTIONS", "The exam must contain at least one question."],
    ["question without English text", { questions: [{ type: "essay", questionTextAr: "س", questionTextEn: "", points: 1 }] }, "QUESTION_REQUIRED_FIELDS", "Each question must have text (Arabic and English) and points."],
    ["points below 1", { questions: [{ type: "essay", questionTextAr: "س", questionTextEn: "Q", points: 0 }] }, "QUESTION_REQUIRED_FIELDS", "Each question must have text (Arabic and English) and points."],
    ["one option", { questions: [mc({ options: [{ optionTextAr: "أ", optionTextEn: "A", isCorrect: true }] })] }, "QUESTION_MIN_OPTIONS", "Question 1 must have at least two options."],
    [
      "no correct option",
      { questions: [{ type: "essay", questionTextAr: "س", questionTextEn: "Q", points: 1 }, mc({ options: [{ optionTextAr: "أ", optionTextEn: "A" }, { optionTextAr: "ب", optionTextEn: "B" }] })] },
      "QUESTION_NO_CORRECT_OPTION",
      "Question 2 must have at least one correct option selected.",
    ],
    ["two correct options", { questions: [mc({ options: [{ optionTextAr: "أ", optionTextEn: "A", isCorrect: true }, { optionTextAr: "ب", optionTextEn: "B", isCorrect: true }] })] }, "QUESTION_MULTIPLE_CORRECT", "Question 1 may have only one correct option."],
    ["option without text", { questions: [mc({ options: [{ optionTextAr: "أ", optionTextEn: "A", isCorrect: true }, { optionTextAr: "ب", optionTextEn: "" }] })] }, "OPTION_MISSING_TEXT", "Question 1, option 2 is missing text."],
    ["matching without pairs", { questions: [{ type: "matching", questionTextAr: "س", questionTextEn: "Q", points: 1, matchingPairs: [] }] }, "MATCHING_MIN_PAIRS", "Question 1 must have at least one pair."],
    [
      "pair without text",
      { questions: [{ type: "matching", questionTextAr: "س", questionTextEn: "Q", points: 1, matchingPairs: [{ premise_ar: "أ", premise_en: "A", response_ar: "ب", response_en: "" }] }] },
      "PAIR_MISSING_TEXT",
      "Question 1, pair 1 is missing text.",
    ],
  ];
  for (const [label, over, code, en] of cases) {
    it(`${label}: ${code}`, async () => {
      const res = await create(cookie.teacher, fullExam(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().message.en).toBe(en);
      expect(res.json().message.ar).toMatch(/[\u0600-\u06FF]/);
    });
  }

  it("wrong types, unknown type, too long and too many", async () => {
    expect((await create(cookie.teacher, { ...fullExam(), questions: "nope" })).statusCode).toBe(400);
    expect((await create(cookie.teacher, fullExam({ questions: [{ type: "poem" as never, questionTextAr: "س", questionTextEn: "Q", points: 1 }] }))).statusCode).toBe(400);
    expect((await create(cookie.teacher, fullExam({ titleAr: "ع".repeat(5000) }))).json().code).toBe("TEXT_TOO_LONG");
    expect((await create(cookie.teacher, fullExam({ durationMinutes: 0 }))).statusCode).toBe(400);
    expect((await create(cookie.teacher, fullExam({ status: "live" as never }))).statusCode).toBe(400);
    const many = Array.from({ length: 201 }, () => ({ type: "essay" as const, questionTextAr: "س", questionTextEn: "Q", points: 1 }));
    expect((await create(cookie.teacher, fullExam({ questions: many }))).statusCode).toBe(400);
    expect((await h.request({ method: "GET", url: "/api/exams/not-a-uuid", cookie: cookie.teacher })).statusCode).toBe(404);
  });

  it("the description in each language (issue 33): optional, text, within the limit, each kept as written", async () => {
    for (const field of ["descriptionAr", "descriptionEn"] as const) {
      const long = await create(cookie.teacher, fullExam({ [field]: "و".repeat(5001) }));
      expect(long.json().code, field).toBe("TEXT_TOO_LONG");
      const wrong = await create(cookie.teacher, { ...fullExam(), [field]: 42 });
      expect(wrong.statusCode, field).toBe(400);
      expect(wrong.json().code, field).toBe("VALIDATION_FAILED");
      expect((await create(cookie.teacher, { ...fullExam(), [field]: { ar: "x" } })).json().code, field).toBe("VALIDATION_FAILED");
    }
    // Missing or blank: no description in that language; the other stays.
    const { descriptionEn: _en, ...withoutEn } = fullExam();
    const saved = await create(cookie.teacher, { ...withoutEn, descriptionAr: "  وصف الاختبار  " });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ descriptionAr: "وصف الاختبار", descriptionEn: null });
    const cleared = await update(cookie.teacher, saved.json().id, { ...withoutEn, descriptionAr: "", descriptionEn: "Read each question." });
    expect(cleared.json()).toMatchObject({ descriptionAr: null, descriptionEn: "Read each question." });
    // The student's paper carries both; each language's page shows its own.
    const read = await h.request({ method: "GET", url: `/api/exams/${saved.json().id}`, cookie: cookie.teacher });
    expect(read.json()).toMatchObject({ descriptionAr: null, descriptionEn: "Read each question." });
  });

  it("the test-taker tools its author allows (issue 37): both by default, a chosen few, nothing unknown, and on the student's paper", async () => {
    const plain = await create(cookie.teacher, fullExam());
    expect(plain.json().allowedTools).toEqual(["read_aloud", "eliminator"]);
    for (const bad of [["calculator"], "read_aloud", [1], Array(5).fill("eliminator")]) {
      const res = await create(cookie.teacher, { ...fullExam(), allowedTools: bad });
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, "VALIDATION_FAILED"]);
    }
    // A reading test: no read-aloud; the order and repeats of the request do not matter.
    const reading = await create(cookie.teacher, { ...fullExam({ status: "published" }), allowedTools: ["eliminator", "eliminator"] });
    expect(reading.statusCode, reading.body).toBe(201);
    expect(reading.json().allowedTools).toEqual(["eliminator"]);
    const none = await update(cookie.teacher, reading.json().id, { ...fullExam({ status: "published" }), allowedTools: [] });
    expect(none.json().allowedTools).toEqual([]);
    const paper = await h.request({ method: "GET", url: `/api/student/exams/${reading.json().id}/paper`, cookie: cookie.student });
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.json().allowedTools).toEqual([]);
  });
});
