// /dashboard/audit (super_admin): changes newest first, filtered by kind, each expandable to before/after.
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, expect, LANGS, sectionHeading, texts, uniqueTag } from "./helpers";

allowSlowMachine();

for (const lang of LANGS) {
  test(`the record of changes shows a school's create and update (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const id = `e2e_audit_${uniqueTag()}`;
    await useLanguage(page, lang);
    await signIn(page, "super_admin", { goto: "/dashboard/audit" });
    // Changes made through the API (same session) show up in the record.
    const headers = { origin: new URL(page.url()).origin };
    expect((await page.request.post("/api/schools", { data: { id, nameAr: "الاسم قبل", nameEn: "Before Name", cityAr: null }, headers })).status()).toBe(201);
    expect((await page.request.patch(`/api/schools/${id}`, { data: { nameAr: "الاسم بعد", nameEn: "After Name", cityAr: "دبي", cityEn: "Dubai" }, headers })).status()).toBe(200);
    await page.reload();

    await expect(sectionHeading(page)).toHaveText(t.audit.title);
    await expect(page.getByRole("link", { name: t.audit.menu }).first()).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: t.audit.filter.school }).click();
    await page.getByLabel(t.audit.entityId).fill(id);
    const rows = page.locator(`[data-testid="audit-row-${id}"]`);
    await expect(rows).toHaveCount(2);
    // Newest first: the update, then the create.
    await expect(rows.nth(0)).toContainText(t.audit.actions.update);
    await expect(rows.nth(1)).toContainText(t.audit.actions.create);
    // The school's name in the page's language (issue 33: a pair now).
    await expect(rows.nth(0)).toContainText(lang === "ar" ? "الاسم بعد" : "After Name");

    const toggle = rows.nth(0).getByRole("button", { name: t.audit.show });
    await toggle.click();
    await expect(rows.nth(0).getByRole("button", { name: t.audit.hide })).toHaveAttribute("aria-expanded", "true");
    const detail = page.getByTestId("audit-detail");
    await expect(detail).toContainText("Before Name");
    await expect(detail).toContainText("After Name");
    await expect(detail.locator("tr[data-changed]")).toHaveCount(5); // both names, both cities, updatedAt
    await expectNoAxeViolations(page, "audit with details");
  });
}

test("only a super_admin reaches the record of changes", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "school_admin", { goto: "/dashboard/audit" });
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});
