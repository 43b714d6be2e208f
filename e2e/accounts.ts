import { E2E_ADMIN } from "./env";
import type { TRole } from "../src/shared/permissions";

type TAccount = { email: string; password: string; role: TRole; name: string; schoolId: string | null };

/** Accounts the browser tests own; each test that changes an account (a password, a lock) uses its own. */
export const E2E_ACCOUNTS = {
  super_admin: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: "super_admin", name: E2E_ADMIN.name, schoolId: null },
  school_admin: { email: "principal@qias.test", password: "Principal-1", role: "school_admin", name: "أ. سعاد المري", schoolId: "school_dubai" },
  teacher: { email: "teacher@qias.test", password: "Teacher-1", role: "teacher", name: "أ. خالد الحوسني", schoolId: "school_dubai" },
  student: { email: "student@qias.test", password: "Student-1", role: "student", name: "سارة الحمادي", schoolId: "school_dubai" },
  resetStudent: { email: "forgetful@qias.test", password: "Forgot-1", role: "student", name: "Yousef Forgetful", schoolId: "school_alain" },
} as const satisfies Record<string, TAccount>;

export type TE2ERole = keyof typeof E2E_ACCOUNTS;
