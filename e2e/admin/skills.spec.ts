// Issue 14: the skill catalogue's page (super_admin) and the skills a file helps with (staff), in Arabic and
// English. A super_admin adds a skill (a missing name and a taken name are refused on their fields), renames it,
// retires it after confirming (it leaves the default view, stays under "Show retired") and restores it. A
// teacher tags a file while uploading it, then changes its tags; the catalogue counts the file. Other roles
// cannot open the page.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, errorOf, expect, expectToast, LANGS, uniqueTag, type TLang } from "./helpers";
import { choose } from "../exams/helpers";

allowSlowMachine();

const load = <T>(ns: string, lang: TLang) => JSON.parse(fs.readFileSync(`src/shared/i18n/${ns}.${lang}.json`, "utf8")) as T;
type TSkillsTexts = typeof import("../../src/shared/i18n/skills.en.json");
type TFilesTexts = typeof import("../../src/shared/i18n/files.en.json");
const SKILLS = { ar: load<TSkillsTexts>("skills", "ar"), en: load<TSkillsTexts>("skills", "en") };
const FILES = { ar: load<TFilesTexts>("files", "ar"), en: load<TFilesTexts>("files", "en") };
const SOCIAL = { ar: "الدراسات الاجتماعية", en: "Social Studies" };

type TSkillRow = { id: string; nameAr: string; nameEn: string; retired: boolean; fileCount: number };
async function readSkills(page: Page): Promise<TSkillRow[]> {
  const res = await page.request.get("/api/skills?includeRetired=true");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: TSkillRow[] }).items;
}

for (const lang of LANGS) {
  const t = SKILLS[lang];

  test(`${lang}: a super_admin adds, renames, retires and restores a skill`, async ({ page }) => {
    const tag = uniqueTag();
    const nameAr = `مهارة قراءة الجداول ${tag}`;
    const nameEn = `Reading tables ${tag}`;
    await useLanguage(page, lang);
    await signIn(page, "super_admin", { goto: "/dashboard/skills" });
    await expect(page.getByRole("heading", { level: 2, name: t.title })).toBeVisible();
    await expect(page.getByTestId("skills-table")).toBeVisible();
    await expectNoAxeViolations(page, `skills page (${lang})`);

    // Add: without an English name the field says what is missing.
    await page.getByTestId("skill-add").click();
    const dialog = page.getByTestId("skill-dialog");
    await expect(dialog.getByRole("heading", { name: t.dialog.createTitle })).toBeVisible();
    await choose(page, "skill-subject", SOCIAL[lang]);
    await dialog.getByLabel(t.dialog.nameAr).fill(nameAr);
    await dialog.getByTestId("skill-save").click();
    await expect(dialog.getByTestId("skill-name-en-error")).toHaveText(errorOf("SKILL_REQUIRED_FIELDS", lang).message);
    await expect(dialog.locator("#skill-name-en")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, `skill dialog with an error (${lang})`);

    // A name the subject already has ("History") is refused by the server, on the name fields.
    await dialog.getByLabel(t.dialog.nameEn).fill("history");
    await dialog.getByTestId("skill-save").click();
    await expect(dialog.getByTestId("skill-name-en-error")).toHaveText(errorOf("SKILL_NAME_TAKEN", lang).message);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel(t.dialog.nameEn).fill(nameEn);
    await dialog.getByLabel(t.dialog.guidanceEn).fill("Read one table a day and say what it shows.");
    await dialog.getByTestId("skill-save").click();
    await expectToast(page, t.toast.created);
    await expect(dialog).toBeHidden();
    const created = (await readSkills(page)).find((s) => s.nameEn === nameEn);
    expect(created, "the new skill").toBeTruthy();
    const row = page.getByTestId(`skill-row-${created!.id}`);
    await expect(row.getByTestId("skill-name")).toHaveText(lang === "ar" ? nameAr : nameEn);
    // A skill no question or file carries yet is not "In use" (issue 33); one the demo's questions carry is.
    await expect(row.getByTestId("skill-status")).toHaveText(t.status.unused);
    await expect(page.getByTestId("skill-row-arabic.grammar").getByTestId("skill-status")).toHaveText(t.status.inUse);

    // Rename: the new name shows at once.
    await row.getByTestId("skill-edit").click();
    await expect(dialog.getByRole("heading", { name: t.dialog.editTitle })).toBeVisible();
    await expect(dialog.locator("#skill-subject")).toHaveValue(SOCIAL[lang]);
    await dialog.getByLabel(t.dialog.nameEn).fill(`${nameEn} and charts`);
    await dialog.getByLabel(t.dialog.nameAr).fill(`${nameAr} والرسوم`);
    await dialog.getByTestId("skill-save").click();
    await expectToast(page, t.toast.updated);
    await expect(row.getByTestId("skill-name")).toHaveText(lang === "ar" ? `${nameAr} والرسوم` : `${nameEn} and charts`);

    // Retire, after confirming: it leaves the default view and stays under "Show retired".
    await row.getByTestId("skill-retire").click();
    const confirm = page.getByTestId("retire-skill-dialog");
    await expect(confirm.getByRole("heading", { name: t.retireDialog.title })).toBeVisible();
    await expectNoAxeViolations(page, `retire confirmation (${lang})`);
    await confirm.getByRole("button", { name: t.retireDialog.confirm, exact: true }).click();
    await expectToast(page, t.toast.retired);
    await expect(row).toHaveCount(0);
    await page.getByTestId("skills-show-retired").check();
    await expect(row.getByTestId("skill-status")).toHaveText(t.status.retired);
    expect((await readSkills(page)).find((s) => s.id === created!.id)?.retired).toBe(true);

    // Restore.
    await row.getByTestId("skill-restore").click();
    await expectToast(page, t.toast.restored);
    await expect(row.getByTestId("skill-status")).toHaveText(t.status.unused);
    expect((await readSkills(page)).find((s) => s.id === created!.id)?.retired).toBe(false);
  });

  test(`${lang}: a teacher tags a file with skills while uploading and changes them afterwards`, async ({ page }) => {
    const f = FILES[lang];
    const fileName = `worksheet ${lang} ${uniqueTag()}.txt`;
    await useLanguage(page, lang);
    await signIn(page, "teacher", { goto: "/dashboard/files" });
    const before = await readSkills(page);
    const grammar = before.find((s) => s.id === "arabic.grammar")!;
    const spelling = before.find((s) => s.id === "arabic.spelling")!;
    const label = (s: TSkillRow) => (lang === "ar" ? s.nameAr : s.nameEn);

    await page.getByTestId("file-upload-open").click();
    const upload = page.getByTestId("file-upload-dialog");
    await upload.getByTestId("file-input").setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from("practice") });
    await upload.getByTestId("skill-option-arabic.grammar").check();
    await expect(upload.getByTestId("skill-picker-count")).toContainText(lang === "ar" ? "حُدِّدت مهارة واحدة" : "1 skill selected");
    await expectNoAxeViolations(page, `upload with skills (${lang})`);
    await upload.getByTestId("file-upload-submit").click();
    await expectToast(page, f.toast.uploaded);

    const row = page.getByTestId("file-row").filter({ has: page.getByTestId("file-name").getByText(fileName, { exact: true }) });
    await expect(row.getByTestId("file-skill")).toHaveText([label(grammar)]);
    expect((await readSkills(page)).find((s) => s.id === grammar.id)!.fileCount).toBe(grammar.fileCount + 1);

    // Change the tags: grammar off, spelling on.
    await row.getByTestId("file-skills-edit").click();
    const dialog = page.getByTestId("file-skills-dialog");
    await expect(dialog.getByRole("heading", { name: f.skillsDialog.title })).toBeVisible();
    await expect(dialog.getByTestId("skill-option-arabic.grammar")).toBeChecked();
    await dialog.getByTestId("skill-option-arabic.grammar").uncheck();
    await dialog.getByTestId("skill-option-arabic.spelling").check();
    await expectNoAxeViolations(page, `file skills dialog (${lang})`);
    await dialog.getByTestId("file-skills-save").click();
    await expectToast(page, f.toast.skillsSaved);
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("file-skill")).toHaveText([label(spelling)]);

    // The assignment dialog beside it is named by its title too (an id on the title used to break that).
    await row.getByTestId("file-assign").click();
    const assign = page.getByTestId("file-assign-dialog");
    await expect(page.getByRole("dialog", { name: f.assignDialog.title })).toBeVisible();
    await expectNoAxeViolations(page, `file assign dialog (${lang})`);
    await assign.getByRole("button", { name: f.assignDialog.cancel, exact: true }).click();
    await expect(assign).toBeHidden();

    const files = (await (await page.request.get("/api/files")).json()) as { items: { name: string; skillIds: string[] }[] };
    expect(files.items.find((x) => x.name === fileName)?.skillIds).toEqual(["arabic.spelling"]);
  });
}

test("only a super_admin opens the skills page", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "teacher", { goto: "/dashboard/skills" });
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByTestId("skills-page")).toHaveCount(0);
});
