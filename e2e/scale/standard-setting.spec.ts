// Standard setting in the browser (issue 35; docs/decisions/0048), in Arabic and English with axe: an invited teacher
// finds the study on their dashboard and rates it (an Angoff grid, walked with the keyboard); the super_admin sees the
// round's figures, closes rating and approves the cuts after confirming; the scale's levels take them.
// STANDARD_SETTING_SCREENSHOTS=1 also photographs every screen in ar/en × light/dark × 390/1280 px.
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import type { TStudyDetail, TStudyOptions } from "../../src/shared/schemas/standard-setting";
import { apiAsAccount, json } from "../api";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, pageInLook, signIn, test, watchPageErrors } from "../fixtures";

async function newStudy(admin: APIRequestContext, method: "angoff" | "bookmark"): Promise<TStudyDetail> {
  const options = await json<TStudyOptions>(await admin.get("/api/standard-setting/options"));
  const scale = options.scales.find((s) => s.nameEn === "Standard-setting scale")!;
  const study = await json<TStudyDetail>(await admin.post("/api/standard-setting/studies", { data: { scaleId: scale.id, method, calibrationId: scale.runs[0]!.id } }), 201);
  const users = await json<{ items: { id: string; email: string }[] }>(await admin.get(`/api/users?group=teachers&q=${encodeURIComponent(E2E_ACCOUNTS.teacher.email)}`));
  const teacher = users.items.find((u) => u.email === E2E_ACCOUNTS.teacher.email)!;
  await json(await admin.post(`/api/standard-setting/studies/${study.id}/panellists`, { data: { userIds: [teacher.id] } }));
  return json<TStudyDetail>(await admin.post(`/api/standard-setting/studies/${study.id}/rounds`));
}

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: a panellist rates, the super_admin sees the round's figures and approves`, async ({ browser, playwright }) => {
    const admin = await apiAsAccount(playwright, "super_admin");
    const study = await newStudy(admin, "angoff");

    // The panellist: the dashboard's card, then the grid — four items × two levels, typed and tabbed through.
    const panellist = await pageInLook(browser, { lang, dark: false, width: 1280 });
    const panellistErrors = watchPageErrors(panellist);
    await signIn(panellist, "teacher", { goto: "/dashboard/overview" });
    await panellist.getByTestId("ss-invitations").locator(`a[href$="${study.id}/rate"]`).click();
    const inputs = panellist.getByTestId("ss-rating");
    await expect(inputs).toHaveCount(8);
    await inputs.first().focus();
    for (const value of ["0.6", "0.9", "0.5", "0.8", "0.3", "0.6", "0.2", "0.4"]) {
      await panellist.keyboard.type(value);
      await panellist.keyboard.press("Tab");
    }
    await expectNoAxeViolations(panellist, `${lang} rate`);
    await panellist.getByTestId("ss-submit").click();
    await expect(panellist.getByTestId("ss-submitted")).toBeVisible();
    expect(panellistErrors).toEqual([]);
    await panellist.context().close();

    // The super_admin: the figures, close, approve (the medians, prefilled) after confirming.
    const page = await pageInLook(browser, { lang, dark: false, width: 1280 });
    const errors = watchPageErrors(page);
    await signIn(page, "super_admin", { goto: `/scale/standard-setting/${study.id}` });
    await expect(page.getByTestId("ss-figures")).toBeVisible();
    await expect(page.getByTestId("ss-median")).toHaveCount(2);
    await expect(page.getByTestId("ss-chart")).toBeVisible();
    await expectNoAxeViolations(page, `${lang} figures`);
    await page.getByTestId("ss-close").click();
    await expect(page.getByTestId("ss-cut-input")).toHaveCount(2);
    const cuts = await page.getByTestId("ss-cut-input").evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)));
    expect(cuts[0]).toBeLessThan(cuts[1]!);
    await page.getByTestId("ss-approve").click();
    await expectNoAxeViolations(page, `${lang} approve dialog`);
    await page.getByTestId("ss-approve-confirm").click();
    await expect(page.getByTestId("ss-approved")).toBeVisible();
    expect(errors).toEqual([]);
    await page.context().close();

    const approved = await json<TStudyDetail>(await admin.get(`/api/standard-setting/studies/${study.id}`));
    expect(approved.status).toBe("approved");
    expect(approved.levels.filter((l) => l.position > 0).map((l) => l.minScore)).toEqual(cuts);
  });
}

test("the screens, photographed", async ({ browser, playwright }) => {
  test.skip(!process.env.STANDARD_SETTING_SCREENSHOTS, "set STANDARD_SETTING_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(300_000);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const angoff = await newStudy(admin, "angoff");
  const bookmark = await newStudy(admin, "bookmark");
  const rate = async (id: string, body: object) => json(await teacher.put(`/api/standard-setting/invitations/${id}/ratings`, { data: body }));
  const grid = await json<{ items: { itemVersionId: string }[] }>(await teacher.get(`/api/standard-setting/invitations/${angoff.id}`));
  await rate(angoff.id, { ratings: grid.items.flatMap((i, n) => [{ position: 1, itemVersionId: i.itemVersionId, value: Math.round((0.6 - n * 0.1) * 100) / 100 }, { position: 2, itemVersionId: i.itemVersionId, value: Math.round((0.9 - n * 0.1) * 100) / 100 }]) });
  await rate(bookmark.id, { bookmarks: [{ position: 1, page: 2 }, { position: 2, page: 4 }] });
  for (const lang of ["ar", "en"] as const)
    for (const dark of [false, true])
      for (const width of [390, 1280]) {
        const name = (screen: string) => path.join("screenshots", "standard-setting", `${screen}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const look = { lang, dark, width };
        const p = await pageInLook(browser, look);
        await signIn(p, "teacher", { goto: "/dashboard/overview" });
        await expect(p.getByTestId("ss-invitations")).toBeVisible();
        await p.screenshot({ path: name("dashboard-card") });
        await p.goto(`/scale/standard-setting/${angoff.id}/rate`);
        await expect(p.getByTestId("ss-submitted")).toBeVisible();
        await p.screenshot({ path: name("rate-angoff"), fullPage: true });
        await p.goto(`/scale/standard-setting/${bookmark.id}/rate`);
        await expect(p.getByTestId("ss-submitted")).toBeVisible();
        await p.screenshot({ path: name("rate-bookmark"), fullPage: true });
        await p.context().close();
        const a = await pageInLook(browser, look);
        await signIn(a, "super_admin", { goto: "/scale/standard-setting" });
        await expect(a.getByTestId("ss-studies")).toBeVisible();
        await a.screenshot({ path: name("studies"), fullPage: true });
        await a.goto(`/scale/standard-setting/${angoff.id}`);
        await expect(a.getByTestId("ss-figures")).toBeVisible();
        await a.screenshot({ path: name("study"), fullPage: true });
        await a.context().close();
      }
});
