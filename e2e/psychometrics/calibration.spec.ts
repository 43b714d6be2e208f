// Issue 35 in the browser: the school's admin runs a 2PL calibration from the item analysis of the demo's
// calibration exam (Dubai's "Geography of the UAE", 150 extra marked attempts: src/server/demo-calibration.ts) and
// reads the parameters, the questions the 2PL cannot take named in words, and the reliability and information
// section — in Arabic and English, with axe. Needs the demo's attempts on the server: E2E_DEMO_ATTEMPTS=1.
// CALIBRATION_SCREENSHOTS=1 also photographs the two sections in ar/en × light/dark × 390/1280 (screenshots/calibration/).
import fs from "node:fs";
import path from "node:path";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { apiAsAccount, json } from "../api";

type TTexts = (typeof import("../../src/shared/i18n/analytics.en.json"))["psychometrics"];
const load = (lang: "ar" | "en") => (JSON.parse(fs.readFileSync(`src/shared/i18n/analytics.${lang}.json`, "utf8")) as { psychometrics: TTexts }).psychometrics;
const T = { ar: load("ar"), en: load("en") };
const OUT = path.resolve("screenshots/calibration");

test.skip(!process.env.E2E_DEMO_ATTEMPTS, "the demo's calibration cohort is seeded with E2E_DEMO_ATTEMPTS=1");
// Both languages calibrate the same exam: side by side, the second run is refused while the first runs.
test.describe.configure({ mode: "serial" });

let examId = "";
test.beforeAll(async ({ playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const { items } = await json<{ items: { id: string; titleEn: string; schools: { id: string }[] }[] }>(await admin.get(`/api/exams?q=${encodeURIComponent("Geography of the UAE")}`));
  examId = items.find((e) => e.titleEn === "Geography of the UAE" && e.schools.some((s) => s.id === "school_dubai"))!.id;
  await admin.dispose();
});

for (const lang of ["ar", "en"] as const) {
  test(`the school's admin calibrates an exam and reads its parameters (${lang})`, async ({ page }) => {
    test.slow();
    const t = T[lang];
    await useLanguage(page, lang);
    await signIn(page, "school_admin", { goto: `/exams/${examId}/analysis` });
    const section = page.getByTestId("calibration-section");
    await expect(section.getByRole("heading", { level: 2, name: t.calibration.title })).toBeVisible();
    // Reliability is there before any calibration: six questions, 150+ attempts.
    await expect(page.getByTestId("reliability-alpha")).toContainText(t.reliability.figures.alpha);
    await expect(page.getByTestId("reliability-section")).toBeVisible();

    // Pick the 2PL (its line says what it is for), confirm, and wait for the run.
    await section.getByTestId("calibration-model-2pl").check();
    await expect(section).toContainText(t.calibration.models["2pl"].hint);
    await section.getByTestId("calibration-run").click();
    const dialog = page.getByTestId("calibration-confirm");
    await expect(dialog).toContainText(t.calibration.confirmTitle);
    await dialog.getByTestId("calibration-confirm-run").click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });

    // Parameters for the right/wrong questions; the partly marked ones named, not numbered.
    const table = section.getByTestId("calibration-table");
    await expect(table.locator("[data-testid^=calibration-row-]")).toHaveCount(6);
    await expect(section.getByTestId("calibration-summary")).toContainText(t.calibration.models["2pl"].name);
    await expect(table.getByTestId("calibration-row-1").locator("td").nth(1)).toHaveText(/^\d\.\d\d$/);
    await expect(table.getByTestId("calibration-note").filter({ hasText: t.calibration.problems.scoresAboveOne })).toHaveCount(3);
    // The information curve now follows the run.
    await expect(page.getByTestId("information-chart").locator("svg")).toBeVisible();
    await expect(page.getByTestId("csem-chart").locator("svg")).toBeVisible();
    await expect(page.getByTestId("calibration-history")).toBeVisible();
    await expectNoAxeViolations(page, `calibration (${lang})`);

    // The bank keeps the history per item version: the true/false question about Abu Dhabi now has a and b.
    await page.goto("/dashboard/bank");
    await page.getByTestId("bank-search").fill("أبوظبي هي عاصمة");
    // The demo holds the same question in other exams' items too: the row used in this exam.
    const used = lang === "ar" ? "جغرافيا دولة الإمارات" : "Geography of the UAE";
    await page.getByTestId("bank-row").filter({ hasText: /أبوظبي|Abu Dhabi/ }).filter({ hasText: used }).first().getByTestId("bank-preview").click();
    const history = page.getByTestId("bank-item-preview").getByTestId("bank-preview-calibrations");
    await expect(history).toContainText("a = ");
    await expect(history).toContainText(used);

    if (!process.env.CALIBRATION_SCREENSHOTS) return;
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await page.context().browser()!.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1, storageState: await page.context().storageState() });
        const p = await context.newPage();
        await useLanguage(p, lang, { dark });
        await p.goto(`/exams/${examId}/analysis`);
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        await expect(p.getByTestId("calibration-table")).toBeVisible();
        await expect(p.getByTestId("information-chart").locator("svg")).toBeVisible();
        await p.getByTestId("reliability-section").screenshot({ path: name("reliability") });
        await p.getByTestId("calibration-section").screenshot({ path: name("calibration") });
        await p.goto("/dashboard/bank");
        await p.getByTestId("bank-search").fill("أبوظبي هي عاصمة");
        await p.getByTestId("bank-row").filter({ hasText: /أبوظبي|Abu Dhabi/ }).filter({ hasText: used }).first().getByTestId("bank-preview").click();
        await expect(p.getByTestId("bank-preview-calibrations")).toContainText("a = ");
        await p.getByTestId("bank-preview-calibrations").screenshot({ path: name("bank-history") });
        await context.close();
      }
    }
  });
}
