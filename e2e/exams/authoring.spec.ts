// Issue 6 in a real browser: a teacher writes an exam with all five question types in the Arabic UI, saves it,
// reopens it unchanged, switches a question's type and publishes it.
import { expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { choose, expect, expectToast, makeTeacher, readExam, signInWith, text } from "./helpers";

test.describe.configure({ timeout: 150_000 });

const ar = (key: string, vars?: Record<string, string | number>) => text("ar", key, vars);

test("a teacher writes an exam of all five types in Arabic, saves, reopens it unchanged, changes a type and publishes", async ({ page, request }) => {
  test.setTimeout(240_000);
  const teacher = await makeTeacher(request);
  await useLanguage(page, "ar");
  await signInWith(page, teacher);

  // A new teacher has no exams: the spec's empty state, with a way to create one.
  await page.goto("/dashboard/exams");
  const empty = page.getByTestId("list-empty");
  await expect(empty).toContainText(ar("list.empty"));
  await expectNoAxeViolations(page, "exam list, empty (ar)");
  await empty.getByRole("link", { name: ar("list.create") }).click();
  await expect(page).toHaveURL(/\/exams\/create$/);
  await expect(page.getByRole("heading", { level: 1, name: ar("editor.createTitle") })).toBeVisible();

  // The exam's own fields; the Arabic title is right-to-left and the English one left-to-right.
  await expect(page.getByTestId("exam-title-ar")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("exam-title-en")).toHaveAttribute("dir", "ltr");
  await page.getByTestId("exam-title-ar").fill("اختبار الوحدة الأولى");
  await page.getByTestId("exam-title-en").fill("Unit One Test");
  await choose(page, "exam-subject", "اللغة العربية");
  await expect(page.getByTestId("exam-duration")).toHaveValue("60");
  await page.getByTestId("exam-duration").fill("45");
  await page.getByTestId("exam-description-ar").fill("اقرأ كل سؤال بعناية قبل الإجابة.");
  await page.getByTestId("exam-description-en").fill("Read each question carefully before answering.");
  await expect(page.getByTestId("audience-own-school")).toContainText(ar("audience.ownSchool"));

  // 1. multiple choice (the first question is one already): two options, the second correct.
  const q0 = page.getByTestId("question-0");
  await expect(q0).toHaveAttribute("data-type", "multiple_choice");
  await page.getByTestId("question-0-text-ar").fill("ما مرادف كلمة «الوفاء»؟");
  await page.getByTestId("question-0-text-en").fill("What is a synonym of loyalty?");
  await page.getByTestId("question-0-points").fill("2");
  await expect(page.getByTestId("question-0-option-0-remove")).toHaveCount(0); // one option: nothing to remove
  await page.getByTestId("question-0-option-0-ar").fill("الغضب");
  await page.getByTestId("question-0-option-0-en").fill("Anger");
  await page.getByTestId("question-0-add-option").click();
  await page.getByTestId("question-0-option-1-ar").fill("الإخلاص");
  await page.getByTestId("question-0-option-1-en").fill("Faithfulness");
  await page.getByTestId("question-0-option-0-correct").check();
  await page.getByTestId("question-0-option-1-correct").check();
  await expect(page.getByTestId("question-0-option-0-correct")).not.toBeChecked(); // one correct answer only

  // 2. true/false starts with صح / خطأ, none correct, and offers neither adding nor removing.
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-true_false").click();
  const q1 = page.getByTestId("question-1");
  await expect(q1).toHaveAttribute("data-type", "true_false");
  await expect(page.getByTestId("question-1-text-ar")).toBeFocused();
  await expect(page.getByTestId("question-1-option-0-ar")).toHaveText("صح");
  await expect(page.getByTestId("question-1-option-1-ar")).toHaveText("خطأ");
  await expect(page.getByTestId("question-1-option-0-en")).toHaveText("True");
  await expect(q1.locator("input[type=radio]:checked")).toHaveCount(0);
  await expect(page.getByTestId("question-1-add-option")).toHaveCount(0);
  await expect(page.getByTestId("question-1-option-0-remove")).toHaveCount(0);
  await page.getByTestId("question-1-text-ar").fill("الفاعل في الجملة الفعلية مرفوع.");
  await page.getByTestId("question-1-text-en").fill("The subject of a verbal sentence is nominative.");
  await page.getByTestId("question-1-option-0-correct").check();

  // 3. essay and 4. short answer, each with a model answer.
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-essay").click();
  await page.getByTestId("question-2-text-ar").fill("اكتب فقرة عن أهمية القراءة.");
  await page.getByTestId("question-2-text-en").fill("Write a paragraph on why reading matters.");
  await page.getByTestId("question-2-points").fill("5");
  await page.getByTestId("question-2-model-answer").fill("القراءة توسّع المدارك وتنمّي اللغة.");
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-short_answer").click();
  await page.getByTestId("question-3-text-ar").fill("ما جمع كلمة «كتاب»؟");
  await page.getByTestId("question-3-text-en").fill("What is the plural of kitab?");
  await page.getByTestId("question-3-points").fill(""); // no number: becomes 1 (the browser keeps letters out)
  await page.getByTestId("question-3-model-answer").fill("كُتُب");
  await expect(page.getByTestId("question-3-points")).toHaveValue("1");

  // 5. matching: two pairs, all four texts each.
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-matching").click();
  await page.getByTestId("question-4-text-ar").fill("صِل كل كلمة بضدها.");
  await page.getByTestId("question-4-text-en").fill("Match each word with its opposite.");
  await page.getByTestId("question-4-points").fill("3");
  await expect(page.getByTestId("question-4-pair-0-remove")).toHaveCount(0); // at least one pair
  const pair = async (j: number, values: [string, string, string, string]) => {
    await page.getByTestId(`question-4-pair-${j}-premise-ar`).fill(values[0]);
    await page.getByTestId(`question-4-pair-${j}-premise-en`).fill(values[1]);
    await page.getByTestId(`question-4-pair-${j}-response-ar`).fill(values[2]);
    await page.getByTestId(`question-4-pair-${j}-response-en`).fill(values[3]);
  };
  await pair(0, ["طويل", "Tall", "قصير", "Short"]);
  await page.getByTestId("question-4-add-pair").click();
  await pair(1, ["سريع", "Fast", "بطيء", "Slow"]);
  await expect(page.getByTestId("questions-summary")).toContainText("12");
  await expectNoAxeViolations(page, "exam editor with five questions (ar)");

  // Save: the success toast, and the editor stays open at the exam's own address.
  await page.getByTestId("save-exam").click();
  await expectToast(page, ar("toast.saved"));
  await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  const examId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: ar("editor.editTitle") })).toBeVisible();
  await expect(page.getByTestId("dirty-state")).toHaveText(ar("editor.allSaved"));

  // What the server stored is what was written, in order.
  const saved = await readExam(page, examId);
  expect(saved).toMatchObject({ titleAr: "اختبار الوحدة الأولى", titleEn: "Unit One Test", subject: { id: "arabic" }, durationMinutes: 45, status: "draft" });
  expect(saved.questions.map((q) => q.type)).toEqual(["multiple_choice", "true_false", "essay", "short_answer", "matching"]);
  expect(saved.questions.map((q) => q.points)).toEqual([2, 1, 5, 1, 3]);
  expect(saved.questions[0]!.options.map((o) => [o.optionTextEn, o.isCorrect])).toEqual([["Anger", false], ["Faithfulness", true]]);
  expect(saved.questions[1]!.options.map((o) => [o.optionTextAr, o.isCorrect])).toEqual([["صح", true], ["خطأ", false]]);
  expect(saved.questions[3]!.correctAnswerText).toBe("كُتُب");
  expect(saved.questions[4]!.matchingPairs).toEqual([
    { premise_ar: "طويل", premise_en: "Tall", response_ar: "قصير", response_en: "Short", premiseImage: null, responseImage: null },
    { premise_ar: "سريع", premise_en: "Fast", response_ar: "بطيء", response_en: "Slow", premiseImage: null, responseImage: null },
  ]);

  // Reopen it: every value is back, unchanged.
  await page.reload();
  await expect(page.getByTestId("exam-title-ar")).toHaveValue("اختبار الوحدة الأولى");
  await expect(page.getByTestId("exam-title-en")).toHaveValue("Unit One Test");
  await expect(page.getByTestId("exam-subject")).toContainText("اللغة العربية");
  await expect(page.getByTestId("exam-duration")).toHaveValue("45");
  await expect(page.getByTestId("exam-description-ar")).toHaveValue("اقرأ كل سؤال بعناية قبل الإجابة.");
  await expect(page.getByTestId("exam-description-en")).toHaveValue("Read each question carefully before answering.");
  await expect(page.getByTestId("exam-status")).toContainText(ar("status.draft"));
  const types = ["multiple_choice", "true_false", "essay", "short_answer", "matching"];
  for (const [i, type] of types.entries()) await expect(page.getByTestId(`question-${i}`)).toHaveAttribute("data-type", type);
  await expect(page.getByTestId("question-0-text-ar")).toHaveText("ما مرادف كلمة «الوفاء»؟");
  await expect(page.getByTestId("question-0-text-en")).toHaveText("What is a synonym of loyalty?");
  await expect(page.getByTestId("question-0-points")).toHaveValue("2");
  await expect(page.getByTestId("question-0-option-1-en")).toHaveText("Faithfulness");
  await expect(page.getByTestId("question-0-option-1-correct")).toBeChecked();
  await expect(page.getByTestId("question-0-option-0-correct")).not.toBeChecked();
  await expect(page.getByTestId("question-1-option-0-correct")).toBeChecked();
  await expect(page.getByTestId("question-2-model-answer")).toHaveValue("القراءة توسّع المدارك وتنمّي اللغة.");
  await expect(page.getByTestId("question-3-points")).toHaveValue("1");
  await expect(page.getByTestId("question-3-model-answer")).toHaveValue("كُتُب");
  await expect(page.getByTestId("question-4-pair-1-response-en")).toHaveValue("Slow");
  await expect(page.getByTestId("question-4-pair-1-premise-ar")).toHaveValue("سريع");
  await expect(page.getByTestId("dirty-state")).toHaveText(ar("editor.allSaved"));

  // Switching a question's type asks first (it had content), then starts that type afresh.
  await choose(page, "question-0-type", ar("types.true_false"));
  const dialog = page.getByTestId("change-type-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: ar("question.changeType.confirm") }).click();
  await expect(q0).toHaveAttribute("data-type", "true_false");
  await expect(page.getByTestId("question-0-option-0-ar")).toHaveText("صح");
  await expect(page.getByTestId("question-0-option-1-en")).toHaveText("False");
  await expect(q0.locator("input[type=radio]:checked")).toHaveCount(0);
  await expect(page.getByTestId("question-0-text-en")).toHaveText("What is a synonym of loyalty?"); // the text stays
  // An essay becomes a short answer: its model answer is cleared.
  await choose(page, "question-2-type", ar("types.short_answer"));
  await page.getByTestId("change-type-dialog").getByRole("button", { name: ar("question.changeType.confirm") }).click();
  await expect(page.getByTestId("question-2")).toHaveAttribute("data-type", "short_answer");
  await expect(page.getByTestId("question-2-model-answer")).toHaveValue("");
  await expect(page.getByTestId("dirty-state")).toHaveText(ar("editor.unsaved"));

  // Publish.
  await page.getByTestId("question-0-option-1-correct").check();
  await choose(page, "exam-status", ar("status.published"));
  await page.getByTestId("save-exam").click();
  await expectToast(page, ar("toast.saved"));
  await expect(page.getByTestId("published-warning")).toHaveText(ar("details.publishedWarning"));
  const published = await readExam(page, examId);
  expect(published.status).toBe("published");
  expect(published.questions.map((q) => q.type)).toEqual(["true_false", "true_false", "short_answer", "short_answer", "matching"]);
  expect(published.questions[0]!.options.map((o) => [o.optionTextEn, o.isCorrect])).toEqual([["True", false], ["False", true]]);
  expect(published.questions[0]!.id).toBe(saved.questions[0]!.id); // the same question, kept by id
  expect(published.questions[2]!.correctAnswerText).toBeNull();

  // The list shows it with its status.
  await page.getByTestId("back-to-exams").click();
  await expect(page).toHaveURL(/\/dashboard\/exams$/);
  const row = page.getByTestId(`exam-row-${examId}`);
  await expect(row.getByTestId("exam-title")).toHaveText("اختبار الوحدة الأولى");
  await expect(row.getByTestId("status-badge")).toHaveText(ar("status.published"));
  await expect(row).toContainText("اللغة العربية");
  await expect(row.getByTestId("exam-question-count")).toContainText("5");
  await expectNoAxeViolations(page, "exam list (ar)");
});

test("validation: a missing title and a choice question without a correct option are shown next to their fields", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "ar");
  await signInWith(page, teacher);
  await page.goto("/exams/create");
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/exams")) posted++;
  });

  await page.getByTestId("exam-title-en").fill("Unit Two");
  await choose(page, "exam-subject", "التربية الإسلامية");
  await page.getByTestId("question-0-text-ar").fill("كم عدد أركان الإسلام؟");
  await page.getByTestId("question-0-text-en").fill("How many pillars of Islam are there?");
  await page.getByTestId("question-0-option-0-ar").fill("أربعة");
  await page.getByTestId("question-0-option-0-en").fill("Four");
  await page.getByTestId("question-0-add-option").click();
  await page.getByTestId("question-0-option-1-ar").fill("خمسة");
  await page.getByTestId("question-0-option-1-en").fill("Five");
  await page.getByTestId("save-exam").click();

  const titleMessage = "عنوان الاختبار (بالعربية والإنجليزية) والمادة مطلوبة.";
  const correctMessage = "يجب تحديد إجابة صحيحة واحدة على الأقل في السؤال 1.";
  await expect(page.getByTestId("error-titleAr")).toHaveText(titleMessage);
  await expect(page.getByTestId("error-questions.0.options")).toHaveText(correctMessage);
  await expect(page.getByTestId("exam-title-ar")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("exam-title-ar")).toBeFocused();
  await expectToast(page, "بيانات غير صالحة", titleMessage);
  await expectNoAxeViolations(page, "exam editor with messages (ar)");
  expect(posted).toBe(0);

  // Each message goes as soon as its problem is fixed.
  await page.getByTestId("exam-title-ar").fill("الوحدة الثانية");
  await expect(page.getByTestId("error-titleAr")).toHaveCount(0);
  await page.getByTestId("question-0-option-1-correct").check();
  await expect(page.getByTestId("error-questions.0.options")).toHaveCount(0);

  // An option without text, and an empty question list, have their own messages.
  // A formatted field is emptied as an author would: select all, delete.
  await page.getByTestId("question-0-option-1-en").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.getByTestId("save-exam").click();
  await expect(page.getByTestId("error-questions.0.options.1")).toHaveText("الخيار 2 في السؤال 1 ينقصه نص.");
  await page.getByTestId("question-0-option-1-en").fill("Five");
  await page.getByTestId("question-0-remove").click();
  await page.getByTestId("remove-question-dialog").getByRole("button", { name: ar("question.removeConfirm.confirm") }).click();
  await expect(page.getByTestId("question-0")).toHaveCount(0);
  await page.getByTestId("save-exam").click();
  await expect(page.getByTestId("error-questions")).toHaveText("يجب أن يحتوي الاختبار على سؤال واحد على الأقل.");
  expect(posted).toBe(0);
});
