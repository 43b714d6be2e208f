// Issue 35: the "Scale and levels" area (super_admin), in Arabic and English with axe. A super_admin adds a scale
// (a missing name is refused on its field), lands on its page, sets four levels (a cut out of order is refused),
// sees the chart with the cuts, the linking and group tabs (empty: the demo has no calibration), and deletes the
// scale after confirming. Pictures of each screen with SCALE_SCREENSHOTS=1 (screenshots/scale/, gitignored).
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, errorOf, expect, expectToast, LANGS, type TLang } from "../admin/helpers";
import { choose } from "../exams/helpers";

allowSlowMachine();

type TTexts = typeof import("../../src/shared/i18n/scales.en.json");
const T = { ar: JSON.parse(fs.readFileSync("src/shared/i18n/scales.ar.json", "utf8")) as TTexts, en: JSON.parse(fs.readFileSync("src/shared/i18n/scales.en.json", "utf8")) as TTexts };
const ISLAMIC = { ar: "التربية الإسلامية", en: "Islamic Education" };
const LEVELS = [
  { nameAr: "دون الأساسي", nameEn: "Below basic", cut: "" },
  { nameAr: "أساسي", nameEn: "Basic", cut: "420" },
  { nameAr: "متمكّن", nameEn: "Proficient", cut: "500" },
  { nameAr: "متقدّم", nameEn: "Advanced", cut: "590" },
];
// Each language its own grade: one scale per subject and grade.
const GRADE: Record<TLang, number> = { ar: 10, en: 11 };

async function addScale(page: Page, lang: TLang, withErrorCheck: boolean) {
  const t = T[lang];
  await page.getByTestId("scale-add").click();
  const dialog = page.getByTestId("scale-dialog");
  await expect(dialog.getByRole("heading", { name: t.form.createTitle })).toBeVisible();
  await choose(page, "scale-subject", ISLAMIC[lang]);
  await choose(page, "scale-grade", t.gradeN.replace("{{grade}}", String(GRADE[lang])));
  await dialog.getByTestId("scale-name-ar").fill(`مقياس التربية الإسلامية للصف ${GRADE[lang]}`);
  if (withErrorCheck) {
    await dialog.getByTestId("scale-save").click();
    await expect(dialog.getByTestId("scale-name-en-error")).toHaveText(errorOf("SCALE_REQUIRED_FIELDS", lang).message);
    await expect(dialog.locator("#scale-name-en")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, `scale dialog with an error (${lang})`);
  }
  await dialog.getByTestId("scale-name-en").fill(`Grade ${GRADE[lang]} Islamic Education`);
  await dialog.getByTestId("scale-lowest").fill("100");
  await dialog.getByTestId("scale-highest").fill("900");
  await dialog.getByTestId("scale-save").click();
  await expectToast(page, t.toast.created);
  await expect(page.getByTestId("scale-page")).toBeVisible();
}

async function setLevels(page: Page, lang: TLang, withErrorCheck: boolean) {
  const t = T[lang];
  await page.getByTestId("scale-tab-levels").click();
  await expect(page.getByTestId("levels-form")).toBeVisible();
  await page.getByTestId("level-add").click();
  await page.getByTestId("level-add").click();
  for (const [k, level] of LEVELS.entries()) {
    await page.getByTestId(`level-${k}-nameAr`).fill(level.nameAr);
    await page.getByTestId(`level-${k}-nameEn`).fill(level.nameEn);
    if (k > 0) await page.getByTestId(`level-${k}-cut`).fill(level.cut);
  }
  if (withErrorCheck) {
    await page.getByTestId("level-3-cut").fill("480"); // below the level under it
    await page.getByTestId("levels-save").click();
    await expect(page.getByTestId("level-row-3")).toContainText(errorOf("SCALE_CUTS_ORDER", lang).message);
    await page.getByTestId("level-3-cut").fill(LEVELS[3]!.cut);
  }
  await page.getByTestId("levels-save").click();
  await expectToast(page, t.toast.levelsSaved);
  await expect(page.getByTestId("scale-chart")).toContainText("590");
}

for (const lang of LANGS) {
  const t = T[lang];
  test(`${lang}: a super_admin creates a scale, sets its levels, sees its tabs and deletes it`, async ({ page }) => {
    await useLanguage(page, lang);
    await signIn(page, "super_admin", { goto: "/dashboard/scale" });
    await expect(page.getByRole("heading", { level: 2, name: t.title })).toBeVisible();
    await expectNoAxeViolations(page, `scales list (${lang})`);
    await addScale(page, lang, true);
    await expect(page.getByTestId("scale-definition")).toBeVisible();
    await expectNoAxeViolations(page, `scale definition (${lang})`);

    await setLevels(page, lang, true);
    await expectNoAxeViolations(page, `scale levels (${lang})`);
    // The approval shows once saved: the super_admin who typed the cuts.
    await expect(page.getByTestId("level-row-2")).toContainText(t.levels.approved.split("{{")[0]!.trim());

    await page.getByTestId("scale-tab-linking").click();
    await expect(page.getByText(t.linking.empty)).toBeVisible();
    await page.getByTestId("scale-tab-groups").click();
    await expect(page.getByText(t.groups.empty)).toBeVisible();
    await expectNoAxeViolations(page, `scale groups (${lang})`);

    await page.getByTestId("scale-tab-definition").click();
    await page.getByTestId("scale-delete").click();
    const confirm = page.getByTestId("delete-scale-dialog");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: t.form.deleteConfirm }).click();
    await expectToast(page, t.toast.deleted);
    await expect(page.getByTestId("scales-page")).toBeVisible();
  });
}

test("scale screenshots", async ({ browser }) => {
  test.skip(!process.env.SCALE_SCREENSHOTS, "set SCALE_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(600_000);
  const out = path.resolve("screenshots/scale");
  fs.mkdirSync(out, { recursive: true });
  for (const lang of LANGS) {
    // One scale per language, made once, photographed in each look.
    const setup = await pageInLook(browser, { lang, dark: false, width: 1280 });
    await signIn(setup, "super_admin", { goto: "/dashboard/scale" });
    await addScale(setup, lang, false);
    await setLevels(setup, lang, false);
    const url = new URL(setup.url()).pathname.replace(/\/levels$/, "");
    await setup.context().close();
    for (const dark of [false, true]) {
      for (const width of [390, 1280]) {
        const page = await pageInLook(browser, { lang, dark, width });
        await signIn(page, "super_admin", { goto: "/dashboard/scale" });
        const name = (what: string) => path.join(out, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        await expect(page.getByTestId("scales-table")).toBeVisible();
        await page.screenshot({ path: name("list"), fullPage: true });
        for (const tab of ["definition", "levels", "linking"]) {
          await page.goto(`${url}/${tab}`);
          await expect(page.getByTestId(`scale-tab-${tab}`)).toHaveAttribute("aria-current", "page");
          await page.waitForLoadState("networkidle");
          await page.screenshot({ path: name(tab), fullPage: true });
        }
        await page.context().close();
      }
    }
  }
});
