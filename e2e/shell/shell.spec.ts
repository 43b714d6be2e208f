// The frame around every page: language and theme, guards and unknown paths, the mobile menu, the dashboard.
import fs from "node:fs";
import { expect, expectNoAxeViolations, signIn, test, useLanguage, watchPageErrors } from "../fixtures";
import { DASHBOARD_SECTIONS } from "../../src/shared/permissions";
import { DASHBOARD_PAGES } from "../../src/web/app/dashboard-pages";

const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(new URL(`../../src/shared/i18n/${file}`, import.meta.url), "utf8"));

/** The UI text of an i18n key ("dashboard.menu.schools", or with a namespace: "public:inbox.menu"). */
function label(lang: "ar" | "en", key: string): string {
  const [ns, path] = key.includes(":") ? (key.split(":") as [string, string]) : ["translation", key];
  // The main namespace is ar/en.json plus the app's shell texts (app.*.json), merged by the app's entry.
  const strings = ns === "translation" ? { ...readJson(`${lang}.json`), ...readJson(`app.${lang}.json`) } : readJson(`${ns}.${lang}.json`);
  const value = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], strings);
  if (typeof value !== "string") throw new Error(`no ${lang} text for ${key}`);
  return value;
}


test.describe("language and theme", () => {
  test("Arabic by default; the toggle switches to English and both survive a reload", async ({ page }) => {
    await page.goto("/");
    // "/" is prerendered HTML: a click before its script takes the page over does nothing (a flaky failure on a
    // loaded machine). The entry removes this marker just before React hydrates, which replays later clicks.
    const hydrated = () => expect(page.locator("#root")).not.toHaveAttribute("data-prerendered");
    await hydrated();
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
    const language = page.getByTestId("language-toggle");
    await expect(language).toHaveText(/^EN/);

    await language.click();
    await expect(html).toHaveAttribute("lang", "en");
    await expect(html).toHaveAttribute("dir", "ltr");
    await expect(language).toHaveText(/^AR/);
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Home" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");

    await page.reload();
    await expect(html).toHaveAttribute("lang", "en");
    await expect(html).toHaveAttribute("dir", "ltr");
    await expect(page.getByTestId("language-toggle")).toHaveText(/^AR/);
    await hydrated();

    await page.getByTestId("language-toggle").click();
    await expect(html).toHaveAttribute("dir", "rtl");
    await page.reload();
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(html).toHaveAttribute("lang", "ar");
  });

  test("dark mode toggles, persists and survives a reload", async ({ page }) => {
    await useLanguage(page, "en");
    await page.goto("/login/admin");
    const html = page.locator("html");
    const theme = page.getByTestId("theme-toggle");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(theme).toHaveAttribute("aria-pressed", "false");
    await expect(theme).toHaveAccessibleName("Dark mode");

    await theme.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(theme).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => localStorage.getItem("darkMode"))).toBe("true");
    await expectNoAxeViolations(page, "admin login, dark (en)");

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", "true");

    await page.getByTestId("theme-toggle").click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("a prerendered page in dark mode hydrates to the real theme state", async ({ page }) => {
    await useLanguage(page, "ar", { dark: true });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page, "home, dark (ar)");
  });
});

test.describe("guards and unknown paths", () => {
  test("signed out: /dashboard/* goes to the admin login, unknown paths go home", async ({ page }) => {
    await useLanguage(page, "en");
    for (const path of ["/dashboard", "/dashboard/overview", "/dashboard/schools", "/dashboard/anything/else"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\/admin$/);
    }
    for (const path of ["/no-such-page", "/about/deeper/path", "/login/teacher"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("signed in: unknown paths go to the dashboard; sections outside the role fall back to the overview", async ({ page }) => {
    await useLanguage(page, "en");
    const errors = watchPageErrors(page);
    await signIn(page, "student");
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    for (const path of ["/dashboard/nope", "/dashboard/schools", "/dashboard/users/admins", "/dashboard/exams"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/overview$/);
    }
    // Every section a student's menu offers opens its own page.
    for (const section of DASHBOARD_SECTIONS.filter((x) => x.roles.includes("student") && x.id !== "overview")) {
      await page.goto(`/dashboard/${section.path}`);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${section.path}$`));
    }
    // Every signed-in page above loaded without an uncaught error or a console error.
    expect(errors).toEqual([]);
  });
});

test.describe("dashboard frame", () => {
  for (const lang of ["ar", "en"] as const) {
    test(`super_admin overview and side menu, every section with its page (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      const errors = watchPageErrors(page);
      await signIn(page, "super_admin");
      const en = lang === "en";
      await expect(page.getByTestId("dashboard-title")).toHaveText(en ? "System Admin Dashboard" : "لوحة تحكم مدير النظام");
      await expect(page.getByTestId("welcome-heading")).toBeVisible();
      const menu = page.getByRole("navigation", { name: en ? "Dashboard menu" : "قائمة لوحة التحكم" });
      for (const label of en
        ? ["Overview", "Schools", "System Admins", "Teachers", "Students", "Exams", "Results", "Files"]
        : ["نظرة عامة", "المدارس", "مديرو النظام", "المعلّمون", "الطلبة", "الاختبارات", "النتائج", "الملفات"]) {
        await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
      }
      await expect(menu.getByRole("button", { name: en ? "Logout" : "تسجيل الخروج" })).toBeVisible();
      await expectNoAxeViolations(page, `admin overview (${lang})`);

      expect(DASHBOARD_SECTIONS.filter((x) => !DASHBOARD_PAGES[x.id]).map((x) => x.id)).toEqual([]);
      await menu.getByRole("link", { name: label(lang, "dashboard.menu.schools"), exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/schools$/);
      // The schools page's own heading (the overview's headings stay until the lazy page has loaded).
      await expect(page.getByRole("heading", { level: 2, name: label(lang, "dashboard.menu.schools"), exact: true })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test(`student overview lists only the student's sections (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, "student");
      const en = lang === "en";
      await expect(page.getByTestId("dashboard-title")).toHaveText(en ? "Student Dashboard" : "لوحة الطالب");
      const menu = page.getByRole("navigation", { name: en ? "Dashboard menu" : "قائمة لوحة التحكم" });
      await expect(menu.getByRole("link")).toHaveCount(4); // overview, my exams, results, files
      await expect(menu.getByRole("link", { name: en ? "Schools" : "المدارس" })).toHaveCount(0);
      await expectNoAxeViolations(page, `student overview (${lang})`);
    });
  }
});

test.describe("phone layout (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu opens, closes on Escape and on navigation", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.goto("/");
    const button = page.getByTestId("mobile-menu-button");
    const menu = page.locator("#mobile-menu");
    await expect(page.getByRole("navigation", { name: "التنقل الرئيسي" })).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "دخول الطلبة" })).toBeVisible();
    await expectNoAxeViolations(page, "mobile menu open (ar)");

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole("link", { name: "المزايا" }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("signed in, the menu offers the dashboard and logout; the dashboard fits the phone", async ({ page }) => {
    await useLanguage(page, "en");
    await signIn(page, "teacher");
    await expect(page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Students" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, "teacher overview, phone (en)");
    await page.getByTestId("mobile-menu-button").click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("mobile-menu-button")).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("every public page of the shell is accessible in both languages", () => {
  for (const lang of ["ar", "en"] as const) {
    for (const path of ["/", "/login/student", "/login/school", "/login/admin", "/request-password-reset", "/update-password#token=abc"]) {
      test(`${path} (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("main")).toHaveCount(1);
        await expectNoAxeViolations(page, `${path} (${lang})`);
      });
    }
  }
});
