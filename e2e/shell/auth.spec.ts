// The three login screens, their validation and errors, the session in the header, and signing out.
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { expectToast, submitLogin } from "./helpers";

test.describe("login screens (English)", () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, "en");
  });

  test("student login: validation, then success toast and the student dashboard", async ({ page }) => {
    await page.goto("/login/student");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Login");
    await expect(page.getByText("There is no option to create a new account. Accounts are managed by the system administrator.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/request-password-reset");
    await expectNoAxeViolations(page, "student login");

    // Client validation speaks with the spec's titles and messages.
    await page.locator("form button[type=submit]").click();
    await expectToast(page, "Login Error", "Please enter a valid email address.");
    await expect(page.locator("#email")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "student login with errors");

    await page.locator("#email").fill("student-without-at-sign");
    await page.locator("#password").fill("x");
    await page.locator("form button[type=submit]").click();
    await expectToast(page, "Login Error", "Please enter a valid email address.");

    await page.locator("#email").fill(E2E_ACCOUNTS.student.email);
    await page.locator("#password").fill("");
    await page.locator("form button[type=submit]").click();
    await expectToast(page, "Password Required", "Please enter your password.");

    // The show/hide toggle.
    const toggle = page.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await page.locator("#password").fill(E2E_ACCOUNTS.student.password);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("#password")).toHaveAttribute("type", "text");
    await toggle.click();
    await expect(page.locator("#password")).toHaveAttribute("type", "password");

    await page.locator("form button[type=submit]").click();
    await expectToast(page, "Login Successful", `Welcome, ${E2E_ACCOUNTS.student.name}!`);
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByTestId("dashboard-title")).toHaveText("Student Dashboard");
  });

  test("school login accepts a teacher; admin login a super_admin", async ({ page }) => {
    await page.goto("/login/school");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("School/Teacher Login");
    await expectNoAxeViolations(page, "school login");
    await submitLogin(page, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password);
    await expectToast(page, "Login Successful", `Welcome, ${E2E_ACCOUNTS.teacher.name}!`);
    await expect(page.getByTestId("dashboard-title")).toHaveText("Teacher Dashboard");

    await page.context().clearCookies();
    await page.goto("/login/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("System Admin Login");
    await expectNoAxeViolations(page, "admin login");
    await submitLogin(page, E2E_ACCOUNTS.super_admin.email, E2E_ACCOUNTS.super_admin.password);
    await expect(page.getByTestId("dashboard-title")).toHaveText("System Admin Dashboard");
  });

  test("a role that does not match the login type is refused and stays signed out", async ({ page }) => {
    await page.goto("/login/admin");
    await submitLogin(page, E2E_ACCOUNTS.school_admin.email, E2E_ACCOUNTS.school_admin.password);
    await expectToast(page, "Login Failed", "User role does not match this login type.");
    await expect(page).toHaveURL(/\/login\/admin$/);
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);

    await page.goto("/login/student");
    await submitLogin(page, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password);
    await expectToast(page, "Login Failed", "User role does not match this login type.");
    await expect(page).toHaveURL(/\/login\/student$/);
  });

  test("wrong password shows the server's message", async ({ page }) => {
    await page.goto("/login/school");
    await submitLogin(page, E2E_ACCOUNTS.school_admin.email, "not-the-password");
    await expectToast(page, "Login Failed", "Invalid email or password.");
  });

  test("a signed-in user opening a login page or / goes to the dashboard", async ({ page }) => {
    await signIn(page, "teacher");
    for (const path of ["/login/student", "/login/school", "/login/admin", "/"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/overview$/);
    }
  });
});

test.describe("login screens (Arabic)", () => {
  test("Arabic texts, and the welcome addressed to the user", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.goto("/login/student");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("دخول الطلبة");
    await expectNoAxeViolations(page, "student login (ar)");
    await page.locator("form button[type=submit]").click();
    await expectToast(page, "خطأ في تسجيل الدخول", "يرجى إدخال بريد إلكتروني صحيح.");
    await submitLogin(page, E2E_ACCOUNTS.student.email, E2E_ACCOUNTS.student.password);
    await expectToast(page, "تم تسجيل الدخول بنجاح", `أهلًا وسهلًا، ${E2E_ACCOUNTS.student.name}!`);
    await expect(page.getByTestId("dashboard-title")).toHaveText("لوحة الطالب");
  });

  test("school and admin login screens", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.goto("/login/school");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("دخول المدارس والمعلمين");
    await expectNoAxeViolations(page, "school login (ar)");
    await page.goto("/login/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("دخول مدير النظام");
    await expectNoAxeViolations(page, "admin login (ar)");
  });
});

test.describe("signing out", () => {
  test("the account menu shows the person's name (the username beneath it) and signs out to /", async ({ page }) => {
    await useLanguage(page, "en");
    await signIn(page, "school_admin");
    await expect(page.getByTestId("dashboard-title")).toHaveText("School Admin Dashboard");
    const menu = page.getByTestId("account-menu");
    // The person's name, not the sign-in name (issue 33).
    await expect(menu).toContainText(E2E_ACCOUNTS.school_admin.name);
    await expect(menu).not.toContainText(E2E_ACCOUNTS.school_admin.email.split("@")[0]!);
    await menu.click();
    await expect(page.getByTestId("account-menu-username")).toHaveText(E2E_ACCOUNTS.school_admin.email.split("@")[0]!);
    await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
    await expectNoAxeViolations(page, "account menu open");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("login-menu")).toBeVisible();
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);

    // The session is gone: the dashboard sends us to the admin login.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\/admin$/);
  });

  test("the dashboard's side menu logs out too", async ({ page }) => {
    await useLanguage(page, "ar");
    await signIn(page, "student");
    await page.getByRole("navigation", { name: "قائمة لوحة التحكم" }).getByRole("button", { name: "تسجيل الخروج" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("login-menu")).toBeVisible();
  });
});
