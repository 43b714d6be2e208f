// LTI 1.3 end to end (issue 38, docs/decisions/0051), with a test platform (src/server/test/lti-platform.ts) running
// in this Playwright process on its own port, which the server reaches over HTTP as it would a real LMS:
// - en: the super_admin registers the platform through /dashboard/lti-platforms (a bad address is refused on its
//   field first); the tool's addresses are shown; axe on the page and the dialog.
// - ar: a student's browser follows the OIDC login initiation to the platform's auth page, which posts the signed
//   launch back to the tool as an LMS does; the student lands on the linked exam's take page, submits, and the
//   grade reaches the platform's scores endpoint. A launch with the wrong audience shows the bilingual refusal page.
// - en: a teacher picks the exam by deep linking (the response reaches the platform, verified with the tool's keys),
//   then imports the course's students (NRPS) from the exam's results.
// LTI_SCREENSHOTS=1 also photographs the platforms page and the roster result in the four looks.
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiAsAccount, json } from "../api";
import { expect, expectNoAxeViolations, FOUR_LOOKS, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { LTI, ROLE, startTestPlatform, type TTestPlatform } from "../../src/server/test/lti-platform";

test.describe.configure({ mode: "serial" });

const AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint";
const NRPS = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice";
const tag = randomUUID().slice(0, 6);
let lms: TTestPlatform;
let exam: { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
let admin: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  lms = await startTestPlatform(async () => (await fetch(`${baseURL}/api/lti/jwks`)).json() as Promise<{ keys: [] }>);
  admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  exam = await json(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار المنصة ${tag}`,
        titleEn: `Platform quiz ${tag}`,
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        questions: [
          {
            type: "true_false",
            questionTextAr: "الشمس نجم.",
            questionTextEn: "The sun is a star.",
            points: 2,
            options: [
              { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
              { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
            ],
          },
        ],
      },
    }),
    201,
  );
  await teacher.dispose();
});

test.afterAll(async () => {
  // The registration goes with the run (its exam links and user links with it).
  const platforms = (await (await admin.get("/api/lti/platforms")).json()) as { id: string; clientId: string }[];
  const mine = platforms.find((p) => p.clientId === lms.clientId);
  if (mine) await admin.delete(`/api/lti/platforms/${mine.id}`);
  await admin.dispose();
  await lms.close();
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.resolve(`screenshots/lti/${name}.png`), fullPage: true });
}

/** What the browser does when a student opens the activity in the LMS: the login initiation, then the platform's post. */
function launchUrl(loginHint: string) {
  const q = new URLSearchParams({ iss: lms.issuer, client_id: lms.clientId, login_hint: loginHint, target_link_uri: "/api/lti/launch" });
  return `/api/lti/login?${q}`;
}

test("en: the super_admin registers the platform on the LTI platforms page", async ({ page, browser }) => {
  await useLanguage(page, "en", { dark: true });
  await signIn(page, "super_admin", { goto: "/dashboard/lti-platforms" });
  const screen = page.getByTestId("lti-platforms-page");
  await expect(screen.getByTestId("lti-login-url")).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/api\/lti\/login$/);
  await expect(screen.getByTestId("lti-launch-url")).toHaveText(/\/api\/lti\/launch$/);
  await expect(screen.getByTestId("lti-jwks-url")).toHaveText(/\/api\/lti\/jwks$/);
  await expect(screen.getByTestId("lti-new-window")).toContainText("new window");
  await expect(screen.getByTestId("lti-passbacks")).toContainText("Every grade has reached its LMS");
  await expectNoAxeViolations(page, "platforms page");

  const reg = lms.registration("school_dubai");
  await screen.getByRole("button", { name: "Register platform" }).click();
  const dialog = page.getByTestId("lti-platform-dialog");
  await dialog.getByLabel("Name").fill(`${reg.name} ${tag}`);
  await dialog.getByTestId("lti-schoolId").click();
  await page.getByRole("option", { name: "Al Nahda Model School" }).click();
  await dialog.getByLabel("Issuer (platform ID)").fill(reg.issuer);
  await dialog.getByLabel("Client ID").fill(reg.clientId);
  await dialog.getByLabel("Deployment IDs").fill(reg.deploymentIds.join("\n"));
  await dialog.getByLabel("Authentication request address").fill("ftp://lms.example/auth");
  await dialog.getByLabel("Access token address").fill(reg.tokenUrl);
  await dialog.getByLabel("Public key set address").fill(reg.jwksUrl);
  await dialog.getByRole("button", { name: "Register platform" }).click();
  await expect(dialog).toContainText("Enter a full https:// address.");
  await dialog.getByLabel("Authentication request address").fill(reg.authLoginUrl);
  await expectNoAxeViolations(page, "platform dialog");
  await dialog.getByRole("button", { name: "Register platform" }).click();
  await expect(dialog).toBeHidden();
  const row = screen.getByRole("row").filter({ hasText: `${reg.name} ${tag}` });
  await expect(row).toContainText("Al Nahda Model School");
  await expect(row).toContainText(reg.clientId);

  if (process.env.LTI_SCREENSHOTS) {
    for (const look of FOUR_LOOKS) {
      const shot = await pageInLook(browser, look);
      await signIn(shot, "super_admin", { goto: "/dashboard/lti-platforms" });
      await shot.getByTestId("lti-platforms-table").waitFor();
      const name = `${look.lang}-${look.dark ? "dark" : "light"}-${look.width}`;
      await shoot(shot, `page-${name}`);
      await shot.getByTestId("lti-platform-add").click();
      await shot.getByTestId("lti-platform-dialog").getByTestId("lti-save").click();
      await shoot(shot, `dialog-${name}`);
      await shot.context().close();
    }
  }
});

test("ar: a student launched from the LMS takes the exam and the grade reaches the LMS; a wrong audience is refused", async ({ page }) => {
  const sub = `lms-student-${tag}`;
  lms.launches.set(sub, {
    sub,
    name: `طالب المنصة ${tag}`,
    [`${LTI}custom`]: { qias_exam_id: exam.id },
    [AGS]: { lineitem: lms.url(`/lineitems/${tag}/lineitem`), scope: ["https://purl.imsglobal.org/spec/lti-ags/scope/score"] },
    [NRPS]: { context_memberships_url: lms.url("/memberships"), service_versions: ["2.0"] },
  });
  await useLanguage(page, "ar");
  await page.goto(launchUrl(sub));
  await expect(page).toHaveURL(new RegExp(`/student/exam/${exam.id}/take$`));
  const question = page.getByTestId("question");
  await expect(question).toHaveCount(1);
  await question.getByRole("radio", { name: "صح" }).check();
  await expectNoAxeViolations(page, "take page after a launch");
  await page.getByTestId("submit-exam").click();
  await page.getByTestId("confirm-submit").click();
  await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
  // The job sends it after the grading commits.
  await expect.poll(() => lms.received.scores.find((s) => s.body.userId === sub)?.body, { timeout: 20_000 }).toMatchObject({ scoreGiven: 2, scoreMaximum: 2, gradingProgress: "FullyGraded" });

  // The same launch with another client as its audience: the refusal page, in both languages, with the code.
  lms.launches.set(`${sub}-bad`, { sub, aud: "someone-else", [`${LTI}custom`]: { qias_exam_id: exam.id } });
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/lti/launch"));
  await page.goto(launchUrl(`${sub}-bad`));
  expect((await refused).status()).toBe(400);
  await expect(page.locator("h1").first()).toHaveText("رُفض الدخول");
  await expect(page.locator("h1").nth(1)).toHaveText("Launch refused");
  await expect(page.locator("code").first()).toHaveText("LTI_LAUNCH_INVALID");
  await expectNoAxeViolations(page, "refusal page");
});

test("en: a teacher picks the exam by deep linking, and imports the course's students from its results", async ({ page, browser }) => {
  // Deep linking: the LMS launches the teacher into the picker; the choice goes back to the LMS signed by the tool.
  const hint = `lms-teacher-dl-${tag}`;
  lms.launches.set(hint, {
    sub: hint,
    email: "teacher@qias.test",
    [`${LTI}roles`]: [ROLE.instructor],
    [`${LTI}message_type`]: "LtiDeepLinkingRequest",
    [`${LTI}resource_link`]: undefined,
    "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": { deep_link_return_url: lms.url("/deep-link-return"), accept_types: ["ltiResourceLink"], data: tag },
  });
  await page.goto(launchUrl(hint));
  await page.locator(`input[name="examId"][value="${exam.id}"]`).check();
  await expectNoAxeViolations(page, "deep-linking picker");
  await page.getByRole("button", { name: /Link exam/ }).click();
  await expect(page.getByRole("heading", { name: "Activity added" })).toBeVisible();
  const response = lms.received.deepLinks.find((d) => d["https://purl.imsglobal.org/spec/lti-dl/claim/data"] === tag)!;
  const [item] = response["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"] as Array<{ custom: { qias_exam_id: string } }>;
  expect(item!.custom.qias_exam_id).toBe(exam.id);

  lms.members.splice(0, lms.members.length,
    { user_id: `lms-student-${tag}`, roles: [ROLE.learner], name: `طالب المنصة ${tag}` },
    { user_id: `lms-new-${tag}`, roles: [ROLE.learner], name: `New learner ${tag}`, email: `lms-new-${tag}@qias.test` },
    { user_id: `lms-teacher-${tag}`, roles: [ROLE.instructor], email: `nobody-${tag}@qias.test` },
  );
  await useLanguage(page, "en");
  await signIn(page, "teacher", { goto: `/dashboard/results?exam=${exam.id}` });
  const roster = page.getByTestId("lti-roster");
  await roster.getByRole("button", { name: "Import the course's students" }).click();
  await expect(roster.getByTestId("lti-roster-result")).toHaveText("Matched 1, added 1, skipped 1.");
  await expectNoAxeViolations(page, "results with the roster import");

  if (process.env.LTI_SCREENSHOTS) {
    for (const look of FOUR_LOOKS) {
      const shot = await pageInLook(browser, look);
      await signIn(shot, "teacher", { goto: `/dashboard/results?exam=${exam.id}` });
      await shot.getByTestId("lti-roster-import").click();
      await shot.getByTestId("lti-roster-result").filter({ hasText: /\d/ }).waitFor();
      await shot.getByTestId("lti-roster").scrollIntoViewIfNeeded();
      await shoot(shot, `roster-${look.lang}-${look.dark ? "dark" : "light"}-${look.width}`);
      await shot.context().close();
    }
  }
});
