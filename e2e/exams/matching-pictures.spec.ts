// Issue 18's last parts in a real browser: a teacher gives a matching question's responses pictures (flags), which
// the preview and the student's page lay out as a lettered bank the selects name by letter; an administrator gives
// a student who cannot hear the transcripts accommodation, and that student reads a clip's words on the take page.
// Each state is photographed to screenshots/matching/ (gitignored) for a person to look at, and checked by axe.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD, TF } from "../api";
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { choose, expect, makeTeacher, signInWith, text } from "./helpers";
import type { TExamDetail } from "../../src/shared/schemas/exam";

test.describe.configure({ timeout: 240_000 });
const OUT = path.resolve("screenshots/matching");
const CHIME = path.resolve("src/server/demo-assets/chime.ogg");
const en = (key: string, vars?: Record<string, string | number>) => text("en", key, vars);

// Three flags simple enough to draw (2:1), as a geography teacher's pictures.
const W = 240;
const H = 120;
const FLAGS = {
  uae: `<rect width="${W}" height="${H}" fill="#fff"/><rect width="${W}" height="${H / 3}" fill="#00732f"/><rect y="${(2 * H) / 3}" width="${W}" height="${H / 3}" fill="#000"/><rect width="${W / 4}" height="${H}" fill="#ff0000"/>`,
  kuwait: `<rect width="${W}" height="${H / 3}" fill="#007a3d"/><rect y="${H / 3}" width="${W}" height="${H / 3}" fill="#fff"/><rect y="${(2 * H) / 3}" width="${W}" height="${H / 3}" fill="#ce1126"/><polygon points="0,0 ${W / 4},${H / 3} ${W / 4},${(2 * H) / 3} 0,${H}" fill="#000"/>`,
  bahrain: `<rect width="${W}" height="${H}" fill="#ce1126"/><polygon points="0,0 ${W / 4},0 ${Array.from({ length: 5 }, (_, i) => `${W * 0.4},${((i + 0.5) * H) / 5} ${W / 4},${((i + 1) * H) / 5}`).join(" ")} 0,${H}" fill="#fff"/>`,
} as const;
const PAIRS = [
  { key: "uae", ar: "الإمارات العربية المتحدة", en: "United Arab Emirates", altAr: "علم أحمر وأخضر وأبيض وأسود", altEn: "A red, green, white and black flag" },
  { key: "kuwait", ar: "الكويت", en: "Kuwait", altAr: "علم بشبه منحرف أسود", altEn: "A flag with a black trapezoid" },
  { key: "bahrain", ar: "البحرين", en: "Bahrain", altAr: "علم أحمر بحافة بيضاء مسننة", altEn: "A red flag with a white serrated edge" },
] as const;

/** A flag drawn by the browser, as PNG bytes. */
async function flagPng(page: Page, key: keyof typeof FLAGS): Promise<Buffer> {
  await page.setContent(`<body style="margin:0"><svg id="f" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${FLAGS[key]}</svg></body>`);
  return page.locator("#f").screenshot();
}

test("a teacher puts flags on a matching question's responses, described, and previews them as a lettered bank", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  // One at a time: the flags are drawn on the same page.
  const flags: { png: Buffer }[] = [];
  for (const p of PAIRS) flags.push({ png: await flagPng(page, p.key) });
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/exams/create");
  await page.getByTestId("exam-title-ar").fill("أعلام الخليج");
  await page.getByTestId("exam-title-en").fill("Flags of the Gulf");
  await choose(page, "exam-subject", "Social Studies");
  await choose(page, "question-0-type", en("types.matching"));
  await page.getByTestId("question-0-text-ar").click();
  await page.keyboard.type("صِل كل دولة بعَلَمها.");
  await page.getByTestId("question-0-text-en").click();
  await page.keyboard.type("Match each country to its flag.");
  for (const [j, p] of PAIRS.entries()) {
    if (j > 0) await page.getByTestId("question-0-add-pair").click();
    await page.getByTestId(`question-0-pair-${j}-premise-ar`).fill(p.ar);
    await page.getByTestId(`question-0-pair-${j}-premise-en`).fill(p.en);
    // The response is the flag alone: no words.
    await page.getByTestId(`question-0-pair-${j}-response-image-file`).setInputFiles({ name: `${p.key}.png`, mimeType: "image/png", buffer: flags[j]!.png });
    await expect(page.getByTestId(`question-0-pair-${j}-response-image-preview`)).toBeVisible();
    await expect(page.getByTestId(`question-0-pair-${j}-response-image-alt-ar`)).toBeFocused();
    await page.getByTestId(`question-0-pair-${j}-response-image-alt-ar`).fill(p.altAr);
    if (j > 0) await page.getByTestId(`question-0-pair-${j}-response-image-alt-en`).fill(p.altEn);
  }
  // Published, the flag without an English description is refused where it is.
  await choose(page, "exam-status", en("status.published"));
  await page.getByTestId("save-exam").click();
  await expect(page.getByTestId("error-questions.0.matchingPairs.0.responseImage")).toContainText("Describe every image in Arabic and English before publishing");
  await page.getByTestId("question-0-pair-0-response-image-alt-en").fill(PAIRS[0].altEn);
  await expectNoAxeViolations(page, "matching pairs with pictures (en)");

  // The preview: a bank of three lettered flags, and selects that name them by letter.
  await page.getByTestId("preview-button").click();
  const preview = page.getByTestId("preview-dialog");
  await expect(preview.getByTestId("matching-bank-item")).toHaveCount(3);
  const labels = await preview.locator("select").first().locator("option").allTextContents();
  expect(labels.slice(1).map((l) => l.slice(0, 3))).toEqual(["A. ", "B. ", "C. "]);
  expect(labels.slice(1).map((l) => l.slice(3)).sort()).toEqual(PAIRS.map((p) => p.altEn).sort());
  await preview.screenshot({ path: path.join(OUT, "preview-en-1280.png") });
  await preview.getByTestId("preview-lang-ar").click();
  await expect(preview.locator("select").first().locator("option").nth(1)).toHaveText(/^أ\. /);
  await page.keyboard.press("Escape");

  await page.getByTestId("save-exam").click();
  await expect(page).toHaveURL(/\/exams\/edit\//);
  await expect(page.getByTestId("dirty-state")).toHaveText(en("editor.allSaved"));
  for (const [lang, dark, width] of [
    ["en", false, 1280],
    ["ar", false, 1280],
    ["ar", true, 390],
    ["en", true, 390],
  ] as const) {
    await page.evaluate(([l, d]) => {
      localStorage.setItem("language", l as string);
      localStorage.setItem("darkMode", String(d));
    }, [lang, dark] as const);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.reload();
    // Reopened as saved: every flag and its descriptions.
    for (const [j, p] of PAIRS.entries()) {
      await expect(page.getByTestId(`question-0-pair-${j}-response-image-alt-en`)).toHaveValue(p.altEn);
      await expect.poll(() => page.getByTestId(`question-0-pair-${j}-response-image-preview`).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(W);
    }
    await page.getByTestId("question-0-pairs").screenshot({ path: path.join(OUT, `editor-pairs-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
  }
});

async function studentPage(browser: Browser, baseURL: string, email: string, lang: "ar" | "en", dark: boolean, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await useLanguage(page, lang, { dark });
  const res = await page.request.post("/api/auth/login", { data: { email, password: STUDENT_PASSWORD, loginType: "student" } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page };
}

test("a student matches countries to flags by letter, and a student who cannot hear reads the clip's transcript", async ({ browser, playwright, baseURL, page }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const student = await createStudent(admin, "school_dubai", "flags");
  const upload = async (name: string, mimeType: string, buffer: Buffer) => (await json<{ id: string }>(await teacher.post("/api/media", { multipart: { file: { name, mimeType, buffer } } }), 201)).id;
  const flagIds: string[] = [];
  for (const p of PAIRS) flagIds.push(await upload(`${p.key}.png`, "image/png", await flagPng(page, p.key)));
  const clip = await upload("chime.ogg", "audio/ogg", fs.readFileSync(CHIME));
  const exam = await json<TExamDetail>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `أعلام الخليج ${randomUUID().slice(0, 6)}`,
        titleEn: "Flags of the Gulf",
        subjectId: "social",
        durationMinutes: 20,
        status: "published",
        questions: [
          {
            type: "matching",
            questionTextAr: "صِل كل دولة بعَلَمها.",
            questionTextEn: "Match each country to its flag.",
            points: 3,
            matchingPairs: PAIRS.map((p, j) => ({ premise_ar: p.ar, premise_en: p.en, responseImage: { id: flagIds[j], altAr: p.altAr, altEn: p.altEn } })),
          },
          {
            type: "true_false",
            questionTextAr: "استمع: سمعت جرس المدرسة ثلاث مرات.",
            questionTextEn: "Listen: the school bell rang three times.",
            points: 1,
            audio: { id: clip, maxPlays: 2, transcriptAr: "يرنّ الجرس ثلاث مرات: دينغ، دينغ، دينغ.", transcriptEn: "The bell rings three times: ding, ding, ding." },
            options: TF(true),
          },
        ],
      },
    }),
    201,
  );
  await teacher.dispose();
  await admin.dispose();

  // The administrator gives the accommodation in the student's account.
  await useLanguage(page, "en");
  await signIn(page, "super_admin", { goto: "/dashboard/users/students" });
  await page.getByRole("searchbox").fill(student.email);
  const row = page.getByTestId(`user-row-${student.email}`);
  await row.getByRole("button", { name: /Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Student" });
  await edit.getByTestId("user-clip-transcripts").check();
  await edit.screenshot({ path: path.join(OUT, "user-dialog-en-1280.png") });
  await edit.locator("button[type=submit]").click();
  await expect(edit).toBeHidden();

  for (const lang of ["ar", "en"] as const) {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { context, page: take } = await studentPage(browser, baseURL!, student.email, lang, dark, width);
        await take.goto(`/student/exam/${exam.id}/take`);
        const question = take.getByTestId("question").first();
        const bank = question.getByTestId("matching-bank-item");
        await expect(bank).toHaveCount(3, { timeout: 30_000 });
        for (const img of await question.getByTestId("exam-image").all()) await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(W);
        // Each select names the flags by letter and description; the student chooses by them.
        const selects = question.getByTestId("matching-select");
        const letters = lang === "ar" ? ["أ", "ب", "ج"] : ["A", "B", "C"];
        const options = (await selects.first().locator("option").allTextContents()).slice(1);
        expect(options.map((o) => o.split(". ")[0])).toEqual(letters);
        for (const [i, p] of PAIRS.entries()) {
          const label = options.find((o) => o.endsWith(lang === "ar" ? p.altAr : p.altEn))!;
          await selects.nth(i).selectOption({ label });
        }
        await expect(question).toHaveAttribute("data-answered", "true");
        // The clip comes with its words, open, in the page's language.
        const transcript = take.getByTestId("audio-transcript");
        await expect(transcript).toContainText(lang === "ar" ? "يرنّ الجرس ثلاث مرات" : "The bell rings three times");
        if (!dark) await expectNoAxeViolations(take, `matching pictures and a transcript (${lang}, ${width})`);
        await take.screenshot({ path: path.join(OUT, `take-${lang}-${dark ? "dark" : "light"}-${width}.png`), fullPage: true });
        await context.close();
      }
    }
  }
});
