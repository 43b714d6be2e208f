import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import type { TRole } from "../../../shared/permissions";

let h: THarness;
const cookies = {} as Record<TRole, string>;
let ownSchool: string;

beforeAll(async () => {
  h = await createHarness();
  ownSchool = await h.makeSchool("school_own", "Own School");
  cookies.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [role, type] of [["school_admin", "school"], ["teacher", "school"], ["student", "student"]] as const) {
    const u = await h.makeUser(role, { schoolId: ownSchool });
    cookies[role] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

/** A school's name in both languages (issue 33: both required, as an exam's title). */
const N = { nameAr: "مدرسة", nameEn: "School" };
const create = (cookie: string, payload: unknown) => h.request({ method: "POST", url: "/api/schools", cookie, payload: payload as object });

describe("schools: who may do what (SPEC §6 'Manage schools')", () => {
  for (const role of ["school_admin", "teacher", "student"] as const) {
    it(`${role} cannot create, rename or delete a school`, async () => {
      const c = cookies[role];
      expect((await create(c, { id: `x_${role}`, ...N })).statusCode).toBe(403);
      expect((await h.request({ method: "PATCH", url: `/api/schools/${ownSchool}`, cookie: c, payload: { nameAr: "جديد", nameEn: "Renamed" } })).statusCode).toBe(403);
      expect((await h.request({ method: "DELETE", url: `/api/schools/${ownSchool}`, cookie: c })).statusCode).toBe(403);
    });
    it(`${role} lists only their own school`, async () => {
      await h.makeSchool("school_other_" + role);
      const res = await h.request({ method: "GET", url: "/api/schools", cookie: cookies[role] });
      expect(res.json().items.map((s: { id: string }) => s.id)).toEqual([ownSchool]);
    });
  }

  it("signed out: 401 everywhere", async () => {
    expect((await h.request({ method: "GET", url: "/api/schools" })).statusCode).toBe(401);
    expect((await create("", { id: "x_anon", ...N })).statusCode).toBe(401);
  });
});

describe("schools: super_admin", () => {
  it("creates, lists by name, renames and deletes an empty school, each audited", async () => {
    const res = await create(cookies.super_admin, { id: "school_zayed", nameAr: "مدرسة زايد", nameEn: "Zayed School", cityAr: "أبوظبي", cityEn: "Abu Dhabi" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: "school_zayed", nameAr: "مدرسة زايد", nameEn: "Zayed School", cityAr: "أبوظبي", cityEn: "Abu Dhabi" });

    await create(cookies.super_admin, { id: "school_aaa", nameAr: "أكاديمية أ", nameEn: "AAA Academy" });
    const list = (await h.request({ method: "GET", url: "/api/schools", cookie: cookies.super_admin })).json().items as { id: string; nameEn: string; cityAr: string | null; userCount: number }[];
    const names = list.map((s) => s.nameEn);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.find((s) => s.id === ownSchool)!.userCount).toBe(3);
    expect(list.find((s) => s.id === "school_aaa")).toMatchObject({ cityAr: null, cityEn: null });

    // Each language on its own: a blank English city clears it and leaves the Arabic one.
    const renamed = await h.request({
      method: "PATCH",
      url: "/api/schools/school_zayed",
      cookie: cookies.super_admin,
      payload: { nameAr: "مدرسة الشيخ زايد", nameEn: "Sheikh Zayed School", cityAr: "أبوظبي", cityEn: "" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: "school_zayed", nameAr: "مدرسة الشيخ زايد", nameEn: "Sheikh Zayed School", cityAr: "أبوظبي", cityEn: null });

    expect((await h.request({ method: "DELETE", url: "/api/schools/school_zayed", cookie: cookies.super_admin })).statusCode).toBe(204);
    const audit = (await h.request({ method: "GET", url: "/api/audit?entity=school&entityId=school_zayed", cookie: cookies.super_admin })).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(["delete", "update", "create"]);
    expect(audit.items[1]).toMatchObject({ actorEmail: ADMIN.email, before: { nameAr: "مدرسة زايد", nameEn: "Zayed School" }, after: { nameAr: "مدرسة الشيخ زايد", nameEn: "Sheikh Zayed School" } });
  });

  it("the audit log is for super_admin only", async () => {
    expect((await h.request({ method: "GET", url: "/api/audit", cookie: cookies.school_admin })).statusCode).toBe(403);
  });

  it("refuses to delete a school that has users, with 'Cannot Delete'", async () => {
    const res = await h.request({ method: "DELETE", url: `/api/schools/${ownSchool}`, cookie: cookies.super_admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "SCHOOL_HAS_USERS",
      title: { en: "Cannot Delete" },
      message: { en: "Cannot delete school as there are users associated with it. Please reassign or delete them first." },
    });
  });

  it("the id cannot be changed after creation", async () => {
    const res = await h.request({ method: "PATCH", url: `/api/schools/${ownSchool}`, cookie: cookies.super_admin, payload: { id: "new_id", ...N } });
    expect(res.statusCode).toBe(400);
  });

  it("missing, unknown and taken ids", async () => {
    expect((await h.request({ method: "PATCH", url: "/api/schools/nope", cookie: cookies.super_admin, payload: N })).statusCode).toBe(404);
    expect((await h.request({ method: "DELETE", url: "/api/schools/nope", cookie: cookies.super_admin })).json().code).toBe("SCHOOL_NOT_FOUND");
    const taken = await create(cookies.super_admin, { id: ownSchool, ...N });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("SCHOOL_ID_TAKEN");
  });

  it.each([
    [N, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "school_q" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "", nameAr: "", nameEn: "" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "   ", ...N }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "School XYZ", ...N }, "SCHOOL_ID_INVALID"],
    [{ id: "../etc", ...N }, "SCHOOL_ID_INVALID"],
    [{ id: "s".repeat(65), ...N }, "TEXT_TOO_LONG"],
    [{ id: 5, nameAr: ["x"], nameEn: "X" }, "SCHOOL_REQUIRED_FIELDS"],
    // Both names are required, each within the limit, each a string (issue 33).
    [{ id: "school_no_en", nameAr: "مدرسة" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "school_no_ar", nameEn: "School" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "school_blank_en", nameAr: "مدرسة", nameEn: "   " }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "school_old_name", name: "X" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "school_long_ar", nameAr: "ن".repeat(500), nameEn: "X" }, "TEXT_TOO_LONG"],
    [{ id: "school_long_en", nameAr: "م", nameEn: "n".repeat(500) }, "TEXT_TOO_LONG"],
    [{ id: "school_num_en", nameAr: "م", nameEn: 7 }, "SCHOOL_REQUIRED_FIELDS"],
    // The cities are optional, but text within the limit when given.
    [{ id: "school_long_city_ar", ...N, cityAr: "م".repeat(500) }, "TEXT_TOO_LONG"],
    [{ id: "school_long_city_en", ...N, cityEn: "c".repeat(500) }, "TEXT_TOO_LONG"],
    [{ id: "school_num_city", ...N, cityEn: 12 }, "VALIDATION_FAILED"],
    [{ id: "school_obj_city", ...N, cityAr: { x: 1 } }, "VALIDATION_FAILED"],
  ])("refuses %o with %s", async (payload, code) => {
    const res = await create(cookies.super_admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    if (code === "SCHOOL_REQUIRED_FIELDS") expect(res.json().message.en).toBe("School ID and Name are required.");
  });

  it.each([
    [{ nameAr: "مدرسة" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ nameAr: "", nameEn: "School" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ nameAr: "مدرسة", nameEn: "n".repeat(500) }, "TEXT_TOO_LONG"],
    [{ ...N, cityAr: "م".repeat(500) }, "TEXT_TOO_LONG"],
    [{ ...N, cityEn: false }, "VALIDATION_FAILED"],
  ])("an update refuses %o with %s", async (payload, code) => {
    const res = await h.request({ method: "PATCH", url: `/api/schools/${ownSchool}`, cookie: cookies.super_admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });
});
