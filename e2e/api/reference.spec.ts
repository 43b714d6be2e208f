// The API reference page (issue 19): Swagger UI renders the document under the app's own Content-Security-Policy,
// with nothing fetched from another origin.
import { expect, test } from "../fixtures";

test("the API reference renders every area's operations, under the app's CSP, from this server only", async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:")) elsewhere.push(r.url());
  });

  await page.goto("/api/docs");
  await expect(page).toHaveTitle("Qias API");
  await expect(page.locator(".information-container .title")).toContainText("Qias API");
  // Grouped by area; opening one shows its operations with the routes' own schemas.
  await expect(page.locator(".opblock-tag-section").first()).toBeVisible();
  expect(await page.locator(".opblock-tag-section").count()).toBeGreaterThan(10);
  const login = page.locator("#operations-auth-post_api_auth_login");
  await expect(login).toBeVisible();
  await login.locator(".opblock-summary").click();
  await expect(login.getByText("loginType").first()).toBeVisible();

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
