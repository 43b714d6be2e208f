// A student's reading accommodations (issue 37, decision 0052): read-aloud on every exam, high contrast and a larger
// text size by default. Set by staff who manage the student, students only, checked with a bilingual error, carried
// on the student's attempt (not on the paper, which is one copy for everyone), and never on another student's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/node";
import { profiles } from "../../db/schema";
import { createHarness, type THarness } from "../../test/harness";
import type { TAttemptState } from "../../../shared/schemas/attempt";
import type { TExamInput } from "../../../shared/schemas/exam";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
let own: string;
let schoolAdmin: string;
let teacher: string;
let otherAdmin: string;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_reading", "مدرسة القراءة");
  const other = await h.makeSchool("school_reading_other", "Other School");
  const sa = await h.makeUser("school_admin", { schoolId: own });
  schoolAdmin = await h.signIn(sa.email, sa.password, "school");
  const t = await h.makeUser("teacher", { schoolId: own });
  teacher = await h.signIn(t.email, t.password, "school");
  const oa = await h.makeUser("school_admin", { schoolId: other });
  otherAdmin = await h.signIn(oa.email, oa.password, "school");
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
const uniq = () => `r${++n}${Math.random().toString(36).slice(2, 6)}`;
const post = (c: string, payload: object) => h.request({ method: "POST", url: "/api/users", cookie: c, payload });
const patch = (c: string, id: string, payload: object) => h.request({ method: "PATCH", url: `/api/users/${id}`, cookie: c, payload });
const student = (extra: object = {}) => {
  const id = uniq();
  return { email: `${id}@reading.local`, password: "secret1", role: "student", username: id, schoolId: own, ...extra };
};
const NONE = { readAloud: false, highContrast: false, textScale: 100 };

describe("reading accommodations in the user dialog's API", () => {
  it("a student is created with them and they are returned to staff; not given, none", async () => {
    const res = await post(schoolAdmin, student({ readAloud: true, highContrast: true, textScale: 150 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ readAloud: true, highContrast: true, textScale: 150 });
    expect((await post(schoolAdmin, student())).json()).toMatchObject(NONE);
    const listed = await h.request({ method: "GET", url: `/api/users?group=students&q=${res.json().username}`, cookie: teacher });
    expect(listed.json().items[0]).toMatchObject({ readAloud: true, textScale: 150 });
  });

  it("a teacher never has them (dropped, like extra time)", async () => {
    const id = uniq();
    const t = await post(schoolAdmin, { email: `${id}@reading.local`, password: "secret1", role: "teacher", schoolId: own, readAloud: true, highContrast: true, textScale: 200 });
    expect(t.statusCode, t.body).toBe(201);
    expect(t.json()).toMatchObject(NONE);
    expect((await patch(schoolAdmin, t.json().id, { textScale: 150, readAloud: true })).json().user).toMatchObject(NONE);
  });

  it("are edited, one at a time, and left alone when absent", async () => {
    const s = (await post(schoolAdmin, student({ textScale: 125 }))).json();
    const edited = await patch(schoolAdmin, s.id, { highContrast: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user).toMatchObject({ readAloud: false, highContrast: true, textScale: 125 });
    expect((await patch(schoolAdmin, s.id, { textScale: 100, readAloud: true })).json().user).toMatchObject({ readAloud: true, highContrast: true, textScale: 100 });
  });

  it.each([[130], [250], [0], ["150"], [null], [150.5]])("text size %o: 400 TEXT_SCALE_INVALID in both languages", async (bad) => {
    const created = await post(schoolAdmin, student({ textScale: bad }));
    expect(created.statusCode).toBe(400);
    expect(created.json().code).toBe("TEXT_SCALE_INVALID");
    const s = (await post(schoolAdmin, student())).json();
    const res = await patch(schoolAdmin, s.id, { textScale: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("TEXT_SCALE_INVALID");
    expect(res.json().message).toMatchObject({ ar: expect.stringMatching(/حجم النص/), en: expect.stringMatching(/text size/) });
  });

  it.each([["yes"], [1], [null]])("read-aloud or contrast %o: 400", async (bad) => {
    expect((await post(schoolAdmin, student({ readAloud: bad }))).statusCode).toBe(400);
    expect((await post(schoolAdmin, student({ highContrast: bad }))).statusCode).toBe(400);
  });

  it("another school's admin cannot set them, and a teacher may not either", async () => {
    const s = (await post(schoolAdmin, student())).json();
    const outsider = await patch(otherAdmin, s.id, { readAloud: true });
    expect([403, 404]).toContain(outsider.statusCode);
    expect((await patch(teacher, s.id, { readAloud: true })).statusCode).toBe(403);
    const after = await h.request({ method: "GET", url: `/api/users?group=students&q=${s.username}`, cookie: schoolAdmin });
    expect(after.json().items[0]).toMatchObject(NONE);
  });
});

describe("reading accommodations on the student's attempt", () => {
  it("reach the student while they sit an exam that leaves read-aloud out, from their next look, and nobody else", async () => {
    const input: TExamInput = {
      titleAr: "اختبار القراءة",
      titleEn: "Reading test",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      allowedTools: ["eliminator"],
      questions: [{ type: "true_false", questionTextAr: "أ", questionTextEn: "A", points: 1, options: TRUE_FALSE }],
    };
    const exam = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: input });
    expect(exam.statusCode, exam.body).toBe(201);
    const examId = exam.json().id as string;
    const made = (await post(schoolAdmin, student())).json();
    const cookie = await h.signIn(made.email ?? `${made.username}@reading.local`, "secret1", "student");
    const classmate = (await post(schoolAdmin, student({ readAloud: true, highContrast: true, textScale: 200 }))).json();
    const attempt = async (c: string) => (await h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie: c })).json() as TAttemptState;

    expect((await attempt(cookie)).accommodations).toEqual(NONE);
    expect((await patch(schoolAdmin, made.id, { readAloud: true, textScale: 175 })).statusCode).toBe(200);
    expect((await attempt(cookie)).accommodations).toEqual({ readAloud: true, highContrast: false, textScale: 175 });
    // The paper stays one copy for everyone: the exam's own tools, no accommodation.
    const paper = await h.request({ method: "GET", url: `/api/student/exams/${examId}/paper`, cookie });
    expect(paper.json().allowedTools).toEqual(["eliminator"]);
    // A classmate's accommodation is theirs alone, and the first student's are not theirs.
    const other = await h.signIn(classmate.email, "secret1", "student");
    expect((await attempt(other)).accommodations).toEqual({ readAloud: true, highContrast: true, textScale: 200 });
    expect((await attempt(cookie)).accommodations.highContrast).toBe(false);
  });
});

describe("reading accommodations in the roster import", () => {
  const preview = (payload: object, role = "student") => h.request({ method: "POST", url: "/api/users/import/preview", cookie: schoolAdmin, payload: { role, ...payload } });
  type TRow = { line: number; readAloud: boolean; highContrast: boolean; textScale: number; errors: { field: string; code: string; message: { ar: string; en: string } }[] };
  const picked = (rows: TRow[]) => rows.map((r) => [r.readAloud, r.highContrast, r.textScale]);

  it("are read from English and Arabic headers, in either language's words, blank as none, and imported", async () => {
    const id = uniq();
    const csv = `email,username,read_aloud,high_contrast,text_size\n${id}a@imp.local,${id}a,yes,no,150\n${id}b@imp.local,${id}b,,,\n${id}c@imp.local,${id}c,نعم,نعم,٢٠٠٪`;
    const res = await preview({ csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(picked(res.json().rows)).toEqual([
      [true, false, 150],
      [false, false, 100],
      [true, true, 200],
    ]);
    const ar = await preview({ csv: `البريد الإلكتروني,اسم المستخدم,القراءة بصوت مسموع,التباين العالي,حجم النص\n${id}d@imp.local,${id}d,لا,نعم,125%` });
    expect(ar.statusCode, ar.body).toBe(200);
    expect(picked(ar.json().rows)).toEqual([[false, true, 125]]);
    const xlsx = await writeXlsxFile([["email", "username", "read_aloud", "text_size"].map((value) => ({ value })), [`${id}e@imp.local`, `${id}e`, "TRUE", "175"].map((value) => ({ value }))]).toBuffer();
    const xl = await preview({ file: Buffer.from(xlsx).toString("base64") });
    expect(xl.statusCode, xl.body).toBe(200);
    expect(picked(xl.json().rows)).toEqual([[true, false, 175]]);
    const run = await h.request({ method: "POST", url: "/api/users/import", cookie: schoolAdmin, payload: { role: "student", csv } });
    expect(run.statusCode, run.body).toBe(201);
    const [p] = await h.db.select({ r: profiles.readAloud, c: profiles.highContrast, s: profiles.textScale }).from(profiles).where(eq(profiles.email, `${id}c@imp.local`));
    expect(p).toEqual({ r: true, c: true, s: 200 });
  });

  it("a bad value is named with its line and column, in both languages; the import refuses the file", async () => {
    const id = uniq();
    const csv = `email,username,read_aloud,high_contrast,text_size\n${id}a@imp.local,${id}a,maybe,no,\n${id}b@imp.local,${id}b,,no,130\n${id}c@imp.local,${id}c,,big,large`;
    const rows = (await preview({ csv })).json().rows as TRow[];
    expect(rows[0]).toMatchObject({ line: 2, errors: [{ field: "read_aloud", code: "ACCOMMODATION_INVALID" }] });
    expect(rows[1]).toMatchObject({ line: 3, errors: [{ field: "text_size", code: "TEXT_SCALE_INVALID" }] });
    expect(rows[2]!.errors.map((e) => e.field).sort()).toEqual(["high_contrast", "text_size"]);
    expect(rows[0]!.errors[0]!.message.ar).toMatch(/نعم أو لا/);
    expect(rows[1]!.errors[0]!.message.en).toMatch(/text size/);
    const run = await h.request({ method: "POST", url: "/api/users/import", cookie: schoolAdmin, payload: { role: "student", csv } });
    expect(run.statusCode).toBe(400);
  });

  it("a teacher's file: the columns are read and ignored (a teacher has none)", async () => {
    const id = uniq();
    const res = await preview({ csv: `email,read_aloud,text_size\n${id}@imp.local,maybe,999` }, "teacher");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0]).toMatchObject({ readAloud: false, textScale: 100, errors: [] });
  });
});
