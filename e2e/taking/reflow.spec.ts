// Issue 37, WCAG 1.4.10 reflow: at 400 % zoom of a 1280 px window — a 320 × 256 CSS px viewport — the take page
// (toolbar with the tools, timer, navigator, the five old question types, the line reader, the review dialog) scrolls
// only up and down, in Arabic and in English. With A11Y_SCREENSHOTS=1 it also photographs the page and the line
// reader in light, dark and high contrast under screenshots/a11y/ for a person to look at.
import path from "node:path";
import type { Page } from "@playwright/test";
import { STUDENT_PASSWORD } from "../api";
import { expect, test, useLanguage } from "../fixtures";
import { a11yExam } from "./a11y-exam";

const SHOTS = process.env.A11Y_SCREENSHOTS ? path.resolve("screenshots/a11y") : null;

/** Nothing wider than the viewport: the elements that stick out are named, to say what to fix. */
async function expectNoSideways(page: Page, label: string) {
  const wide = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const out = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > root.clientWidth + 1 || r.left < -1);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute("data-testid") ?? ""}] ${String(el.className).slice(0, 50)}`);
    return { scroll: root.scrollWidth, client: root.clientWidth, out };
  });
  expect(wide.scroll, `${label}: ${wide.out.join(" | ")}`).toBeLessThanOrEqual(wide.client);
}

for (const lang of ["ar", "en"] as const) {
  test(`the take page reflows at 320 px without sideways scrolling (${lang})`, async ({ browser, playwright }) => {
    const { examId, student } = await a11yExam(playwright);
    const context = await browser.newContext({ viewport: { width: 320, height: 256 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await useLanguage(page, lang);
    await page.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
    await page.goto(`/student/exam/${examId}/take`);
    await expect(page.getByTestId("question")).toHaveCount(5);
    await page.getByTestId("question").nth(1).getByTestId("flag-question").click();
    await page.getByTestId("line-reader-toggle").click();
    await expect(page.getByTestId("line-reader")).toBeAttached();
    await expectNoSideways(page, "paper");
    const shot = async (what: string) => SHOTS && (await page.screenshot({ path: path.join(SHOTS, `${what}-${lang}.png`) }));
    await shot("reflow-light");
    if (SHOTS) {
      await page.getByTestId("question").nth(0).scrollIntoViewIfNeeded();
      await page.mouse.move(160, 200);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.mouse.move(600, 420);
      await shot("line-reader-light");
      await page.evaluate(() => document.documentElement.classList.add("dark"));
      await shot("line-reader-dark");
      await page.getByTestId("contrast-toggle").click();
      await shot("line-reader-contrast");
      await page.setViewportSize({ width: 320, height: 256 });
      await shot("reflow-contrast");
      await page.getByTestId("contrast-toggle").click();
      await shot("reflow-dark");
      await page.evaluate(() => document.documentElement.classList.remove("dark"));
    }
    await page.getByTestId("line-reader-toggle").click();
    await page.getByTestId("submit-exam").click();
    await expect(page.getByTestId("submit-flagged")).toBeVisible();
    await page.waitForTimeout(300); // the dialog's opening animation
    await expectNoSideways(page, "review dialog");
    await shot("review");
    await context.close();
  });
}
