// Parallel forms of an exam (issue 34, "Forms from a blueprint"; docs/decisions/0035) through the real app: assembling
// from a hand-made bank, an impossible blueprint explained, other schools' exams and items refused, forms saved in one
// go (the questions their union, anchors marked), back to one paper, refused once sat, and bad input on every route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { isForeignKeyViolation } from "../../db/errors";
import { bankItemVersions, examFormQuestions, examForms, exams, questions, studentAnswers, studentExams } from "../../db/schema";
import type { TBankItemDetail, TBankItemInput } from "../../../shared/schemas/bank";
import type { TBlueprintInput } from "../../../shared/schemas/blueprint";
import type { TAssembleResponse, TExamForms } from "../../../shared/schemas/forms";

let h: THarness;
const c = {} as Record<"admin" | "teacher" | "otherTeacher", string>;
let studentId: string;
const grammar: string[] = [];
const vocabulary: string[] = [];
let grade7: string;
let otherSchools: string;
let islamic: string;

const req = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });

const item = (skillId: string, n: number, over: Partial<TBankItemInput> = {}): TBankItemInput => ({
  subjectId: "arabic",
  grade: 8,
  question: {
    type: "multiple_choice",
    questionTextAr: `سؤال ${skillId} ${n}`,
    questionTextEn: `Question ${skillId} ${n}`,
    points: 1,
    skillId,
    options: [
      { optionTextAr: "نعم", optionTextEn: "Yes", isCorrect: true },
      { optionTextAr: "لا", optionTextEn: "No", isCorrect: false },
    ],
  },
  ...over,
});

async function newItem(cookie: string, input: TBankItemInput): Promise<string> {
  const res = await req(cookie, "POST", "/api/bank", input);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as TBankItemDetail).id;
}

const EXAM = {
  titleAr: "اختبار النماذج",
  titleEn: "Forms exam",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "draft",
  questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }],
};

async function newExam(cookie = c.teacher): Promise<string> {
  const res = await req(cookie, "POST", "/api/exams", EXAM);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const BLUEPRINT: TBlueprintInput = {
  grade: 8,
  durationMinutes: 40,
  forms: 2,
  parts: [
    { skillId: "arabic.grammar", items: 2 },
    { skillId: "arabic.vocabulary", items: 2 },
  ],
  maxOverlap: 0,
};

beforeAll(async () => {
  h = await createHarness();
  const a = await h.makeSchool("forms_a");
  const b = await h.makeSchool("forms_b");
  c.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const teacher = await h.makeUser("teacher", { schoolId: a });
  c.teacher = await h.signIn(teacher.email, teacher.password, "school");
  const other = await h.makeUser("teacher", { schoolId: b });
  c.otherTeacher = await h.signIn(other.email, other.password, "school");
  studentId = (await h.makeUser("student", { schoolId: a, grade: 8 })).id;
  for (let n = 1; n <= 5; n++) grammar.push(await newItem(c.teacher, item("arabic.grammar", n)));
  for (let n = 1; n <= 5; n++) vocabulary.push(await newItem(c.teacher, item("arabic.vocabulary", n)));
  grade7 = await newItem(c.teacher, item("arabic.grammar", 7, { grade: 7 }));
  otherSchools = await newItem(c.otherTeacher, item("arabic.grammar", 9));
  islamic = await newItem(c.teacher, item("islamic.seerah", 1, { subjectId: "islamic" }));
});
afterAll(async () => {
  await h?.close();
});

describe("assembling", () => {
  it("meets the blueprint from the author's bank items of the grade and subject only", async () => {
    const examId = await newExam();
    const res = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, BLUEPRINT);
    expect(res.statusCode, res.body).toBe(200);
    const { result, items } = res.json() as TAssembleResponse;
    if (result.status !== "assembled") throw new Error(res.body);
    expect(result.forms).toHaveLength(2);
    expect(result.maxShared).toBe(0);
    for (const form of result.forms) {
      expect(form.itemIds.filter((id) => grammar.includes(id))).toHaveLength(2);
      expect(form.itemIds.filter((id) => vocabulary.includes(id))).toHaveLength(2);
      expect(form.points).toBe(4);
    }
    const used = result.forms.flatMap((f) => f.itemIds);
    expect(new Set(used).size).toBe(8);
    expect(used).not.toContain(grade7);
    expect(used).not.toContain(otherSchools);
    // The page shows each item used by its texts.
    expect(items.map((i) => i.itemId).sort()).toEqual([...new Set(used)].sort());
    expect(items[0]).toMatchObject({ type: "multiple_choice", points: 1, facility: null });
  });

  it("carries the anchors in every form", async () => {
    const examId = await newExam();
    const res = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, anchors: [grammar[0]] });
    const { result } = res.json() as TAssembleResponse;
    if (result.status !== "assembled") throw new Error(res.body);
    for (const form of result.forms) expect(form.itemIds[0]).toBe(grammar[0]);
  });

  it("leaves out items seen by more of the grade's students than the blueprint allows, and shows the bank's facility", async () => {
    // Another exam of the school holds grammar[4] and vocabulary[4]; one of the grade's students sat it (graded,
    // half the points of grammar[4]'s row).
    const seenExam = await newExam();
    expect((await req(c.teacher, "PUT", `/api/exams/${seenExam}/forms`, { forms: [{ itemIds: [grammar[4]!, vocabulary[4]!] }] })).statusCode).toBe(200);
    const [attempt] = await h.db.insert(studentExams).values({ studentId, examId: seenExam, status: "graded" }).returning({ id: studentExams.id });
    const rows = await h.db.select({ id: questions.id, itemId: bankItemVersions.itemId }).from(questions).innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId)).where(eq(questions.examId, seenExam));
    await h.db.insert(studentAnswers).values({ studentExamId: attempt!.id, questionId: rows.find((r) => r.itemId === grammar[4])!.id, studentId, score: 0.5 });
    const sat = (await req(c.teacher, "GET", `/api/exams/${seenExam}/forms`)).json() as TExamForms;
    expect(sat.forms[0]!.items.find((i) => i.itemId === grammar[4])!.facility).toBe(0.5);

    const examId = await newExam();
    const res = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, maxExposure: 0.1 });
    const { result } = res.json() as TAssembleResponse;
    if (result.status !== "assembled") throw new Error(res.body);
    const used = result.forms.flatMap((f) => f.itemIds);
    expect(used).not.toContain(grammar[4]);
    expect(used).not.toContain(vocabulary[4]);
    // Three one-grammar-item forms fit in the four unseen grammar items; five do not, and the explanation names the exposure.
    const more = (await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, forms: 3, parts: [{ skillId: "arabic.grammar", items: 1 }, { skillId: "arabic.vocabulary", items: 1 }], maxExposure: 0.1 })).json() as TAssembleResponse;
    expect(more.result.status).toBe("assembled");
    const five = (await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, forms: 5, parts: [{ skillId: "arabic.grammar", items: 1 }], maxExposure: 0.1 })).json() as TAssembleResponse;
    if (five.result.status !== "impossible") throw new Error(JSON.stringify(five));
    expect(five.result.problems.map((p) => p.code)).toContain("ASSEMBLE_PART_LEFT_OUT_EXPOSED");
  });

  it("says which constraint cannot be met, in both languages", async () => {
    const examId = await newExam();
    const res = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, forms: 3, parts: [{ skillId: "arabic.grammar", items: 4 }] });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json() as TAssembleResponse;
    if (result.status !== "impossible") throw new Error(res.body);
    const problem = result.problems.find((p) => p.code === "ASSEMBLE_PART_SHORT_FORMS")!;
    expect(problem.message.en).toContain("Grammar");
    expect(problem.message.en).toContain("the bank has 5");
    expect(problem.message.ar).toMatch(/[\u0600-\u06FF]/);
  });

  it("refuses other schools' exams as missing, and anchors the author may not use", async () => {
    const examId = await newExam();
    for (const cookie of [c.otherTeacher]) {
      for (const [method, url, body] of [
        ["POST", `/api/exams/${examId}/assemble`, BLUEPRINT],
        ["GET", `/api/exams/${examId}/forms`],
        ["PUT", `/api/exams/${examId}/forms`, { forms: [{ itemIds: [grammar[0]] }] }],
        ["DELETE", `/api/exams/${examId}/forms`],
      ] as const) {
        const res = await req(cookie, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe("EXAM_NOT_FOUND");
      }
    }
    const anchor = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, anchors: [otherSchools] });
    expect([anchor.statusCode, anchor.json().code]).toEqual([404, "BANK_ITEM_NOT_FOUND"]);
    const wrongSubject = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, { ...BLUEPRINT, anchors: [islamic] });
    expect([wrongSubject.statusCode, wrongSubject.json().code]).toEqual([400, "BANK_ITEM_WRONG_SUBJECT"]);
    const student = await h.makeUser("student", { schoolId: "forms_a", grade: 8 });
    const asStudent = await h.signIn(student.email, student.password, "student");
    expect((await req(asStudent, "POST", `/api/exams/${examId}/assemble`, BLUEPRINT)).statusCode).toBe(403);
  });

  it("answers bad blueprints with the field's error, never a 500", async () => {
    const examId = await newExam();
    const cases: [object, string, Record<string, string | number>?][] = [
      [{ ...BLUEPRINT, forms: 0 }, "BLUEPRINT_FORMS_INVALID"],
      [{ ...BLUEPRINT, forms: "two" }, "BLUEPRINT_FORMS_INVALID"],
      [{ ...BLUEPRINT, grade: 13 }, "GRADE_INVALID"],
      [{ ...BLUEPRINT, durationMinutes: 0 }, "BLUEPRINT_DURATION_INVALID"],
      [{ ...BLUEPRINT, parts: [] }, "BLUEPRINT_PARTS_INVALID"],
      [{ ...BLUEPRINT, parts: [{ skillId: "arabic.grammar" }] }, "BLUEPRINT_PART_AMOUNT"],
      [{ ...BLUEPRINT, maxOverlap: "a lot" }, "BLUEPRINT_OVERLAP_INVALID"],
      [{ ...BLUEPRINT, maxExposure: 2 }, "BLUEPRINT_EXPOSURE_INVALID"],
      [{ ...BLUEPRINT, difficulty: { by: "facility", tolerance: 9 } }, "BLUEPRINT_TOLERANCE_INVALID"],
      [{ ...BLUEPRINT, anchors: ["x".repeat(65)] }, "BLUEPRINT_ANCHORS_INVALID"],
      [{ ...BLUEPRINT, anchors: ["not-an-id"] }, "BANK_ITEM_NOT_FOUND"],
      [{ ...BLUEPRINT, extra: 1 }, "VALIDATION_FAILED"],
      [{ ...BLUEPRINT, parts: [{ skillId: "arabic.grammar", items: 1 }, { skillId: "arabic.nothing", items: 1 }] }, "BLUEPRINT_SKILL_NOT_FOUND", { n: 2 }],
      [{ ...BLUEPRINT, parts: [{ skillId: "islamic.seerah", items: 1 }] }, "BLUEPRINT_SKILL_WRONG_SUBJECT", { n: 1 }],
    ];
    for (const [body, code, vars] of cases) {
      const res = await req(c.teacher, "POST", `/api/exams/${examId}/assemble`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      if (vars?.n) expect(res.json().message.en).toContain(`Part ${vars.n}`);
    }
    const missing = await req(c.teacher, "POST", `/api/exams/not-a-uuid/assemble`, BLUEPRINT);
    expect(missing.json().code).toBe("EXAM_NOT_FOUND");
  });
});

describe("saving forms", () => {
  it("makes the exam's questions the forms' union, marks the anchors and shows the forms", async () => {
    const examId = await newExam();
    const anchor = grammar[0]!;
    const forms = [{ itemIds: [anchor, grammar[1]!, vocabulary[0]!] }, { itemIds: [anchor, grammar[2]!, vocabulary[1]!] }];
    const res = await req(c.teacher, "PUT", `/api/exams/${examId}/forms`, { forms, anchors: [anchor], assignment: "class", blueprint: BLUEPRINT });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TExamForms;
    expect(saved).toMatchObject({ assignment: "class", hasAttempts: false, overlap: [{ a: 1, b: 2, shared: 1 }] });
    expect(saved.blueprint).toMatchObject({ grade: 8, forms: 2 });
    expect(saved.forms.map((f) => f.items.map((i) => i.itemId))).toEqual(forms.map((f) => f.itemIds));
    expect(saved.forms.map((f) => [f.number, f.points, f.items.filter((i) => i.isAnchor).map((i) => i.itemId)])).toEqual([
      [1, 3, [anchor]],
      [2, 3, [anchor]],
    ]);
    // The exam's own question, in no form, is gone; the five items are its questions, in the forms' order.
    const rows = await h.db.select({ id: questions.id, itemId: bankItemVersions.itemId, position: questions.position }).from(questions).innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId)).where(eq(questions.examId, examId));
    expect(rows.sort((x, y) => x.position - y.position).map((r) => r.itemId)).toEqual([anchor, grammar[1], vocabulary[0], grammar[2], vocabulary[1]]);
    const [exam] = await h.db.select().from(exams).where(eq(exams.id, examId));
    expect(exam).toMatchObject({ formAssignment: "class", durationMinutes: 40 });
    expect((await req(c.teacher, "GET", `/api/exams/${examId}/forms`)).json()).toEqual(saved);

    // Saved again: rows of items still in a form are kept (same ids), the others go.
    const keep = rows.find((r) => r.itemId === grammar[1])!.id;
    const again = await req(c.teacher, "PUT", `/api/exams/${examId}/forms`, { forms: [{ itemIds: [grammar[1]!, vocabulary[2]!] }, { itemIds: [grammar[3]!, vocabulary[3]!] }] });
    expect(again.statusCode, again.body).toBe(200);
    const after = await h.db.select({ id: questions.id }).from(questions).where(eq(questions.examId, examId));
    expect(after).toHaveLength(4);
    expect(after.map((r) => r.id)).toContain(keep);
    expect((again.json() as TExamForms).forms[0]!.items[0]!.questionId).toBe(keep);
    expect((again.json() as TExamForms).blueprint).toBeNull();

    // Back to one paper: the forms go, the questions stay.
    const back = await req(c.teacher, "DELETE", `/api/exams/${examId}/forms`);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as TExamForms).forms).toEqual([]);
    expect(await h.db.select().from(questions).where(eq(questions.examId, examId))).toHaveLength(4);
  });

  it("writes nothing when any item is refused (one transaction)", async () => {
    const examId = await newExam();
    const before = await h.db.select({ id: questions.id }).from(questions).where(eq(questions.examId, examId));
    const res = await req(c.teacher, "PUT", `/api/exams/${examId}/forms`, { forms: [{ itemIds: [grammar[0]!] }, { itemIds: [grammar[1]!, otherSchools] }] });
    expect([res.statusCode, res.json().code]).toEqual([404, "BANK_ITEM_NOT_FOUND"]);
    expect(await h.db.select({ id: questions.id }).from(questions).where(eq(questions.examId, examId))).toEqual(before);
    expect(await h.db.select().from(examForms).where(eq(examForms.examId, examId))).toEqual([]);
  });

  it("is refused once a student has sat the exam, and so is assembling and going back to one paper", async () => {
    const examId = await newExam();
    expect((await req(c.teacher, "PUT", `/api/exams/${examId}/forms`, { forms: [{ itemIds: [grammar[0]!] }, { itemIds: [grammar[1]!] }] })).statusCode).toBe(200);
    const [form] = await h.db.select().from(examForms).where(eq(examForms.examId, examId));
    await h.db.insert(studentExams).values({ studentId, examId, formId: form!.id });
    for (const [method, url, body] of [
      ["POST", `/api/exams/${examId}/assemble`, BLUEPRINT],
      ["PUT", `/api/exams/${examId}/forms`, { forms: [{ itemIds: [grammar[2]!] }] }],
      ["DELETE", `/api/exams/${examId}/forms`],
    ] as const) {
      const res = await req(c.teacher, method, url, body);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([409, "FORMS_HAVE_ATTEMPTS"]);
    }
    expect((await req(c.teacher, "GET", `/api/exams/${examId}/forms`)).json()).toMatchObject({ hasAttempts: true, forms: [{ number: 1 }, { number: 2 }] });
    expect(await h.db.select().from(examFormQuestions).where(eq(examFormQuestions.formId, form!.id))).toHaveLength(1);
    // Should an attempt start between the check and the change, the key refuses (RESTRICT: 23001), and the shared
    // isForeignKeyViolation must know it so that the change answers FORMS_HAVE_ATTEMPTS rather than a 500.
    const refused = await h.db.delete(examForms).where(eq(examForms.id, form!.id)).then(() => null, (error: unknown) => error);
    expect(isForeignKeyViolation(refused)).toBe(true);
  });

  it("answers bad forms with a clear error, never a 500", async () => {
    const examId = await newExam();
    const g = grammar;
    const cases: [object, string, string?][] = [
      [{ forms: [] }, "FORMS_COUNT_INVALID"],
      [{ forms: Array.from({ length: 11 }, () => ({ itemIds: [g[0]] })) }, "FORMS_COUNT_INVALID"],
      [{ forms: "two" }, "FORMS_COUNT_INVALID"],
      [{ forms: [{ itemIds: [] }] }, "FORMS_EMPTY"],
      [{ forms: [{ itemIds: [g[0]] }, { itemIds: [g[1], g[1]] }] }, "FORMS_DUPLICATE_ITEM", "Form 2"],
      [{ forms: [{ itemIds: [g[0], g[1]] }, { itemIds: [g[1]] }], anchors: [g[0]] }, "FORMS_ANCHOR_NOT_IN_FORM", "Form 2"],
      [{ forms: [{ itemIds: ["nope"] }] }, "BANK_ITEM_NOT_FOUND"],
      [{ forms: [{ itemIds: [g[0]] }], assignment: "alphabetical" }, "FORMS_ASSIGNMENT_INVALID"],
      [{ forms: [{ itemIds: [islamic] }] }, "BANK_ITEM_WRONG_SUBJECT"],
      [{ forms: [{ itemIds: [g[0]] }], blueprint: { ...BLUEPRINT, parts: [{ skillId: "islamic.seerah", items: 1 }] } }, "BLUEPRINT_SKILL_WRONG_SUBJECT"],
      [{ forms: [{ itemIds: [g[0]] }], extra: true }, "VALIDATION_FAILED"],
    ];
    for (const [body, code, text] of cases) {
      const res = await req(c.teacher, "PUT", `/api/exams/${examId}/forms`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      if (text) expect(res.json().message.en).toContain(text);
    }
  });

  it("refuses a blueprint for a grade the exam is not offered to", async () => {
    const res = await req(c.teacher, "POST", "/api/exams", { ...EXAM, grades: [7] });
    expect(res.statusCode, res.body).toBe(201);
    const assembled = await req(c.teacher, "POST", `/api/exams/${res.json().id}/assemble`, BLUEPRINT);
    expect([assembled.statusCode, assembled.json().code, assembled.json().message.en]).toEqual([400, "BLUEPRINT_GRADE_NOT_OFFERED", "This exam is not offered to grade 8. Choose one of the exam's grades."]);
  });
});
