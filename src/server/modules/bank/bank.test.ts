// The item bank (issue 34; docs/decisions/0036) through the real app: who may see and change items, versions that
// attempts keep, taking a new version, search with Arabic folding, retire and copy, and bad input on every route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineParams } from "../../test/inline-params";
import { eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import { bankItems, bankItemVersions, profiles, questions } from "../../db/schema";
import { rowsOf } from "../../db/client";
import { PgDialect } from "drizzle-orm/pg-core";
import { bankSearchQuery, useRowsOf } from "./bank.service";
import type { TExamInput } from "../../../shared/schemas/exam";
import { ZBankQuery, type TBankItemDetail, type TBankItemInput } from "../../../shared/schemas/bank";
import type { TSessionUser } from "../../../shared/permissions";

let h: THarness;
const c = {} as Record<"admin" | "teacher" | "principal" | "student" | "student2" | "otherTeacher" | "otherPrincipal", string>;

beforeAll(async () => {
  h = await createHarness();
  const a = await h.makeSchool("bank_a");
  const b = await h.makeSchool("bank_b");
  c.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const as = async (role: "teacher" | "school_admin" | "student", school: string, type: "school" | "student") => {
    const u = await h.makeUser(role, { schoolId: school });
    return h.signIn(u.email, u.password, type);
  };
  c.teacher = await as("teacher", a, "school");
  c.principal = await as("school_admin", a, "school");
  c.student = await as("student", a, "student");
  c.student2 = await as("student", a, "student");
  c.otherTeacher = await as("teacher", b, "school");
  c.otherPrincipal = await as("school_admin", b, "school");
});
afterAll(async () => {
  await h?.close();
});

const req = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });

const ITEM: TBankItemInput = {
  subjectId: "arabic",
  grade: 8,
  question: {
    type: "multiple_choice",
    questionTextAr: "ما معنى «المسؤوليّة»؟",
    questionTextEn: "What does Responsibility mean?",
    points: 2,
    options: [
      { optionTextAr: "الالتزام", optionTextEn: "Commitment", isCorrect: true },
      { optionTextAr: "الإهمال", optionTextEn: "Neglect", isCorrect: false },
    ],
  },
};

async function newItem(cookie: string, over: Partial<TBankItemInput> = {}): Promise<TBankItemDetail> {
  const res = await req(cookie, "POST", "/api/bank", { ...ITEM, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const EXAM = {
  titleAr: "اختبار البنك",
  titleEn: "Bank exam",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  questions: [
    {
      type: "multiple_choice",
      questionTextAr: "ما جمع «كتاب»؟",
      questionTextEn: "Plural of book?",
      points: 1,
      options: [
        { optionTextAr: "كتب", optionTextEn: "Kutub", isCorrect: true },
        { optionTextAr: "كتاب", optionTextEn: "Kitab", isCorrect: false },
      ],
    },
    { type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" },
  ],
} satisfies TExamInput;
type TExamDetailLike = { questions: ({ id: string; questionTextEn: string } & Record<string, unknown>)[] };
type TExam = { id: string; questions: { id: string; questionTextEn: string; options: { id: string; isCorrect: boolean }[] }[] };

async function newExam(cookie = c.teacher, over: Partial<TExamInput> = {}): Promise<TExam> {
  const res = await req(cookie, "POST", "/api/exams", { ...EXAM, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The exam's save payload from its detail, with question `i`'s English text changed. */
function edited(exam: TExam, i: number, textEn: string): TExamInput {
  return {
    ...EXAM,
    questions: EXAM.questions.map((q, j) => ({ ...q, id: exam.questions[j]!.id, ...(j === i ? { questionTextEn: textEn } : {}), options: "options" in q ? (q.options ?? []).map((o, k) => ({ ...o, id: exam.questions[j]!.options[k]?.id })) : [] })),
  };
}

async function sit(cookie: string, exam: TExam, submit = true): Promise<string> {
  const started = await req(cookie, "POST", `/api/student/exams/${exam.id}/attempt`, {});
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = (started.json() as { attemptId?: string; id?: string; attempt?: { id: string } }).attempt?.id ?? started.json().attemptId ?? started.json().id;
  const right = exam.questions[0]!.options.find((o) => o.isCorrect)!.id;
  const saved = await req(cookie, "PUT", `/api/attempts/${attemptId}/answers/${exam.questions[0]!.id}`, { examId: exam.id, selectedOptionId: right, clientSeq: 1 });
  expect(saved.statusCode, saved.body).toBe(200);
  if (submit) expect((await req(cookie, "POST", `/api/attempts/${attemptId}/submit`, {})).statusCode).toBe(200);
  return attemptId;
}

describe("visibility", () => {
  it("a school's items are its staff's; another school's are not found on every route, as a missing one", async () => {
    const item = await newItem(c.teacher);
    expect(item).toMatchObject({ owner: "school", currentVersion: 1, editable: true, questionTextEn: ITEM.question.questionTextEn });
    // The principal of the school reads and may change it.
    expect((await req(c.principal, "GET", `/api/bank/${item.id}`)).json()).toMatchObject({ id: item.id, editable: true });
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [item.id, missing]) {
      for (const [method, url, body] of [
        ["GET", `/api/bank/${id}`],
        ["PUT", `/api/bank/${id}`, ITEM],
        ["POST", `/api/bank/${id}/retire`, {}],
        ["POST", `/api/bank/${id}/restore`, {}],
        ["POST", `/api/bank/${id}/copy`, {}],
      ] as const) {
        const res = await req(c.otherTeacher, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ code: "BANK_ITEM_NOT_FOUND" });
      }
    }
    const theirs = await newExam(c.otherTeacher);
    expect((await req(c.otherTeacher, "POST", `/api/exams/${theirs.id}/bank-items`, { itemIds: [item.id] })).json()).toMatchObject({ code: "BANK_ITEM_NOT_FOUND" });
    const list = (await req(c.otherPrincipal, "GET", "/api/bank?pageSize=100")).json() as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).not.toContain(item.id);
  });

  it("system items are read by every school's staff, changed only by a super_admin, and copied to a school", async () => {
    const item = await newItem(c.admin);
    expect(item.owner).toBe("system");
    const read = (await req(c.otherTeacher, "GET", `/api/bank/${item.id}`)).json() as TBankItemDetail;
    expect(read).toMatchObject({ id: item.id, editable: false });
    for (const [method, url, body] of [
      ["PUT", `/api/bank/${item.id}`, ITEM],
      ["POST", `/api/bank/${item.id}/retire`, {}],
    ] as const) {
      const res = await req(c.otherTeacher, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "BANK_ITEM_READ_ONLY", message: { en: expect.stringContaining("Copy it to your school") } });
    }
    // Used by both schools: each names only its own exam; the exposure counts both.
    const mineExam = await newExam(c.teacher, { status: "draft" });
    const theirExam = await newExam(c.otherTeacher, { status: "draft" });
    for (const [cookie, exam] of [[c.teacher, mineExam], [c.otherTeacher, theirExam]] as const) expect((await req(cookie, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [item.id] })).statusCode).toBe(200);
    const usesFor = async (cookie: string) => ((await req(cookie, "GET", `/api/bank/${item.id}`)).json() as TBankItemDetail).uses.map((u) => u.examId);
    expect(await usesFor(c.teacher)).toEqual([mineExam.id]);
    expect(await usesFor(c.otherTeacher)).toEqual([theirExam.id]);
    expect((await usesFor(c.admin)).sort()).toEqual([mineExam.id, theirExam.id].sort());
    const copy = await req(c.otherTeacher, "POST", `/api/bank/${item.id}/copy`, {});
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ owner: "school", editable: true, questionTextAr: ITEM.question.questionTextAr });
    expect((await req(c.teacher, "GET", `/api/bank/${copy.json().id}`)).statusCode).toBe(404);
  });

  it("students are refused the bank", async () => {
    const item = await newItem(c.teacher);
    expect((await req(c.student, "GET", "/api/bank")).statusCode).toBe(403);
    expect((await req(c.student, "GET", `/api/bank/${item.id}`)).statusCode).toBe(403);
    expect((await req(c.student, "POST", "/api/bank", ITEM)).statusCode).toBe(403);
  });
});

describe("versions that attempts keep", () => {
  it("an edit nobody has seen changes the version in place", async () => {
    const exam = await newExam(c.teacher, { status: "draft" });
    const before = await h.db.select().from(questions).where(eq(questions.id, exam.questions[0]!.id));
    const res = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, { ...edited(exam, 0, "Plural of kitab?"), status: "draft" });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TExam;
    expect(after.questions[0]!.id).toBe(exam.questions[0]!.id);
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, before[0]!.itemVersionId));
    expect(v!.version).toBe(1);
    expect(v!.content.questionTextEn).toBe("Plural of kitab?");
  });

  it("a student's result keeps the version they answered after the exam's author changed it; the paper shows the new one", async () => {
    const exam = await newExam();
    const attemptId = await sit(c.student, exam);
    const res = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, edited(exam, 0, "Plural of kitab (new)?"));
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json() as TExam;
    expect(now.questions).toHaveLength(2);
    expect(now.questions[0]!.questionTextEn).toBe("Plural of kitab (new)?");
    expect(now.questions[0]!.id).not.toBe(exam.questions[0]!.id);

    const result = (await req(c.teacher, "GET", `/api/attempts/${attemptId}/result`)).json() as { questions: { id: string; questionTextEn: string; score: number | null }[] };
    expect(result.questions.map((q) => q.questionTextEn)).toEqual(["Plural of book?", "Opposite of tall?"]);
    expect(result.questions[0]).toMatchObject({ id: exam.questions[0]!.id, score: 1 });
    const paper = (await req(c.student2, "GET", `/api/student/exams/${exam.id}/paper`)).json() as { questions: { text: { en: string } }[] };
    expect(JSON.stringify(paper)).toContain("Plural of kitab (new)?");
    expect(JSON.stringify(paper)).not.toContain("Plural of book?");

    // The item now has two versions; version 1 was seen.
    const [row] = await h.db.select().from(questions).where(eq(questions.id, now.questions[0]!.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    const item = (await req(c.teacher, "GET", `/api/bank/${v!.itemId}`)).json() as TBankItemDetail;
    expect(item.versions.map((x) => [x.version, x.seen])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(item.exposure).toBe(1);
    expect(item.uses.find((u) => u.version === 1)).toMatchObject({ examId: exam.id, students: 1 });
  });

  it("a change to a seen question is refused while a student is taking the exam, and the exam is unchanged", async () => {
    const exam = await newExam();
    await sit(c.student, exam);
    await sit(c.student2, exam, false);
    const res = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, edited(exam, 1, "Opposite of short?"));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "QUESTION_SEEN_IN_PROGRESS", message: { en: expect.stringContaining("Question 2"), ar: expect.stringContaining("السؤال 2") } });
    const detail = (await req(c.teacher, "GET", `/api/exams/${exam.id}`)).json() as TExam;
    expect(detail.questions[1]!.questionTextEn).toBe("Opposite of tall?");
    // A save that changes no question (the title) is not refused.
    expect((await req(c.teacher, "PUT", `/api/exams/${exam.id}`, { ...edited(exam, 1, "Opposite of tall?"), titleEn: "Bank exam (renamed)" })).statusCode).toBe(200);
  });

  it("an edit from the bank of a seen item makes a new version the exam takes only when its author chooses", async () => {
    const exam = await newExam();
    const attemptId = await sit(c.student, exam);
    const [row] = await h.db.select().from(questions).where(eq(questions.id, exam.questions[1]!.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    const put = await req(c.teacher, "PUT", `/api/bank/${v!.itemId}`, { subjectId: "arabic", question: { ...EXAM.questions[1]!, questionTextEn: "Opposite of long?" } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ currentVersion: 2 });
    // The exam keeps version 1 until its author takes the new one.
    expect(((await req(c.teacher, "GET", `/api/exams/${exam.id}`)).json() as TExam).questions[1]!.questionTextEn).toBe("Opposite of tall?");
    expect((await req(c.otherTeacher, "POST", `/api/exams/${exam.id}/take-versions`, {})).statusCode).toBe(404);
    expect((await req(c.teacher, "POST", `/api/exams/${exam.id}/take-versions`, { questionIds: ["00000000-0000-4000-8000-000000000000"] })).json()).toMatchObject({ code: "QUESTION_NOT_FOUND" });
    const took = await req(c.teacher, "POST", `/api/exams/${exam.id}/take-versions`, { questionIds: [exam.questions[1]!.id] });
    expect(took.statusCode, took.body).toBe(200);
    expect((took.json() as TExam).questions.map((q) => q.questionTextEn)).toEqual(["Plural of book?", "Opposite of long?"]);
    const result = (await req(c.teacher, "GET", `/api/attempts/${attemptId}/result`)).json() as { questions: { questionTextEn: string }[] };
    expect(result.questions.map((q) => q.questionTextEn)).toEqual(["Plural of book?", "Opposite of tall?"]);
    // The grading sheet shows both versions of question 2, each with the answers given to it.
    const sheet = (await req(c.teacher, "GET", `/api/grading/exams/${exam.id}`)).json() as { questions: { number: number; questionTextEn: string; answers: unknown[] }[] };
    expect(sheet.questions.map((q) => [q.number, q.questionTextEn]).sort()).toEqual([
      [2, "Opposite of long?"],
      [2, "Opposite of tall?"],
    ]);
    // Item analysis shows each version as its own row, each over the attempts that saw it.
    const analysis = (await req(c.teacher, "GET", `/api/analytics/exams/${exam.id}/items`)).json() as { questions?: { text: { en: string } }[] };
    if (analysis.questions) expect(analysis.questions.map((q) => q.text.en)).toEqual(expect.arrayContaining(["Opposite of tall?", "Opposite of long?"]));
  });

  it("an edit from the bank of an item nobody saw changes the exams holding it in place", async () => {
    const exam = await newExam(c.teacher, { status: "draft" });
    const [row] = await h.db.select().from(questions).where(eq(questions.id, exam.questions[1]!.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    // Held by an exam: its subject stays.
    expect((await req(c.teacher, "PUT", `/api/bank/${v!.itemId}`, { subjectId: "islamic", question: { ...EXAM.questions[1]!, questionTextEn: "Opposite of high?" } })).json()).toMatchObject({ code: "BANK_ITEM_SUBJECT_FIXED" });
    const put = await req(c.teacher, "PUT", `/api/bank/${v!.itemId}`, { subjectId: "arabic", question: { ...EXAM.questions[1]!, questionTextEn: "Opposite of high?" } });
    expect(put.json()).toMatchObject({ currentVersion: 1 });
    expect(((await req(c.teacher, "GET", `/api/exams/${exam.id}`)).json() as TExam).questions[1]).toMatchObject({ id: exam.questions[1]!.id, questionTextEn: "Opposite of high?" });
  });
});

describe("the bank in an exam", () => {
  it("adds items at their newest version; a retired one, another subject's or an exam not mine is refused", async () => {
    const item = await newItem(c.teacher, { grade: null });
    const exam = await newExam(c.teacher, { status: "draft" });
    const added = await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [item.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as TExam).questions.map((q) => q.questionTextEn)).toEqual(["Plural of book?", "Opposite of tall?", ITEM.question.questionTextEn]);
    // The editor's next save keeps it (the same item, not a new one).
    const detail = added.json() as TExam & { questions: { id: string }[] };
    const [row] = await h.db.select().from(questions).where(eq(questions.id, detail.questions[2]!.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    expect(v!.itemId).toBe(item.id);

    const science = await newItem(c.teacher, { subjectId: "islamic", question: { ...ITEM.question, skillId: null } });
    expect((await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [science.id] })).json()).toMatchObject({ code: "BANK_ITEM_WRONG_SUBJECT" });
    expect((await req(c.teacher, "POST", `/api/bank/${item.id}/retire`, {})).json()).toMatchObject({ retiredAt: expect.any(String) });
    expect((await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [item.id] })).json()).toMatchObject({ code: "BANK_ITEM_RETIRED" });
    expect((await req(c.principal, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [item.id] })).statusCode).toBe(403);
    for (const body of [{}, { itemIds: [] }, { itemIds: "x" }]) expect((await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, body)).statusCode).toBe(400);
    // A malformed id is answered as a missing one, as everywhere.
    expect((await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: ["nope"] })).json()).toMatchObject({ code: "BANK_ITEM_NOT_FOUND" });
  });
});

describe("system items in a school's exam", () => {
  it("another school's students count in a system item's exposure, though their exam is not named to this school", async () => {
    const system = await newItem(c.admin, { grade: null });
    const exam = await newExam(c.otherTeacher);
    expect((await req(c.otherTeacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [system.id] })).statusCode).toBe(200);
    const pupil = await h.makeUser("student", { schoolId: "bank_b" });
    await sit(await h.signIn(pupil.email, pupil.password, "student"), exam);
    const seen = async (cookie: string) => (await req(cookie, "GET", `/api/bank/${system.id}`)).json() as TBankItemDetail;
    expect(await seen(c.teacher)).toMatchObject({ exposure: 1, uses: [] });
    expect((await seen(c.admin)).uses).toMatchObject([{ examId: exam.id, students: 1 }]);
    const listed = (await req(c.teacher, "GET", `/api/bank?owner=system&pageSize=100`)).json() as { items: { id: string; exposure: number; uses: unknown[] }[] };
    expect(listed.items.find((i) => i.id === system.id)).toMatchObject({ exposure: 1, uses: [] });
  });

  it("a teacher changing a system item in their exam gets an item of their school; the system item is untouched", async () => {
    const system = await newItem(c.admin, { grade: null });
    const exam = await newExam(c.teacher, { status: "draft" });
    const added = (await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [system.id] })).json() as TExamDetailLike;
    const q = added.questions[2]!;
    const res = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, { ...EXAM, status: "draft", questions: added.questions.map((x) => (x.id === q.id ? { ...x, questionTextEn: "Mine now" } : x)) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await h.db.select().from(questions).where(eq(questions.id, q.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    expect(v!.itemId).not.toBe(system.id);
    const [mine] = await h.db.select().from(bankItems).where(eq(bankItems.id, v!.itemId));
    expect(mine!.schoolId).toBe("bank_a");
    expect((await req(c.admin, "GET", `/api/bank/${system.id}`)).json()).toMatchObject({ currentVersion: 1, questionTextEn: ITEM.question.questionTextEn });
  });

  it("an editor's change to an item another exam's students saw gives this exam a new version; that exam keeps the old", async () => {
    const item = await newItem(c.teacher, { grade: null });
    const sat = await newExam(c.teacher);
    await req(c.teacher, "POST", `/api/exams/${sat.id}/bank-items`, { itemIds: [item.id] });
    await sit(c.student2, sat);
    const draft = await newExam(c.teacher, { status: "draft" });
    const added = (await req(c.teacher, "POST", `/api/exams/${draft.id}/bank-items`, { itemIds: [item.id] })).json() as TExamDetailLike;
    const q = added.questions[2]!;
    const res = await req(c.teacher, "PUT", `/api/exams/${draft.id}`, { ...EXAM, status: "draft", questions: added.questions.map((x) => (x.id === q.id ? { ...x, questionTextEn: "Draft's wording" } : x)) });
    expect(res.statusCode, res.body).toBe(200);
    // The draft's row, changed in place (nobody sat the draft), now holds version 2 of the same item.
    expect((res.json() as TExamDetailLike).questions[2]).toMatchObject({ id: q.id, questionTextEn: "Draft's wording" });
    const detail = (await req(c.teacher, "GET", `/api/bank/${item.id}`)).json() as TBankItemDetail;
    expect(detail.versions.map((v) => [v.version, v.seen, v.content.questionTextEn])).toEqual([
      [2, false, "Draft's wording"],
      [1, true, ITEM.question.questionTextEn],
    ]);
    expect(((await req(c.teacher, "GET", `/api/exams/${sat.id}`)).json() as TExamDetailLike).questions[2]!.questionTextEn).toBe(ITEM.question.questionTextEn);
  });

  it("taking a new version into an exam nobody sat rewrites its row in place", async () => {
    const item = await newItem(c.teacher, { grade: null });
    const exam = await newExam(c.teacher, { status: "draft" });
    const added = (await req(c.teacher, "POST", `/api/exams/${exam.id}/bank-items`, { itemIds: [item.id] })).json() as TExamDetailLike;
    // Seen elsewhere first, so the bank's edit is a new version rather than a change in place.
    const other = await newExam(c.teacher);
    await req(c.teacher, "POST", `/api/exams/${other.id}/bank-items`, { itemIds: [item.id] });
    await sit(c.student, other);
    expect((await req(c.teacher, "PUT", `/api/bank/${item.id}`, { ...ITEM, grade: null, question: { ...ITEM.question, questionTextEn: "Version two" } })).json()).toMatchObject({ currentVersion: 2 });
    const took = (await req(c.teacher, "POST", `/api/exams/${exam.id}/take-versions`, {})).json() as TExamDetailLike;
    expect(took.questions[2]).toMatchObject({ id: added.questions[2]!.id, questionTextEn: "Version two" });
  });
});

describe("a school's items", () => {
  it("keep the school from being deleted once its people are gone, with a clear message (never someone else's items)", async () => {
    const school = await h.makeSchool("bank_empty");
    await h.db.insert(bankItems).values({ schoolId: school, subjectId: "arabic", type: "essay" });
    const res = await req(c.admin, "DELETE", `/api/schools/${school}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "SCHOOL_HAS_BANK_ITEMS", message: { ar: expect.any(String), en: expect.stringContaining("item bank") } });
  });
});

describe("search", () => {
  it("matches Arabic with or without diacritics, any hamza or alef form, ة/ه and ى/ي; English in any case", async () => {
    const item = await newItem(c.principal, { question: { ...ITEM.question, questionTextAr: "تحمّلُ المسؤوليةِ في مدرستنا الكبرى" } });
    const find = async (q: string) => ((await req(c.teacher, "GET", `/api/bank?q=${encodeURIComponent(q)}&pageSize=100`)).json() as { items: { id: string }[] }).items.map((i) => i.id);
    for (const q of ["المسئوليه", "المسؤولية", "تحمل", "الكبري", "مدرستنا", "RESPONSIBILITY", "commitment"]) expect(await find(q), q).toContain(item.id);
    expect(await find("مدرسه غير موجوده")).not.toContain(item.id);
    // Retired: hidden, unless asked for.
    await req(c.teacher, "POST", `/api/bank/${item.id}/retire`, {});
    expect(await find("المسئوليه")).not.toContain(item.id);
    const all = (await req(c.teacher, "GET", `/api/bank?q=${encodeURIComponent("المسئوليه")}&includeRetired=true`)).json() as { items: { id: string }[] };
    expect(all.items.map((i) => i.id)).toContain(item.id);
    await req(c.teacher, "POST", `/api/bank/${item.id}/restore`, {});
    expect(await find("المسئوليه")).toContain(item.id);
  });

  it("filters by owner, type, subject, grade and use, and pages", async () => {
    const mine = (await req(c.teacher, "GET", "/api/bank?owner=mine&pageSize=100")).json() as { items: { owner: string }[]; total: number };
    expect(mine.total).toBeGreaterThan(0);
    const system = (await req(c.teacher, "GET", "/api/bank?owner=system&pageSize=100")).json() as { items: { owner: string }[] };
    expect(system.items.every((i) => i.owner === "system")).toBe(true);
    const essays = (await req(c.teacher, "GET", "/api/bank?type=short_answer&pageSize=100")).json() as { items: { type: string }[] };
    expect(essays.items.length).toBeGreaterThan(0);
    expect(essays.items.every((i) => i.type === "short_answer")).toBe(true);
    const used = (await req(c.teacher, "GET", "/api/bank?usedInLastYear=true&pageSize=100")).json() as { items: { exposure: number }[] };
    expect(used.items.length).toBeGreaterThan(0);
    expect(used.items.every((i) => i.exposure > 0)).toBe(true);
    const never = (await req(c.teacher, "GET", "/api/bank?neverUsed=true&pageSize=100")).json() as { items: { exposure: number }[] };
    expect(never.items.every((i) => i.exposure === 0)).toBe(true);
    const easy = (await req(c.teacher, "GET", "/api/bank?facilityMin=0.9&pageSize=100")).json() as { items: { facility: number | null }[] };
    expect(easy.items.every((i) => i.facility !== null && i.facility >= 0.9)).toBe(true);
    const page = (await req(c.teacher, "GET", "/api/bank?pageSize=1&page=2")).json() as { items: unknown[]; page: number };
    expect(page).toMatchObject({ page: 2 });
    expect(page.items).toHaveLength(1);
  });

  it("facility bounds keep exactly the items whose facility over all their uses is within them", async () => {
    await sit(c.student2, await newExam());
    type TPage = { items: { id: string; facility: number | null }[]; total: number };
    const all = (await req(c.teacher, "GET", "/api/bank?pageSize=100")).json() as TPage;
    expect(all.total).toBeLessThanOrEqual(100);
    const ids = async (q: string) => new Set(((await req(c.teacher, "GET", `/api/bank?pageSize=100&${q}`)).json() as TPage).items.map((i) => i.id));
    const within = (min: number, max: number) => new Set(all.items.filter((i) => i.facility !== null && i.facility >= min && i.facility <= max).map((i) => i.id));
    expect(within(0.9, 1).size).toBeGreaterThan(0);
    expect(await ids("facilityMin=0.9")).toEqual(within(0.9, 1));
    expect(await ids("facilityMax=0.5")).toEqual(within(0, 0.5));
    expect(await ids("facilityMin=0.2&facilityMax=0.95")).toEqual(within(0.2, 0.95));
  });

  // Found at 50,000 items (bench/bank.ts): the total counted over rows carrying each item's content (a super_admin's
  // first page: 0.9 s), and a facility bound computed again for every item (2.8 s).
  it("counts the matches without their content; a facility bound and the page's uses read the seen rows once, not once per item or use", async () => {
    const [admin] = await h.db.select().from(profiles).where(eq(profiles.email, ADMIN.email));
    const actor = { ...admin!, grade: null } as TSessionUser;
    type TNode = { "Node Type": string; Output?: string[]; "Subplan Name"?: string; Plans?: TNode[] };
    const plan = async (q: Record<string, string>) => {
      const { sql: text, params } = bankSearchQuery(h.db, actor, ZBankQuery.parse(q)).toSQL();
      const explained = rowsOf<Record<string, unknown>>(await h.db.execute(sql.raw(`explain (verbose, format json) ${inlineParams(text, params)}`)));
      const json = Object.values(explained[0]!)[0];
      return (typeof json === "string" ? JSON.parse(json) : json)[0].Plan as TNode;
    };
    const nodes = (n: TNode): TNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    for (const q of [{}, { q: "مدرسه" }, { facilityMin: "0.5" }, { facilityMin: "0.2", facilityMax: "0.8", q: "ما" }] as Record<string, string>[]) {
      const all = nodes(await plan(q));
      const windows = all.filter((n) => n["Node Type"] === "WindowAgg");
      expect(windows.length, JSON.stringify(q)).toBe(1);
      expect(windows[0]!.Output!.filter((column) => /content/.test(column)), JSON.stringify(q)).toEqual([]);
      // A correlated subplan runs once per item; a hashed one (or a join) once.
      expect(all.filter((n) => /^SubPlan/.test(n["Subplan Name"] ?? "")).map((n) => n["Subplan Name"]), JSON.stringify(q)).toEqual([]);
    }
    // The uses of a page's items: the seen rows grouped once, not searched again for each use.
    const used = await h.db.select({ id: bankItems.id }).from(bankItems).limit(25);
    const ids = sql.join(used.map((u) => sql`${u.id}::uuid`), sql`, `);
    const { sql: text, params } = new PgDialect().sqlToQuery(useRowsOf(ids));
    const explained = rowsOf<Record<string, unknown>>(await h.db.execute(sql.raw(`explain (verbose, format json) ${inlineParams(text, params)}`)));
    const json = Object.values(explained[0]!)[0];
    const usesPlan = nodes((typeof json === "string" ? JSON.parse(json) : json)[0].Plan as TNode);
    expect(usesPlan.filter((n) => /^SubPlan/.test(n["Subplan Name"] ?? "")).map((n) => n["Subplan Name"])).toEqual([]);
  });
});

describe("the search's index", () => {
  it("a text search of three letters or more, Arabic or English, can go through the trigram index (pg_trgm)", async () => {
    const [admin] = await h.db.select().from(profiles).where(eq(profiles.email, ADMIN.email));
    const actor = { ...admin!, grade: null } as TSessionUser;
    for (const q of ["المسؤوليّة", "responsibility"]) {
      const { sql: text, params } = bankSearchQuery(h.db, actor, ZBankQuery.parse({ q })).toSQL();
      // A test's few items are read faster without it: the planner is told to avoid reading the table whole.
      const plan = await h.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`explain ${inlineParams(text, params)}`)))
          .map((r) => String(Object.values(r)[0]))
          .join("\n");
      });
      expect(plan, q).toContain("bank_items_search_text_trgm_idx");
    }
  });
});

describe("QTI", () => {
  it("exports an item or a search result as a QTI 3.0 package; another school's item refuses the whole package", async () => {
    const mine = await newItem(c.teacher);
    const system = await newItem(c.admin, { subjectId: "islamic", question: { ...ITEM.question, skillId: null } });
    const res = await req(c.teacher, "POST", "/api/bank/export/qti", { itemIds: [mine.id, system.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const { unzipSync, strFromU8 } = await import("fflate");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const xml = Object.entries(files).filter(([name]) => name.endsWith(".xml")).map(([, b]) => strFromU8(b)).join("\n");
    expect(xml).toContain(ITEM.question.questionTextEn);
    expect(xml).toContain("qti-assessment-item");
    const refused = await req(c.otherTeacher, "POST", "/api/bank/export/qti", { itemIds: [system.id, mine.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: "BANK_ITEM_NOT_FOUND" });
  });

  it("imports a package's items into the bank without making an exam", async () => {
    const mine = await newItem(c.teacher, { question: { ...ITEM.question, questionTextEn: "Round trip?" } });
    const zip = (await req(c.teacher, "POST", "/api/bank/export/qti", { itemIds: [mine.id] })).rawPayload;
    const before = (await req(c.teacher, "GET", "/api/exams")).json() as { items: unknown[] };
    const send = (cookie: string) => {
      const { payload, headers } = multipart([{ name: "file", filename: "items.zip", type: "application/zip", content: zip }]);
      return h.request({ method: "POST", url: "/api/bank/import/qti", cookie, payload, headers });
    };
    const res = await send(c.otherTeacher);
    expect(res.statusCode, res.body).toBe(201);
    const [id] = (res.json() as { itemIds: string[] }).itemIds;
    // The other school's copy: theirs to change, not ours to see; no exam was made.
    expect((await req(c.otherTeacher, "GET", `/api/bank/${id}`)).json()).toMatchObject({ owner: "school", editable: true, questionTextEn: "Round trip?", subjectId: "arabic" });
    expect((await req(c.teacher, "GET", `/api/bank/${id}`)).statusCode).toBe(404);
    expect(((await req(c.teacher, "GET", "/api/exams")).json() as { items: unknown[] }).items).toHaveLength(before.items.length);
    expect((await send(c.principal)).statusCode).toBe(403);
    expect((await send(c.student)).statusCode).toBe(403);
  });
});

describe("bad input", () => {
  it("is a clear bilingual error on every route, never a 500", async () => {
    const item = await newItem(c.teacher);
    const cases: [string, "GET" | "POST" | "PUT", string, object | undefined, number, string?][] = [
      ["bad id", "GET", "/api/bank/not-a-uuid", undefined, 404, "BANK_ITEM_NOT_FOUND"],
      ["page size", "GET", "/api/bank?pageSize=1000", undefined, 400],
      ["owner", "GET", "/api/bank?owner=everyone", undefined, 400],
      ["type", "GET", "/api/bank?type=poem", undefined, 400],
      ["facility", "GET", "/api/bank?facilityMin=2", undefined, 400],
      ["grade", "GET", "/api/bank?grade=13", undefined, 400],
      ["long search", "GET", `/api/bank?q=${"م".repeat(300)}`, undefined, 400],
      ["no body", "POST", "/api/bank", {}, 400],
      ["no texts", "POST", "/api/bank", { ...ITEM, question: { ...ITEM.question, questionTextAr: "" } }, 400],
      ["unknown subject", "POST", "/api/bank", { ...ITEM, subjectId: "alchemy" }, 400, "SUBJECT_NOT_FOUND"],
      ["wrong type", "POST", "/api/bank", { ...ITEM, grade: "eight" }, 400],
      ["too long", "POST", "/api/bank", { ...ITEM, question: { ...ITEM.question, questionTextEn: "x".repeat(20_001) } }, 400],
      ["skill of another subject", "POST", "/api/bank", { ...ITEM, question: { ...ITEM.question, skillId: "islamic.quran" } }, 400],
      ["someone else's picture", "POST", "/api/bank", { ...ITEM, question: { ...ITEM.question, image: { id: "00000000-0000-4000-8000-000000000000", altAr: "ص", altEn: "P" } } }, 400, "IMAGE_NOT_YOURS"],
      ["edit, bad body", "PUT", `/api/bank/${item.id}`, { subjectId: 3 }, 400],
      ["take, bad ids", "POST", `/api/exams/${item.id}/take-versions`, { questionIds: ["x"] }, 404, "QUESTION_NOT_FOUND"],
      ["take, not an exam", "POST", `/api/exams/${item.id}/take-versions`, {}, 404, "EXAM_NOT_FOUND"],
    ];
    for (const [name, method, url, body, status, code] of cases) {
      const res = await req(c.teacher, method, url, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      const json = res.json() as { code: string; message: { ar: string; en: string } };
      if (code) expect(json.code, name).toBe(code);
      expect(json.message.ar, name).toBeTruthy();
      expect(json.message.en, name).toBeTruthy();
    }
  });
});

describe("every question is an item", () => {
  it("an exam save makes one item per new question, of the author's school, searchable at once", async () => {
    const before = (await h.db.select().from(bankItems)).length;
    const exam = await newExam(c.teacher, { status: "draft", questions: [{ ...EXAM.questions[1]!, questionTextAr: "ما ضدّ «سريع»؟" }] });
    expect((await h.db.select().from(bankItems)).length).toBe(before + 1);
    const found = (await req(c.principal, "GET", `/api/bank?q=${encodeURIComponent("ضد سريع")}`)).json() as { items: { uses: { examId: string }[] }[] };
    expect(found.items[0]!.uses.map((u) => u.examId)).toContain(exam.id);
  });
});
