// SPEC §6 as data. The server checks every route against it; the web app reads the same tables to build each
// role's menu and to hide what a role cannot do. Change a rule here and both follow.

export const ROLES = ["super_admin", "school_admin", "teacher", "student"] as const;
export type TRole = (typeof ROLES)[number];

export const LOGIN_TYPES = ["student", "school", "admin"] as const;
export type TLoginType = (typeof LOGIN_TYPES)[number];

/** Which roles each login screen accepts (SPEC §6 "Login types"). */
export const LOGIN_TYPE_ROLES: Record<TLoginType, readonly TRole[]> = {
  student: ["student"],
  school: ["school_admin", "teacher"],
  admin: ["super_admin"],
};

export function isRoleAllowedForLogin(role: TRole, loginType: TLoginType): boolean {
  return LOGIN_TYPE_ROLES[loginType].includes(role);
}

/** The user the server puts on a request and the web app keeps (SPEC §3 session user). */
export type TSessionUser = {
  id: string;
  username: string;
  email: string;
  role: TRole;
  schoolId: string | null;
  name: string;
  /** A student's grade, which decides the exams offered to them (null for staff and for students without one). */
  grade: number | null;
};

/**
 * How far a capability reaches for a role:
 * - "all": every school;
 * - "own_school": only resources of the user's own school;
 * - "own": only resources the user created or that belong to them;
 * - "view": may read (within their school) but not change;
 * - false: not at all.
 */
export type TScope = "all" | "own_school" | "own" | "view" | false;

export const CAPABILITIES = {
  "schools.manage": { super_admin: "all", school_admin: false, teacher: false, student: false },
  "admins.manage": { super_admin: "all", school_admin: false, teacher: false, student: false },
  "teachers.manage": { super_admin: "all", school_admin: "own_school", teacher: false, student: false },
  "students.manage": { super_admin: "all", school_admin: "own_school", teacher: "view", student: false },
  "exams.author": { super_admin: "all", school_admin: false, teacher: "own", student: false },
  // Who schedules an exam's sittings (decision 0028): its authors for any school it is offered to; a school's
  // principal for their own school's students, since they run exam day there.
  "sittings.schedule": { super_admin: "all", school_admin: "own_school", teacher: "own", student: false },
  "exams.take": { super_admin: false, school_admin: false, teacher: false, student: "own" },
  "results.view": { super_admin: "all", school_admin: "own_school", teacher: "own", student: "own" },
  "files.upload": { super_admin: "all", school_admin: "own", teacher: "own", student: false },
  "files.delete": { super_admin: "all", school_admin: "own", teacher: "own", student: false },
  "files.view": { super_admin: "all", school_admin: "own", teacher: "own", student: "own" },
  "reports.generate": { super_admin: "all", school_admin: "own_school", teacher: "own_school", student: false },
  // Item analysis and dashboards (issue 15): over the attempts the reader may see (reachOf), never a student.
  "analytics.view": { super_admin: "all", school_admin: "own_school", teacher: "own_school", student: false },
  "schoolReport.view": { super_admin: "all", school_admin: "own_school", teacher: false, student: false },
  // The item bank (issue 34; docs/decisions/0036): a school's staff use their school's items and read the system's.
  "bank.use": { super_admin: "all", school_admin: "own_school", teacher: "own_school", student: false },
  "skills.manage": { super_admin: "all", school_admin: false, teacher: false, student: false },
  // Standard setting (issue 35; docs/decisions/0048): super_admins run studies; invited staff rate (checked per study).
  "standardSetting.run": { super_admin: "all", school_admin: false, teacher: false, student: false },
  "skills.view": { super_admin: "all", school_admin: "all", teacher: "all", student: false },
  "contactMessages.read": { super_admin: "all", school_admin: false, teacher: false, student: false },
  "audit.read": { super_admin: "all", school_admin: false, teacher: false, student: false },
  // Reporting scales, proficiency levels and linking (issue 35): the ministry's decisions, made by a super_admin.
  "scales.manage": { super_admin: "all", school_admin: false, teacher: false, student: false },
  // School years (issue 39; docs/decisions/0059): the ministry's calendar; closing one archives every school's exams.
  "years.manage": { super_admin: "all", school_admin: false, teacher: false, student: false },
} as const satisfies Record<string, Record<TRole, TScope>>;

export type TCapability = keyof typeof CAPABILITIES;

export function scopeOf(user: Pick<TSessionUser, "role">, capability: TCapability): TScope {
  return CAPABILITIES[capability][user.role];
}

/** What a resource tells the check about itself; every field optional. */
export type TResourceRef = { schoolId?: string | null; ownerId?: string | null };

/**
 * can(user, capability[, resource]): without a resource, "may this role do this at all";
 * with one, whether it falls inside the role's scope. "view" scopes pass only when `write` is false.
 */
export function can(
  user: Pick<TSessionUser, "id" | "role" | "schoolId"> | null | undefined,
  capability: TCapability,
  resource?: TResourceRef,
  options: { write?: boolean } = {},
): boolean {
  if (!user) return false;
  const scope = scopeOf(user, capability);
  if (scope === false) return false;
  if (scope === "view" && options.write) return false;
  if (!resource || scope === "all") return true;
  if (scope === "own") return resource.ownerId === undefined || resource.ownerId === user.id;
  // own_school and view are both bounded by the user's school.
  return resource.schoolId === undefined || (user.schoolId !== null && resource.schoolId === user.schoolId);
}

// ---- an exam's key (docs/decisions/0010)

/**
 * Whether an exam's key — its correct options, model answers and matching key, and the marks per question that
 * would reveal them — may be shown beyond its author and the super_admins. While an exam offered to several
 * schools (or to all) is open, students of another school may not have sat it yet: the key waits until it is
 * archived (closed). An exam offered to one school is released at once: only that school's people reach it.
 */
export function isExamKeyReleased(exam: { status: "draft" | "published" | "archived"; audienceSize: number }): boolean {
  return exam.audienceSize === 1 || exam.status === "archived";
}

/** The author and super_admins always see the key; anyone else who reaches the exam once it is released. */
export function canSeeExamKey(user: Pick<TSessionUser, "id" | "role">, exam: { creatorId: string | null; status: "draft" | "published" | "archived"; audienceSize: number }): boolean {
  return user.role === "super_admin" || (exam.creatorId !== null && exam.creatorId === user.id) || isExamKeyReleased(exam);
}

// ---- the dashboard (SPEC §2): sub-paths, who may open them, and the side menu built from them

export type TDashboardSection = {
  id: string;
  /** Path under /dashboard. */
  path: string;
  roles: readonly TRole[];
  /** lucide icon name; the web app maps it to the component. */
  icon: string;
  /** i18n key of the label. */
  labelKey: string;
  /** Listed in the menu (a section can be reachable without a menu entry). */
  inMenu: boolean;
};

const ALL_ROLES = ROLES;

export const DASHBOARD_SECTIONS: readonly TDashboardSection[] = [
  { id: "overview", path: "overview", roles: ALL_ROLES, icon: "LayoutDashboard", labelKey: "dashboard.menu.overview", inMenu: true },
  { id: "my-exams", path: "my-exams", roles: ["student"], icon: "ClipboardList", labelKey: "dashboard.menu.myExams", inMenu: true },
  { id: "schools", path: "schools", roles: ["super_admin"], icon: "School", labelKey: "dashboard.menu.schools", inMenu: true },
  { id: "admins", path: "users/admins", roles: ["super_admin"], icon: "ShieldCheck", labelKey: "dashboard.menu.admins", inMenu: true },
  { id: "teachers", path: "users/teachers", roles: ["super_admin", "school_admin"], icon: "Users", labelKey: "dashboard.menu.teachers", inMenu: true },
  { id: "students", path: "users/students", roles: ["super_admin", "school_admin", "teacher"], icon: "GraduationCap", labelKey: "dashboard.menu.students", inMenu: true },
  { id: "exams", path: "exams", roles: ["super_admin", "teacher"], icon: "FileText", labelKey: "dashboard.menu.exams", inMenu: true },
  // The item bank (issue 34): every staff role; the server decides which items each may see and change.
  { id: "bank", path: "bank", roles: ["super_admin", "school_admin", "teacher"], icon: "Library", labelKey: "bank:menu", inMenu: true },
  { id: "results", path: "results", roles: ALL_ROLES, icon: "BarChart3", labelKey: "dashboard.menu.results", inMenu: true },
  { id: "sittings", path: "sittings", roles: ["super_admin", "school_admin", "teacher"], icon: "CalendarClock", labelKey: "sittings:menu", inMenu: true },
  { id: "analytics", path: "analytics", roles: ["super_admin", "school_admin", "teacher"], icon: "LayoutGrid", labelKey: "analytics:dashboard.menu", inMenu: true },
  { id: "grading", path: "grading", roles: ["super_admin", "teacher"], icon: "PenLine", labelKey: "results:grading.menu", inMenu: true },
  { id: "files", path: "files", roles: ALL_ROLES, icon: "FolderOpen", labelKey: "dashboard.menu.files", inMenu: true },
  { id: "skills", path: "skills", roles: ["super_admin"], icon: "Target", labelKey: "skills:menu", inMenu: true },
  // Scale and levels (issue 35): reporting scales, proficiency levels, linking; standard setting is one of its tabs.
  { id: "scale", path: "scale", roles: ["super_admin"], icon: "Ruler", labelKey: "scales:menu", inMenu: true },
  // One scale's page and its tabs (definition, levels, linking, levels by group, standard setting): from the list.
  { id: "scale-detail", path: "scale/:scaleId/*", roles: ["super_admin"], icon: "Ruler", labelKey: "scales:menu", inMenu: false },
  // The school's identity providers (issue 38): sign-in through Entra ID, Google Workspace, UAE PASS.
  { id: "identity-providers", path: "identity-providers", roles: ["super_admin"], icon: "KeyRound", labelKey: "admin:providers.menu", inMenu: true },
  // The learning platforms that launch Qias by LTI 1.3 (issue 38; docs/decisions/0051), and their grade sends.
  { id: "lti-platforms", path: "lti-platforms", roles: ["super_admin"], icon: "Plug", labelKey: "admin:lti.menu", inMenu: true },
  // School years (issue 39; docs/decisions/0059): create, close (archive a year's exams and answers) and reopen.
  { id: "years", path: "years", roles: ["super_admin"], icon: "CalendarRange", labelKey: "admin:years.menu", inMenu: true },
  { id: "messages", path: "messages", roles: ["super_admin"], icon: "Inbox", labelKey: "pages:inbox.menu", inMenu: true },
  { id: "audit", path: "audit", roles: ["super_admin"], icon: "History", labelKey: "admin:audit.menu", inMenu: true },
  // Everyone's own account (issue 19): reached from the menu under the user's name in the header, not the side menu.
  { id: "account", path: "account", roles: ALL_ROLES, icon: "UserRound", labelKey: "dashboard.menu.account", inMenu: false },
];

export function dashboardSectionsFor(role: TRole): TDashboardSection[] {
  return DASHBOARD_SECTIONS.filter((s) => s.roles.includes(role));
}

export function canOpenDashboardPath(role: TRole, path: string): boolean {
  return DASHBOARD_SECTIONS.some((s) => s.path === path && s.roles.includes(role));
}

/** Dashboard title per role (SPEC §2 "The title varies by role"): i18n key. */
export const DASHBOARD_TITLE_KEY: Record<TRole, string> = {
  super_admin: "dashboard.title.super_admin",
  school_admin: "dashboard.title.school_admin",
  teacher: "dashboard.title.teacher",
  student: "dashboard.title.student",
};
