// Skills, reports, development plans and the school report page through the real API (SPEC §3, §4 "Reports and
// plans", §6 "Generate report / plan" and "School report page", §8 "Results").
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { developmentPlans, reports, studentExams, studentFiles } from "../../db/schema";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TPaper } from "../../../shared/schemas/attempt";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<"super_admin" | "teacher" | "teacher2" | "otherTeacher" | "schoolAdmin" | "otherAdmin", string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_r_own", "مدرسة التقارير");
  other = await h.makeSchool("school_r_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school, type] of [
    ["teacher", "teacher", own, "school"],
    ["teacher2", "teacher", own, "school"],
    ["otherTeacher", "teacher", other, "school"],
    ["schoolAdmin", "school_admin", own, "school"],
    ["otherAdmin", "school_admin", other, "school"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    ids[key] = u.id;
    cookie[key] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

let studentCount = 0;
async function newStudent(school = own) {
  const u = await h.makeUser("student", { schoolId: school, name: `طالب ${++studentCount}` });
  return { id: u.id, email: u.email, cookie: await h.signIn(u.email, u.password, "student") };
}

const req = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, c?: string, payload?: object) => h.request({ method, url, cookie: c, ...(payload ? { payload } : {}) });

/** Three skills of Arabic: grammar (two questions), reading (one), spelling (one); an untagged one; an essay optional. */
function examInput(options: { essay?: boolean; schoolIds?: string[] } = {}): TExamInput {
  const tf = (correct: boolean) => [
    { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
    { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
  ];
  return {
    titleAr: "اختبار المهارات",
    titleEn: "Skills test",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    schoolIds: options.schoolIds ?? [],
    questions: [
      { type: "true_false", questionTextAr: "الفاعل مرفوع.", questionTextEn: "The doer is nominative.", points: 2, options: tf(true), skillId: "arabic.grammar" },
      { type: "true_false", questionTextAr: "المفعول به منصوب.", questionTextEn: "The object is accusative.", points: 2, options: tf(true), skillId: "arabic.grammar" },
      { type: "true_false", questionTextAr: "الفكرة الرئيسة في الفقرة الأولى.", questionTextEn: "The main idea is in the first paragraph.", points: 4, options: tf(false), skillId: "arabic.reading" },
      { type: "short_answer", questionTextAr: "اكتب «مسؤول».", questionTextEn: "Spell “mas'ul”.", points: 2, correctAnswerText: "مسؤول", skillId: "arabic.spelling" },
      { type: "true_false", questionTextAr: "سؤال عام.", questionTextEn: "A general question.", points: 1, options: tf(true) },
      ...(options.essay ? [{ type: "essay" as const, questionTextAr: "اكتب فقرة.", questionTextEn: "Write a paragraph.", points: 4, skillId: "arabic.writing" }] : []),
    ],
  };
}

async function makeExam(c: string, input = examInput()) {
  const res = await req("POST", "/api/exams", c, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; questions: { id: string; skillId: string | null; options: { id: string; isCorrect: boolean }[] }[] };
}

/** Sits the exam: grammar right, reading wrong, spelling right or not; submits. */
async function sit(s: { cookie: string }, exam: Awaited<ReturnType<typeof makeExam>>, options: { spelling?: string; essay?: string } = {}) {
  const attempt = (await req("POST", `/api/student/exams/${exam.id}/attempt`, s.cookie, {})).json() as { id: string };
  const save = (i: number, body: object) => req("PUT", `/api/attempts/${attempt.id}/answers/${exam.questions[i]!.id}`, s.cookie, { examId: exam.id, clientSeq: 1, ...body });
  const pick = (i: number, correct: boolean) => exam.questions[i]!.options.find((o) => o.isCorrect === correct)!.id;
  await save(0, { selectedOptionId: pick(0, true) });
  await save(1, { selectedOptionId: pick(1, true) });
  await save(2, { selectedOptionId: pick(2, false) });
  await save(3, { answerText: options.spelling ?? "مسئول" });
  await save(4, { selectedOptionId: pick(4, true) });
  if (options.essay !== undefined) await save(5, { answerText: options.essay });
  const done = await req("POST", `/api/attempts/${attempt.id}/submit`, s.cookie, {});
  expect(done.statusCode).toBe(200);
  return { id: attempt.id, status: done.json().status as string };
}

describe("the skill catalogue", () => {
  it("is seeded for the three subjects, read by staff, managed by super_admins only", async () => {
    const list = await req("GET", "/api/skills", cookie.teacher);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: string; subjectId: string; nameAr: string; retired: boolean }[];
    expect(new Set(items.map((s) => s.subjectId))).toEqual(new Set(["arabic", "islamic", "social"]));
    expect(items.find((s) => s.id === "arabic.grammar")).toMatchObject({ nameAr: "النحو", retired: false });
    expect(items.filter((s) => s.subjectId === "arabic").length).toBeGreaterThanOrEqual(7);
    expect((await req("GET", "/api/skills?subjectId=islamic", cookie.schoolAdmin)).json().items.every((s: { subjectId: string }) => s.subjectId === "islamic")).toBe(true);
    const s = await newStudent();
    expect((await req("GET", "/api/skills", s.cookie)).statusCode).toBe(403);
    expect((await req("GET", "/api/skills")).statusCode).toBe(401);

    const body = { subjectId: "arabic", nameAr: "الشعر والعروض", nameEn: "Poetry & prosody", guidanceAr: "تقطيع بيت يوميًا.", guidanceEn: "Scan one verse a day." };
    for (const c of [cookie.teacher, cookie.schoolAdmin, s.cookie]) expect((await req("POST", "/api/skills", c, body)).statusCode).toBe(403);
    const created = await req("POST", "/api/skills", cookie.super_admin, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: "arabic.poetry_prosody", nameEn: "Poetry & prosody", retired: false, questionCount: 0 });
    const again = await req("POST", "/api/skills", cookie.super_admin, { ...body, nameEn: "POETRY & PROSODY", nameAr: "أخرى" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("SKILL_NAME_TAKEN");
    expect((await req("POST", "/api/skills", cookie.super_admin, { ...body, subjectId: "chemistry", nameEn: "Atoms", nameAr: "الذرات" })).json().code).toBe("SUBJECT_NOT_FOUND");
    expect((await req("POST", "/api/skills", cookie.super_admin, { subjectId: "arabic", nameAr: "", nameEn: "X" })).json().code).toBe("SKILL_REQUIRED_FIELDS");
    expect((await req("POST", "/api/skills", cookie.super_admin, { ...body, nameEn: "x".repeat(500) })).json().code).toBe("TEXT_TOO_LONG");

    const renamed = await req("PATCH", "/api/skills/arabic.poetry_prosody", cookie.super_admin, { nameEn: "Poetry and prosody" });
    // A PATCH changes what it carries only: the guidance it did not mention is kept.
    expect(renamed.json()).toMatchObject({ id: "arabic.poetry_prosody", nameEn: "Poetry and prosody", guidanceAr: body.guidanceAr, guidanceEn: body.guidanceEn });
    const cleared = await req("PATCH", "/api/skills/arabic.poetry_prosody", cookie.super_admin, { guidanceEn: null });
    expect(cleared.json()).toMatchObject({ guidanceAr: body.guidanceAr, guidanceEn: null });
    for (const bad of [{ nameEn: 12 }, { retired: "yes" }, { guidanceAr: "x".repeat(20_000) }, { nameAr: "" }]) {
      const res = await req("PATCH", "/api/skills/arabic.poetry_prosody", cookie.super_admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await req("PATCH", "/api/skills/arabic.poetry_prosody", cookie.teacher, { nameEn: "Mine" })).statusCode).toBe(403);
    expect((await req("PATCH", "/api/skills/arabic.nothing", cookie.super_admin, { nameEn: "X" })).statusCode).toBe(404);
    expect((await req("PATCH", "/api/skills/arabic.poetry_prosody", cookie.super_admin, { subjectId: "social" })).statusCode).toBe(400);
  });

  it("questions carry one skill of the exam's subject; never in the student's copy; a retired skill stays where it was", async () => {
    const exam = await makeExam(cookie.teacher);
    expect(exam.questions.map((q) => q.skillId)).toEqual(["arabic.grammar", "arabic.grammar", "arabic.reading", "arabic.spelling", null]);
    const s = await newStudent();
    const paper = await req("GET", `/api/student/exams/${exam.id}/paper`, s.cookie);
    expect(paper.body).not.toContain("skill");
    expect(paper.body).not.toContain("arabic.grammar");
    expect((paper.json() as TPaper).questions).toHaveLength(5);

    const input = examInput();
    const wrong = await req("PUT", `/api/exams/${exam.id}`, cookie.teacher, { ...input, questions: input.questions!.map((q, i) => (i === 2 ? { ...q, skillId: "islamic.fiqh" } : q)) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "SKILL_WRONG_SUBJECT", message: { en: "Question 3: the skill must belong to the exam's subject." } });
    const unknown = await req("PUT", `/api/exams/${exam.id}`, cookie.teacher, { ...input, questions: input.questions!.map((q, i) => (i === 0 ? { ...q, skillId: "arabic.astrology" } : q)) });
    expect(unknown.json()).toMatchObject({ code: "SKILL_NOT_FOUND", fields: [{ path: "questions.0.skillId" }] });

    // Retire spelling: the question that has it keeps it on the next save; a new question cannot take it.
    const retire = await req("PATCH", "/api/skills/arabic.spelling", cookie.super_admin, { retired: true });
    expect(retire.json()).toMatchObject({ retired: true, questionCount: expect.any(Number) });
    try {
      const detail = (await req("GET", `/api/exams/${exam.id}`, cookie.teacher)).json();
      const keep = await req("PUT", `/api/exams/${exam.id}`, cookie.teacher, { ...input, questions: detail.questions });
      expect(keep.statusCode, keep.body).toBe(200);
      expect(keep.json().questions[3].skillId).toBe("arabic.spelling");
      const fresh = await req("PUT", `/api/exams/${exam.id}`, cookie.teacher, {
        ...input,
        questions: [...detail.questions, { type: "short_answer", questionTextAr: "اكتب.", questionTextEn: "Spell.", points: 1, correctAnswerText: "x", skillId: "arabic.spelling" }],
      });
      expect(fresh.json()).toMatchObject({ code: "SKILL_RETIRED", message: { en: "Question 6: this skill is retired; choose another one." } });
      expect((await req("GET", "/api/skills?subjectId=arabic", cookie.teacher)).json().items.map((x: { id: string }) => x.id)).not.toContain("arabic.spelling");
      expect((await req("GET", "/api/skills?subjectId=arabic&includeRetired=true", cookie.teacher)).json().items.map((x: { id: string }) => x.id)).toContain("arabic.spelling");
    } finally {
      await req("PATCH", "/api/skills/arabic.spelling", cookie.super_admin, { retired: false });
    }
  });
});

describe("files tagged with skills", () => {
  it("tags on upload and later, by the uploader only; unknown skills refused", async () => {
    const boundary = "----qias";
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="skillIds"\r\n\r\n["arabic.reading"]\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reading.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n`,
      `--${boundary}--\r\n`,
    ].join("");
    const up = await h.request({ method: "POST", url: "/api/files", cookie: cookie.teacher, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().skillIds).toEqual(["arabic.reading"]);
    const id = up.json().id as string;
    const set = await req("PUT", `/api/files/${id}/skills`, cookie.teacher, { skillIds: ["arabic.reading", "arabic.grammar"] });
    expect(set.json()).toEqual({ skillIds: ["arabic.grammar", "arabic.reading"] });
    const listed = (await req("GET", "/api/files", cookie.teacher)).json().items.find((f: { id: string }) => f.id === id);
    expect(listed.skillIds).toEqual(["arabic.grammar", "arabic.reading"]);
    expect((await req("PUT", `/api/files/${id}/skills`, cookie.teacher, { skillIds: ["arabic.nope"] })).json().code).toBe("SKILL_MISSING");
    expect((await req("PUT", `/api/files/${id}/skills`, cookie.teacher2, { skillIds: [] })).statusCode).toBe(404);
    expect((await req("PUT", `/api/files/${id}/skills`, cookie.teacher, { skillIds: "arabic.grammar" })).statusCode).toBe(400);
    // Leave it tagged with reading for the plan tests below.
    await req("PUT", `/api/files/${id}/skills`, cookie.teacher, { skillIds: ["arabic.reading"] });
    ids.readingFile = id;
  });
});

describe("generating reports and plans (SPEC §6)", () => {
  it("each role × own and other school: staff of the student's school and super_admins; students never", async () => {
    const exam = await makeExam(cookie.teacher);
    const attempts: string[] = [];
    for (let i = 0; i < 4; i++) attempts.push((await sit(await newStudent(), exam)).id);
    const s = await newStudent();
    const own = await sit(s, exam);
    expect(own.status).toBe("graded");

    for (const c of [cookie.otherTeacher, cookie.otherAdmin]) {
      const res = await req("POST", `/api/attempts/${attempts[0]}/report`, c);
      expect(res.statusCode).toBe(403);
      expect((await req("POST", `/api/attempts/${attempts[0]}/plan`, c)).statusCode).toBe(403);
    }
    const student = await req("POST", `/api/attempts/${own.id}/report`, s.cookie);
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ code: "REPORT_FORBIDDEN", title: { en: "Unauthorized" } });
    expect((await req("POST", `/api/attempts/${own.id}/plan`, s.cookie)).statusCode).toBe(403);
    expect((await req("POST", `/api/attempts/${own.id}/report`)).statusCode).toBe(401);
    expect((await req("POST", "/api/attempts/not-a-uuid/report", cookie.teacher)).statusCode).toBe(404);
    expect((await req("POST", "/api/attempts/00000000-0000-4000-8000-000000000000/report", cookie.teacher)).json().code).toBe("RESULT_NOT_FOUND");

    for (const [c, attemptId] of [
      [cookie.super_admin, attempts[0]],
      [cookie.schoolAdmin, attempts[1]],
      [cookie.teacher, attempts[2]],
      [cookie.teacher2, attempts[3]],
    ] as const) {
      const report = await req("POST", `/api/attempts/${attemptId}/report`, c);
      expect(report.statusCode, report.body).toBe(201);
      const plan = await req("POST", `/api/attempts/${attemptId}/plan`, c);
      expect(plan.statusCode, plan.body).toBe(201);
      expect(plan.json()).toMatchObject({ generatedByAi: false, generator: "rules" });
      const again = await req("POST", `/api/attempts/${attemptId}/report`, c);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: "REPORT_EXISTS", title: { en: "Failed to generate report." } });
      expect((await req("POST", `/api/attempts/${attemptId}/plan`, c)).json()).toMatchObject({ code: "PLAN_EXISTS", title: { en: "Failed to generate development plan." } });
      const [row] = await h.db.select().from(studentExams).where(eq(studentExams.id, attemptId!));
      expect(row).toMatchObject({ reportGenerated: true, developmentPlanGenerated: true });
    }
  });

  it("the report is the student's real result: score, band, mastery per skill, the questions that show it", async () => {
    const exam = await makeExam(cookie.teacher);
    const s = await newStudent();
    const attempt = await sit(s, exam, { spelling: "مسؤول" });
    const report = (await req("POST", `/api/attempts/${attempt.id}/report`, cookie.teacher)).json();
    expect(report.analysis).toMatchObject({ score: 7, total: 11, percentage: 63.6, band: "developing" });
    expect(report.analysis.skills.map((x: { skillId: string; earned: number; possible: number; level: string; missed: number[] }) => [x.skillId, x.earned, x.possible, x.level, x.missed])).toEqual([
      ["arabic.grammar", 4, 4, "mastered", []],
      ["arabic.spelling", 2, 2, "mastered", []],
      ["arabic.reading", 0, 4, "not_yet", [3]],
    ]);
    expect(report.analysis.untagged).toEqual({ count: 1, earned: 1, possible: 1 });
    expect(report.content.summary.en).toContain("7 of 11 points (63.6%) in “Skills test”: Developing.");
    expect(report.content.summary.ar).toContain("الدرجة 7 من 11 (63.6٪) في «اختبار المهارات»، والمستوى: في طور النمو.");
    expect(report.content.areas_for_improvement[0].en).toBe("Reading comprehension: 0 / 4 (0%), not yet mastered; see question 3.");
    expect(report.content.recommendations[0].ar).toContain("قراءة نص قصير يوميًا");
    expect(JSON.stringify(report)).not.toContain(s.email);
  });

  it("compares with the school and with everyone who sat it", async () => {
    const input = examInput({ schoolIds: [own, other] });
    const exam = await makeExam(cookie.super_admin, input);
    // Own school: 5/11 (spelling left blank) and 7/11; the other school: 5/11.
    const a = await sit(await newStudent(own), exam, { spelling: "" });
    const b = await sit(await newStudent(own), exam, { spelling: "مسؤول" });
    const c = await sit(await newStudent(other), exam, { spelling: "" });
    for (const x of [a, b, c]) expect(x.status).toBe("graded");
    const detail = (await req("GET", `/api/exams/${exam.id}`, cookie.super_admin)).json();
    expect((await req("PUT", `/api/exams/${exam.id}`, cookie.super_admin, { ...input, status: "archived", questions: detail.questions })).statusCode).toBe(200);
    const report = (await req("POST", `/api/attempts/${b.id}/report`, cookie.teacher)).json();
    const scores = await h.db.select({ id: studentExams.id, score: studentExams.score }).from(studentExams).where(eq(studentExams.examId, exam.id));
    const pct = (id: string) => Math.round(((scores.find((r) => r.id === id)!.score ?? 0) / 11) * 1000) / 10;
    const mean = (xs: number[]) => Math.round((xs.reduce((s, v) => s + v, 0) / xs.length) * 10) / 10;
    expect(report.analysis.comparison.school).toEqual({ count: 2, mean: mean([pct(a.id), pct(b.id)]), percentile: 75 });
    expect(report.analysis.comparison.all).toEqual({ count: 3, mean: mean([pct(a.id), pct(b.id), pct(c.id)]), percentile: 83 });
    expect(report.content.summary.en).toContain("(3 students); this result is higher than 83% of them.");
  });

  it("refused until graded, and while a multi-school exam is open; the student reads their own, in both languages", async () => {
    const exam = await makeExam(cookie.teacher, examInput({ essay: true }));
    const s = await newStudent();
    const attempt = await sit(s, exam, { essay: "فقرة عن الصداقة والوفاء." });
    expect(attempt.status).toBe("completed");
    const early = await req("POST", `/api/attempts/${attempt.id}/report`, cookie.teacher);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "REPORT_NOT_GRADED", message: { en: "Reports and plans can be generated once every answer of the attempt is graded." } });
    expect((await req("GET", `/api/attempts/${attempt.id}/reports`, cookie.teacher)).json()).toEqual({ report: null, plan: null, cannotGenerate: "REPORT_NOT_GRADED", earlierReports: [], earlierPlans: [] });

    const sheet = (await req("GET", `/api/grading/exams/${exam.id}`, cookie.teacher)).json();
    const answer = sheet.questions.find((q: { type: string }) => q.type === "essay").answers.find((a: { attemptId: string }) => a.attemptId === attempt.id);
    await req("PUT", `/api/grading/answers/${answer.answerId}`, cookie.teacher, { score: 3 });
    expect((await req("GET", `/api/attempts/${attempt.id}/reports`, cookie.teacher)).json().cannotGenerate).toBeNull();
    expect((await req("POST", `/api/attempts/${attempt.id}/report`, cookie.teacher)).statusCode).toBe(201);
    expect((await req("POST", `/api/attempts/${attempt.id}/plan`, cookie.teacher)).statusCode).toBe(201);

    const mine = (await req("GET", `/api/attempts/${attempt.id}/reports`, s.cookie)).json();
    expect(mine.cannotGenerate).toBe("REPORT_FORBIDDEN");
    expect(mine.report.content.summary.ar.length).toBeGreaterThan(20);
    expect(mine.report.content.summary.en.length).toBeGreaterThan(20);
    expect(mine.plan.content.goal.ar.length).toBeGreaterThan(10);
    const classmate = await newStudent();
    expect((await req("GET", `/api/attempts/${attempt.id}/reports`, classmate.cookie)).statusCode).toBe(403);
    expect((await req("GET", `/api/attempts/${attempt.id}/reports`, cookie.otherAdmin)).statusCode).toBe(403);

    const shared = await makeExam(cookie.super_admin, examInput({ schoolIds: [own, other] }));
    const sharedAttempt = await sit(await newStudent(), shared);
    const withheld = await req("POST", `/api/attempts/${sharedAttempt.id}/report`, cookie.super_admin);
    expect(withheld.statusCode).toBe(409);
    expect(withheld.json().code).toBe("REPORT_KEY_WITHHELD");
  });

  it("a double click or two staff at once make one report and one plan (the database decides)", async () => {
    const exam = await makeExam(cookie.teacher);
    const attempt = await sit(await newStudent(), exam);
    for (const kind of ["report", "plan"] as const) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => req("POST", `/api/attempts/${attempt.id}/${kind}`, [cookie.teacher, cookie.teacher2, cookie.schoolAdmin, cookie.super_admin][i % 4])),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, ...Array(9).fill(409)]);
      const table = kind === "report" ? reports : developmentPlans;
      expect(await h.db.select().from(table).where(eq(table.studentExamId, attempt.id))).toHaveLength(1);
    }
  });

  it("the plan offers the school's files tagged with a weak skill, and shares them with the student", async () => {
    expect(ids.readingFile).toBeTruthy();
    const exam = await makeExam(cookie.teacher);
    const s = await newStudent();
    const attempt = await sit(s, exam);
    const plan = (await req("POST", `/api/attempts/${attempt.id}/plan`, cookie.schoolAdmin)).json();
    const resource = plan.content.resources.find((r: { kind: string }) => r.kind === "file");
    expect(resource).toMatchObject({ fileId: ids.readingFile, skillId: "arabic.reading", title: { en: "reading.pdf" } });
    expect(plan.content.steps[0]).toMatchObject({ skillId: "arabic.reading", timeline: { en: "Weeks 1–2" } });
    const [link] = await h.db.select().from(studentFiles).where(and(eq(studentFiles.studentId, s.id), eq(studentFiles.fileId, ids.readingFile!)));
    expect(link).toBeTruthy();
    expect((await req("GET", `/api/files/${ids.readingFile}/download`, s.cookie)).statusCode).toBe(200);
    // Another school's student is not offered this school's file.
    const otherExam = await makeExam(cookie.otherTeacher);
    const elsewhere = await sit(await newStudent(other), otherExam);
    const otherPlan = (await req("POST", `/api/attempts/${elsewhere.id}/plan`, cookie.otherTeacher)).json();
    expect(otherPlan.content.resources.some((r: { fileId: string | null }) => r.fileId === ids.readingFile)).toBe(false);
  });
});

describe("stale reports and plans, generated again as new versions (docs/decisions/0032)", () => {
  it("marked when the figures they quote change; again adds version n+1 and keeps the old one readable", async () => {
    const exam = await makeExam(cookie.teacher);
    const s = await newStudent();
    const first = await sit(s, exam);
    expect((await req("POST", `/api/attempts/${first.id}/report`, cookie.teacher)).json()).toMatchObject({ version: 1, stale: false });
    expect((await req("POST", `/api/attempts/${first.id}/plan`, cookie.teacher)).json()).toMatchObject({ version: 1, stale: false });
    const read = async (c = cookie.teacher) => (await req("GET", `/api/attempts/${first.id}/reports`, c)).json();
    expect(await read()).toMatchObject({ report: { version: 1, stale: false }, plan: { version: 1, stale: false }, earlierReports: [] });
    // Nothing changed: nothing to generate again.
    const early = await req("POST", `/api/attempts/${first.id}/report/again`, cookie.teacher);
    expect([early.statusCode, early.json().code]).toEqual([409, "REPORT_UP_TO_DATE"]);

    // A classmate's attempt is marked: the school's average and count the report quotes are not today's.
    await sit(await newStudent(), exam, { spelling: "مسؤول" });
    expect(await read()).toMatchObject({ report: { version: 1, stale: true }, plan: { version: 1, stale: true } });
    const school = (await req("GET", `/api/school-reports/${first.id}`, cookie.schoolAdmin)).json();
    expect([school.report.stale, school.plan.stale]).toEqual([true, true]);
    // Not the student's to do, nor another school's.
    expect((await req("POST", `/api/attempts/${first.id}/report/again`, s.cookie)).statusCode).toBe(403);
    expect((await req("POST", `/api/attempts/${first.id}/report/again`, cookie.otherAdmin)).statusCode).toBe(403);

    const again = await req("POST", `/api/attempts/${first.id}/report/again`, cookie.teacher2);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ version: 2, stale: false, generatedBy: { id: ids.teacher2 } });
    expect(again.json().content.summary.en).toContain("(2 students)");
    const after = await read(s.cookie);
    expect(after).toMatchObject({ report: { version: 2, stale: false }, plan: { version: 1, stale: true } });
    // The old version is still there, as it was, and says it is out of date.
    expect(after.earlierReports).toHaveLength(1);
    expect(after.earlierReports[0]).toMatchObject({ version: 1, stale: true });
    expect(after.earlierReports[0].content.summary.en).not.toContain("(2 students)");

    // Ten clicks at once: one version 2 of the plan.
    const plans = await Promise.all(Array.from({ length: 6 }, (_, i) => req("POST", `/api/attempts/${first.id}/plan/again`, [cookie.teacher, cookie.teacher2, cookie.schoolAdmin][i % 3])));
    expect(plans.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(plans.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(5).fill("PLAN_UP_TO_DATE"));
    expect(await h.db.select().from(developmentPlans).where(eq(developmentPlans.studentExamId, first.id))).toHaveLength(2);

    // A report from before versions (no fingerprint stored) is judged by the analysis it stored.
    await h.db.update(reports).set({ fingerprint: null }).where(eq(reports.studentExamId, first.id));
    expect(await read()).toMatchObject({ report: { version: 2, stale: false }, earlierReports: [{ version: 1, stale: true }] });
  });

  it("for a whole exam: a new version of each stale one, the missing ones made, the rest left alone", async () => {
    const exam = await makeExam(cookie.teacher);
    const a = await sit(await newStudent(), exam);
    const b = await sit(await newStudent(), exam);
    for (const kind of ["report", "plan"]) expect((await req("POST", `/api/attempts/${a.id}/${kind}`, cookie.teacher)).statusCode).toBe(201);
    expect((await req("POST", `/api/attempts/${b.id}/report`, cookie.teacher)).statusCode).toBe(201);
    const stale = async (c = cookie.teacher) => (await req("GET", `/api/exams/${exam.id}/reports/stale`, c)).json();
    expect(await stale()).toEqual({ reports: 0, plans: 0 });
    // Both reports quote two students; a third makes them stale.
    const c = await sit(await newStudent(), exam, { spelling: "مسؤول" });
    // The bulk card counts them (a's report and plan, b's report), by the same rule as each attempt's page.
    expect(await stale()).toEqual({ reports: 2, plans: 1 });
    expect(await stale(cookie.schoolAdmin)).toEqual({ reports: 2, plans: 1 });
    expect((await req("GET", `/api/attempts/${b.id}/reports`, cookie.teacher)).json()).toMatchObject({ report: { stale: true } });
    // Another school's staff do not reach the exam; students never; a malformed or unknown exam is not found.
    for (const [url, who, status, code] of [
      [`/api/exams/${exam.id}/reports/stale`, cookie.otherTeacher, 404, "EXAM_NOT_FOUND"],
      [`/api/exams/${exam.id}/reports/stale`, (await newStudent()).cookie, 403, "REPORT_FORBIDDEN"],
      ["/api/exams/x/reports/stale", cookie.teacher, 404, "EXAM_NOT_FOUND"],
      ["/api/exams/00000000-0000-4000-8000-000000000000/reports/stale", cookie.teacher, 404, "EXAM_NOT_FOUND"],
    ] as const) {
      const res = await req("GET", url, who);
      expect([res.statusCode, res.json().code], url).toEqual([status, code]);
      expect(res.json().message.ar).toBeTruthy();
    }
    const started = await req("POST", `/api/exams/${exam.id}/reports/bulk/again`, cookie.teacher);
    expect(started.statusCode, started.body).toBe(202);
    // Not the same job as "what is missing".
    expect((await req("POST", `/api/exams/${exam.id}/reports/bulk`, cookie.teacher)).json().id).not.toBe(started.json().id);
    expect((await req("POST", `/api/exams/${exam.id}/reports/bulk/again`, (await newStudent()).cookie)).statusCode).toBe(403);
    await h.drainJobs();
    expect((await req("GET", `/api/jobs/${started.json().id}`, cookie.teacher)).json()).toMatchObject({ status: "done", failed: 0, total: 3 });
    const versions = async (id: string) => ({
      reports: (await h.db.select({ v: reports.version }).from(reports).where(eq(reports.studentExamId, id))).map((r) => r.v).sort(),
      plans: (await h.db.select({ v: developmentPlans.version }).from(developmentPlans).where(eq(developmentPlans.studentExamId, id))).map((r) => r.v).sort(),
    });
    expect(await versions(a.id)).toEqual({ reports: [1, 2], plans: [1, 2] });
    expect(await versions(b.id)).toEqual({ reports: [1, 2], plans: [1] });
    expect(await versions(c.id)).toEqual({ reports: [1], plans: [1] });
    for (const id of [a.id, b.id, c.id]) expect((await req("GET", `/api/attempts/${id}/reports`, cookie.teacher)).json()).toMatchObject({ report: { stale: false }, plan: { stale: false } });
    expect(await stale()).toEqual({ reports: 0, plans: 0 });
    // Run again: nothing is stale, nothing is added.
    const twice = await req("POST", `/api/exams/${exam.id}/reports/bulk/again`, cookie.teacher);
    await h.drainJobs();
    expect((await req("GET", `/api/jobs/${twice.json().id}`, cookie.teacher)).json()).toMatchObject({ status: "done", failed: 0 });
    expect(await versions(a.id)).toEqual({ reports: [1, 2], plans: [1, 2] });
  });
});

describe("the school report page (SPEC §2, §6)", () => {
  it("super_admin any; a school_admin their own school only; teachers and students never", async () => {
    const exam = await makeExam(cookie.teacher);
    const attempt = await sit(await newStudent(), exam);
    await req("POST", `/api/attempts/${attempt.id}/report`, cookie.teacher);
    const page = await req("GET", `/api/school-reports/${attempt.id}`, cookie.schoolAdmin);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ school: { id: own, nameAr: "مدرسة التقارير", nameEn: "مدرسة التقارير" }, exam: { titleEn: "Skills test" }, attempt: { status: "graded", score: 7 }, plan: null });
    expect(page.json().report.analysis.skills.length).toBe(3);
    expect((await req("GET", `/api/school-reports/${attempt.id}`, cookie.super_admin)).statusCode).toBe(200);
    const elsewhere = await req("GET", `/api/school-reports/${attempt.id}`, cookie.otherAdmin);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message.en).toBe("You are not authorized to view this result for another school.");
    expect((await req("GET", `/api/school-reports/${attempt.id}`, cookie.teacher)).statusCode).toBe(403);
    const s = await newStudent();
    expect((await req("GET", `/api/school-reports/${attempt.id}`, s.cookie)).statusCode).toBe(403);
    expect((await req("GET", `/api/school-reports/${attempt.id}`)).statusCode).toBe(401);
    expect((await req("GET", "/api/school-reports/00000000-0000-4000-8000-000000000000", cookie.super_admin)).json().code).toBe("RESULT_NOT_FOUND");
  });
});

describe("generating for every graded attempt of an exam (a job)", () => {
  it("one job per user and exam, progress to the end, a report and a plan for each attempt in scope", async () => {
    const exam = await makeExam(cookie.teacher);
    const mine = [];
    // Two different results, so where each stands among the others is worth checking.
    for (let i = 0; i < 6; i++) mine.push((await sit(await newStudent(), exam, { spelling: i % 3 ? "" : "مسؤول" })).id);
    // One already has a report: the job makes its plan only.
    await req("POST", `/api/attempts/${mine[0]}/report`, cookie.teacher);
    // A student of another school sat it too (the super_admin offered it there): not in the teacher's scope.
    const started = await req("POST", `/api/exams/${exam.id}/reports/bulk`, cookie.teacher2);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: "queued", done: 0, failed: 0 });
    const twice = await req("POST", `/api/exams/${exam.id}/reports/bulk`, cookie.teacher2);
    expect(twice.json().id).toBe(started.json().id);
    expect((await req("GET", `/api/jobs/${started.json().id}`, cookie.teacher)).statusCode).toBe(404);
    expect((await req("POST", `/api/exams/${exam.id}/reports/bulk`, cookie.otherTeacher)).statusCode).toBe(404);
    const s = await newStudent();
    expect((await req("POST", `/api/exams/${exam.id}/reports/bulk`, s.cookie)).statusCode).toBe(403);

    await h.drainJobs();
    const job = (await req("GET", `/api/jobs/${started.json().id}`, cookie.teacher2)).json();
    expect(job).toMatchObject({ status: "done", done: 6, failed: 0, total: 6 });
    expect((await req("GET", `/api/exams/${exam.id}/reports/bulk`, cookie.teacher2)).json().job.id).toBe(job.id);
    for (const id of mine) {
      const [row] = await h.db.select().from(studentExams).where(eq(studentExams.id, id));
      expect(row).toMatchObject({ reportGenerated: true, developmentPlanGenerated: true });
    }
    // The job places each attempt among its peers the same way a single report does (mine[0] was made singly).
    const graded = await h.db.select({ id: studentExams.id, score: studentExams.score }).from(studentExams).where(eq(studentExams.examId, exam.id));
    const pcts = graded.map((g) => Math.round(((g.score ?? 0) / 11) * 1000) / 10);
    for (const id of mine) {
      const [row] = await h.db.select({ analysis: reports.analysis }).from(reports).where(eq(reports.studentExamId, id));
      const mine_ = Math.round(((graded.find((g) => g.id === id)!.score ?? 0) / 11) * 1000) / 10;
      const below = pcts.filter((x) => x < mine_).length;
      const equal = pcts.filter((x) => x === mine_).length;
      expect(row!.analysis!.comparison.all).toEqual({
        count: pcts.length,
        mean: Math.round((pcts.reduce((a, b) => a + b, 0) / pcts.length) * 10) / 10,
        percentile: Math.round(((below + equal / 2) / pcts.length) * 100),
      });
    }
    // Nothing left to do: a new job finishes with 0.
    const again = await req("POST", `/api/exams/${exam.id}/reports/bulk`, cookie.teacher2);
    expect(again.json().id).not.toBe(job.id);
    await h.drainJobs();
    expect((await req("GET", `/api/jobs/${again.json().id}`, cookie.teacher2)).json()).toMatchObject({ status: "done", total: 0 });
  });
});
