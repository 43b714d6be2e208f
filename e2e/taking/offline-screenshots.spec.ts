// Not a test: pictures of the take page's offline states for a person to look at (OFFLINE_SCREENSHOTS=1 to run):
// the status with answers waiting, and the time-up-offline dialog, in ar/en × light/dark × 390/1280 px, written to
// screenshots/offline/ (gitignored).
import path from "node:path";
import type { APIRequest } from "@playwright/test";
import { expect, pageInLook, test } from "../fixtures";
import { studentAndExam } from "./three-question-exam";

const OUT = path.resolve("screenshots/offline");

test.skip(!process.env.OFFLINE_SCREENSHOTS, "set OFFLINE_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

const setup = (playwright: { request: APIRequest }, baseURL: string) => studentAndExam(playwright, baseURL, "offline", { ar: "اختبار بلا اتصال", en: "Offline test" });

const LOOKS = (["ar", "en"] as const).flatMap((lang) => [false, true].flatMap((dark) => [390, 1280].map((width) => ({ lang, dark, width }))));

test("offline screenshots", async ({ browser, playwright, baseURL }) => {
  const { student, exam } = await setup(playwright, baseURL!);
  for (const look of LOOKS) {
    const page = await pageInLook(browser, look, baseURL);
    await page.clock.install();
    expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    await expect(page.getByTestId("question")).toHaveCount(3);
    await page.context().setOffline(true);
    await page.getByTestId("question").nth(1).getByRole("textbox").fill(`كتب ${look.width}`);
    await page.getByTestId("question").nth(2).getByRole("textbox").fill("صديقي وفيّ");
    await page.getByTestId("question").nth(2).getByRole("textbox").blur();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline");
    const name = `${look.lang}-${look.dark ? "dark" : "light"}-${look.width}`;
    await page.screenshot({ path: path.join(OUT, `status-${name}.png`) });
    await page.clock.fastForward("31:00");
    await expect(page.getByTestId("submit-description")).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, `time-up-${name}.png`) });
    await page.context().close();
  }
});
