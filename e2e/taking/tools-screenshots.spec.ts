// Not a test: pictures of the take page's review marks for a person to look at (TOOLS_SCREENSHOTS=1 to run) — a
// question flagged for review, an option struck out, the navigator, the submit dialog's review, and the reading
// tools (200 % text, high contrast) and the Arabic keyboard, in ar/en ×
// light/dark × 390/1280 px, written to screenshots/take-tools/ (gitignored).
import path from "node:path";
import { randomUUID } from "node:crypto";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/take-tools");

test.skip(!process.env.TOOLS_SCREENSHOTS, "set TOOLS_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("take page tools screenshots", async ({ browser, playwright }) => {
  const tag = randomUUID().slice(0, 4);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const option = (ar: string, en: string, isCorrect = false) => ({ optionTextAr: ar, optionTextEn: en, isCorrect });
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار القواعد ${tag}`,
        titleEn: `Grammar test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 40,
        status: "published",
        questions: [
          { type: "multiple_choice", questionTextAr: "ما جمع كلمة «كتاب»؟", questionTextEn: "What is the plural of “kitab”?", points: 1, options: [option("كُتُب", "kutub", true), option("كتابات", "kitabat"), option("مكاتب", "makatib"), option("كاتبون", "katibun")] },
          { type: "true_false", questionTextAr: "الفعل «كتبَ» فعل ماضٍ.", questionTextEn: "“Kataba” is a past-tense verb.", points: 1, options: [option("صح", "True", true), option("خطأ", "False")] },
          { type: "short_answer", questionTextAr: "اكتب مفرد «أقلام».", questionTextEn: "Write the singular of “aqlam”.", points: 2, correctAnswerText: "قلم" },
        ],
      },
    }),
    201,
  );
  await teacher.dispose();

  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        // A student of their own each time: one attempt each.
        const s = await createStudent(admin, "school_dubai", "tools");
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await page.request.post("/api/auth/login", { data: { email: s.email, password: STUDENT_PASSWORD, loginType: "student" } });
        await page.goto(`/student/exam/${exam.id}/take`);
        const q = (n: number) => page.getByTestId("question").nth(n - 1);
        await expect(q(1)).toBeVisible();
        await q(1).getByRole("radio").first().check();
        await q(1).getByTestId("strike-option").nth(2).click();
        await q(1).getByTestId("strike-option").nth(3).click();
        await q(2).getByTestId("flag-question").click();
        // The Arabic keyboard under the written answer: only on the Arabic paper; three keys type «قلم».
        if (lang === "ar") {
          await q(3).getByTestId("arabic-keyboard-toggle").click();
          for (const k of ["ق", "ل", "م"]) await q(3).locator(`[data-key="${k}"]`).click();
          await expect(q(3).getByTestId("answer-text")).toHaveValue("قلم");
          await q(3).screenshot({ path: name("keyboard") });
        } else await expect(q(3).getByTestId("arabic-keyboard-toggle")).toHaveCount(0);
        await page.screenshot({ path: name("take"), fullPage: true });
        await page.getByTestId("submit-exam").click();
        await expect(page.getByTestId("submit-flagged")).toBeVisible();
        await page.waitForTimeout(400); // the dialog's opening animation
        await page.screenshot({ path: name("review") });
        // The reading tools at their strongest: 200 % text, high contrast.
        await page.getByRole("button", { name: lang === "ar" ? "متابعة الحل" : "Keep Working" }).click();
        for (let i = 0; i < 4; i++) await page.getByTestId("take-tools").getByRole("button").nth(1).click();
        await page.getByTestId("contrast-toggle").click();
        await page.waitForTimeout(400); // the colours' transition
        // What is wider than the screen at 200 % (WCAG 1.4.10 asks for none on a phone): printed for the looker.
        const wide = await page.evaluate(() => {
          const screen = document.documentElement.clientWidth;
          const out = [...document.querySelectorAll("main *, [data-testid=take-exam] *")].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible");
          return { screen, page: document.documentElement.scrollWidth, widest: out.slice(0, 6).map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute("data-testid") ?? ""}] ${String(el.className).slice(0, 60)} ${el.scrollWidth}/${el.clientWidth}`) };
        });
        if (wide.page > wide.screen) console.log(`${lang} ${width}: the page is ${wide.page} px on a ${wide.screen} px screen`, wide.widest);
        await page.screenshot({ path: name("contrast-200"), fullPage: true });
        if (lang === "ar") await q(3).screenshot({ path: name("keyboard-contrast-200") });
        await context.close();
      }
    }
  }
  await admin.dispose();
});

test("reading accommodations: the user dialog, and the take page opening with them", async ({ browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const s = await createStudent(admin, "school_dubai", "reading");
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: "اختبار القراءة",
        titleEn: "Reading test",
        subjectId: "arabic",
        durationMinutes: 20,
        status: "published",
        allowedTools: ["eliminator"],
        questions: [{ type: "short_answer", questionTextAr: "اكتب مفرد «أقلام».", questionTextEn: "Write the singular of “aqlam”.", points: 1, correctAnswerText: "قلم" }],
      },
    }),
    201,
  );
  await teacher.dispose();
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "super_admin", { goto: "/dashboard/users/students" });
        await page.getByRole("searchbox").fill(s.email);
        await page.getByTestId(`user-row-${s.email}`).getByRole("button", { name: lang === "ar" ? /تعديل/ : /Edit/ }).click();
        const edit = page.getByRole("dialog");
        await edit.getByTestId("user-read-aloud").scrollIntoViewIfNeeded();
        await edit.getByTestId("user-read-aloud").setChecked(true);
        await edit.getByTestId("user-high-contrast").setChecked(true);
        await edit.getByTestId("user-text-scale").click();
        await page.getByRole("option", { name: "150%" }).click();
        await edit.getByTestId("user-reading").screenshot({ path: path.join(OUT, `user-reading-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
        await edit.locator("button[type=submit]").click();
        await expect(edit).toBeHidden();
        await context.close();
      }
    }
  }
  await admin.dispose();
  // The student's take page opens in high contrast at 150 %, with read-aloud though the exam leaves it out.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useLanguage(page, "ar");
  await page.request.post("/api/auth/login", { data: { email: s.email, password: STUDENT_PASSWORD, loginType: "student" } });
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("text-scale")).toHaveText(/150/);
  await expect(page.locator("html")).toHaveClass(/contrast/);
  await expect(page.getByTestId("question").first().getByRole("button", { name: /صوت|قراءة/ })).toBeVisible();
  await page.screenshot({ path: path.join(OUT, "take-with-accommodations-ar-1280.png"), fullPage: true });
  await context.close();
});
