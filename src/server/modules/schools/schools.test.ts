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

const create = (cookie: string, payload: unknown) => h.request({ method: "POST", url: "/api/schools", cookie, payload: payload as object });

describe("schools: who may do what (SPEC §6 'Manage schools')", () => {
  for (const role of ["school_admin", "teacher", "student"] as const) {
    it(`${role} cannot create, rename or delete a school`, async () => {
      const c = cookies[role];
      expect((await create(c, { id: `x_${role}`, name: "X" })).statusCode).toBe(403);
      expect((await h.request({ method: "PATCH", url: `/api/schools/${ownSchool}`, cookie: c, payload: { name: "Renamed" } })).statusCode).toBe(403);
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
    expect((await create("", { id: "x_anon", name: "X" })).statusCode).toBe(401);
  });
});

describe("schools: super_admin", () => {
  it("creates, lists by name, renames and deletes an empty school, each audited", async () => {
    const res = await create(cookies.super_admin, { id: "school_zayed", name: "مدرسة زايد", city: "أبوظبي" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: "school_zayed", name: "مدرسة زايد", city: "أبوظبي" });

    await create(cookies.super_admin, { id: "school_aaa", name: "AAA Academy" });
    const list = (await h.request({ method: "GET", url: "/api/schools", cookie: cookies.super_admin })).json().items as { id: string; name: string; userCount: number }[];
    const names = list.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.find((s) => s.id === ownSchool)!.userCount).toBe(3);

    const renamed = await h.request({ method: "PATCH", url: "/api/schools/school_zayed", cookie: cookies.super_admin, payload: { name: "مدرسة الشيخ زايد", city: "" } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: "school_zayed", name: "مدرسة الشيخ زايد", city: null });

    expect((await h.request({ method: "DELETE", url: "/api/schools/school_zayed", cookie: cookies.super_admin })).statusCode).toBe(204);
    const audit = (await h.request({ method: "GET", url: "/api/audit?entity=school&entityId=school_zayed", cookie: cookies.super_admin })).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(["delete", "update", "create"]);
    expect(audit.items[1]).toMatchObject({ actorEmail: ADMIN.email, before: { name: "مدرسة زايد" }, after: { name: "مدرسة الشيخ زايد" } });
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
    const res = await h.request({ method: "PATCH", url: `/api/schools/${ownSchool}`, cookie: cookies.super_admin, payload: { id: "new_id", name: "X" } });
    expect(res.statusCode).toBe(400);
  });

  it("missing, unknown and taken ids", async () => {
    expect((await h.request({ method: "PATCH", url: "/api/schools/nope", cookie: cookies.super_admin, payload: { name: "X" } })).statusCode).toBe(404);
    expect((await h.request({ method: "DELETE", url: "/api/schools/nope", cookie: cookies.super_admin })).json().code).toBe("SCHOOL_NOT_FOUND");
    const taken = await create(cookies.super_admin, { id: ownSchool, name: "Again" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("SCHOOL_ID_TAKEN");
  });

  it.each([
    [{ name: "X" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "school_q" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "", name: "" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "   ", name: "X" }, "SCHOOL_REQUIRED_FIELDS"],
    [{ id: "School XYZ", name: "X" }, "SCHOOL_ID_INVALID"],
    [{ id: "../etc", name: "X" }, "SCHOOL_ID_INVALID"],
    [{ id: "s".repeat(65), name: "X" }, "TEXT_TOO_LONG"],
    [{ id: "school_long", name: "n".repeat(500) }, "TEXT_TOO_LONG"],
    [{ id: 5, name: ["x"] }, "SCHOOL_REQUIRED_FIELDS"],
  ])("refuses %o with %s", async (payload, code) => {
    const res = await create(cookies.super_admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    if (code === "SCHOOL_REQUIRED_FIELDS") expect(res.json().message.en).toBe("School ID and Name are required.");
  });
});
