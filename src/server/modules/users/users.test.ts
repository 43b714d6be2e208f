import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { authUsers, exams, profiles, studentExams } from "../../db/schema";
import { zipSync } from "fflate";
import { readSheet } from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import { parseCsv } from "../../../shared/csv";
import type { TRole } from "../../../shared/permissions";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<TRole, string>;
const me = {} as Record<TRole, { id: string; email: string; password: string }>;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_own", "مدرسة الأمل");
  other = await h.makeSchool("school_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [role, type] of [["school_admin", "school"], ["teacher", "school"], ["student", "student"]] as const) {
    me[role] = await h.makeUser(role, { schoolId: own });
    cookie[role] = await h.signIn(me[role].email, me[role].password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
const uniq = () => `u${++n}${Math.random().toString(36).slice(2, 6)}`;
const post = (c: string, payload: unknown) => h.request({ method: "POST", url: "/api/users", cookie: c, payload: payload as object });
const patch = (c: string, id: string, payload: unknown) => h.request({ method: "PATCH", url: `/api/users/${id}`, cookie: c, payload: payload as object });
const del = (c: string, id: string) => h.request({ method: "DELETE", url: `/api/users/${id}`, cookie: c });
const list = (c: string, qs: string) => h.request({ method: "GET", url: `/api/users?${qs}`, cookie: c });
const newUser = (role: TRole, schoolId: string | null, extra: object = {}) => {
  const id = uniq();
  return { email: `${id}@t.local`, password: "secret1", role, username: id, schoolId, ...extra };
};

describe("the SPEC §6 matrix for users: role × action × own school / other school", () => {
  type TCase = { actor: TRole; target: TRole; school: "own" | "other" | null; create: number; edit: number; remove: number };
  // Expected HTTP status for create / edit / delete. 404 where the target is outside what the actor may see.
  const cases: TCase[] = [
    { actor: "super_admin", target: "super_admin", school: null, create: 201, edit: 200, remove: 204 },
    { actor: "super_admin", target: "school_admin", school: "other", create: 201, edit: 200, remove: 204 },
    { actor: "super_admin", target: "teacher", school: "other", create: 201, edit: 200, remove: 204 },
    { actor: "super_admin", target: "student", school: "other", create: 201, edit: 200, remove: 204 },
    { actor: "school_admin", target: "super_admin", school: null, create: 403, edit: 404, remove: 404 },
    { actor: "school_admin", target: "school_admin", school: "own", create: 403, edit: 404, remove: 404 },
    { actor: "school_admin", target: "teacher", school: "own", create: 201, edit: 200, remove: 204 },
    { actor: "school_admin", target: "teacher", school: "other", create: 403, edit: 404, remove: 404 },
    { actor: "school_admin", target: "student", school: "own", create: 201, edit: 200, remove: 204 },
    { actor: "school_admin", target: "student", school: "other", create: 403, edit: 404, remove: 404 },
    { actor: "teacher", target: "student", school: "own", create: 403, edit: 403, remove: 403 },
    { actor: "teacher", target: "student", school: "other", create: 403, edit: 404, remove: 404 },
    { actor: "teacher", target: "teacher", school: "own", create: 403, edit: 404, remove: 404 },
    { actor: "student", target: "student", school: "own", create: 403, edit: 404, remove: 404 },
  ];
  for (const c of cases) {
    it(`${c.actor} → ${c.target} (${c.school ?? "no school"}): create ${c.create}, edit ${c.edit}, delete ${c.remove}`, async () => {
      const schoolId = c.school === "own" ? own : c.school === "other" ? other : null;
      const created = await post(cookie[c.actor], newUser(c.target, schoolId));
      expect(created.statusCode, created.body).toBe(c.create);
      const target = await h.makeUser(c.target, { schoolId });
      const edited = await patch(cookie[c.actor], target.id, { name: "اسم جديد" });
      expect(edited.statusCode, edited.body).toBe(c.edit);
      const removed = await del(cookie[c.actor], target.id);
      expect(removed.statusCode, removed.body).toBe(c.remove);
      const still = await h.db.select().from(profiles).where(eq(profiles.id, target.id));
      expect(still.length).toBe(c.remove === 204 ? 0 : 1);
    });
  }

  it("lists: each page shows its roles; school_admin and teacher see only their own school whatever they ask", async () => {
    await h.makeUser("student", { schoolId: other, name: "Other Student" });
    await h.makeUser("student", { schoolId: own, name: "Own Student" });
    const all = (await list(cookie.super_admin, "group=students&pageSize=200")).json();
    expect(new Set(all.items.map((u: { schoolId: string }) => u.schoolId))).toEqual(new Set([own, other]));
    for (const role of ["school_admin", "teacher"] as const) {
      const mine = (await list(cookie[role], `group=students&schoolId=${other}&pageSize=200`)).json();
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.every((u: { schoolId: string; role: string }) => u.schoolId === own && u.role === "student")).toBe(true);
    }
    expect((await list(cookie.teacher, "group=teachers")).statusCode).toBe(403);
    expect((await list(cookie.school_admin, "group=admins")).statusCode).toBe(403);
    expect((await list(cookie.student, "group=students")).statusCode).toBe(403);
    const admins = (await list(cookie.super_admin, "group=admins&pageSize=200")).json();
    expect(new Set(admins.items.map((u: { role: string }) => u.role))).toEqual(new Set(["super_admin", "school_admin"]));
    expect((await list("", "group=students")).statusCode).toBe(401);
  });
});

describe("the user dialog's rules (SPEC §5)", () => {
  it("defaults: username from the email, name from the username; super_admin has no school", async () => {
    const res = await post(cookie.super_admin, { email: "Noura.Ali@t.local", password: "secret1", role: "teacher", schoolId: own });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: "Noura.Ali", name: "Noura.Ali", schoolId: own, schoolNameAr: "مدرسة الأمل", schoolNameEn: "مدرسة الأمل" });
    const admin = await post(cookie.super_admin, { email: `${uniq()}@t.local`, password: "secret1", role: "super_admin", schoolId: own });
    expect(admin.json().schoolId).toBeNull();
  });

  it("a name loses its bidi controls when created, edited or imported, so it cannot read as '…exe.png' (issue 33 item 23)", async () => {
    const created = await post(cookie.super_admin, newUser("teacher", own, { name: "abc\u202Egnp.exe" }));
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe("abcgnp.exe");
    const edited = await patch(cookie.super_admin, created.json().id, { name: "\u2067ليلى\u2069 \u200Fحسن" });
    expect(edited.json().user.name).toBe("ليلى حسن");
    const id = uniq();
    const csv = `email,username,name,password,school_id\n${id}@imp.local,${id},"x\u202Efdp.exe",,${own}`;
    const imported = await h.request({ method: "POST", url: "/api/users/import", cookie: cookie.school_admin, payload: { role: "student", csv } });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().credentials[0].name).toBe("xfdp.exe");
    const listed = (await list(cookie.school_admin, `group=students&q=${id}`)).json();
    expect(JSON.stringify(listed)).toContain("xfdp.exe");
  });

  it("a school_admin's users go to their own school, and only there", async () => {
    const res = await post(cookie.school_admin, { email: `${uniq()}@t.local`, password: "secret1", role: "teacher", schoolId: own });
    expect(res.statusCode).toBe(201);
    expect(res.json().schoolId).toBe(own);
    // No school given: a school_admin's new user goes to their school (the selector is fixed to it anyway).
    for (const payload of [
      { email: `${uniq()}@t.local`, password: "secret1", role: "teacher" },
      { email: `${uniq()}@t.local`, password: "secret1", role: "student", username: uniq(), schoolId: null },
      { email: `${uniq()}@t.local`, password: "secret1", role: "student", username: uniq(), schoolId: "" },
    ]) {
      const res = await post(cookie.school_admin, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().schoolId).toBe(own);
    }
    const elsewhere = await post(cookie.school_admin, { email: `${uniq()}@t.local`, password: "secret1", role: "teacher", schoolId: other });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe("SCHOOL_OUT_OF_SCOPE");
  });

  it.each([
    [{ role: "teacher", password: "secret1", schoolId: "school_own" }, "USER_REQUIRED_FIELDS", "Please fill all required fields. Email, Password (for non-students), and Username (for students) are required."],
    [{ email: "x@t.local", role: "teacher", schoolId: "school_own" }, "USER_REQUIRED_FIELDS", null],
    [{ email: "x@t.local", role: "student", username: "xx", schoolId: "school_own" }, "STUDENT_PASSWORD_REQUIRED", "Password is currently required to create a new student."],
    [{ email: "x@t.local", role: "student", password: "secret1", schoolId: "school_own" }, "USERNAME_REQUIRED_FOR_STUDENT", "Username is required for students."],
    [{ email: "not-an-email", role: "teacher", password: "secret1", schoolId: "school_own" }, "USER_EMAIL_INVALID", null],
    [{ email: "x@t.local", role: "teacher", password: "123", schoolId: "school_own" }, "PASSWORD_TOO_SHORT", "Password is too short (minimum 6 characters)."],
    [{ email: "x@t.local", role: "teacher", password: "secret1" }, "SCHOOL_REQUIRED", null],
    [{ email: "x@t.local", role: "teacher", password: "secret1", schoolId: "school_own", name: "n".repeat(500) }, "TEXT_TOO_LONG", null],
    [{ email: "x@t.local", role: "student", password: "secret1", username: "has space", schoolId: "school_own" }, "USERNAME_INVALID", null],
    [{ email: "x@t.local", role: "janitor", password: "secret1", schoolId: "school_own" }, "VALIDATION_FAILED", null],
    [{ email: ["x@t.local"], role: "teacher", password: 123456, schoolId: "school_own" }, "USER_REQUIRED_FIELDS", null],
  ])("refuses %o with %s", async (payload, code, en) => {
    const res = await post(cookie.super_admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    if (en) expect(res.json().message.en).toBe(en);
  });

  it("an unknown school, a taken email (any case) or username", async () => {
    expect((await post(cookie.super_admin, newUser("teacher", "no_such_school"))).json().code).toBe("SCHOOL_NOT_FOUND");
    const first = newUser("student", own);
    expect((await post(cookie.super_admin, first)).statusCode).toBe(201);
    const sameEmail = await post(cookie.super_admin, { ...newUser("student", own), email: first.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().code).toBe("EMAIL_TAKEN");
    const sameUsername = await post(cookie.super_admin, { ...newUser("student", own), username: first.username.toUpperCase() });
    expect(sameUsername.json().code).toBe("USERNAME_TAKEN");
  });

  it("creating is one transaction: a failure half-way leaves no account behind", async () => {
    const email = `${uniq()}@t.local`;
    // The username is taken, so the profile insert fails after the account insert succeeded inside the transaction.
    const res = await post(cookie.super_admin, { email, password: "secret1", role: "student", username: me.student.email.split("@")[0], schoolId: own });
    expect(res.statusCode).toBe(409);
    expect(await h.db.select().from(authUsers).where(eq(authUsers.email, email))).toEqual([]);
  });

  it("email and role cannot be edited; a new password works and ends the user's sessions", async () => {
    const u = await h.makeUser("teacher", { schoolId: own });
    const c = await h.signIn(u.email, u.password, "school");
    expect((await patch(cookie.school_admin, u.id, { email: "new@t.local" })).statusCode).toBe(400);
    expect((await patch(cookie.school_admin, u.id, { role: "school_admin" })).statusCode).toBe(400);
    // The session has just been used, so the server remembers it (auth.service sessionMemory).
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: c })).statusCode).toBe(200);
    const res = await patch(cookie.school_admin, u.id, { password: "fresh-pass", name: "أ. نورة" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ passwordChanged: true, user: { name: "أ. نورة", email: u.email } });
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: c })).statusCode).toBe(401);
    await h.signIn(u.email, "fresh-pass", "school");
    // An empty password on edit means "keep it".
    expect((await patch(cookie.school_admin, u.id, { password: "" })).json().passwordChanged).toBe(false);
  });

  it("a school_admin cannot move a user to another school; a super_admin can", async () => {
    const u = await h.makeUser("student", { schoolId: own });
    const c = await h.signIn(u.email, u.password, "student");
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: c })).json()).toMatchObject({ user: { schoolId: own } });
    expect((await patch(cookie.school_admin, u.id, { schoolId: other })).json().code).toBe("SCHOOL_OUT_OF_SCOPE");
    expect((await patch(cookie.super_admin, u.id, { schoolId: other })).json().user.schoolId).toBe(other);
    // The student's very next request already belongs to the new school.
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: c })).json()).toMatchObject({ user: { schoolId: other } });
  });

  it("malformed and unknown ids are 404", async () => {
    expect((await patch(cookie.super_admin, "not-a-uuid", { name: "x" })).statusCode).toBe(404);
    expect((await del(cookie.super_admin, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("the language of a user's emails (issue 19)", () => {
  const audit = async (id: string) => (await h.request({ method: "GET", url: `/api/audit?entity=user&entityId=${id}`, cookie: cookie.super_admin })).json().items;
  const emailLangOf = async (id: string) => (await h.db.select({ l: profiles.emailLang }).from(profiles).where(eq(profiles.id, id)))[0]!.l;

  it("is chosen when creating a user, Arabic when not, and is in the list and the audit entry", async () => {
    const english = await post(cookie.school_admin, newUser("teacher", own, { emailLang: "en" }));
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().emailLang).toBe("en");
    expect(await emailLangOf(english.json().id)).toBe("en");
    const plain = await post(cookie.super_admin, newUser("student", own));
    expect(plain.json().emailLang).toBe("ar");
    expect((await audit(english.json().id))[0].after).toMatchObject({ emailLang: "en" });
    const listed = (await list(cookie.school_admin, `group=teachers&q=${english.json().username}`)).json().items[0];
    expect(listed.emailLang).toBe("en");
  });

  it("the first mail a new user gets (a reset link) is in the language chosen for them", async () => {
    const created = (await post(cookie.super_admin, newUser("teacher", own, { emailLang: "en" }))).json();
    await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email: created.email } });
    await h.drainJobs();
    const mail = h.mails.findLast((m) => m.to === created.email)!;
    expect(mail.subject).toBe("Qias — Reset your password");
    expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);
  });

  it.each([
    ["an unknown language", "fr"],
    ["a code in capitals", "EN"],
    ["a long text", "x".repeat(5000)],
    ["an empty text", ""],
    ["a number", 5],
    ["null", null],
    ["a list", ["en"]],
    ["an object", { lang: "en" }],
  ])("refuses %s on create and on edit, in both languages", async (_what, emailLang) => {
    const created = await post(cookie.super_admin, newUser("teacher", own, { emailLang }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: "EMAIL_LANGUAGE_INVALID", message: { en: "The language of emails must be Arabic or English (ar or en).", ar: "يجب أن تكون لغة الرسائل العربية أو الإنجليزية (ar أو en)." } });
    const target = await h.makeUser("student", { schoolId: own });
    const edited = await patch(cookie.school_admin, target.id, { emailLang });
    expect([edited.statusCode, edited.json().code]).toEqual([400, "EMAIL_LANGUAGE_INVALID"]);
    expect(await emailLangOf(target.id)).toBe("ar");
  });

  it("is changed by whoever may edit the user, and recorded before and after; another school's user is not found", async () => {
    const target = await h.makeUser("student", { schoolId: own });
    const res = await patch(cookie.school_admin, target.id, { emailLang: "en" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.emailLang).toBe("en");
    const [entry] = await audit(target.id);
    expect(entry).toMatchObject({ action: "update", actorEmail: me.school_admin.email, before: { emailLang: "ar" }, after: { emailLang: "en" } });

    const foreign = await h.makeUser("student", { schoolId: other });
    const refused = await patch(cookie.school_admin, foreign.id, { emailLang: "en" });
    expect([refused.statusCode, refused.json().code]).toEqual([404, "USER_NOT_FOUND"]);
    expect((await patch(cookie.teacher, target.id, { emailLang: "ar" })).statusCode).toBe(403);
    expect(await emailLangOf(foreign.id)).toBe("ar");
    expect(await emailLangOf(target.id)).toBe("en");
    expect(await audit(foreign.id)).toEqual([]);
  });
});

describe("deleting a user", () => {
  it("says beforehand what goes with the account, then keeps the teacher's exams and removes the student's attempts", async () => {
    const teacher = await h.makeUser("teacher", { schoolId: own });
    const student = await h.makeUser("student", { schoolId: own });
    const [exam] = await h.db.insert(exams).values({ titleAr: "ع", titleEn: "E", subjectId: "arabic", creatorId: teacher.id }).returning();
    await h.db.insert(studentExams).values({ studentId: student.id, examId: exam!.id });

    const impact = await h.request({ method: "GET", url: `/api/users/${teacher.id}/delete-impact`, cookie: cookie.school_admin });
    expect(impact.json()).toEqual({ attempts: 0, exams: 1, files: 0 });
    expect((await h.request({ method: "GET", url: `/api/users/${student.id}/delete-impact`, cookie: cookie.school_admin })).json()).toEqual({ attempts: 1, exams: 0, files: 0 });

    const teacherSession = await h.signIn(teacher.email, teacher.password, "school");
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: teacherSession })).statusCode).toBe(200);
    expect((await del(cookie.school_admin, teacher.id)).statusCode).toBe(204);
    // A deleted account's session ends with it, even one the server had just seen.
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: teacherSession })).statusCode).toBe(401);
    const [kept] = await h.db.select().from(exams).where(eq(exams.id, exam!.id));
    expect(kept!.creatorId).toBeNull();
    expect((await del(cookie.school_admin, student.id)).statusCode).toBe(204);
    expect(await h.db.select().from(studentExams).where(eq(studentExams.examId, exam!.id))).toEqual([]);
    expect(await h.db.select().from(authUsers).where(eq(authUsers.id, student.id))).toEqual([]);
  });

  it("nobody deletes themselves (so a super_admin always remains)", async () => {
    const res = await del(cookie.super_admin, (await h.request({ method: "GET", url: "/api/auth/me", cookie: cookie.super_admin })).json().user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("CANNOT_DELETE_SELF");
  });

  it("every create, update and delete is in the audit log, without password hashes", async () => {
    const created = (await post(cookie.super_admin, newUser("teacher", own))).json();
    await patch(cookie.super_admin, created.id, { name: "Renamed", password: "another1" });
    await del(cookie.super_admin, created.id);
    const log = (await h.request({ method: "GET", url: `/api/audit?entity=user&entityId=${created.id}`, cookie: cookie.super_admin })).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(["delete", "update", "create"]);
    expect(JSON.stringify(log)).not.toContain("scrypt$");
    expect(log.items[1].after).toMatchObject({ name: "Renamed", passwordChanged: true });
  });
});

describe("search and paging", () => {
  it("finds by name, email or username, pages on the server, and treats % and _ literally", async () => {
    const school = await h.makeSchool("school_paging");
    for (let i = 0; i < 7; i++) await h.makeUser("student", { schoolId: school, name: `Paging Pupil ${i}` });
    await h.makeUser("student", { schoolId: school, name: "فاطمة الزهراء" });
    const page1 = (await list(cookie.super_admin, `group=students&schoolId=${school}&q=paging&pageSize=3&page=1`)).json();
    const page3 = (await list(cookie.super_admin, `group=students&schoolId=${school}&q=paging&pageSize=3&page=3`)).json();
    expect(page1.total).toBe(7);
    expect(page1.items.map((u: { name: string }) => u.name)).toEqual(["Paging Pupil 0", "Paging Pupil 1", "Paging Pupil 2"]);
    expect(page3.items.length).toBe(1);
    expect((await list(cookie.super_admin, `group=students&schoolId=${school}&q=${encodeURIComponent("فاطمة")}`)).json().total).toBe(1);
    expect((await list(cookie.super_admin, `group=students&schoolId=${school}&q=%25`)).json().total).toBe(0);
    expect((await list(cookie.super_admin, "group=students&pageSize=5000")).statusCode).toBe(400);
    expect((await list(cookie.super_admin, "group=parents")).statusCode).toBe(400);
  });
});

describe("roster import", () => {
  const csvOf = (rows: string[][]) => rows.map((r) => r.join(",")).join("\n");
  const preview = (c: string, role: string, csv: string) => h.request({ method: "POST", url: "/api/users/import/preview", cookie: c, payload: { role, csv } });
  const run = (c: string, role: string, csv: string) => h.request({ method: "POST", url: "/api/users/import", cookie: c, payload: { role, csv } });

  it("previews every bad row with a bilingual reason and imports nothing while any row is bad", async () => {
    const taken = me.student.email;
    const csv = csvOf([
      ["email", "username", "name", "password", "school_id"],
      ["good1@imp.local", "imp_good1", "ليلى حسن", "", own],
      ["bad-email", "imp_bad", "X", "", own],
      ["dup@imp.local", "imp_dup1", "X", "", own],
      ["DUP@imp.local", "imp_dup2", "X", "", own],
      [taken, "imp_taken", "X", "", own],
      ["unknown@imp.local", "imp_unknown", "X", "", "no_school"],
      ["foreign@imp.local", "imp_foreign", "X", "", other],
      ["nouser@imp.local", "", "X", "", own],
    ]);
    const res = await preview(cookie.school_admin, "student", csv);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { line: number; errors: { code: string; message: { en: string; ar: string } }[] }[];
    const codes = rows.map((r) => r.errors.map((e) => e.code));
    expect(codes).toEqual([[], ["USER_EMAIL_INVALID"], [], ["IMPORT_DUPLICATE_IN_FILE"], ["EMAIL_TAKEN"], ["SCHOOL_NOT_FOUND"], ["SCHOOL_OUT_OF_SCOPE"], ["USERNAME_REQUIRED_FOR_STUDENT"]]);
    expect(rows[1]!.line).toBe(3);
    expect(rows[1]!.errors[0]!.message.ar).toMatch(/[\u0600-\u06FF]/);
    expect(res.json()).toMatchObject({ valid: 2, invalid: 6 });

    const refused = await run(cookie.school_admin, "student", csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("IMPORT_INVALID");
    expect(await h.db.select().from(authUsers).where(eq(authUsers.email, "good1@imp.local"))).toEqual([]);
  });

  it("imports good rows in one go, with a BOM and Arabic names, generating blank passwords that then work", async () => {
    const csv =
      "\uFEFF" +
      csvOf([
        ["email", "username", "name", "password", "school_id"],
        ["a1@imp.local", "imp_a1", "عبدالله البلوشي", "", own],
        ["a2@imp.local", "imp_a2", '"Smith, Anna"', "given-pass", ""],
      ]);
    const res = await run(cookie.school_admin, "student", csv);
    expect(res.statusCode).toBe(201);
    const { created, credentials } = res.json();
    expect(created).toBe(2);
    expect(credentials[0]).toMatchObject({ email: "a1@imp.local", name: "عبدالله البلوشي", schoolId: own });
    expect(credentials[0].password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(credentials[1]).toMatchObject({ name: "Smith, Anna", password: "given-pass", schoolId: own });
    await h.signIn("a1@imp.local", credentials[0].password, "student");
    const log = (await h.request({ method: "GET", url: "/api/audit?entity=user&entityId=import:student", cookie: cookie.super_admin })).json();
    expect(log.items[0].after).toMatchObject({ count: 2 });
  });

  it("reads the email_language column under an English or an Arabic header; blank is Arabic, anything else a row error", async () => {
    const english = csvOf([
      ["email", "username", "email_language"],
      ["lang1@imp.local", "imp_lang1", "en"],
      ["lang2@imp.local", "imp_lang2", "English"],
      ["lang3@imp.local", "imp_lang3", ""],
      ["lang4@imp.local", "imp_lang4", "العربية"],
    ]);
    const res = await run(cookie.school_admin, "student", english);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().credentials.map((c: { emailLang: string }) => c.emailLang)).toEqual(["en", "en", "ar", "ar"]);
    const stored = await h.db.select({ email: profiles.email, l: profiles.emailLang }).from(profiles).where(inArray(profiles.email, ["lang1@imp.local", "lang3@imp.local"]));
    expect(Object.fromEntries(stored.map((r) => [r.email, r.l]))).toEqual({ "lang1@imp.local": "en", "lang3@imp.local": "ar" });

    // Headers as an Arabic school writes them, hamza or not, with the school's column too.
    const arabic = csvOf([
      ["البريد الإلكتروني", "اسم المستخدم", "الاسم", "كلمة المرور", "المدرسة", "الصف", "الشعبة", "لغة البريد"],
      ["lang5@imp.local", "imp_lang5", "سلمى", "", own, "٧", "7A", "الإنجليزية"],
      ["lang6@imp.local", "imp_lang6", "زيد", "", own, "", "", "ar"],
    ]);
    const shown = await preview(cookie.school_admin, "student", arabic);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ valid: 2, rows: [{ email: "lang5@imp.local", name: "سلمى", grade: 7, className: "7A", emailLang: "en" }, { name: "زيد", emailLang: "ar" }] });
    expect((await preview(cookie.school_admin, "teacher", "البريد الالكتروني,لغة الرسائل\nlang7@imp.local,en")).json().rows[0]).toMatchObject({ emailLang: "en", errors: [] });

    const bad = csvOf([["email", "username", "لغة البريد"], ["lang8@imp.local", "imp_lang8", "fr"], ["lang9@imp.local", "imp_lang9", "en"]]);
    const checked = (await preview(cookie.school_admin, "student", bad)).json();
    expect(checked).toMatchObject({ valid: 1, invalid: 1 });
    expect(checked.rows[0].errors).toEqual([{ field: "email_language", code: "EMAIL_LANGUAGE_INVALID", message: { en: expect.stringContaining("ar or en"), ar: expect.stringContaining("العربية") } }]);
    expect((await run(cookie.school_admin, "student", bad)).json().code).toBe("IMPORT_INVALID");
    expect(await h.db.select().from(authUsers).where(eq(authUsers.email, "lang9@imp.local"))).toEqual([]);
    expect((await preview(cookie.school_admin, "student", "email,لغة\nx@y.z,en")).json().code).toBe("IMPORT_BAD_HEADER");
  });

  it("refuses a bad header, an empty file, a teacher, and a school_admin importing admins", async () => {
    expect((await preview(cookie.super_admin, "student", "mail,name\nx@y.z,X")).json().code).toBe("IMPORT_BAD_HEADER");
    expect((await preview(cookie.super_admin, "student", "email,username\n")).json().code).toBe("IMPORT_EMPTY");
    // A stray quote would make the rest of the file one cell: refused with the line it opened on, in both languages.
    const stray = await preview(cookie.super_admin, "student", 'email,username\na@imp.local,imp_a\n"b@imp.local,imp_b\nc@imp.local,imp_c\n');
    expect([stray.statusCode, stray.json().code]).toEqual([400, "IMPORT_UNCLOSED_QUOTE"]);
    expect(stray.json().message).toMatchObject({ en: expect.stringContaining("Line 3"), ar: expect.stringContaining("السطر 3") });
    expect((await preview(cookie.super_admin, "student", "")).statusCode).toBe(400);
    expect((await preview(cookie.teacher, "student", "email\nx@y.z")).statusCode).toBe(403);
    expect((await preview(cookie.school_admin, "school_admin", "email\nx@y.z")).statusCode).toBe(400);
  });

  it("serves a template a spreadsheet opens", async () => {
    const res = await h.request({ method: "GET", url: "/api/users/import/template?role=student", cookie: cookie.school_admin });
    expect(res.headers["content-type"]).toContain("text/csv");
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(["email", "username", "name", "password", "school_id", "grade", "class", "email_language", "gender", "language_background", "read_aloud", "high_contrast", "text_size"]);
    expect(rows[1]![4]).toBe(own);
    expect((await h.request({ method: "GET", url: "/api/users/import/template?role=teacher", cookie: cookie.teacher })).statusCode).toBe(403);
  });

  describe("files as Excel writes them", () => {
    const sendFile = (bytes: Uint8Array, url = "/api/users/import/preview") =>
      h.request({ method: "POST", url, cookie: cookie.school_admin, payload: { role: "student", file: Buffer.from(bytes).toString("base64") } });
    const names = ["email", "username", "name", "password", "school_id"];
    const rowsOf = (tag: string) => [names, [`${tag}1@enc.local`, `${tag}1`, "مريم العلي", "", own], [`${tag}2@enc.local`, `${tag}2`, "خالد، ابن سعيد", "", own]];
    const expectRows = (res: Awaited<ReturnType<typeof sendFile>>, tag: string) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ valid: 2, invalid: 0, rows: [{ email: `${tag}1@enc.local`, name: "مريم العلي" }, { email: `${tag}2@enc.local`, name: "خالد، ابن سعيد" }] });
    };

    it("reads an .xlsx — the template downloaded as one, filled in and sent back", async () => {
      const template = await h.request({ method: "GET", url: "/api/users/import/template?role=student&format=xlsx", cookie: cookie.school_admin });
      expect([template.statusCode, template.headers["content-disposition"]]).toEqual([200, 'attachment; filename="qias-students-template.xlsx"']);
      const header = (await readSheet(template.rawPayload))[0]!;
      expect((await h.request({ method: "GET", url: "/api/users/import/template?role=student&format=pdf", cookie: cookie.school_admin })).statusCode).toBe(400);
      expect(header).toEqual(["email", "username", "name", "password", "school_id", "grade", "class", "email_language", "gender", "language_background", "read_aloud", "high_contrast", "text_size"]);
      const filled = await writeXlsxFile(rowsOf("xl").map((r) => r.map((value) => ({ value })))).toBuffer();
      expectRows(await sendFile(filled), "xl");
      const done = await sendFile(filled, "/api/users/import");
      expect(done.statusCode, done.body).toBe(201);
      expect(done.json().created).toBe(2);
    });

    it("reads Windows-1256 with semicolons and UTF-16 with tabs (Excel's \"Unicode text\")", async () => {
      const cp1256 = new Map([..."مريالعخدنبسي،"].map((c) => [c, 0]));
      // The code page's bytes for these letters, from the platform's own decoder run backwards.
      const decoder = new TextDecoder("windows-1256");
      for (let b = 0x80; b <= 0xff; b++) {
        const c = decoder.decode(Uint8Array.of(b));
        if (cp1256.has(c)) cp1256.set(c, b);
      }
      const encode1256 = (s: string) => Uint8Array.from([...s].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : cp1256.get(c)!)));
      const semicolons = rowsOf("cp").map((r) => r.join(";")).join("\r\n");
      expectRows(await sendFile(encode1256(semicolons)), "cp");
      const tabs = rowsOf("u16").map((r) => r.join("\t")).join("\r\n");
      expectRows(await sendFile(Buffer.from("\uFEFF" + tabs, "utf16le")), "u16");
    });

    it("refuses what is no table, not base64, too large, or nothing at all — and imports nothing", async () => {
      const bad = (payload: object) => h.request({ method: "POST", url: "/api/users/import", cookie: cookie.school_admin, payload: { role: "student", ...payload } });
      const notXlsx = await bad({ file: Buffer.from(zipSync({ "a.txt": new Uint8Array(3) })).toString("base64") });
      expect([notXlsx.statusCode, notXlsx.json().code]).toEqual([400, "IMPORT_UNREADABLE"]);
      expect((await bad({ file: "not base64 at all!" })).json().code).toBe("IMPORT_UNREADABLE");
      expect((await bad({ file: 42 })).statusCode).toBe(400);
      expect((await bad({})).json().code).toBe("IMPORT_EMPTY");
      expect((await bad({ file: "" })).json().code).toBe("IMPORT_EMPTY");
      expect((await bad({ file: Buffer.from('email,name\n"x@y.z,X\n').toString("base64") })).json().code).toBe("IMPORT_UNCLOSED_QUOTE");
      const huge = await bad({ file: Buffer.alloc(2_100_000, 65).toString("base64") });
      expect([413, 400]).toContain(huge.statusCode);
      expect((await h.request({ method: "POST", url: "/api/users/import", cookie: cookie.teacher, payload: { role: "student", file: Buffer.from("email\nx@y.z").toString("base64") } })).statusCode).toBe(403);
    });
  });
});
