// Not a test: pictures of the bank page, an item's preview with a picture, and the item editor for a person to look
// at (BANK_SCREENSHOTS=1 to run), in ar/en × light/dark × 390/1280 px, written to screenshots/bank/ (gitignored).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, signIn, test, useLanguage } from "../fixtures";
import { apiAsAccount, json } from "../api";

const OUT = path.resolve("screenshots/bank");

test.skip(!process.env.BANK_SCREENSHOTS, "set BANK_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("bank screenshots", async ({ browser, playwright }) => {
  const tag = randomUUID().slice(0, 4);
  const teacher = await apiAsAccount(playwright, "teacher");
  const media = await json<{ id: string }>(
    await teacher.post("/api/media", { multipart: { file: { name: "uae-map.png", mimeType: "image/png", buffer: fs.readFileSync("src/server/demo-assets/uae-map.png") } } }),
    201,
  );
  await json(
    await teacher.post("/api/bank", {
      data: {
        subjectId: "arabic",
        grade: 8,
        passage: { titleAr: "الإمارات", titleEn: "The Emirates", textAr: "تتكوّن دولة الإمارات العربية المتحدة من سبع إمارات، عاصمتها أبوظبي.", textEn: "The United Arab Emirates is made up of seven emirates; its capital is Abu Dhabi." },
        question: {
          type: "multiple_choice",
          questionTextAr: `كم عدد الإمارات في الخريطة؟ ${tag}`,
          questionTextEn: `How many emirates are on the map? ${tag}`,
          image: { id: media.id, altAr: "خريطة الإمارات", altEn: "Map of the UAE" },
          points: 2,
          passageKey: "p",
          options: [
            { optionTextAr: "سبع", optionTextEn: "Seven", isCorrect: true },
            { optionTextAr: "خمس", optionTextEn: "Five", isCorrect: false },
          ],
        },
      },
    }),
    201,
  );
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "teacher", { goto: "/dashboard/bank" });
        await expect(page.getByTestId("bank-row").first()).toBeVisible();
        await page.screenshot({ path: name("page"), fullPage: true });
        await page.getByTestId("bank-search").fill(tag);
        await expect(page.getByTestId("bank-row")).toHaveCount(1);
        await page.getByTestId("bank-row").first().getByTestId("bank-preview").click();
        const preview = page.getByTestId("bank-item-preview");
        await expect(preview.getByTestId("bank-preview-image")).toBeVisible();
        await expect.poll(() => preview.getByTestId("bank-preview-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await page.screenshot({ path: name("preview") });
        await preview.getByTestId("bank-edit").click();
        await expect(page.getByTestId("bank-item-editor")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("editor") });
        await context.close();
      }
    }
  }
});
