// Hotspot (issue 36, docs/decisions/0063) end to end, once per language:
// - in English, a teacher uploads a map, draws one area with the pointer and adds another with the keyboard (its
//   place typed as numbers), publishes; a student answers in Arabic on a phone by clicking the picture and then by the
//   keyboard through the labels, reloads, submits and is marked; the teacher's view of the attempt marks the right area;
// - in Arabic, a teacher draws a polygon (a click per corner, Enter closes it) and a circle, moves an area with the
//   arrow keys, is told the limit on choices is below the right areas; a student answers in English at 1280 in dark
//   with the keyboard alone, choosing areas by their labels, and meets that limit.
// With HOTSPOT_SCREENSHOTS=1 the Arabic-written editor and its paper are photographed in ar/en × light/dark ×
// 390/1280 under screenshots/hotspot/ (gitignored).
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { expectNoAxeViolations, pageInLook, test, useLanguage } from "../fixtures";
import { ERRORS, fillText } from "../../src/shared/errors";
import { choose, expect, expectToast, makeTeacher, readExam, signInWith, text } from "../exams/helpers";

test.describe.configure({ timeout: 180_000 });
const OUT = path.resolve("screenshots/hotspot");
const SCREENSHOTS = process.env.HOTSPOT_SCREENSHOTS === "1";
const W = 400;
const H = 300;
// A small map: the sea, a coast and two cities as squares.
const MAP = `<rect width="${W}" height="${H}" fill="#bfdbfe"/><polygon points="0,0 300,0 260,300 0,300" fill="#fde68a"/><rect x="60" y="60" width="80" height="60" fill="#b45309"/><rect x="250" y="150" width="60" height="60" fill="#15803d"/>`;

/** The map as PNG bytes, `scale` times its size (the same picture, exported smaller). */
async function mapPng(page: Page, scale = 1): Promise<Buffer> {
  await page.setContent(`<body style="margin:0"><svg id="m" xmlns="http://www.w3.org/2000/svg" width="${W * scale}" height="${H * scale}" viewBox="0 0 ${W} ${H}">${MAP}</svg></body>`);
  return page.locator("#m").screenshot();
}

/** A point of the picture's frame on the screen, through the drawing surface's box (the picture may be scaled). */
async function onPicture(page: Page, x: number, y: number) {
  const box = (await page.getByTestId("question-0-hotspot-surface").boundingBox())!;
  return { x: box.x + (x * box.width) / W, y: box.y + (y * box.height) / H };
}

/** Tab (forwards) until `target` has the focus: it is reached by the keyboard, in the page's order. */
async function tabTo(page: Page, target: Locator, most = 12) {
  for (let k = 0; k < most && !(await target.evaluate((el) => el === document.activeElement)); k++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

test("hotspot: drawn and keyboard-added in the editor, answered by click and by keyboard, marked", async ({ page, request, playwright, browser }) => {
  const en = (key: string, vars?: Record<string, string | number>) => text("en", key, vars);
  const png = await mapPng(page);
  const half = await mapPng(page, 0.5);
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/exams/create");
  await page.getByTestId("exam-title-ar").fill("خريطة الساحل");
  await page.getByTestId("exam-title-en").fill("The coast map");
  await choose(page, "exam-subject", "Social Studies");
  await choose(page, "exam-status", en("status.published"));
  await choose(page, "question-0-type", en("types.hotspot"));
  await page.getByTestId("question-0-text-ar").click();
  await page.keyboard.type("أين الميناء؟");
  await page.getByTestId("question-0-text-en").click();
  await page.keyboard.type("Where is the port?");
  await expect(page.getByTestId("question-0-hotspot-no-image")).toBeVisible();
  await page.getByTestId("question-0-image-file").setInputFiles({ name: "map.png", mimeType: "image/png", buffer: png });
  await page.getByTestId("question-0-image-alt-ar").fill("خريطة ساحل فيها مدينتان");
  await page.getByTestId("question-0-image-alt-en").fill("A coast map with two cities");

  // The pointer: a rectangle dragged over the brown city. The frame is the picture's natural size.
  const surface = page.getByTestId("question-0-hotspot-surface");
  await expect(surface).toHaveAttribute("viewBox", `0 0 ${W} ${H}`);
  // In the middle of the window: the mouse works in the viewport, and the sticky bars cover its edges.
  await surface.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const from = await onPicture(page, 60, 60);
  const to = await onPicture(page, 140, 120);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
  await expect(page.getByTestId("question-0-area-0")).toBeVisible();
  const coords = async (j: number) => Promise.all([0, 1, 2, 3].map(async (k) => Number(await page.getByTestId(`question-0-area-${j}-coord-${k}`).inputValue())));
  expect((await coords(0)).map((v, k) => Math.abs(v - [60, 60, 140, 120][k]!) <= 1)).toEqual([true, true, true, true]);
  await page.getByTestId("question-0-area-0-ar").fill("الميناء");
  await page.getByTestId("question-0-area-0-en").fill("The port");
  await page.getByTestId("question-0-area-0-correct").check();

  // The keyboard: "Add rectangle" focuses the new area's label; its place is typed; an arrow key moves it on the picture.
  await page.getByTestId("question-0-add-rect").click();
  await expect(page.getByTestId("question-0-area-1-ar")).toBeFocused();
  await page.keyboard.type("الواحة");
  await page.getByTestId("question-0-area-1-en").fill("The oasis");
  for (const [k, v] of [250, 150, 310, 210].entries()) await page.getByTestId(`question-0-area-1-coord-${k}`).fill(String(v));
  await page.getByTestId("question-0-area-1-shape").focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("ArrowRight");
  expect(await coords(1)).toEqual([241, 150, 301, 210]);
  // Delete, then Undo: the area is back where it was.
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("question-0-area-1")).toHaveCount(0);
  await page.getByTestId("question-0-hotspot-undo").click();
  await expect(page.getByTestId("question-0-area-1-en")).toHaveValue("The oasis");
  await expectNoAxeViolations(page, "hotspot editor (en)");

  await page.getByTestId("save-exam").click();
  await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  const examId = page.url().split("/").pop()!;
  const saved = await readExam(page, examId);
  const hs = saved.questions[0]!.interaction;
  expect(hs?.type === "hotspot" && [hs.width, hs.height, hs.maxChoices, hs.areas.map((a) => [a.textEn, a.shape, a.coords, a.correct])]).toEqual([
    W,
    H,
    1,
    [
      ["The port", "rect", await coords(0), true],
      ["The oasis", "rect", [241, 150, 301, 210], false],
    ],
  ]);

  // The same picture replaced by a smaller export: the frame follows its natural size and the areas are scaled with
  // it, so they cover the same places (not saved).
  await page.getByTestId("question-0-image-file").setInputFiles({ name: "map-small.png", mimeType: "image/png", buffer: half });
  await expect(surface).toHaveAttribute("viewBox", `0 0 ${W / 2} ${H / 2}`);
  expect(await coords(1)).toEqual([121, 75, 151, 105]);

  // The student, in Arabic.
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "hotspot");
  await admin.dispose();
  const sp = await pageInLook(browser, { lang: "ar", dark: false, width: 390 });
  expect((await sp.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } })).status()).toBe(200);
  const attempt = await json<{ id: string }>(await sp.request.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: "ar" } }));
  await sp.goto(`/student/exam/${examId}/take`);
  const picture = sp.getByTestId("hotspot-picture");
  const list = sp.getByTestId("hotspot-list");
  // By the picture (390 px: it is scaled; the click maps through the viewBox): the oasis, then the port instead.
  await picture.getByRole("radio", { name: "الواحة" }).click();
  await expect(list.getByRole("radio", { name: "الواحة" })).toBeChecked();
  await picture.getByRole("radio", { name: "الميناء" }).click();
  await expect(list.getByRole("radio", { name: "الميناء" })).toBeChecked();
  await expect(list.getByRole("radio", { name: "الواحة" })).not.toBeChecked();
  await expect(picture.getByRole("radio", { name: "الميناء" })).toHaveAttribute("aria-checked", "true");
  // A click outside every area chooses nothing.
  const pbox = (await picture.boundingBox())!;
  await sp.mouse.click(pbox.x + pbox.width * 0.95, pbox.y + pbox.height * 0.05);
  await expect(list.getByRole("radio", { name: "الميناء" })).toBeChecked();
  // By the keyboard through the labels: the arrow keys move the choice, and the picture follows.
  await list.getByRole("radio", { name: "الميناء" }).focus();
  await sp.keyboard.press("ArrowDown");
  await expect(list.getByRole("radio", { name: "الواحة" })).toBeChecked();
  await expect(picture.getByRole("radio", { name: "الواحة" })).toHaveAttribute("aria-checked", "true");
  await sp.keyboard.press("ArrowUp");
  await expect(list.getByRole("radio", { name: "الميناء" })).toBeChecked();
  await expect(sp.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await expectNoAxeViolations(sp, "hotspot paper (ar, 390)");
  await sp.reload();
  await expect(sp.getByTestId("hotspot-list").getByRole("radio", { name: "الميناء" })).toBeChecked();

  await sp.getByTestId("submit-exam").click();
  await sp.getByTestId("submit-dialog").getByRole("button", { name: "سلّم الآن" }).click();
  await sp.waitForURL(/\/results$/);
  await expect(sp.getByTestId("question-mark")).toHaveCount(1);
  await expect(sp.getByTestId("hotspot-view")).toBeVisible();
  await expectNoAxeViolations(sp, "hotspot result (ar)");
  await sp.context().close();

  // The teacher's view of the attempt: the chosen area, and which is right.
  // A page of its own: the editor's page may hold its navigation (leaving an editor can ask first).
  const tp = await page.context().newPage();
  await tp.goto(`/student/exam/${attempt.id}/results`);
  const view = tp.getByTestId("hotspot-view");
  await expect(view.locator("[data-correct=true]")).toHaveCount(1);
  await expect(view.locator("[data-chosen=true]")).toContainText("The port");
  await expectNoAxeViolations(tp, "hotspot staff result (en)");
});

test("hotspot written in Arabic (a polygon by its corners, a circle, areas moved by the arrow keys, the limit on choices), sat in English in dark by keyboard alone", async ({ page, request, playwright, browser }) => {
  const ar = (key: string, vars?: Record<string, string | number>) => text("ar", key, vars);
  const png = await mapPng(page);
  const teacher = await makeTeacher(request);
  const editor = await pageInLook(browser, { lang: "ar", dark: false, width: 1280 });
  await signInWith(editor, teacher);
  await editor.goto("/exams/create");
  await editor.getByTestId("exam-title-ar").fill("البحر والواحة");
  await editor.getByTestId("exam-title-en").fill("The sea and the oasis");
  await choose(editor, "exam-subject", "الدراسات الاجتماعية");
  await choose(editor, "exam-status", ar("status.published"));
  await choose(editor, "question-0-type", ar("types.hotspot"));
  await editor.getByTestId("question-0-text-ar").click();
  await editor.keyboard.insertText("حدِّد البحر والواحة.");
  await editor.getByTestId("question-0-text-en").click();
  await editor.keyboard.insertText("Mark the sea and the oasis.");
  await editor.getByTestId("question-0-image-file").setInputFiles({ name: "map.png", mimeType: "image/png", buffer: png });
  await editor.getByTestId("question-0-image-alt-ar").fill("خريطة ساحل فيها واحة");
  await editor.getByTestId("question-0-image-alt-en").fill("A coast map with an oasis");
  const surface = editor.getByTestId("question-0-hotspot-surface");
  await expect(surface).toHaveAttribute("viewBox", `0 0 ${W} ${H}`);
  await surface.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const coords = async (j: number) => (await editor.getByTestId(`question-0-area-${j}`).locator("input[type=number]").evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value))));
  const near = (got: number[], want: number[]) => expect(got.map((v, k) => Math.abs(v - want[k]!) <= 1)).toEqual(want.map(() => true));

  // A polygon over the sea: a click per corner, Enter closes it (the picture is not mirrored in Arabic: its x runs
  // left to right as the picture's pixels do).
  await editor.getByRole("radio", { name: ar("interactions.hotspot.tool.poly") }).check({ force: true });
  for (const [x, y] of [[320, 20], [390, 20], [390, 120]] as const) {
    const p = await onPicture(editor, x, y);
    await editor.mouse.click(p.x, p.y);
  }
  await expect(surface).toBeFocused();
  await editor.keyboard.press("Enter");
  await expect(editor.getByTestId("question-0-area-0")).toContainText(ar("interactions.hotspot.shape.poly"));
  near(await coords(0), [320, 20, 390, 20, 390, 120]);
  // A circle over the green oasis: dragged from its centre outwards.
  await editor.getByRole("radio", { name: ar("interactions.hotspot.tool.circle") }).check({ force: true });
  const centre = await onPicture(editor, 280, 180);
  const rim = await onPicture(editor, 310, 180);
  await editor.mouse.move(centre.x, centre.y);
  await editor.mouse.down();
  await editor.mouse.move((centre.x + rim.x) / 2, centre.y);
  await editor.mouse.move(rim.x, rim.y);
  await editor.mouse.up();
  await expect(editor.getByTestId("question-0-area-1")).toContainText(ar("interactions.hotspot.shape.circle"));
  near(await coords(1), [280, 180, 30]);
  // Moved by the arrow keys on the picture: one pixel left, ten up.
  await editor.getByTestId("question-0-area-1-shape").focus();
  await editor.keyboard.press("ArrowLeft");
  await editor.keyboard.press("Shift+ArrowUp");
  const moved = await coords(1);
  near(moved, [279, 170, 30]);
  // A third, wrong area by the keyboard (its default place), and the labels.
  await editor.getByTestId("question-0-add-rect").click();
  for (const [j, [a, e]] of [["البحر", "The sea"], ["الواحة", "The oasis"], ["الميناء", "The port"]].entries()) {
    await editor.getByTestId(`question-0-area-${j}-ar`).fill(a!);
    await editor.getByTestId(`question-0-area-${j}-en`).fill(e!);
  }
  await editor.getByTestId("question-0-area-0-correct").check();
  await editor.getByTestId("question-0-area-1-correct").check();

  // Two right areas, at most one to choose: refused, the message in Arabic on its field.
  await editor.getByTestId("question-0-max-choices").fill("1");
  await editor.getByTestId("save-exam").click();
  const limit = editor.getByTestId("error-questions.0.interaction.maxChoices");
  await expect(limit).toHaveText(fillText(ERRORS.HOTSPOT_MAX_CHOICES.message, { n: 1 }).ar);
  await expect(editor.getByTestId("question-0-max-choices")).toHaveAttribute("aria-invalid", "true");
  await limit.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(editor, "hotspot editor with a message (ar)");
  await editor.getByTestId("question-0-max-choices").fill("2");
  await editor.getByTestId("save-exam").click();
  await expectToast(editor, ar("toast.saved"));
  await expect(editor).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  const examId = editor.url().split("/").pop()!;
  const saved = (await readExam(editor, examId)).questions[0]!.interaction;
  expect(saved?.type === "hotspot" && [saved.maxChoices, saved.areas.map((a) => [a.textEn, a.shape, a.correct])]).toEqual([
    2,
    [
      ["The sea", "poly", true],
      ["The oasis", "circle", true],
      ["The port", "rect", false],
    ],
  ]);
  expect(saved?.type === "hotspot" && saved.areas[1]!.coords).toEqual(moved);

  if (SCREENSHOTS)
    for (const lang of ["ar", "en"] as const)
      for (const dark of [false, true])
        for (const width of [390, 1280]) {
          const shot = await pageInLook(browser, { lang, dark, width });
          await signInWith(shot, teacher);
          await shot.goto(`/exams/edit/${examId}`);
          await shot.getByTestId("question-0-area-1-shape").focus();
          await shot.addStyleTag({ content: ".sticky { position: static !important }" });
          await shot.getByTestId("question-0").screenshot({ path: path.join(OUT, `editor-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
          await shot.context().close();
        }
  await editor.context().close();

  // The student, in English, in dark, with the keyboard alone: the areas chosen by their labels in the list.
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "hotspot-en");
  await admin.dispose();
  const sp = await pageInLook(browser, { lang: "en", dark: true, width: 1280 });
  expect((await sp.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } })).status()).toBe(200);
  await json(await sp.request.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: "en" } }));
  await sp.goto(`/student/exam/${examId}/take`);
  const list = sp.getByTestId("hotspot-list");
  const box = (name: string) => list.getByRole("checkbox", { name });
  const picture = sp.getByTestId("hotspot-picture");
  const limitHit = sp.getByTestId("hotspot-limit");
  await expect(sp.getByTestId("question").first()).toContainText("Choose up to 2 areas");
  // Tab to the sea, Space; the port (wrong), Space; the oasis, Space: a third is refused and said why.
  await tabTo(sp, box("The sea"), 60);
  await sp.keyboard.press("Space");
  await tabTo(sp, box("The oasis"));
  await tabTo(sp, box("The port"));
  await sp.keyboard.press("Space");
  await expect(box("The port")).toBeChecked();
  await sp.keyboard.press("Shift+Tab");
  await expect(box("The oasis")).toBeFocused();
  await sp.keyboard.press("Space");
  await expect(box("The oasis")).not.toBeChecked();
  await expect(limitHit).toHaveText("You can choose at most 2 areas. Remove one before choosing another.");
  // The port taken back, the oasis chosen: the message goes, the picture follows.
  await sp.keyboard.press("Tab");
  await sp.keyboard.press("Space");
  await expect(box("The port")).not.toBeChecked();
  await sp.keyboard.press("Shift+Tab");
  await sp.keyboard.press("Space");
  await expect(box("The oasis")).toBeChecked();
  await expect(limitHit).toHaveText("");
  await expect(picture.getByRole("checkbox", { name: "The oasis" })).toHaveAttribute("aria-checked", "true");
  await expect(picture.getByRole("checkbox", { name: "The sea" })).toHaveAttribute("aria-checked", "true");
  await expect(sp.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await expectNoAxeViolations(sp, "hotspot paper (en, dark)");
  await sp.reload();
  await expect(box("The sea")).toBeChecked();
  await expect(box("The oasis")).toBeChecked();
  await expect(box("The port")).not.toBeChecked();

  if (SCREENSHOTS)
    for (const lang of ["ar", "en"] as const)
      for (const dark of [false, true])
        for (const width of [390, 1280]) {
          const shot = await pageInLook(browser, { lang, dark, width });
          await shot.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
          await shot.goto(`/student/exam/${examId}/take`);
          await expect(shot.getByTestId("hotspot-area").first()).toBeVisible();
          await shot.getByTestId("question").first().screenshot({ path: path.join(OUT, `paper-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
          await shot.context().close();
        }

  await sp.getByTestId("submit-exam").click();
  await sp.getByTestId("submit-dialog").getByRole("button", { name: "Submit Now" }).click();
  await sp.waitForURL(/\/results$/);
  await expect(sp.getByTestId("hotspot-view").locator("[data-chosen=true]")).toHaveCount(2);
  await expectNoAxeViolations(sp, "hotspot result (en, dark)");
  await sp.context().close();
});
