// Grades and classes (issue 15; docs/decisions/0014): on the student record, in the list's filters, in the roster
// import, in who is offered an exam, and kept with each attempt for the results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { profiles, studentExams } from "../../db/schema";
import { parseCsv } from "../../../shared/csv";
import type { TExamInput } from "../../../shared/schemas/exam";

let h: THarness;
let own: string;
let other: string;
let admin: string;
let principal: string;
let teacher: string;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_cls", "مدرسة الصفوف");
  other = await h.makeSchool("school_cls_other", "Other");
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const p = await h.makeUser("school_admin", { schoolId: own });
  principal = await h.signIn(p.email, p.password, "school");
  const t = await h.makeUser("teacher", { schoolId: own });
  teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
const uniq = () => `c${++n}${Math.random().toString(36).slice(2, 6)}`;
const post = (c: string, payload: object) => h.request({ method: "POST", url: "/api/users", cookie: c, payload });
const patch = (c: string, id: string, payload: object) => h.request({ method: "PATCH", url: `/api/users/${id}`, cookie: c, payload });
const student = (extra: object = {}) => {
  const id = uniq();
  return { email: `${id}@cls.local`, password: "secret1", role: "student", username: id, schoolId: own, ...extra };
};

describe("a student's grade and class", () => {
  it("are stored from numbers or text in either digits, listed and filtered", async () => {
    const a = await post(principal, student({ grade: 8, className: " 8/أ " }));
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ grade: 8, className: "8/أ" });
    const b = await post(principal, student({ grade: "٨", className: "8B" }));
    expect(b.json()).toMatchObject({ grade: 8, className: "8B" });
    const c = await post(principal, student({ grade: 9 }));
    expect(c.json()).toMatchObject({ grade: 9, className: null });

    const list = async (qs: string) => (await h.request({ method: "GET", url: `/api/users?group=students&${qs}`, cookie: principal })).json().items.map((u: { id: string }) => u.id);
    expect(await list("grade=8")).toEqual(expect.arrayContaining([a.json().id, b.json().id]));
    expect(await list("grade=8")).not.toContain(c.json().id);
    expect(await list(`grade=8&className=${encodeURIComponent("8/أ")}`)).toEqual([a.json().id]);
    expect(await list("grade=8&className=8b")).toEqual([b.json().id]);
    expect((await h.request({ method: "GET", url: "/api/users?group=students&grade=13", cookie: principal })).statusCode).toBe(400);
    expect((await h.request({ method: "GET", url: "/api/users?group=students&grade=x", cookie: principal })).statusCode).toBe(400);
  });

  it("are not kept for staff", async () => {
    const id = uniq();
    const res = await post(principal, { email: `${id}@cls.local`, password: "secret1", role: "teacher", schoolId: own, grade: 8, className: "8A" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ grade: null, className: null });
  });

  it("refuse wrong types, out-of-range grades, bad class names and a class without a grade, in both languages", async () => {
    for (const grade of [0, 13, 8.5, "abc", true, [8], { n: 8 }]) {
      const res = await post(principal, student({ grade }));
      expect(res.statusCode, JSON.stringify(grade)).toBe(400);
      expect(res.json().code).toBe("GRADE_INVALID");
      expect(res.json().message.ar).toMatch(/الصف/);
    }
    for (const className of ["x".repeat(21), "8<b>", "8;A", 8]) {
      const res = await post(principal, student({ grade: 8, className }));
      expect(res.statusCode, JSON.stringify(className)).toBe(400);
      expect(res.json().code).toBe("CLASS_NAME_INVALID");
    }
    const noGrade = await post(principal, student({ className: "8A" }));
    expect(noGrade.statusCode).toBe(400);
    expect(noGrade.json().code).toBe("CLASS_NEEDS_GRADE");
  });

  it("change on edit: a class needs a grade, clearing the grade clears the class, other schools' students are not found", async () => {
    const s = (await post(principal, student())).json();
    expect((await patch(principal, s.id, { className: "8A" })).json().code).toBe("CLASS_NEEDS_GRADE");
    expect((await patch(principal, s.id, { grade: 8, className: "8A" })).json().user).toMatchObject({ grade: 8, className: "8A" });
    expect((await patch(principal, s.id, { className: "8C" })).json().user).toMatchObject({ grade: 8, className: "8C" });
    expect((await patch(principal, s.id, { grade: null })).json().user).toMatchObject({ grade: null, className: null });
    expect((await patch(principal, s.id, { grade: 14 })).statusCode).toBe(400);
    const foreign = await h.makeUser("student", { schoolId: other });
    expect((await patch(principal, foreign.id, { grade: 8 })).statusCode).toBe(404);
    expect((await patch(teacher, s.id, { grade: 8 })).statusCode).toBe(403);
  });
});

describe("the roster import with grade and class", () => {
  const run = (role: string, csv: string, path = "/api/users/import") => h.request({ method: "POST", url: path, cookie: principal, payload: { role, csv } });

  it("imports the new columns, and a file without them as before", async () => {
    const id = uniq();
    const res = await run("student", `email,username,name,password,school_id,grade,class\n${id}a@cls.local,${id}a,علي,,${own},7,7/ب\n${id}b@cls.local,${id}b,Sara,,${own},,`);
    expect(res.statusCode, res.body).toBe(201);
    const [withClass] = await h.db.select().from(profiles).where(eq(profiles.email, `${id}a@cls.local`));
    expect(withClass).toMatchObject({ grade: 7, className: "7/ب" });
    const [without] = await h.db.select().from(profiles).where(eq(profiles.email, `${id}b@cls.local`));
    expect(without).toMatchObject({ grade: null, className: null });

    const old = await run("student", `email,username,name\n${id}c@cls.local,${id}c,Omar`);
    expect(old.statusCode, old.body).toBe(201);
  });

  it("names the row and column of a bad grade or class", async () => {
    const id = uniq();
    const res = await run("student", `email,username,grade,class\n${id}a@cls.local,${id}a,15,\n${id}b@cls.local,${id}b,,8A\n${id}c@cls.local,${id}c,8,${"y".repeat(30)}`, "/api/users/import/preview");
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { line: number; errors: { field: string; code: string }[] }[];
    expect(rows.map((r) => r.errors.map((e) => `${e.field}:${e.code}`))).toEqual([["grade:GRADE_INVALID"], ["grade:CLASS_NEEDS_GRADE"], ["class:CLASS_NAME_INVALID"]]);
  });

  it("offers a student template with grade and class, a teacher template without; both with the email language", async () => {
    const s = parseCsv((await h.request({ method: "GET", url: "/api/users/import/template?role=student", cookie: principal })).body);
    expect(s[0]).toEqual(["email", "username", "name", "password", "school_id", "grade", "class", "email_language", "gender", "language_background", "read_aloud", "high_contrast", "text_size"]);
    expect(s[1]!.slice(5)).toEqual(["8", "8/أ", "ar", "male", "arabic", "", "", ""]);
    const t = parseCsv((await h.request({ method: "GET", url: "/api/users/import/template?role=teacher", cookie: principal })).body);
    expect(t[0]).toEqual(["email", "username", "name", "password", "school_id", "email_language"]);
    // The example lines up with its header: no grade or class left in it.
    expect(t[1]).toEqual(["teacher01@example.com", "t01", "أ. منى العلي", "", expect.any(String), "ar"]);
  });
});

const EXAM = {
  titleAr: "اختبار الصف الثامن",
  titleEn: "Grade 8 test",
  subjectId: "arabic",
  status: "published",
  durationMinutes: 30,
  questions: [
    {
      type: "true_false",
      questionTextAr: "الشمس نجم.",
      questionTextEn: "The sun is a star.",
      points: 1,
      options: [
        { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
        { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
      ],
    },
  ],
} satisfies TExamInput;

describe("exams offered to chosen grades", () => {
  const overview = async (c: string) => (await h.request({ method: "GET", url: "/api/student/overview", cookie: c })).json().available.map((e: { examId: string }) => e.examId);
  const start = (c: string, examId: string) => h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie: c, payload: {} });
  const sign = async (grade: number | null, className: string | null = null) => {
    const u = await h.makeUser("student", { schoolId: own, grade, className });
    return { ...u, cookie: await h.signIn(u.email, u.password, "student") };
  };

  it("reach only students of those grades; a student without a grade sees only exams for every grade", async () => {
    const res = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: { ...EXAM, grades: [8, 8, 7] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().grades).toEqual([7, 8]);
    const examId = res.json().id as string;
    const everyGrade = (await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: EXAM })).json().id as string;

    const eighth = await sign(8, "8A");
    const ninth = await sign(9);
    const none = await sign(null);
    expect(await overview(eighth.cookie)).toEqual(expect.arrayContaining([examId, everyGrade]));
    expect(await overview(ninth.cookie)).not.toContain(examId);
    expect(await overview(none.cookie)).not.toContain(examId);
    expect(await overview(none.cookie)).toContain(everyGrade);
    expect((await start(ninth.cookie, examId)).json().code).toBe("EXAM_NOT_AVAILABLE");
    expect((await start(none.cookie, examId)).statusCode).toBe(404);
    expect((await start(eighth.cookie, examId)).statusCode).toBe(200);

    // A super_admin's exam list says whose exam it is and for which grades.
    const listed = (await h.request({ method: "GET", url: "/api/exams", cookie: admin })).json().items as { id: string; schools: { name: string }[]; grades: number[] }[];
    expect(listed.find((e) => e.id === examId)).toMatchObject({ schools: [{ id: own, nameAr: "مدرسة الصفوف", nameEn: "مدرسة الصفوف" }], grades: [7, 8] });
    expect(listed.find((e) => e.id === everyGrade)).toMatchObject({ grades: [] });

    // Moved to grade 8 by the school: offered on the next request.
    expect((await patch(principal, ninth.id, { grade: 8 })).statusCode).toBe(200);
    expect(await overview(ninth.cookie)).toContain(examId);
  });

  it("refuses grades that are not 1–12", async () => {
    for (const grades of [[0], [13], ["8"], [8.5], "8", Array.from({ length: 13 }, () => 8)]) {
      const res = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: { ...EXAM, grades } });
      expect(res.statusCode, JSON.stringify(grades)).toBe(400);
    }
  });

  it("an attempt keeps the class the student was in; one sat before a class was given takes it", async () => {
    const examId = (await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: { ...EXAM, titleEn: "Kept class" } })).json().id as string;
    const kept = await sign(8, "8A");
    const later = await sign(null);
    const a1 = (await start(kept.cookie, examId)).json().id as string;
    const a2 = (await start(later.cookie, examId)).json().id as string;
    await patch(principal, kept.id, { grade: 9, className: "9A" });
    await patch(principal, later.id, { grade: 8, className: "8B" });
    const rows = await h.db.select({ id: studentExams.id, grade: studentExams.grade, className: studentExams.className }).from(studentExams).where(eq(studentExams.examId, examId));
    expect(rows.find((r) => r.id === a1)).toMatchObject({ grade: 8, className: "8A" });
    expect(rows.find((r) => r.id === a2)).toMatchObject({ grade: 8, className: "8B" });

    const results = async (qs: string) => (await h.request({ method: "GET", url: `/api/results?examId=${examId}&${qs}`, cookie: principal })).json();
    expect((await results("grade=8")).total).toBe(2);
    expect((await results("grade=8&className=8a")).items.map((r: { attemptId: string }) => r.attemptId)).toEqual([a1]);
    expect((await results("grade=9")).total).toBe(0);
    expect((await results("grade=8")).items[0]).toHaveProperty("className");
    expect((await h.request({ method: "GET", url: `/api/results?grade=0`, cookie: principal })).statusCode).toBe(400);
    expect((await h.request({ method: "GET", url: `/api/results?className=${"z".repeat(40)}`, cookie: principal })).statusCode).toBe(400);
    const csv = parseCsv((await h.request({ method: "GET", url: `/api/results/export.csv?examId=${examId}&lang=en`, cookie: principal })).body);
    expect(csv[0]!.slice(0, 4)).toEqual(["Student", "School", "Grade", "Class"]);
  });
});
