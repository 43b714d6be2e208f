// The contact form: required fields, a bad email, the success toast and reset, a failure toast, and the
// message arriving in the super_admin inbox. The server throttles per address (5 per 10 minutes); every test
// here shares 127.0.0.1, so only two of them really send.
import { expect, signIn, test, useLanguage } from "../fixtures";
import type { Page } from "@playwright/test";
import { stubMap, text } from "./helpers";

/** The visible toasts (Radix also keeps a hidden live-region copy of the text, which this leaves out). */
const toasts = (page: Page) => page.locator("li.qias-toast");

test.describe("contact form", () => {
  test.beforeEach(async ({ page }) => {
    await stubMap(page);
  });

  for (const lang of ["ar", "en"] as const) {
    test(`${lang}: every required field says so, and a bad email is refused, without sending`, async ({ page }) => {
      await useLanguage(page, lang);
      let posts = 0;
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().endsWith("/api/contact")) posts++;
      });
      await page.goto("/contact");
      const form = page.getByTestId("contact-form");
      const field = (name: string) => form.getByLabel(text(lang, `contact.form.${name}`), { exact: false });
      const submit = form.getByRole("button", { name: text(lang, "contact.form.submit") });

      await submit.click();
      for (const key of ["nameRequired", "emailRequired", "subjectRequired", "messageRequired"]) {
        await expect(form.getByText(text(lang, `contact.errors.${key}`))).toBeVisible();
      }
      await expect(field("name")).toHaveAttribute("aria-invalid", "true");
      await expect(field("name")).toHaveAttribute("aria-describedby", /.+/);

      // Each field on its own: fill the other three.
      const good = { name: "Layla", email: "layla@example.com", subject: "Registration", message: "When does registration open?" };
      for (const missing of Object.keys(good) as (keyof typeof good)[]) {
        for (const [k, v] of Object.entries(good)) await field(k).fill(k === missing ? "" : v);
        await submit.click();
        const errorKey = `${missing}Required`;
        await expect(form.getByText(text(lang, `contact.errors.${errorKey}`))).toBeVisible();
        await expect(form.locator('[role="alert"]')).toHaveCount(1);
      }

      for (const [k, v] of Object.entries(good)) await field(k).fill(v);
      await field("email").fill("not-an-email");
      await submit.click();
      await expect(form.getByText(text(lang, "contact.errors.emailInvalid"))).toBeVisible();
      await expect(field("email")).toHaveAttribute("aria-invalid", "true");
      expect(posts).toBe(0);
    });
  }

  test("ar: a failed send shows a destructive toast in Arabic and keeps what was typed", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          code: "UNAVAILABLE",
          title: { en: "Unexpected Error", ar: "خطأ غير متوقع" },
          message: { en: "The service is temporarily unavailable.", ar: "الخدمة غير متاحة مؤقتًا." },
          requestId: "test",
        }),
      }),
    );
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("الاسم", { exact: false }).fill("ليلى");
    await form.getByLabel("البريد الإلكتروني", { exact: false }).fill("layla@example.com");
    await form.getByLabel("الموضوع", { exact: false }).fill("سؤال");
    await form.getByLabel("الرسالة", { exact: false }).fill("متى يبدأ التسجيل؟");
    await form.getByRole("button", { name: "إرسال الرسالة" }).click();
    // One assertion for title and text: the toast closes itself after five seconds.
    await expect(toasts(page).filter({ hasText: "خطأ غير متوقع" }).filter({ hasText: "الخدمة غير متاحة مؤقتًا." })).toBeVisible();
    await expect(form.getByLabel("الاسم", { exact: false })).toHaveValue("ليلى");
  });

  test("en: a message is sent, the form resets, and the super_admin reads it in the inbox", async ({ page, browser }) => {
    await useLanguage(page, "en");
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    const subject = `School registration ${Date.now()}`;
    await form.getByLabel("Name", { exact: false }).fill("Omar Al Mansoori");
    await form.getByLabel("Email", { exact: false }).fill("omar@example.com");
    await form.getByLabel("Subject", { exact: false }).fill(subject);
    await form.getByLabel("Message", { exact: false }).fill("We would like to register our school for the September cycle.");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(
      toasts(page)
        .filter({ hasText: "Message Sent Successfully!" })
        .filter({ hasText: "Thank you for contacting us. We will get back to you as soon as possible." }),
    ).toBeVisible();
    for (const name of ["Name", "Email", "Subject", "Message"]) {
      await expect(form.getByLabel(name, { exact: false })).toHaveValue("");
    }

    const admin = await browser.newPage();
    await useLanguage(admin, "en");
    await signIn(admin, "super_admin", { goto: "/dashboard/messages" });
    await expect(admin.getByRole("heading", { level: 2, name: "Contact Messages" })).toBeVisible();
    const row = admin.getByTestId("inbox-list").getByRole("button", { name: new RegExp(subject) });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Unread");
    await row.click();
    const message = admin.getByTestId("inbox-message");
    await expect(message).toContainText("We would like to register our school for the September cycle.");
    await expect(message).toContainText("omar@example.com");
    await message.getByRole("button", { name: "Mark as read" }).click();
    await expect(message.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
    await expect(message).toContainText("Read by");
    await admin.close();
  });

  test("ar: the success toast is in Arabic", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("الاسم", { exact: false }).fill("فاطمة الكعبي");
    await form.getByLabel("البريد الإلكتروني", { exact: false }).fill("fatima@example.com");
    await form.getByLabel("الموضوع", { exact: false }).fill("ورش العمل");
    await form.getByLabel("الرسالة", { exact: false }).fill("نود الاستفسار عن مواعيد ورش تدريب المعلمين.");
    await form.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(
      toasts(page).filter({ hasText: "تم إرسال الرسالة بنجاح!" }).filter({ hasText: "شكرًا لتواصلك معنا. سنرد عليك في أقرب وقت ممكن." }),
    ).toBeVisible();
    await expect(form.getByLabel("الاسم", { exact: false })).toHaveValue("");
  });

  test("the inbox is refused to other roles", async ({ page }) => {
    await useLanguage(page, "en");
    await signIn(page, "teacher", { goto: "/dashboard/messages" });
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    const res = await page.request.get("/api/contact-messages");
    expect(res.status()).toBe(403);
  });
});
