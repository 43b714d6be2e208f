// Captures every screen of the web shell in Arabic and English, light and dark, at phone (390 px) and desktop
// (1280 px) widths, into ./screenshots/ (gitignored), to look at RTL alignment, mirrored icons, dark-mode
// contrast and overflow.
//
//   BASE=http://localhost:3100 node scripts/screenshots.mjs [filter]
//
// Signs in through the API as a super_admin (ADMIN_EMAIL / ADMIN_PASSWORD, default admin@qias.local /
// ChangeMe123!) and a student (STUDENT_EMAIL / STUDENT_PASSWORD, default the demo's student01, Demo123!).
// An optional filter keeps only the screens whose name contains it (e.g. `login`).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const BASE = (process.env.BASE ?? process.argv.find((a) => a.startsWith("http")) ?? "http://localhost:3100").replace(/\/$/, "");
const FILTER = process.argv.slice(2).find((a) => !a.startsWith("http")) ?? "";
const OUT = path.resolve("screenshots");
const ACCOUNTS = {
  super_admin: {
    email: process.env.ADMIN_EMAIL ?? "admin@qias.local",
    password: process.env.ADMIN_PASSWORD ?? "ChangeMe123!",
    loginType: "admin",
  },
  student: {
    email: process.env.STUDENT_EMAIL ?? "student01.dubai@demo.qias.ae",
    password: process.env.STUDENT_PASSWORD ?? "Demo123!",
    loginType: "student",
  },
  // A demo student who has sat exams (npm run demo), and a teacher with essays to grade.
  graded_student: { email: "student05.dubai@demo.qias.ae", password: "Demo123!", loginType: "student" },
  teacher: { email: "teacher1.dubai@demo.qias.ae", password: "Demo123!", loginType: "school" },
};

/** Paths that need an id from the running server, looked up once through the API. */
async function lookup(request, account, url, pick) {
  const login = await request.post(`${BASE}/api/auth/login`, { data: ACCOUNTS[account] });
  if (!login.ok()) throw new Error(`sign-in as ${account} failed: ${login.status()}`);
  const body = await (await request.get(`${BASE}${url}`)).json();
  await request.post(`${BASE}/api/auth/logout`);
  return pick(body);
}

/** name, path, who is signed in, and an optional action that puts the page in the state to capture. */
const SCREENS = [
  { name: "home", path: "/" },
  {
    name: "home-menu",
    path: "/",
    action: async (page, width) => {
      if (width < 768) await page.getByTestId("mobile-menu-button").click();
      else await page.getByTestId("login-menu").click();
      await page.waitForTimeout(300);
    },
    fullPage: false,
  },
  { name: "login-student", path: "/login/student" },
  { name: "login-school", path: "/login/school" },
  { name: "login-admin", path: "/login/admin" },
  {
    name: "login-error",
    path: "/login/admin",
    action: async (page) => {
      await page.locator("form button[type=submit]").click();
      await page.waitForTimeout(400);
    },
    fullPage: false,
  },
  { name: "request-reset", path: "/request-password-reset" },
  { name: "update-password", path: "/update-password#token=preview-token" },
  { name: "update-password-invalid", path: "/update-password" },
  { name: "dashboard-admin", path: "/dashboard/overview", as: "super_admin" },
  {
    name: "dashboard-admin-menu",
    path: "/dashboard/overview",
    as: "super_admin",
    action: async (page, width) => {
      if (width < 768) await page.getByTestId("mobile-menu-button").click();
      else await page.getByTestId("account-menu").click();
      await page.waitForTimeout(300);
    },
    fullPage: false,
  },
  { name: "dashboard-student", path: "/dashboard/overview", as: "student" },
  { name: "about", path: "/about" },
  { name: "features", path: "/features" },
  { name: "services", path: "/services" },
  { name: "contact", path: "/contact" },
  { name: "calendar", path: "/qias-documents/calendar" },
  { name: "test-schedule", path: "/qias-documents/test-schedule" },
  { name: "digital-content", path: "/digital-content" },
  { name: "external-tests", path: "/external-tests" },
  { name: "schools", path: "/dashboard/schools", as: "super_admin" },
  { name: "admins", path: "/dashboard/users/admins", as: "super_admin" },
  { name: "teachers", path: "/dashboard/users/teachers", as: "super_admin" },
  { name: "students", path: "/dashboard/users/students", as: "super_admin" },
  { name: "audit", path: "/dashboard/audit", as: "super_admin" },
  { name: "messages", path: "/dashboard/messages", as: "super_admin" },
  { name: "files", path: "/dashboard/files", as: "super_admin" },
  { name: "files-student", path: "/dashboard/files", as: "student" },
  { name: "exams", path: "/dashboard/exams", as: "super_admin" },
  { name: "exam-create", path: "/exams/create", as: "super_admin" },
  { name: "exam-edit", path: "@examEdit", as: "teacher" },
  { name: "results", path: "/dashboard/results", as: "super_admin" },
  { name: "results-student", path: "/dashboard/results", as: "graded_student" },
  { name: "grading-queue", path: "/dashboard/grading", as: "teacher" },
  { name: "grading-sheet", path: "@gradingSheet", as: "teacher" },
  { name: "my-exams", path: "/dashboard/my-exams", as: "student" },
  { name: "take", path: "@take", as: "student", fullPage: false },
  { name: "result", path: "@result", as: "graded_student" },
];

const DYNAMIC = {
  "@examEdit": () => lookup(CONTEXT_REQUEST, "teacher", "/api/exams", (b) => `/exams/edit/${b.items[0].id}`),
  "@gradingSheet": () => lookup(CONTEXT_REQUEST, "teacher", "/api/grading/queue", (b) => `/dashboard/grading?exam=${b.items[0].examId}`),
  // The last published exam of student01's list; taking it in a screenshot starts a real attempt.
  "@take": () => lookup(CONTEXT_REQUEST, "student", "/api/student/overview", (b) => `/student/exam/${b.available.at(-1).examId}/take`),
  "@result": () => lookup(CONTEXT_REQUEST, "graded_student", "/api/student/overview", (b) => `/student/exam/${b.completed[0].attempt.id}/results`),
};
let CONTEXT_REQUEST;

const VARIANTS = [];
for (const lang of ["ar", "en"]) for (const theme of ["light", "dark"]) for (const width of [390, 1280]) VARIANTS.push({ lang, theme, width });

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});

let count = 0;
const resolved = new Map();
try {
  const lookupContext = await browser.newContext();
  CONTEXT_REQUEST = lookupContext.request;
  for (const screen of SCREENS.filter((s) => s.name.includes(FILTER))) {
    for (const { lang, theme, width } of VARIANTS) {
      const context = await browser.newContext({
        baseURL: BASE,
        viewport: { width, height: width < 768 ? 844 : 900 },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
      });
      await context.addInitScript(
        ([l, dark]) => {
          localStorage.setItem("language", l);
          localStorage.setItem("darkMode", dark);
        },
        [lang, theme === "dark" ? "true" : "false"],
      );
      if (screen.as) {
        const account = ACCOUNTS[screen.as];
        const res = await context.request.post("/api/auth/login", { data: account });
        if (!res.ok()) throw new Error(`sign-in as ${screen.as} failed: ${res.status()} ${await res.text()}`);
      }
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      // The browser logs GET /api/auth/me → 401 for a visitor; that is the expected answer, not a fault.
      page.on("console", (m) => m.type() === "error" && !m.text().includes("401") && errors.push(m.text()));
      if (screen.path.startsWith("@") && !resolved.has(screen.path)) resolved.set(screen.path, await DYNAMIC[screen.path]());
      await page.goto(resolved.get(screen.path) ?? screen.path, { waitUntil: "networkidle" });
      await page.evaluate(() => document.fonts.ready);
      if (screen.action) await screen.action(page, width);
      const file = path.join(OUT, `${screen.name}-${lang}-${theme}-${width}.png`);
      await page.screenshot({ path: file, fullPage: screen.fullPage ?? true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const note = [overflow > 0 ? `horizontal overflow ${overflow}px` : "", ...errors].filter(Boolean).join(" | ");
      console.log(`${path.relative(process.cwd(), file)}${note ? `  ⚠ ${note}` : ""}`);
      count++;
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`${count} screenshots in ${path.relative(process.cwd(), OUT)}/`);
