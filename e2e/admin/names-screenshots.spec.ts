// Not a test: pictures for a person to look at (NAMES_SCREENSHOTS=1 to run) of the screens issue 33 items 9, 10
// and 13 touched — the schools admin screen and its dialog, the exam editor's two descriptions, the skills
// catalogue, the header's account menu, and the demo's reading question in the preview — in
// ar/en × light/dark × 390/1280 px, written to screenshots/names/ (gitignored). The map is photographed by
// e2e/exams/passages.spec.ts (the e2e server seeds the demo without its stored pictures).
import path from "node:path";
import type { Browser } from "@playwright/test";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/names");

test.skip(!process.env.NAMES_SCREENSHOTS, "set NAMES_SCREENSHOTS=1 to take the pictures");
test.describe.configure({ mode: "serial" });
test.setTimeout(900_000);

async function open(browser: Browser, who: "super_admin" | "school_admin", lang: "ar" | "en", dark: boolean, width: number, goto: string) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await useLanguage(page, lang, { dark });
  await signIn(page, who, { goto });
  return { context, page };
}

test("issue 33 screenshots", async ({ browser }) => {
  const probe = await open(browser, "super_admin", "en", false, 1280, "/dashboard/exams");
  const exams = (await (await probe.page.request.get("/api/exams?pageSize=100")).json()).items as { id: string; titleEn: string }[];
  const reading = exams.find((e) => e.titleEn === "Reading Comprehension — Grade 6")!.id;
  await probe.context.close();

  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);

        const admin = await open(browser, "super_admin", lang, dark, width, "/dashboard/schools");
        const page = admin.page;
        await expect(page.getByTestId("school-row-school_dubai")).toBeVisible();
        await page.screenshot({ path: name("schools"), fullPage: true });
        await page.getByTestId("school-row-school_dubai").getByRole("button").first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.screenshot({ path: name("school-dialog") });
        await page.keyboard.press("Escape");

        await page.goto("/dashboard/skills");
        await expect(page.getByTestId("skills-table")).toBeVisible();
        await page.screenshot({ path: name("skills"), fullPage: width > 500 });

        await page.goto(`/exams/edit/${reading}`);
        await expect(page.getByTestId("exam-description-ar")).toBeVisible();
        await page.getByTestId("exam-description-ar").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("exam-description") });
        await page.getByTestId("preview-button").click();
        const question = page.getByTestId("preview-question-text").filter({ hasText: lang === "ar" ? "تحته خط" : "underlined" });
        await question.scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("reading-question") });

        await admin.context.close();

        const principal = await open(browser, "school_admin", lang, dark, width, "/dashboard");
        if (width < 500) await principal.page.getByTestId("mobile-menu-button").click();
        else await principal.page.getByTestId("account-menu").click();
        await principal.page.screenshot({ path: name("header") });
        await principal.context.close();
      }
    }
  }
});
