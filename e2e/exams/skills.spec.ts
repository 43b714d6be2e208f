// Issue 14: a question says which skill it measures. The author tags it in the editor (the exam's subject's
// skills, in the reader's language), the tag survives saving and reopening, the preview names it, and a change of
// subject takes off a skill of the old subject — in Arabic and in English.
import { expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { choose, createExam, expect, makeTeacher, readExam, signInWith, text } from "./helpers";

const GRAMMAR = { ar: "النحو", en: "Grammar (nahw)" };

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: tag a question with a skill, save, reopen, preview it; another subject takes it off`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const teacher = await makeTeacher(request);
    await useLanguage(page, lang);
    await signInWith(page, teacher);
    const exam = await createExam(page);
    expect(exam.questions.every((q) => q.skillId === null)).toBe(true);
    await page.goto(`/exams/edit/${exam.id}`);

    const skill = page.getByTestId("question-0-skill");
    await expect(skill).toHaveText(text(lang, "question.skillNone"));
    await choose(page, "question-0-skill", GRAMMAR[lang]);
    await expectNoAxeViolations(page, `editor with a skill (${lang})`);
    await page.getByTestId("save-exam").click();
    await expect(page.getByTestId("dirty-state")).toHaveText(text(lang, "editor.allSaved"));
    expect((await readExam(page, exam.id)).questions[0]!.skillId).toBe("arabic.grammar");

    // Reopened (and saved again untouched), the tag stays.
    await page.reload();
    await expect(page.getByTestId("question-0-skill")).toHaveText(GRAMMAR[lang]);
    await page.getByTestId("preview-button").click();
    await expect(page.getByTestId("preview-question-0").getByTestId("preview-question-skill")).toContainText(GRAMMAR[lang]);
    await page.keyboard.press("Escape");

    // The exam moves to Islamic Education: the Arabic-language skill cannot stay, and the field says so.
    await choose(page, "exam-subject", lang === "ar" ? "التربية الإسلامية" : "Islamic Education");
    await expect(page.getByTestId("question-0-skill")).toHaveText(text(lang, "question.skillNone"));
    await expect(page.getByText(text(lang, "question.skillCleared"))).toBeVisible();
    await page.getByTestId("save-exam").click();
    await expect(page.getByTestId("dirty-state")).toHaveText(text(lang, "editor.allSaved"));
    const saved = await readExam(page, exam.id);
    expect(saved.subject.id).toBe("islamic");
    expect(saved.questions[0]!.skillId).toBeNull();
  });
}
