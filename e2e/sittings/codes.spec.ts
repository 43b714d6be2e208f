// Printed sitting codes (issue 38) in the browser: the school's admin opens a sitting's tickets (Arabic and
// English tickets, axe), and a student types their code on /sitting — in lower case, with a space — and lands in
// that sitting's lobby.
import { randomUUID } from "node:crypto";
import { apiAsAccount, createStudent, json, TF } from "../api";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: tickets print, and a code signs the student in to the lobby`, async ({ page, browser, playwright }) => {
    const admin = await apiAsAccount(playwright, "super_admin");
    const tag = randomUUID().slice(0, 8);
    const student = await createStudent(admin, "school_dubai", `ticket-${lang}`);
    const exam = await json<{ id: string }>(
      await admin.post("/api/exams", {
        data: { titleAr: `اختبار البطاقات ${tag}`, titleEn: `Ticket test ${tag}`, subjectId: "arabic", durationMinutes: 20, status: "published", questions: [{ type: "true_false", questionTextAr: "سؤال", questionTextEn: "Question", points: 1, options: TF(true) }] },
      }),
      201,
    );
    const sitting = await json<{ id: string }>(
      await admin.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: null, startsAt: inMinutes(10), entryClosesAt: inMinutes(30), endsAt: inMinutes(60) } }),
      201,
    );
    await admin.dispose();

    await useLanguage(page, lang);
    await signIn(page, "school_admin", { goto: `/sittings/${sitting.id}/tickets` });
    const ticket = page.getByTestId("ticket").filter({ hasText: student.name });
    await expect(ticket).toBeVisible();
    const code = (await ticket.getByTestId("ticket-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z3-9]{4}-[A-Z3-9]{4}$/);
    await expect(ticket).toHaveAttribute("lang", lang);
    await expectNoAxeViolations(page, "tickets");
    // The tickets' language is the page's to start with, and can be the other one.
    const other = lang === "ar" ? "en" : "ar";
    await page.getByTestId(`tickets-lang-${other}`).click();
    await expect(ticket).toHaveAttribute("lang", other);
    await expect(ticket).toContainText(other === "ar" ? "رمز الدخول" : "Your sign-in code");

    // The student, on a device of their own.
    const context = await browser.newContext();
    const phone = await context.newPage();
    await useLanguage(phone, lang);
    await phone.goto("/sitting");
    await expectNoAxeViolations(phone, "/sitting");
    await phone.locator("#sitting-code").fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(5)}`);
    await phone.getByTestId("sitting-code-submit").click();
    await expect(phone).toHaveURL(new RegExp(`/student/exam/${exam.id}/take`));
    expect((await (await phone.request.get("/api/auth/me")).json()).user.id).toBe(student.id);
    await context.close();
  });
}
