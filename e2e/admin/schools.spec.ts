// /dashboard/schools: the list, the school dialog (validation, create, edit with a read-only id), and delete —
// refused with "Cannot Delete" while users belong to the school, allowed once it is empty. Both languages.
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, expect, LANGS, errorOf, expectToast, sectionHeading, texts, uniqueTag } from "./helpers";

allowSlowMachine();

const SUCCESS = {
  en: { created: "School created successfully", updated: "School updated successfully", deleted: "School deleted successfully" },
  ar: { created: texts("ar").toast.schoolCreated, updated: texts("ar").toast.schoolUpdated, deleted: texts("ar").toast.schoolDeleted },
};

for (const lang of LANGS) {
  test.describe(`schools (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    test("create with validation, edit, delete refused while users exist, delete an empty one", async ({ page }) => {
      const t = texts(lang);
      const id = `e2e_${lang}_${uniqueTag()}`;
      // The name in both languages (issue 33); the page shows its own language's, the other beneath it.
      const nameAr = `مدرسة الاختبار ${id}`;
      const nameEn = `Test School ${id}`;
      const name = lang === "ar" ? nameAr : nameEn;
      const other = lang === "ar" ? nameEn : nameAr;

      await signIn(page, "super_admin", { goto: "/dashboard/schools" });
      await expect(sectionHeading(page)).toHaveText(t.schools.title);
      await expect(page.getByTestId("school-row-school_dubai").getByTestId("school-name")).toHaveText(lang === "ar" ? "مدرسة النهضة النموذجية" : "Al Nahda Model School");
      await expect(page.getByTestId("school-row-school_dubai").getByTestId("school-city")).toHaveText(lang === "ar" ? "دبي" : "Dubai");
      await expectNoAxeViolations(page, "schools list");

      // Validation with the spec's words, on the fields and as a toast.
      await page.getByRole("button", { name: t.schools.add }).click();
      const dialog = page.getByRole("dialog", { name: t.schools.dialog.createTitle });
      await expect(dialog).toBeVisible();
      const required = errorOf("SCHOOL_REQUIRED_FIELDS", lang);
      if (lang === "en") expect(required.message).toBe("School ID and Name are required.");
      await dialog.locator("button[type=submit]").click();
      await expectToast(page, required.title, required.message);
      await expect(dialog.getByTestId("school-id-error")).toHaveText(required.message);
      await expect(dialog.locator("#school-id")).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.locator("#school-id")).toHaveAttribute("aria-describedby", /school-id-error/);
      await expectNoAxeViolations(page, "school dialog with errors");

      // The id is a slug.
      await dialog.locator("#school-id").fill("Not A Slug");
      await dialog.locator("#school-name-ar").fill(nameAr);
      await dialog.locator("button[type=submit]").click();
      await expect(dialog.getByTestId("school-id-error")).toHaveText(errorOf("SCHOOL_ID_INVALID", lang).message);
      // Without its English name the school is not saved either.
      await expect(dialog.getByTestId("school-name-en-error")).toHaveText(required.message);

      await dialog.locator("#school-id").fill(id);
      await dialog.locator("#school-name-en").fill(nameEn);
      await dialog.locator("#school-city-ar").fill("العين");
      await dialog.locator("#school-city-en").fill("Al Ain");
      await dialog.locator("button[type=submit]").click();
      await expectToast(page, SUCCESS[lang].created);
      await expect(dialog).toBeHidden();
      const row = page.getByTestId(`school-row-${id}`);
      await expect(row.getByTestId("school-name")).toHaveText(name);
      await expect(row.getByTestId("school-name-other")).toHaveText(other);
      await expect(row.getByTestId("school-city")).toHaveText(lang === "ar" ? "العين" : "Al Ain");

      // A taken id is refused by the server, shown on the field.
      await page.getByRole("button", { name: t.schools.add }).click();
      await dialog.locator("#school-id").fill(id);
      await dialog.locator("#school-name-ar").fill(nameAr);
      await dialog.locator("#school-name-en").fill(nameEn);
      await dialog.locator("button[type=submit]").click();
      await expectToast(page, errorOf("SCHOOL_ID_TAKEN", lang).title, errorOf("SCHOOL_ID_TAKEN", lang).message);
      await expect(dialog.getByTestId("school-id-error")).toHaveText(errorOf("SCHOOL_ID_TAKEN", lang).message);
      await dialog.getByRole("button", { name: t.common.cancel }).click();
      await expect(dialog).toBeHidden();

      // Edit: the id is shown read-only, the name changes.
      await row.getByRole("button", { name: new RegExp(t.common.edit) }).click();
      const edit = page.getByRole("dialog", { name: t.schools.dialog.editTitle });
      await expect(edit.locator("#school-id")).toHaveValue(id);
      await expect(edit.locator("#school-id")).toHaveAttribute("readonly", "");
      await expect(edit.locator("#school-name-ar")).toBeFocused();
      await expect(edit.locator("#school-name-en")).toHaveValue(nameEn);
      await expect(edit.locator("#school-city-ar")).toHaveValue("العين");
      await edit.locator("#school-name-ar").fill(`${nameAr} 2`);
      await edit.locator("#school-name-en").fill(`${nameEn} 2`);
      await expectNoAxeViolations(page, "school edit dialog");
      await edit.locator("button[type=submit]").click();
      await expectToast(page, SUCCESS[lang].updated);
      await expect(row.getByTestId("school-name")).toHaveText(`${name} 2`);
      await expect(row.getByTestId("school-name-other")).toHaveText(`${other} 2`);

      // A school with users cannot be deleted.
      const dubai = page.getByTestId("school-row-school_dubai");
      await dubai.getByRole("button", { name: new RegExp(t.common.delete) }).click();
      const confirm = page.getByRole("alertdialog", { name: t.schools.delete.title });
      if (lang === "en") {
        await expect(confirm).toContainText("Are you sure you want to delete this school? This will unassign associated users.");
      } else {
        await expect(confirm).toContainText(t.schools.delete.message);
      }
      await expectNoAxeViolations(page, "delete school confirmation");
      await confirm.getByRole("button", { name: t.schools.delete.confirm }).click();
      const hasUsers = errorOf("SCHOOL_HAS_USERS", lang);
      if (lang === "en") expect(hasUsers.title).toBe("Cannot Delete");
      await expectToast(page, hasUsers.title, hasUsers.message);
      await expect(dubai).toBeVisible();

      // The empty one can.
      await row.getByRole("button", { name: new RegExp(t.common.delete) }).click();
      await confirm.getByRole("button", { name: t.schools.delete.confirm }).click();
      await expectToast(page, SUCCESS[lang].deleted);
      await expect(row).toBeHidden();
    });
  });
}

test("the dialog traps focus and Escape closes it, returning focus to the button", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "super_admin", { goto: "/dashboard/schools" });
  const add = page.getByRole("button", { name: "Add New School" });
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Add New School" });
  await expect(dialog.locator("#school-id")).toBeFocused();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test("other roles cannot open the schools page", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "school_admin", { goto: "/dashboard/schools" });
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});
