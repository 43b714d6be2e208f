// Issue 37: a whole exam with the keyboard alone — Tab, Shift+Tab, arrows, Space, Enter and typing; no mouse, no
// click. From the student's dashboard to the paper, the five old question types, the navigator, flag for review,
// the eliminator, the line reader (Alt+arrows), the review screen, submit and confirm. At every Tab the focused
// element shows a focus indicator (an outline or a ring on it or on the label around it); the live regions say
// what lib/announcer.ts promises; axe on the paper, the answered paper and the review screen. One page load a language.
import type { Page } from "@playwright/test";
import { STUDENT_PASSWORD } from "../api";
import { expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { a11yExam } from "./a11y-exam";

const SAID = {
  en: { flagged: "Question 2 flagged for review.", position: "Question 1 of 5." },
  ar: { flagged: "عُلِّم السؤال 2 للمراجعة.", position: "السؤال 1 من 5." },
};

/** A CSS selector the focused element must match; `question` (1-based) narrows it to one question of the paper. */
type TTarget = { css: string; question?: number };

/**
 * Presses Tab (or Shift+Tab) until the focus is on `target`, checking at each stop that the focus can be seen:
 * the element or one of its two nearest ancestors (a label that rings its radio) draws an outline or a ring.
 */
async function tabTo(page: Page, target: TTarget, options: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (options.max ?? 60); i++) {
    await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
    const state = await page.evaluate(({ css, question }) => {
      const el = document.activeElement;
      if (!el || el === document.body) return { here: false, visible: true, what: "body" };
      const shown = (e: Element | null): boolean => {
        if (!e) return false;
        const s = getComputedStyle(e);
        return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
      };
      const visible = shown(el) || shown(el.parentElement) || shown(el.parentElement?.parentElement ?? null);
      const q = el.closest("[data-testid=question]");
      const index = q ? [...document.querySelectorAll("[data-testid=question]")].indexOf(q) + 1 : 0;
      const here = el.matches(css) && (question === undefined || index === question);
      return { here, visible, what: `${el.tagName.toLowerCase()}[${el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? ""}]` };
    }, target);
    expect(state.visible, `no visible focus on ${state.what}`).toBe(true);
    if (state.here) return;
  }
  throw new Error(`Tab never reached ${JSON.stringify(target)}`);
}

const focused = (page: Page) => page.locator(":focus");

for (const lang of ["ar", "en"] as const) {
  test(`a whole exam with the keyboard alone (${lang})`, async ({ page, playwright }) => {
    test.setTimeout(90_000); // about 35 s on an idle machine
    const { examId, student } = await a11yExam(playwright);
    await useLanguage(page, lang);
    const res = await page.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
    expect(res.status()).toBe(200);
    await page.goto("/dashboard");

    // The dashboard's Start Exam for this exam, then the paper.
    await tabTo(page, { css: `[data-exam-id="${examId}"] [data-testid=start-exam]` }, { max: 80 });
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("question")).toHaveCount(5);
    const q = (n: number) => page.getByTestId("question").nth(n - 1);

    // The line reader: on with Space, moved with Alt+ArrowDown, its band made taller with Enter.
    await tabTo(page, { css: "[data-testid=line-reader-toggle]" });
    await page.keyboard.press("Space");
    const reader = page.getByTestId("line-reader");
    await expect(reader).toBeAttached();
    const top = Number(await reader.getAttribute("data-top"));
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(async () => Number(await reader.getAttribute("data-top"))).not.toBe(top);
    const height = Number(await reader.getAttribute("data-height"));
    await tabTo(page, { css: "[data-testid=band-taller]" });
    await page.keyboard.press("Enter");
    await expect.poll(async () => Number(await reader.getAttribute("data-height"))).toBeGreaterThan(height);
    await expectNoAxeViolations(page, `paper with the line reader (${lang})`);

    // The navigator: to question 1, which takes the focus and is announced.
    await tabTo(page, { css: `[data-testid=question-navigator] a[href="#question-1"]` });
    await page.keyboard.press("Enter");
    await expect(q(1)).toBeFocused();
    await expect(page.getByTestId("announcer-polite")).toHaveText(SAID[lang].position);

    // 1 multiple choice: the first option with Space, then the second with an arrow; the first struck out, its
    // eliminator one Shift+Tab back (each option's eliminator follows it).
    await tabTo(page, { css: "input[type=radio]", question: 1 });
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await expect(q(1).getByRole("radio").nth(1)).toBeChecked();
    await tabTo(page, { css: "[data-testid=strike-option]", question: 1 }, { back: true, max: 1 });
    await page.keyboard.press("Enter");
    await expect(q(1).getByTestId("strike-option").nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(q(1).getByRole("radio").nth(1)).toBeChecked();

    // 2 true/false, flagged for review first.
    await tabTo(page, { css: "[data-testid=flag-question]", question: 2 });
    await page.keyboard.press("Space");
    await expect(q(2)).toHaveAttribute("data-flagged", "true");
    await expect(page.getByTestId("announcer-polite")).toHaveText(SAID[lang].flagged);
    await tabTo(page, { css: "input[type=radio]", question: 2 });
    await page.keyboard.press("Space");
    await expect(q(2).getByRole("radio").first()).toBeChecked();

    // 3 short answer, 4 matching (each select by arrows), 5 essay.
    await tabTo(page, { css: "textarea", question: 3 });
    await page.keyboard.type(lang === "ar" ? "قلم" : "qalam");
    await tabTo(page, { css: "select", question: 4 });
    await page.keyboard.press("ArrowDown");
    await tabTo(page, { css: "select", question: 4 });
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await tabTo(page, { css: "textarea", question: 5 });
    await page.keyboard.type(lang === "ar" ? "مدرستي كبيرة." : "My school is big.");
    // Back with Shift+Tab: the last select still holds its choice.
    await tabTo(page, { css: "select", question: 4 }, { back: true });
    await expect(focused(page)).not.toHaveValue("");
    await expect(q(4)).toHaveAttribute("data-answered", "true");
    for (const n of [1, 2, 3, 5]) await expect(q(n)).toHaveAttribute("data-answered", "true");
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
    await expectNoAxeViolations(page, `answered paper (${lang})`);

    // The review screen: the flagged question listed; Submit Now confirms.
    await tabTo(page, { css: "[data-testid=submit-exam-bottom]" });
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("submit-flagged")).toBeVisible();
    await expectNoAxeViolations(page, `review screen (${lang})`);
    await tabTo(page, { css: "[data-testid=confirm-submit]" }, { max: 20 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/results$/);
  });
}
