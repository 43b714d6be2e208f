// Every public route, in both languages, at phone and desktop widths: the key content is there, the page reads
// in the right direction, and axe finds no serious or critical violation.
import { expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { PUBLIC_ROUTES, stubMap, text } from "./helpers";

const SUBJECTS = { ar: ["اللغة العربية", "التربية الإسلامية", "الدراسات الاجتماعية"], en: ["Arabic Language", "Islamic Education", "Social Studies"] };
const MONTHS = { ar: ["سبتمبر 2025", "فبراير 2026", "مايو 2026"], en: ["September 2025", "February 2026", "May 2026"] };

for (const lang of ["ar", "en"] as const) {
  for (const width of [390, 1280]) {
    test.describe(`${lang} at ${width}px`, () => {
      test.use({ viewport: { width, height: 900 } });
      test.beforeEach(async ({ page }) => {
        await useLanguage(page, lang);
        await stubMap(page);
      });

      for (const route of PUBLIC_ROUTES) {
        test(`${route.name}`, async ({ page }) => {
          await page.goto(route.path);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
          await expect(page.locator("h1")).toHaveCount(1);
          await checks[route.name](page, lang);
          // Nothing wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, "horizontal overflow").toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page, `${route.name} ${lang} ${width}`);
        });
      }
    });
  }
}

type TPage = import("@playwright/test").Page;
const checks: Record<(typeof PUBLIC_ROUTES)[number]["name"], (page: TPage, lang: "ar" | "en") => Promise<void>> = {
  home: async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "home.hero.title"));
    const hero = page.locator("section").first();
    await expect(hero.getByRole("link", { name: text(lang, "home.hero.ctaFeatures") })).toHaveAttribute("href", "/features");
    await expect(hero.getByRole("link", { name: text(lang, "home.hero.ctaContact") })).toHaveAttribute("href", "/contact");
    for (const id of ["assessment", "analytics", "plans"]) {
      await expect(page.getByRole("heading", { name: text(lang, `home.keyFeatures.${id}.title`) })).toBeVisible();
    }
    // Quick access: the configurable links with inQuickAccess; the one with sub-links opens a dropdown.
    const cards = page.locator('[data-testid^="quick-access-"]');
    await expect(cards).toHaveCount(5);
    await expect(page.getByTestId("quick-access-features").getByRole("link", { name: new RegExp(text(lang, "common.viewMore")) })).toHaveAttribute("href", "/features");
    const docs = page.getByTestId("quick-access-qias-documents");
    await expect(docs.getByRole("link")).toHaveCount(0);
    const toggle = docs.getByRole("button");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(docs.getByRole("link", { name: lang === "ar" ? /التقويم/ : /Calendar/ })).toHaveAttribute("href", "/qias-documents/calendar");
    await expect(docs.getByRole("link", { name: lang === "ar" ? /جدول الاختبارات/ : /Test Schedule/ })).toHaveAttribute("href", "/qias-documents/test-schedule");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    // Partners: five publishers / testing bodies.
    await expect(page.getByRole("heading", { name: text(lang, "home.partners.title") })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="home-partners"] li')).toHaveCount(5);
  },
  about: async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "about.title"));
    for (const s of SUBJECTS[lang]) await expect(page.getByRole("heading", { name: s })).toBeVisible();
    await expect(page.getByRole("heading", { name: text(lang, "about.mission.title") })).toBeVisible();
  },
  features: async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "features.title"));
    await expect(page.locator('[data-testid^="feature-"]')).toHaveCount(7);
    await expect(page.getByRole("heading", { name: text(lang, "features.separateLogins.title") })).toBeVisible();
    await expect(page.getByRole("heading", { name: text(lang, "features.studentPlans.title") })).toBeVisible();
  },
  services: async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "services.title"));
    await expect(page.locator('[data-testid^="service-"]')).toHaveCount(4);
    for (const id of ["testing", "reporting", "plans", "training"]) {
      await expect(page.getByRole("heading", { name: text(lang, `services.${id}.title`) })).toBeVisible();
    }
  },
  contact: async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "contact.title"));
    // The configured phone and email (GET /api/public/config).
    const config = (await (await page.request.get("/api/public/config")).json()) as { contactPhone: string; contactEmail: string };
    await expect(page.getByTestId("contact-phone")).toHaveText(config.contactPhone);
    await expect(page.getByTestId("contact-email")).toHaveText(config.contactEmail);
    await expect(page.getByText(text(lang, "contact.details.hoursValue"))).toBeVisible();
    await expect(page.getByText(text(lang, "contact.details.locationValue")).first()).toBeVisible();
    const map = page.locator("iframe");
    await expect(map).toHaveAttribute("title", text(lang, "contact.map.title"));
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\//);
    const form = page.getByTestId("contact-form");
    for (const field of ["name", "email", "subject", "message"]) {
      await expect(form.getByLabel(text(lang, `contact.form.${field}`), { exact: false })).toHaveAttribute("required", "");
    }
    await expect(form.getByLabel(text(lang, "contact.form.email"), { exact: false })).toHaveAttribute("type", "email");
  },
  calendar: async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "calendar.title"));
    for (const [i, id] of ["september", "february", "may"].entries()) {
      const month = page.getByTestId(`calendar-${id}`);
      await expect(month.getByRole("heading", { level: 2 })).toHaveText(MONTHS[lang][i]!);
      await expect(month.locator("table")).toBeVisible();
      await expect(month.locator('[data-kind="testing"]')).toHaveCount(5);
      expect(await month.locator('[data-kind="registration"]').count()).toBeGreaterThanOrEqual(5);
    }
  },
  "test-schedule": async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "schedule.title"));
    for (const id of ["september", "february", "may"]) {
      const cycle = page.getByTestId(`cycle-${id}`);
      await expect(cycle.getByRole("heading", { level: 2 })).toHaveText(text(lang, `schedule.cycles.${id}.title`));
      await expect(cycle.getByText(text(lang, "schedule.registration"))).toBeVisible();
      await expect(cycle.getByText(text(lang, "schedule.testing"))).toBeVisible();
      for (const s of SUBJECTS[lang]) await expect(cycle.getByText(s, { exact: true })).toBeVisible();
      await expect(cycle.locator("ul.list-disc li")).toHaveCount(3);
    }
  },
  "digital-content": async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "digital.title"));
    const items = page.locator('[data-testid^="digital-"]');
    await expect(items).toHaveCount(4);
    for (const item of await items.all()) {
      await expect(item.getByText(text(lang, "common.comingSoon"))).toBeVisible();
      await expect(item.getByRole("button", { name: new RegExp(text(lang, "common.download")) })).toBeDisabled();
    }
  },
  "external-tests": async (page, lang) => {
    await expect(page.locator("h1")).toHaveText(text(lang, "external.title"));
    const expected = {
      sat: "https://satsuite.collegeboard.org/sat",
      ielts: "https://ielts.org",
      toefl: "https://www.ets.org/toefl.html",
      gmat: "https://www.mba.com/exams/gmat-exam",
    };
    for (const [id, href] of Object.entries(expected)) {
      const card = page.getByTestId(`external-${id}`);
      await expect(card.getByRole("heading")).toHaveText(id.toUpperCase());
      const link = card.getByRole("link");
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  },
};
