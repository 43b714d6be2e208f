// Issue 37's answer eliminator: a struck-out option is greyed and crossed but still a live choice, so its text keeps
// the contrast of text (4.5:1). Axe's color-contrast on the take page with an option struck out, in Arabic and
// English, light, dark and high contrast — one page each, the looks switched in place.
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, useLanguage } from "../fixtures";
import { studentAndExam } from "./three-question-exam";

async function contrastProblems(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).include("[data-testid=option]").analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ")}`));
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a struck-out option keeps the contrast of text in light, dark and high contrast`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(90_000);
    const { student, exam } = await studentAndExam(playwright, baseURL!, "struck", { ar: "اختبار الحذف", en: "Strike test" });
    await useLanguage(page, lang);
    expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    const q1 = page.getByTestId("question").first();
    await q1.getByTestId("strike-option").nth(1).click();
    await expect(q1.getByTestId("option").nth(1)).toHaveAttribute("data-struck", "true");
    await page.waitForTimeout(300); // the colours' transition
    const found: Record<string, string[]> = { light: await contrastProblems(page) };
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await page.waitForTimeout(300);
    found.dark = await contrastProblems(page);
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await page.getByTestId("contrast-toggle").click();
    await page.waitForTimeout(300);
    found.contrast = await contrastProblems(page);
    expect(found).toEqual({ light: [], dark: [], contrast: [] });
  });
}
