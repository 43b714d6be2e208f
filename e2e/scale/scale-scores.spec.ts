// The scale score beside the raw score (issue 35, decision 0049), in Arabic and English: the student sees their score
// on the reporting scale with its margin and their level on their result; the principal sees it in the results list
// beside the raw score. The attempt, its ability and the grade-9 scale come from e2e/scale-scores-seed.ts (θ 0.8,
// SE 0.3 → 580 ± 30, "Proficient"). axe on both. SCALE_SCORES_SCREENSHOTS=1 photographs both in the four looks.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, FOUR_LOOKS, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { SCALE_STUDENT } from "../scale-scores-seed";

const LEVEL = { ar: "متمكّن", en: "Proficient" } as const;
const TITLE = { ar: "على مقياس التقرير", en: "On the reporting scale" } as const;

async function signInStudent(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: { email: SCALE_STUDENT.email, password: SCALE_STUDENT.password, loginType: "student" } });
  expect(res.status(), await res.text()).toBe(200);
  const list = await page.request.get("/api/results");
  const [row] = (await list.json()).items as { attemptId: string }[];
  return row!.attemptId;
}

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: the student sees their scale score and level; the principal sees it in the results`, async ({ page, browser }) => {
    await useLanguage(page, lang, { dark: lang === "en" });
    const attemptId = await signInStudent(page);
    await page.goto(`/student/exam/${attemptId}/results`);
    const card = page.getByTestId("result-scale-card");
    await expect(card).toContainText(TITLE[lang]);
    await expect(card.getByTestId("scale-score-value")).toHaveText("580 ± 30");
    await expect(card.getByTestId("scale-level")).toContainText(LEVEL[lang]);
    await expectNoAxeViolations(page, "student's scale score");

    const principal = await pageInLook(browser, { lang, dark: lang === "ar", width: 390 });
    await signIn(principal, "school_admin", { goto: `/dashboard/results?q=${encodeURIComponent(SCALE_STUDENT.email)}` });
    const line = principal.getByTestId("result-scale-score");
    await expect(line).toContainText(LEVEL[lang]);
    await expectNoAxeViolations(principal, "results with a scale score");
    await principal.context().close();

    if (process.env.SCALE_SCORES_SCREENSHOTS && lang === "en") {
      for (const look of FOUR_LOOKS) {
        const shot = await pageInLook(browser, look);
        await signInStudent(shot);
        await shot.goto(`/student/exam/${attemptId}/results`);
        await shot.getByTestId("result-scale-card").waitFor();
        await shot.screenshot({ path: path.resolve(`screenshots/scale-scores/result-${look.lang}-${look.dark ? "dark" : "light"}-${look.width}.png`), fullPage: true });
        await shot.context().close();
        const staff = await pageInLook(browser, look);
        await signIn(staff, "school_admin", { goto: `/dashboard/results?q=${encodeURIComponent(SCALE_STUDENT.email)}` });
        await staff.getByTestId("result-scale-score").waitFor();
        await staff.screenshot({ path: path.resolve(`screenshots/scale-scores/results-${look.lang}-${look.dark ? "dark" : "light"}-${look.width}.png`), fullPage: true });
        await staff.context().close();
      }
    }
  });
}
