// Issue 18 in a real browser: a teacher writes a reading passage with three questions, underlines the word to
// parse and adds a map that must be described; a student reads the passage beside its questions on a wide screen
// and above them (folding away) on a phone, in Arabic and in English, light and dark, with its pictures; a clip
// limited to two plays is counted across a reload. Each state is photographed to screenshots/passages/
// (gitignored) for a person to look at, and checked by axe.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD, TF } from "../api";
import { expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { choose, expect, makeTeacher, signInWith, text } from "./helpers";
import type { TExamDetail } from "../../src/shared/schemas/exam";
import type { TRichDoc } from "../../src/shared/rich-text";

test.describe.configure({ timeout: 240_000 });
const OUT = path.resolve("screenshots/passages");
const MAP = path.resolve("src/server/demo-assets/uae-map.png");
const CHIME = path.resolve("src/server/demo-assets/chime.ogg");
const en = (key: string, vars?: Record<string, string | number>) => text("en", key, vars);

test("a teacher writes a passage with three questions, underlines a word, keeps the questions together and previews it", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/exams/create");
  await page.getByTestId("exam-title-ar").fill("الفهم القرائي");
  await page.getByTestId("exam-title-en").fill("Reading Comprehension");
  await choose(page, "exam-subject", "Arabic Language");

  // The passage: a title and an Arabic text with a word in bold, typed as an author types.
  await page.getByTestId("add-passage").click();
  await expect(page.getByTestId("passage-0-title-ar")).toBeFocused();
  await page.getByTestId("passage-0-title-ar").fill("الصدق");
  await page.getByTestId("passage-0-title-en").fill("Honesty");
  const body = page.getByTestId("passage-0-text-ar");
  await body.click();
  await page.keyboard.type("كان ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("الصدقُ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" خُلُقَ الأنبياء، وبه تُبنى الثقة بين الناس.");
  await expect(body.locator("strong")).toHaveText("الصدقُ");

  // Question 1 (the first, multiple choice) on the passage, with "يقرأ" underlined from the toolbar.
  await choose(page, "question-0-passage", "Passage 1: Honesty");
  const q0ar = page.getByTestId("question-0-text-ar");
  await q0ar.click();
  await page.keyboard.type("أعرب ما تحته خط: يقرأ");
  // The editor has taken every key before the selection starts (on a loaded machine it once had not, and the
  // underline found nothing to underline).
  await expect(q0ar).toHaveText("أعرب ما تحته خط: يقرأ");
  // In a right-to-left line the right arrow goes back: select the word just typed, underline it from the toolbar,
  // then go on typing without the underline (Ctrl+U), as in any editor.
  for (let i = 0; i < "يقرأ".length; i++) await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("يقرأ");
  await page.getByTestId("question-0").locator('[data-format="underline"]').first().click();
  await expect(page.getByTestId("question-0").locator('[data-format="underline"]').first()).toHaveAttribute("aria-pressed", "true");
  await expect(q0ar.locator("u")).toHaveText("يقرأ");
  await page.keyboard.press("End");
  // The editor learns of a caret the browser moved from a selectionchange event, a moment later: on a loaded machine
  // Ctrl+U once came first and took the underline off the word still selected. Wait until the editor's own
  // selection has collapsed (TipTap keeps the editor on its element for tests).
  await expect
    .poll(() => q0ar.evaluate((el) => (el as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection.empty))
    .toBe(true);
  await page.keyboard.press("ControlOrMeta+u");
  await page.keyboard.type(" الطالبُ القصةَ.");
  await expect(q0ar.locator("u")).toHaveText("يقرأ");
  await page.getByTestId("question-0-text-en").fill("Parse the underlined word: he reads.");
  await page.getByTestId("question-0-option-0-ar").fill("فعل مضارع مرفوع");
  await page.getByTestId("question-0-option-0-en").fill("A present verb, nominative");
  await page.getByTestId("question-0-option-0-correct").check();
  await page.getByTestId("question-0-add-option").click();
  await page.getByTestId("question-0-option-1-ar").fill("فعل ماضٍ");
  await page.getByTestId("question-0-option-1-en").fill("A past verb");

  // Question 2 stands alone; question 3 is then put on the passage and comes up beside question 1.
  for (const [i, ar, en_] of [
    [1, "سؤال لا صلة له بالقطعة.", "A question on its own."],
    [2, "الصدق خلق الأنبياء.", "Honesty is the prophets' way."],
    [3, "الثقة تُبنى بالكذب.", "Trust is built on lies."],
  ] as const) {
    await page.getByTestId("add-question").click();
    await page.getByTestId("add-true_false").click();
    await page.getByTestId(`question-${i}-text-ar`).fill(ar);
    await page.getByTestId(`question-${i}-text-en`).fill(en_);
    await page.getByTestId(`question-${i}-option-0-correct`).check();
  }
  await choose(page, "question-2-passage", "Passage 1: Honesty");
  await expect(page.getByTestId("question-1-text-en")).toHaveText("Honesty is the prophets' way.");
  await expect(page.getByTestId("question-2-text-en")).toHaveText("A question on its own.");
  await expect(page.getByTestId("editor-announcement")).toHaveText(en("question.moved", { from: "3", to: "2" }));
  await choose(page, "question-3-passage", "Passage 1: Honesty");
  await expect(page.getByTestId("question-2-text-en")).toHaveText("Trust is built on lies.");
  await expect(page.getByTestId("passage-0-linked")).toHaveText(en("passages.linked_other", { list: "1, 2, 3" }));

  // Moving the question alone up takes it past the whole passage, never into it.
  await page.getByTestId("question-3-up").click();
  await expect(page.getByTestId("question-0-text-en")).toHaveText("A question on its own.");
  await expect(page.getByTestId("question-1-text-en")).toHaveText("Parse the underlined word: he reads.");
  await page.getByTestId("question-0-down").click();
  await expect(page.getByTestId("question-3-text-en")).toHaveText("A question on its own.");
  // A picture for the question alone: an SVG is refused by what it is, a PNG is taken and must be described to publish.
  await page.getByTestId("question-3-image-file").setInputFiles({ name: "map.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Only PNG, JPEG and WebP images, and MP3, M4A and OGG clips, can be added to an exam.");
  await page.getByTestId("question-3-image-file").setInputFiles(MAP);
  await expect(page.getByTestId("question-3-image-preview")).toBeVisible();
  await expect(page.getByTestId("question-3-image-alt-ar")).toBeFocused();
  await page.getByTestId("question-3-image-alt-ar").fill("خريطة لدولة الإمارات");
  await choose(page, "exam-status", en("status.published"));
  await page.getByTestId("save-exam").click();
  await expect(page.getByTestId("error-questions.3.image")).toContainText("Describe every image in Arabic and English before publishing");
  await page.getByTestId("question-3-image-alt-en").fill("A map of the UAE");
  // A clip on the passage, to be heard twice at most, with its transcript for staff.
  await page.getByTestId("passage-0-audio-file").setInputFiles(CHIME);
  await expect(page.getByTestId("passage-0-audio").getByTestId("audio-clip")).toBeVisible();
  await choose(page, "passage-0-audio-plays", en("audio.playsCount_other", { formatted: "2" }));
  await page.getByTestId("passage-0-audio-transcript-ar").fill("ثلاث نغمات جرس");
  await page.getByTestId("passage-0-audio-transcript-en").fill("Three bell notes");
  // A picture where a clip goes is refused.
  await page.getByTestId("question-2-audio-file").setInputFiles(MAP);
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("MP3, M4A and OGG clips");
  await expectNoAxeViolations(page, "editor with a passage (en)");
  await page.getByTestId("passages-card").screenshot({ path: path.join(OUT, "editor-passage-en-1280.png") });
  await page.getByTestId("question-0").screenshot({ path: path.join(OUT, "editor-question-en-1280.png") });

  // The preview lays out the passage with its questions.
  await page.getByTestId("preview-button").click();
  const preview = page.getByTestId("preview-dialog");
  await expect(preview.getByTestId("preview-passage-block").getByTestId("passage-text")).toContainText("الصدقُ");
  await expect(preview.getByTestId("preview-passage-block").locator("li[data-testid^=preview-question-]")).toHaveCount(3);
  await expect(preview.getByTestId("preview-question-0").locator("u")).toHaveCount(0); // English first: no underline there
  await preview.getByTestId("preview-lang-ar").click();
  await expect(preview.getByTestId("preview-question-0").locator("u")).toHaveText("يقرأ");
  await page.keyboard.press("Escape");

  await page.getByTestId("save-exam").click();
  await expect(page).toHaveURL(/\/exams\/edit\//);
  await expect(page.getByTestId("dirty-state")).toHaveText(en("editor.allSaved"));
  // Reopened: the passage, its questions in order, and the formatting as written.
  await page.reload();
  await expect(page.getByTestId("passage-0-title-en")).toHaveValue("Honesty");
  await expect(page.getByTestId("passage-0-text-ar").locator("strong")).toHaveText("الصدقُ");
  await expect(page.getByTestId("question-0-text-ar").locator("u")).toHaveText("يقرأ");
  await expect(page.getByTestId("passage-0-audio-transcript-en")).toHaveValue("Three bell notes");
  await expect(page.getByTestId("passage-0-audio-plays")).toContainText(en("audio.playsCount_other", { formatted: "2" }));
  await expect(page.getByTestId("dirty-state")).toHaveText(en("editor.allSaved"));

  // The editor's new parts in the other language, in dark mode and on a phone, for a person to look at.
  for (const [lang, dark, width] of [
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
    await expect(page.getByTestId("passage-0-title-en")).toHaveValue("Honesty");
    const name = `${lang}-${dark ? "dark" : "light"}-${width}`;
    await page.getByTestId("passages-card").screenshot({ path: path.join(OUT, `editor-passage-${name}.png`) });
    await page.getByTestId("question-0").screenshot({ path: path.join(OUT, `editor-question-${name}.png`) });
    await page.getByTestId("question-3").screenshot({ path: path.join(OUT, `editor-image-${name}.png`) });
  }
  await page.evaluate(() => {
    localStorage.setItem("language", "en");
    localStorage.setItem("darkMode", "false");
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();

  // Removing the passage asks first and leaves its questions, unlinked.
  await page.getByTestId("passage-0-remove").click();
  const dialog = page.getByTestId("remove-passage-dialog");
  await expect(dialog).toContainText(en("passages.removeConfirm.message_other", { count: 3 }));
  await dialog.getByRole("button", { name: en("passages.removeConfirm.confirm") }).click();
  await expect(page.getByTestId("passage-0")).toHaveCount(0);
  await expect(page.locator("[data-testid^=question-][data-type]")).toHaveCount(4);
});

const underline = (before: string, word: string, after: string): TRichDoc => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: before }, { type: "text", text: word, marks: [{ type: "underline" }] }, { type: "text", text: after }] }],
});
const PASSAGE: TRichDoc = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "كان " },
        { type: "text", text: "الصدقُ", marks: [{ type: "bold" }] },
        { type: "text", text: " خُلُقَ الأنبياء، وبه تُبنى الثقة بين الناس. قال رسول الله ﷺ: «عليكم بالصدق، فإن الصدق يهدي إلى البر»." },
      ],
    },
    ...Array.from({ length: 6 }, (_, i) => ({
      type: "paragraph" as const,
      content: [{ type: "text" as const, text: `الفقرة ${i + 2}: الصادق يحبه الناس ويثقون بكلامه، ومن اعتاد الصدق في الصغر صار له خلقًا في الكبر، فلا يخون الأمانة ولا يخلف الوعد.` }],
    })),
    { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "الصدق في القول." }] }] }, { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "الصدق في العمل." }] }] }] },
  ],
};

async function takePage(browser: Browser, baseURL: string, email: string, lang: "ar" | "en", dark: boolean, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await useLanguage(page, lang, { dark });
  const res = await page.request.post("/api/auth/login", { data: { email, password: STUDENT_PASSWORD, loginType: "student" } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page };
}

test("a student reads the passage beside its questions on a wide screen and above them on a phone, in Arabic and English", async ({ browser, playwright, baseURL }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const student = await createStudent(admin, "school_dubai", "reader");
  const tag = randomUUID().slice(0, 6);
  const map = await json<{ id: string }>(await teacher.post("/api/media", { multipart: { file: { name: "map.png", mimeType: "image/png", buffer: fs.readFileSync(MAP) } } }), 201);
  const described = { id: map.id, altAr: "خريطة لدولة الإمارات عليها أربعة أرقام", altEn: "A map of the UAE with four numbered places" };
  const exam = await json<TExamDetail>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `الفهم القرائي ${tag}`,
        titleEn: `Reading Comprehension ${tag}`,
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        passages: [{ key: "p", titleAr: "الصدق", titleEn: "Honesty", docAr: PASSAGE, textEn: "Honesty was the way of the prophets; trust between people is built on it.", image: described }],
        questions: [
          { type: "true_false", questionTextAr: "الصدق خلق الأنبياء.", questionTextEn: "Honesty is the prophets' way.", points: 1, options: TF(true), passageKey: "p" },
          { type: "true_false", questionTextAr: "x", questionDocAr: underline("أعرب ما تحته خط: ", "يَقْرَأُ", " الطالبُ القصةَ. (فعل مضارع)"), questionTextEn: "The underlined word is a verb.", points: 1, options: TF(true), passageKey: "p" },
          { type: "short_answer", questionTextAr: "اذكر حديثًا ورد في القطعة.", questionTextEn: "Quote the hadith in the passage.", points: 2, correctAnswerText: "عليكم بالصدق", passageKey: "p" },
          { type: "true_false", questionTextAr: "سؤال لا صلة له بالقطعة.", questionTextEn: "A question on its own.", points: 1, options: TF(false), image: described },
        ],
      },
    }),
    201,
  );
  await admin.dispose();
  await teacher.dispose();

  for (const lang of ["ar", "en"] as const) {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { context, page } = await takePage(browser, baseURL!, student.email, lang, dark, width);
        await page.goto(`/student/exam/${exam.id}/take`);
        const block = page.getByTestId("passage-block");
        await expect(block).toBeVisible({ timeout: 30_000 });
        const passage = block.getByTestId("passage");
        const questions = block.getByTestId("question");
        await expect(questions).toHaveCount(3);
        await expect(page.getByTestId("question")).toHaveCount(4);
        // The Arabic text (the English interface has an English one); the word to parse underlined in Arabic.
        await expect(passage.getByTestId("passage-text")).toContainText(lang === "ar" ? "الصدقُ" : "Honesty was the way");
        if (lang === "ar") await expect(questions.nth(1).locator("u")).toHaveText("يَقْرَأُ");
        const p = (await passage.boundingBox())!;
        const q = (await questions.first().boundingBox())!;
        if (width === 1280) {
          // Side by side, the passage on the reading side: right in Arabic, left in English; it scrolls on its own.
          expect(Math.abs(p.y - q.y)).toBeLessThan(40);
          expect(lang === "ar" ? p.x > q.x : p.x < q.x).toBe(true);
          await expect(passage.getByTestId("passage-toggle")).toBeHidden();
        } else {
          // Above the questions on a phone, and folding away.
          expect(p.y + p.height).toBeLessThanOrEqual(q.y);
          await expect(passage.getByTestId("passage-toggle")).toHaveAttribute("aria-expanded", "true");
        }
        // The pictures arrive (the server lets this student have them), described in the page's language.
        const pictures = page.getByTestId("exam-image");
        await expect(pictures).toHaveCount(2);
        for (const img of await pictures.all()) {
          await expect(img).toHaveAttribute("alt", lang === "ar" ? described.altAr : described.altEn);
          await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(640);
        }
        if (!dark) await expectNoAxeViolations(page, `take with a passage (${lang}, ${width})`);
        await page.screenshot({ path: path.join(OUT, `take-${lang}-${dark ? "dark" : "light"}-${width}.png`), fullPage: width < 500 });
        if (width === 1280 && !dark) {
          // Enlarged on demand, and closed with Escape back to where the student was.
          const standalone = page.getByTestId("question").last();
          // The enlarge sign is under the picture, hiding none of it (issue 33: it covered the map's scale).
          const picture = (await standalone.getByTestId("exam-image").boundingBox())!;
          const sign = (await standalone.getByTestId("enlarge-sign").boundingBox())!;
          expect(sign.y).toBeGreaterThanOrEqual(picture.y + picture.height - 0.5);
          await standalone.getByTestId("enlarge-image").click();
          await expect(page.getByTestId("image-dialog")).toContainText(lang === "ar" ? described.altAr : described.altEn);
          await page.screenshot({ path: path.join(OUT, `take-${lang}-enlarged-${width}.png`) });
          await page.keyboard.press("Escape");
          await expect(page.getByTestId("image-dialog")).toHaveCount(0);
          await expect(standalone.getByTestId("enlarge-image")).toBeFocused();
        }
        if (width < 500 && !dark) {
          await passage.getByTestId("passage-toggle").click();
          await expect(passage.getByTestId("passage-text")).toBeHidden();
          await expect(passage.getByTestId("passage-toggle")).toHaveAttribute("aria-expanded", "false");
          await page.screenshot({ path: path.join(OUT, `take-${lang}-folded-${width}.png`) });
        }
        await context.close();
      }
    }
  }
});

test("a listening clip limited to two plays: played with the keyboard, counted across a reload, then closed", async ({ browser, playwright, baseURL }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const student = await createStudent(admin, "school_dubai", "listener");
  const clip = await json<{ id: string }>(await teacher.post("/api/media", { multipart: { file: { name: "chime.ogg", mimeType: "audio/ogg", buffer: fs.readFileSync(CHIME) } } }), 201);
  const exam = await json<TExamDetail>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `الاستماع ${randomUUID().slice(0, 6)}`,
        titleEn: "Listening",
        subjectId: "arabic",
        durationMinutes: 20,
        status: "published",
        questions: [
          {
            type: "multiple_choice",
            questionTextAr: "استمع إلى المقطع: كم نغمة سمعت؟",
            questionTextEn: "Listen to the clip: how many notes did you hear?",
            points: 1,
            audio: { id: clip.id, maxPlays: 2, transcriptAr: "ثلاث نغمات جرس", transcriptEn: "Three bell notes" },
            options: [
              { optionTextAr: "نغمتان", optionTextEn: "Two", isCorrect: false },
              { optionTextAr: "ثلاث نغمات", optionTextEn: "Three", isCorrect: true },
            ],
          },
        ],
      },
    }),
    201,
  );
  await admin.dispose();
  await teacher.dispose();

  for (const lang of ["en", "ar"] as const) {
    const { context, page } = await takePage(browser, baseURL!, student.email, lang, false, 1280);
    await page.goto(`/student/exam/${exam.id}/take`);
    const player = page.getByTestId("audio-clip");
    const left = player.getByTestId("audio-plays-left");
    const toggle = player.getByTestId("audio-toggle");
    if (lang === "en") {
      await expect(left).toHaveText("2 plays left");
      // Space on the focused button plays; the play is counted as it starts, and the clip runs to its end.
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(left).toHaveText("1 play left");
      await expect(toggle).toHaveText("Pause");
      await expect(toggle).toHaveText("Play", { timeout: 15_000 });
      // The clip came from the play's own address (decision 0034); its plain address is refused to the student.
      expect(await player.locator("audio").evaluate((a: HTMLAudioElement) => new URL(a.currentSrc).pathname)).toMatch(/^\/api\/media\/plays\/[\w-]{43}$/);
      expect(await page.evaluate(async (id) => (await fetch(`/api/media/${id}`)).status, clip.id)).toBe(403);
      await expectNoAxeViolations(page, "take with a clip (en)");
      await page.screenshot({ path: path.join(OUT, "clip-en-1280.png") });
    } else {
      // After a reload in the other language the count stands; the second play is the last.
      await expect(left).toHaveText("بقيت مرة استماع واحدة");
      await toggle.click();
      await expect(toggle).toHaveText("إيقاف مؤقت");
      await expect(toggle).toHaveText("تشغيل", { timeout: 15_000 });
      await expect(left).toHaveText("لم تبقَ مرات استماع");
      await expect(toggle).toBeDisabled();
      await page.screenshot({ path: path.join(OUT, "clip-ar-1280.png") });
    }
    await context.close();
  }
});
