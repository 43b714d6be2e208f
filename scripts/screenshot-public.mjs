// Screenshots of every public page in Arabic and English, light and dark, phone (390 px) and desktop (1280 px),
// into ./screenshots/public/ (gitignored), for looking at the pages before calling them done. Also reports any
// console error or hydration warning a page logs.
//   BASE_URL=http://127.0.0.1:3000 node scripts/screenshot-public.mjs [filter]
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const OUT = path.resolve("screenshots/public");
const PAGES = [
  ["home", "/"],
  ["about", "/about"],
  ["features", "/features"],
  ["services", "/services"],
  ["contact", "/contact"],
  ["calendar", "/qias-documents/calendar"],
  ["test-schedule", "/qias-documents/test-schedule"],
  ["digital-content", "/digital-content"],
  ["external-tests", "/external-tests"],
];
const filter = process.argv[2];

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
const problems = [];
for (const lang of ["ar", "en"]) {
  for (const dark of [false, true]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
      await context.addInitScript(([l, d]) => {
        try {
          localStorage.setItem("language", l);
          localStorage.setItem("darkMode", String(d));
        } catch {
          // third-party frames (the map) have no storage for us
        }
      }, [lang, dark]);
      // The map is a third-party frame; keep screenshots offline and deterministic.
      await context.route(/openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<body style='background:#dde'></body>" }));
      const page = await context.newPage();
      page.on("console", (msg) => {
        if ((msg.type() === "error" && !/status of 401/.test(msg.text())) || /hydrat/i.test(msg.text())) problems.push(`${lang}/${dark ? "dark" : "light"}/${width} ${page.url()}: ${msg.text().slice(0, 300)}`);
      });
      page.on("pageerror", (err) => problems.push(`${lang} ${page.url()}: ${err.message}`));
      for (const [name, url] of PAGES) {
        if (filter && !name.includes(filter)) continue;
        await page.goto(BASE_URL + url, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(OUT, `${name}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
      }
      if (!filter || "menus".includes(filter)) {
        // The header's menus open: the login disclosure on a desktop, the collapsible menu on a phone.
        await page.goto(BASE_URL + "/", { waitUntil: "networkidle" });
        await page.getByTestId(width < 768 ? "mobile-menu-button" : "login-menu").click();
        await page.screenshot({ path: path.join(OUT, `menu-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${OUT}`);
if (problems.length) {
  console.log(`\nconsole problems (${problems.length}):`);
  for (const p of [...new Set(problems)]) console.log(" -", p);
}
