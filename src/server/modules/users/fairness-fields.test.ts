// A student's gender and language background (issue 35): optional, students only, checked with a bilingual
// error, audited, read from a roster in either language, shown to staff who manage the student and to nobody else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { auditLog, profiles } from "../../db/schema";

let h: THarness;
let own: string;
let admin: string;
let schoolAdmin: string;
let teacher: string;
let otherAdmin: string;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_fair", "مدرسة العدل");
  const other = await h.makeSchool("school_fair_other", "Other School");
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
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
const uniq = () => `f${++n}${Math.random().toString(36).slice(2, 6)}`;
const post = (c: string, payload: object) => h.request({ method: "POST", url: "/api/users", cookie: c, payload });
const patch = (c: string, id: string, payload: object) => h.request({ method: "PATCH", url: `/api/users/${id}`, cookie: c, payload });
const student = (extra: object = {}) => {
  const id = uniq();
  return { email: `${id}@fair.local`, password: "secret1", role: "student", username: id, schoolId: own, ...extra };
};

describe("gender and language background in the user dialog's API", () => {
  it("a student is created with them, returned to staff, and the creation is audited with them", async () => {
    const res = await post(schoolAdmin, student({ gender: "female", languageBackground: "other" }));
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ gender: "female", languageBackground: "other" });
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, user.id))).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(row?.after).toMatchObject({ gender: "female", languageBackground: "other" });
    // A teacher of the school, who may see its students, sees them in the list.
    const listed = await h.request({ method: "GET", url: `/api/users?group=students&q=${user.username}`, cookie: teacher });
    expect(listed.json().items[0]).toMatchObject({ gender: "female", languageBackground: "other" });
  });

  it("not given: null; a teacher never has them (dropped, like a grade)", async () => {
    const s = await post(schoolAdmin, student());
    expect(s.json()).toMatchObject({ gender: null, languageBackground: null });
    const id = uniq();
    const t = await post(schoolAdmin, { email: `${id}@fair.local`, password: "secret1", role: "teacher", schoolId: own, gender: "male", languageBackground: "arabic" });
    expect(t.statusCode, t.body).toBe(201);
    expect(t.json()).toMatchObject({ gender: null, languageBackground: null });
    const edited = await patch(schoolAdmin, t.json().id, { gender: "male" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user.gender).toBeNull();
  });

  it.each([
    [{ gender: "f" }, "GENDER_INVALID", "الجنس"],
    [{ gender: "other" }, "GENDER_INVALID", "الجنس"],
    [{ gender: 1 }, "GENDER_INVALID", "الجنس"],
    [{ languageBackground: "french" }, "LANGUAGE_BACKGROUND_INVALID", "الخلفية اللغوية"],
    [{ languageBackground: true }, "LANGUAGE_BACKGROUND_INVALID", "الخلفية اللغوية"],
  ])("%o → 400 %s, in both languages", async (bad, code, arabic) => {
    const res = await post(schoolAdmin, student(bad));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code === code || body.fields?.some((f: { code: string }) => f.code === code), res.body).toBe(true);
    expect(JSON.stringify(body)).toContain(arabic);
  });

  it("edit: set, change, clear with null or \"\"; absent keeps; each edit audited with before and after", async () => {
    const id = (await post(schoolAdmin, student({ gender: "male" }))).json().id as string;
    const set = await patch(schoolAdmin, id, { languageBackground: "arabic" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user).toMatchObject({ gender: "male", languageBackground: "arabic" });
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, "update"), eq(auditLog.entityId, id))).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(row?.before).toMatchObject({ languageBackground: null });
    expect(row?.after).toMatchObject({ languageBackground: "arabic" });
    expect((await patch(schoolAdmin, id, { gender: null })).json().user).toMatchObject({ gender: null, languageBackground: "arabic" });
    expect((await patch(schoolAdmin, id, { languageBackground: "" })).json().user).toMatchObject({ gender: null, languageBackground: null });
    expect((await patch(schoolAdmin, id, { gender: "x" })).statusCode).toBe(400);
  });

  it("another school's student: 404, nothing changed", async () => {
    const id = (await post(schoolAdmin, student())).json().id as string;
    const res = await patch(otherAdmin, id, { gender: "female" });
    expect(res.statusCode).toBe(404);
    const [p] = await h.db.select({ gender: profiles.gender }).from(profiles).where(eq(profiles.id, id));
    expect(p?.gender).toBeNull();
  });

  it("the student's own views carry neither field", async () => {
    const body = student({ gender: "female", languageBackground: "arabic" });
    expect((await post(admin, body)).statusCode).toBe(201);
    const cookie = await h.signIn(body.email, body.password, "student");
    for (const url of ["/api/auth/me", "/api/account"]) {
      const res = await h.request({ method: "GET", url, cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/gender|languageBackground|female/);
    }
    // …and the users API is not theirs.
    expect((await h.request({ method: "GET", url: "/api/users?group=students", cookie })).statusCode).toBe(403);
  });
});

describe("gender and language background in the roster import", () => {
  const preview = (csv: string, role = "student") => h.request({ method: "POST", url: "/api/users/import/preview", cookie: schoolAdmin, payload: { role, csv } });

  it("English and Arabic headers and values are read; blank is none", async () => {
    const id = uniq();
    const csv = `email,username,gender,language_background\n${id}a@imp.local,${id}a,female,other\n${id}b@imp.local,${id}b,Male,Arabic\n${id}c@imp.local,${id}c,,`;
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { gender: string; languageBackground: string }) => [r.gender, r.languageBackground])).toEqual([
      ["female", "other"],
      ["male", "arabic"],
      [null, null],
    ]);
    const ar = await preview(`البريد الإلكتروني,اسم المستخدم,الجنس,الخلفية اللغوية\n${id}d@imp.local,${id}d,أنثى,عربية\n${id}e@imp.local,${id}e,ذكر,أخرى`);
    expect(ar.statusCode, ar.body).toBe(200);
    expect(ar.json().rows.map((r: { gender: string; languageBackground: string }) => [r.gender, r.languageBackground])).toEqual([
      ["female", "arabic"],
      ["male", "other"],
    ]);
    const run = await h.request({ method: "POST", url: "/api/users/import", cookie: schoolAdmin, payload: { role: "student", csv } });
    expect(run.statusCode, run.body).toBe(201);
    // The credentials (a slip for the student) do not carry them.
    expect(JSON.stringify(run.json().credentials)).not.toMatch(/gender|languageBackground/);
    const [p] = await h.db.select({ gender: profiles.gender, lb: profiles.languageBackground }).from(profiles).where(eq(profiles.email, `${id}a@imp.local`));
    expect(p).toEqual({ gender: "female", lb: "other" });
  });

  it("a bad value is named with its line and column, in both languages; the import refuses the file", async () => {
    const id = uniq();
    const csv = `email,username,gender,language_background\n${id}a@imp.local,${id}a,female,arabic\n${id}b@imp.local,${id}b,unknown,arabic\n${id}c@imp.local,${id}c,male,french`;
    const res = await preview(csv);
    const rows = res.json().rows as { line: number; errors: { field: string; code: string; message: { ar: string; en: string } }[] }[];
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[1]).toMatchObject({ line: 3, errors: [{ field: "gender", code: "GENDER_INVALID" }] });
    expect(rows[2]).toMatchObject({ line: 4, errors: [{ field: "language_background", code: "LANGUAGE_BACKGROUND_INVALID" }] });
    expect(rows[2]!.errors[0]!.message.ar).toMatch(/الخلفية اللغوية/);
    const run = await h.request({ method: "POST", url: "/api/users/import", cookie: schoolAdmin, payload: { role: "student", csv } });
    expect(run.statusCode).toBe(400);
    expect(run.json().fields.map((f: { path: string }) => f.path)).toEqual(["line 3", "line 4"]);
  });

  it("a teacher's file: the columns are read and ignored (a teacher has neither)", async () => {
    const id = uniq();
    const res = await preview(`email,gender\n${id}@imp.local,female`, "teacher");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0]).toMatchObject({ gender: null, errors: [] });
  });

  it("the student template has the two columns; the teacher's does not", async () => {
    const get = (role: string) => h.request({ method: "GET", url: `/api/users/import/template?role=${role}`, cookie: schoolAdmin });
    expect((await get("student")).body.split(/\r?\n/)[0]).toMatch(/gender,language_background/);
    expect((await get("teacher")).body).not.toMatch(/gender/);
  });
});
