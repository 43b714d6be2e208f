// Not a test: pictures for a person to look at (TWO_FACTOR_SCREENSHOTS=1 to run) of issue 38's screens — the
// account's two-step section while setting up, the second sign-in step, a sitting's tickets and /sitting — in
// ar/en × light/dark × 390/1280 px, written to screenshots/two-factor/ (gitignored).
import path from "node:path";
import { randomUUID } from "node:crypto";
import { apiAs, apiAsAccount, createStudent, json, TF } from "../api";
import { E2E_PORT } from "../env";
import { expect, pageInLook, signIn, test } from "../fixtures";
import { base32Decode, hotp, totpStep } from "../../src/server/auth/totp";

const OUT = path.resolve("screenshots/two-factor");
const PASSWORD = "Two-step-teacher-1";

test.skip(!process.env.TWO_FACTOR_SCREENSHOTS, "set TWO_FACTOR_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("two-step sign-in and sitting code screenshots", async ({ browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = async (tag: string) => {
    const email = `shot-${tag}-${randomUUID().slice(0, 8)}@qias.test`;
    await json(await admin.post("/api/users", { data: { email, password: PASSWORD, role: "teacher", username: email.split("@")[0], name: "أ. مريم الكعبي", schoolId: "school_dubai" } }), 201);
    return email;
  };
  const setUpEmail = await teacher("setup");
  // One with two-step sign-in on, set up through the API as the page would.
  const onEmail = await teacher("on");
  const on = await apiAs(playwright, onEmail, PASSWORD, "school");
  const { secret } = await json<{ secret: string }>(await on.post("/api/account/two-factor/setup", { data: {} }));
  await json(await on.post("/api/account/two-factor/confirm", { data: { code: hotp(base32Decode(secret), totpStep(Date.now())) } }));
  for (let i = 0; i < 3; i++) await createStudent(admin, "school_dubai", "shot-ticket");
  const exam = await json<{ id: string }>(
    await admin.post("/api/exams", {
      data: { titleAr: "اختبار اللغة العربية — الفصل الأول", titleEn: "Arabic Language — Term 1", subjectId: "arabic", durationMinutes: 40, status: "published", questions: [{ type: "true_false", questionTextAr: "سؤال", questionTextEn: "Question", points: 1, options: TF(true) }] },
    }),
    201,
  );
  const at = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const sitting = await json<{ id: string }>(await admin.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: null, startsAt: at(20), entryClosesAt: at(40), endsAt: at(80) } }), 201);

  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const look = { lang, dark, width };

        const page = await pageInLook(browser, look);
        expect((await page.request.post("/api/auth/login", { data: { email: setUpEmail, password: PASSWORD, loginType: "school" } })).status()).toBe(200);
        await page.goto("/dashboard/account");
        await page.getByTestId("two-factor-start").click();
        await expect(page.getByTestId("two-factor-secret")).toBeVisible();
        await page.getByTestId("account-two-factor").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("account-two-factor"), fullPage: true });
        await page.context().close();

        const login = await pageInLook(browser, look);
        await login.goto("/login/school");
        await login.locator("#email").fill(onEmail);
        await login.locator("#password").fill(PASSWORD);
        await login.locator("form button[type=submit]").click();
        await expect(login.getByTestId("second-step")).toBeVisible();
        await login.screenshot({ path: name("second-step"), fullPage: true });
        await login.context().close();

        const tickets = await pageInLook(browser, look);
        await signIn(tickets, "school_admin", { goto: `/sittings/${sitting.id}/tickets` });
        await expect(tickets.getByTestId("ticket").first()).toBeVisible();
        await tickets.screenshot({ path: name("tickets"), fullPage: true });
        if (width === 1280 && !dark) {
          await tickets.emulateMedia({ media: "print" });
          await tickets.screenshot({ path: name("tickets-print"), fullPage: true });
        }
        await tickets.context().close();

        const code = await pageInLook(browser, look);
        await code.goto("/sitting");
        await code.locator("#sitting-code").fill("abcd efg");
        await code.screenshot({ path: name("sitting"), fullPage: true });
        await code.context().close();
      }
    }
  }
  await admin.dispose();
  await on.dispose();
});

// The live view with a student who came in with a ticket's code (the "Ticket code" mark and the tickets link).
test("live view with a ticket sign-in, screenshots", async ({ browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "shot-live");
  const exam = await json<{ id: string }>(
    await admin.post("/api/exams", {
      data: { titleAr: "اختبار الدراسات الاجتماعية", titleEn: "Social Studies", subjectId: "arabic", durationMinutes: 30, status: "published", questions: [{ type: "true_false", questionTextAr: "سؤال", questionTextEn: "Question", points: 1, options: TF(true) }] },
    }),
    201,
  );
  const at = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const sitting = await json<{ id: string }>(await admin.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: null, startsAt: at(5), entryClosesAt: at(30), endsAt: at(60) } }), 201);
  const { tickets } = await json<{ tickets: { studentId: string; code: string }[] }>(await admin.get(`/api/sittings/${sitting.id}/tickets`));
  const code = tickets.find((t) => t.studentId === student.id)!.code;
  // The student signs in with the code from a request context of their own.
  const phone = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  await json(await phone.post("/api/auth/sitting-code", { data: { code } }));
  await phone.dispose();
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const page = await pageInLook(browser, { lang, dark, width });
        await signIn(page, "school_admin", { goto: `/sittings/${sitting.id}/live` });
        await expect(page.getByTestId("live-by-code").first()).toBeVisible();
        await page.screenshot({ path: path.join(OUT, `live-${lang}-${dark ? "dark" : "light"}-${width}.png`), fullPage: width > 500 });
        await page.context().close();
      }
    }
  }
  await admin.dispose();
});
