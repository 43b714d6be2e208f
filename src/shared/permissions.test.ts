import { describe, expect, it } from "vitest";
import { can, canOpenDashboardPath, dashboardSectionsFor, isRoleAllowedForLogin, type TSessionUser } from "./permissions";

const user = (role: TSessionUser["role"], schoolId: string | null = "s1", id = "u1") => ({ id, role, schoolId });

describe("permissions (SPEC §6)", () => {
  it("login types accept only their roles", () => {
    expect(isRoleAllowedForLogin("student", "student")).toBe(true);
    expect(isRoleAllowedForLogin("teacher", "school")).toBe(true);
    expect(isRoleAllowedForLogin("school_admin", "school")).toBe(true);
    expect(isRoleAllowedForLogin("super_admin", "admin")).toBe(true);
    expect(isRoleAllowedForLogin("super_admin", "school")).toBe(false);
    expect(isRoleAllowedForLogin("teacher", "student")).toBe(false);
    expect(isRoleAllowedForLogin("student", "admin")).toBe(false);
  });

  it("scopes: all, own school, own, view", () => {
    expect(can(user("super_admin", null), "schools.manage")).toBe(true);
    expect(can(user("school_admin"), "schools.manage")).toBe(false);
    expect(can(user("school_admin"), "teachers.manage", { schoolId: "s1" }, { write: true })).toBe(true);
    expect(can(user("school_admin"), "teachers.manage", { schoolId: "s2" }, { write: true })).toBe(false);
    expect(can(user("teacher"), "students.manage", { schoolId: "s1" })).toBe(true);
    expect(can(user("teacher"), "students.manage", { schoolId: "s1" }, { write: true })).toBe(false);
    expect(can(user("teacher"), "students.manage", { schoolId: "s2" })).toBe(false);
    expect(can(user("teacher"), "exams.author", { ownerId: "u1" })).toBe(true);
    expect(can(user("teacher"), "exams.author", { ownerId: "u2" })).toBe(false);
    expect(can(user("student"), "exams.take")).toBe(true);
    expect(can(user("super_admin", null), "exams.take")).toBe(false);
    expect(can(user("school_admin", null), "schoolReport.view", { schoolId: null })).toBe(false);
    expect(can(null, "results.view")).toBe(false);
  });

  it("the dashboard menu follows the roles of SPEC §2", () => {
    const ids = (role: TSessionUser["role"]) => dashboardSectionsFor(role).map((s) => s.id);
    expect(ids("student")).toEqual(expect.arrayContaining(["overview", "my-exams", "results", "files"]));
    expect(ids("student")).not.toContain("exams");
    expect(ids("teacher")).toEqual(expect.arrayContaining(["overview", "students", "exams", "results", "files"]));
    expect(ids("teacher")).not.toContain("teachers");
    expect(ids("school_admin")).toEqual(expect.arrayContaining(["teachers", "students"]));
    expect(ids("school_admin")).not.toContain("exams");
    // The item bank (issue 34) is for staff; a student neither sees it in the menu nor opens its address.
    for (const role of ["teacher", "school_admin", "super_admin"] as const) expect(ids(role)).toContain("bank");
    expect(ids("student")).not.toContain("bank");
    expect(canOpenDashboardPath("student", "bank")).toBe(false);
    expect(ids("super_admin")).toEqual(expect.arrayContaining(["schools", "admins", "teachers", "students", "exams"]));
    expect(canOpenDashboardPath("teacher", "schools")).toBe(false);
    expect(canOpenDashboardPath("super_admin", "users/admins")).toBe(true);
  });
});
