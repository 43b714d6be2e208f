// The staff password rule (issue 33, docs/decisions/0031): the list of common passwords and its lookup, who may set
// the rule and with what, and every place a staff password is set — while students keep SPEC's 6 characters.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { auditLog, profiles } from "../db/schema";
import { ERRORS } from "../../shared/errors";
import { MAX_STAFF_PASSWORD_MIN_LENGTH, MIN_PASSWORD_LENGTH } from "../../shared/limits";
import type { TLoginType, TRole } from "../../shared/permissions";
import { isCommonPassword, passwordProblem } from "./password-rule";

describe("the list of common passwords", () => {
  it("ships 10,000 lower-case passwords, one a line, with its licence and source beside it", () => {
    const dir = new URL("./common-passwords/", import.meta.url);
    const lines = fs.readFileSync(new URL("passwords.txt", dir), "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(10_000);
    expect(new Set(lines).size).toBe(10_000);
    expect(lines.every((p) => p !== "" && p === p.toLowerCase() && p.trim() === p)).toBe(true);
    expect(fs.readFileSync(new URL("LICENSE.txt", dir), "utf8")).toContain("Permission is hereby granted, free of charge");
    expect(fs.readFileSync(new URL("README.md", dir), "utf8")).toContain("@zxcvbn-ts/language-common");
  });

  it("finds a common password whatever its case, width, digits or keyboard layout", () => {
    for (const p of ["123456", "password", "PassWord", "QWERTYUIOP", "1qaz2wsx", "iloveyou", "24081990"]) expect(isCommonPassword(p), p).toBe(true);
    // Arabic-Indic digits, full-width Latin (NFKC, as the hash reads it).
    expect(isCommonPassword("١٢٣٤٥٦")).toBe(true);
    expect(isCommonPassword("۱۲۳۴۵۶۷۸")).toBe(true);
    expect(isCommonPassword("ｐａｓｓｗｏｒｄ")).toBe(true);
    // The same keys with the Arabic layout on: "password", "qwerty", and "football" with its lam-alef key (b) typed.
    expect(isCommonPassword("حشسسصخقي")).toBe(true);
    expect(isCommonPassword("ضصثقفغ")).toBe(true);
    expect(isCommonPassword("بخخفلاشمم")).toBe(true);
  });

  it("lets a password that is not on it through", () => {
    for (const p of ["Qias-Staff-2026!", "correct horse battery staple", "مدرسة-الأمل-٢٠٢٦", "password-for-qias-portal", ""]) expect(isCommonPassword(p), p).toBe(false);
  });

  it("the rule applies to staff only; length first, then the list; lengths counted in characters", () => {
    const rule = { minLength: 10, refuseCommon: true };
    expect(passwordProblem(rule, "student", "abc123")).toBeNull();
    expect(passwordProblem(rule, "teacher", "abc123")).toEqual({ code: "STAFF_PASSWORD_TOO_SHORT", vars: { min: 10 } });
    expect(passwordProblem(rule, "school_admin", "1234567890")).toEqual({ code: "PASSWORD_TOO_COMMON" });
    expect(passwordProblem({ ...rule, refuseCommon: false }, "super_admin", "1234567890")).toBeNull();
    // Five emoji are five characters (ten UTF-16 units).
    expect(passwordProblem(rule, "teacher", "🙂🙂🙂🙂🙂")).toMatchObject({ code: "STAFF_PASSWORD_TOO_SHORT" });
  });

  it("the bounds' message names the bounds of shared/limits.ts", () => {
    expect(ERRORS.PASSWORD_RULE_LENGTH_INVALID.message.en).toContain(`from ${MIN_PASSWORD_LENGTH} to ${MAX_STAFF_PASSWORD_MIN_LENGTH}`);
    expect(ERRORS.PASSWORD_RULE_LENGTH_INVALID.message.ar).toContain(`من ${MIN_PASSWORD_LENGTH} إلى ${MAX_STAFF_PASSWORD_MIN_LENGTH}`);
  });
});

describe("the staff password rule over the API", () => {
  let h: THarness;
  let school: string;
  const cookie = {} as Record<TRole, string>;
  const people = {} as Record<TRole, { id: string; email: string; password: string }>;
  const LOGIN_TYPE: Record<TRole, TLoginType> = { student: "student", teacher: "school", school_admin: "school", super_admin: "admin" };
  const URL_ = "/api/settings/staff-password-rule";

  beforeAll(async () => {
    h = await createHarness();
    school = await h.makeSchool("school_rule", "مدرسة القاعدة");
    cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
    for (const role of ["school_admin", "teacher", "student"] as const) {
      people[role] = await h.makeUser(role, { schoolId: school });
      cookie[role] = await h.signIn(people[role].email, people[role].password, LOGIN_TYPE[role]);
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  let n = 0;
  const uniq = () => `r${++n}${Math.random().toString(36).slice(2, 6)}`;
  const put = (c: string | undefined, payload: unknown) => h.request({ method: "PUT", url: URL_, cookie: c, payload: payload as object });
  const get = (c?: string) => h.request({ method: "GET", url: URL_, cookie: c });
  const create = (role: TRole, password: string) => {
    const id = uniq();
    return h.request({ method: "POST", url: "/api/users", cookie: cookie.super_admin, payload: { email: `${id}@t.local`, username: id, password, role, schoolId: role === "super_admin" ? null : school } });
  };

  it("is SPEC's rule until a super_admin sets one; anyone signed in may read it, nobody signed out", async () => {
    for (const role of ["super_admin", "school_admin", "teacher", "student"] as const) {
      const res = await get(cookie[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual({ minLength: 6, refuseCommon: false, updatedAt: null });
    }
    expect((await get()).statusCode).toBe(401);
    // SPEC's rule: a 6-character common password is still fine for a teacher.
    expect((await create("teacher", "123456")).statusCode).toBe(201);
  });

  it("only a super_admin sets it", async () => {
    for (const role of ["school_admin", "teacher", "student"] as const) {
      const res = await put(cookie[role], { minLength: 12, refuseCommon: true });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe("FORBIDDEN");
    }
    expect((await put(undefined, { minLength: 12, refuseCommon: true })).statusCode).toBe(401);
    expect((await get(cookie.teacher)).json()).toMatchObject({ minLength: 6, refuseCommon: false });
  });

  it("refuses wrong types, missing fields, out-of-bounds and too-long values, and fields it does not have", async () => {
    const lengths = [5, 65, 0, -10, 10.5, "10", "ten", null, 1e9, "9".repeat(5000), true];
    for (const minLength of lengths) {
      const res = await put(cookie.super_admin, { minLength, refuseCommon: true });
      expect(res.statusCode, String(minLength).slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ code: "PASSWORD_RULE_LENGTH_INVALID", message: { en: "The minimum length must be a whole number from 6 to 64.", ar: expect.any(String) } });
    }
    for (const payload of [{ refuseCommon: true }, { minLength: 10 }, { minLength: 10, refuseCommon: "yes" }, {}, { minLength: 10, refuseCommon: true, students: 8 }]) {
      const res = await put(cookie.super_admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toMatch(/^(PASSWORD_RULE_LENGTH_INVALID|VALIDATION_FAILED)$/);
    }
    expect((await get(cookie.super_admin)).json()).toMatchObject({ minLength: 6, refuseCommon: false, updatedAt: null });
  });

  it("a super_admin sets it, recorded in the record of changes", async () => {
    const res = await put(cookie.super_admin, { minLength: 10, refuseCommon: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ minLength: 10, refuseCommon: true, updatedAt: expect.any(String) });
    expect((await get(cookie.teacher)).json()).toEqual(res.json());
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.entity, "password_rule"), eq(auditLog.entityId, "staff")));
    expect(entry).toMatchObject({ action: "update", actorEmail: ADMIN.email, before: { minLength: 6, refuseCommon: false }, after: { minLength: 10, refuseCommon: true } });
  });

  describe("with a rule of 10 characters and common passwords refused", () => {
    beforeAll(async () => {
      expect((await put(cookie.super_admin, { minLength: 10, refuseCommon: true })).statusCode).toBe(200);
    });

    it("an administrator creating a staff account: too short or common is refused, with the length in the message; a student's is SPEC's", async () => {
      for (const role of ["teacher", "school_admin", "super_admin"] as const) {
        const short = await create(role, "short-pw1");
        expect(short.statusCode, role).toBe(400);
        expect(short.json()).toMatchObject({
          code: "STAFF_PASSWORD_TOO_SHORT",
          message: { en: "Password is too short for a staff account (minimum 10 characters).", ar: "كلمة المرور قصيرة جدًا لحساب موظف: يجب ألا يقل عدد أحرفها عن 10." },
          fields: [{ path: "password", code: "STAFF_PASSWORD_TOO_SHORT" }],
        });
        const common = await create(role, "QwertyUIOP");
        expect(common.statusCode, role).toBe(400);
        expect(common.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON", fields: [{ path: "password" }] });
        expect((await create(role, "long-enough-staff-pw")).statusCode, role).toBe(201);
      }
      expect((await create("student", "short1")).statusCode).toBe(201);
      expect((await create("student", "qwertyuiop")).statusCode).toBe(201);
    });

    it("an administrator setting a password on edit: the target's role decides", async () => {
      const teacher = (await create("teacher", "long-enough-staff-pw")).json();
      const student = (await create("student", "secret1")).json();
      const patch = (id: string, password: string) => h.request({ method: "PATCH", url: `/api/users/${id}`, cookie: cookie.school_admin, payload: { password } });
      expect((await patch(teacher.id, "short-pw1")).json().code).toBe("STAFF_PASSWORD_TOO_SHORT");
      expect((await patch(teacher.id, "1234567890")).json().code).toBe("PASSWORD_TOO_COMMON");
      expect((await patch(teacher.id, "another-long-pw")).statusCode).toBe(200);
      expect((await patch(student.id, "short2")).statusCode).toBe(200);
      // Nothing else changed with a refused password: the name stays too (one transaction).
      const refused = await h.request({ method: "PATCH", url: `/api/users/${teacher.id}`, cookie: cookie.school_admin, payload: { password: "short-pw1", name: "Renamed" } });
      expect(refused.statusCode).toBe(400);
      expect((await h.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, teacher.id)))[0]!.name).not.toBe("Renamed");
      expect((await h.signIn(teacher.email, "another-long-pw", "school")).length).toBeGreaterThan(0);
    });

    it("one's own change on the account page, before the current password is tried", async () => {
      const t = await h.makeUser("teacher", { schoolId: school, password: "old-password-1" });
      const c = await h.signIn(t.email, "old-password-1", "school");
      const change = (currentPassword: string, password: string) =>
        h.request({ method: "POST", url: "/api/account/password", cookie: c, payload: { currentPassword, password, confirmPassword: password } });
      // Refused on the rule even with a wrong current password, so no guess of it is spent on such a request.
      expect((await change("wrong", "short-pw1")).json().code).toBe("STAFF_PASSWORD_TOO_SHORT");
      expect((await change("old-password-1", "1qaz2wsx3edc")).json().code).toBe("PASSWORD_TOO_COMMON");
      expect((await change("old-password-1", "new-staff-password")).statusCode).toBe(200);
      // A student's own change keeps SPEC's 6 characters.
      const s = await h.makeUser("student", { schoolId: school, password: "old-pw-1" });
      const sc = await h.signIn(s.email, "old-pw-1", "student");
      const res = await h.request({ method: "POST", url: "/api/account/password", cookie: sc, payload: { currentPassword: "old-pw-1", password: "abc123", confirmPassword: "abc123" } });
      expect(res.statusCode).toBe(200);
    });

    it("a reset link: refused for a staff account, and the link still works for a better password", async () => {
      const t = await h.makeUser("school_admin", { schoolId: school });
      await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email: t.email } });
      await h.drainJobs();
      const token = [...h.mails].reverse().find((m) => m.to === t.email)!.text.match(/update-password#token=([A-Za-z0-9_-]+)/)![1]!;
      const confirm = (password: string) => h.request({ method: "POST", url: "/api/auth/password-reset/confirm", payload: { token, password, confirmPassword: password } });
      const short = await confirm("short-pw1");
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: "STAFF_PASSWORD_TOO_SHORT", message: { en: expect.stringContaining("minimum 10 characters") } });
      expect((await confirm("123456789A")).json().code).toBe("PASSWORD_TOO_COMMON");
      expect((await confirm("a-long-new-password")).statusCode).toBe(200);
      expect((await h.signIn(t.email, "a-long-new-password", "school")).length).toBeGreaterThan(0);
    });

    it("a teachers' roster: a given password is judged by the rule, a generated one meets it; a students' roster keeps SPEC's", async () => {
      const a = uniq();
      const b = uniq();
      const c = uniq();
      const csv = `email,username,password\n${a}@t.local,${a},short-pw1\n${b}@t.local,${b},password12\n${c}@t.local,${c},\n`;
      const preview = await h.request({ method: "POST", url: "/api/users/import/preview", cookie: cookie.school_admin, payload: { role: "teacher", csv } });
      expect(preview.statusCode).toBe(200);
      const rows = preview.json().rows as { errors: { field: string; code: string; message: { en: string } }[] }[];
      expect(rows[0]!.errors).toEqual([{ field: "password", code: "STAFF_PASSWORD_TOO_SHORT", message: expect.objectContaining({ en: "Password is too short for a staff account (minimum 10 characters)." }) }]);
      expect(rows[1]!.errors.map((e) => e.code)).toEqual(["PASSWORD_TOO_COMMON"]);
      expect(rows[2]!.errors).toEqual([]);
      expect((await h.request({ method: "POST", url: "/api/users/import", cookie: cookie.school_admin, payload: { role: "teacher", csv } })).json().code).toBe("IMPORT_INVALID");

      expect((await put(cookie.super_admin, { minLength: 14, refuseCommon: true })).statusCode).toBe(200);
      const d = uniq();
      const done = await h.request({ method: "POST", url: "/api/users/import", cookie: cookie.school_admin, payload: { role: "teacher", csv: `email,username,password\n${d}@t.local,${d},\n` } });
      expect(done.statusCode).toBe(201);
      const generated = done.json().credentials[0].password as string;
      expect(generated.length).toBeGreaterThanOrEqual(14);
      expect((await h.signIn(`${d}@t.local`, generated, "school")).length).toBeGreaterThan(0);
      expect((await put(cookie.super_admin, { minLength: 10, refuseCommon: true })).statusCode).toBe(200);

      const e = uniq();
      const students = await h.request({ method: "POST", url: "/api/users/import", cookie: cookie.school_admin, payload: { role: "student", csv: `email,username,password\n${e}@t.local,${e},abc123\n` } });
      expect(students.statusCode).toBe(201);
    });

    it("passwords set before the rule still sign in: the first admin's, and a staff account's of 6 characters", async () => {
      expect((await h.signIn(ADMIN.email, ADMIN.password, "admin")).length).toBeGreaterThan(0);
      expect((await h.signIn(people.teacher.email, people.teacher.password, "school")).length).toBeGreaterThan(0);
    });
  });
});
