// npm run bench:web — what the landing page makes a visitor download, measured the way a visitor gets it: the
// built web app (built first unless --no-build and dist/web exists) is served as the server serves it, "/" is
// opened in headless Chromium once as a visitor who chose Arabic and once as one who chose English, and every
// script and stylesheet the page requests until the network is idle is counted (gzip level 9 of the body, so
// the figure is a size and cannot flake). Budget, for every visitor: at most 120 KB of gzip JavaScript in at
// most 20 files (issue 13, decision 0009).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { findChromium, findPlaywrightChromium, HOW_TO_GET_CHROMIUM } from "../scripts/chromium.mjs";

const BUDGET_JS_KB = 120;
const BUDGET_JS_FILES = 20;
const webDir = path.resolve("dist/web");
const indexFile = path.join(webDir, "index.html");

if (!process.argv.includes("--no-build") || !fs.existsSync(indexFile)) {
  const r = spawnSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const executablePath = findChromium() ?? (await findPlaywrightChromium());
if (!executablePath) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

// The built files as the server sends them: "/" is the prerendered index.html, assets by path; the API the
// landing page asks for (the public config) answers as the server would when nothing is configured.
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".woff2": "font/woff2", ".svg": "image/svg+xml", ".json": "application/json" };
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname.startsWith("/api/")) {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({}));
    return;
  }
  const file = path.join(webDir, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
  if (!file.startsWith(webDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(fs.readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const { chromium } = await import("@playwright/test");
const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});

const kb = (n) => (n / 1024).toFixed(1);
const gzip = (body) => zlib.gzipSync(body, { level: 9 }).length;

async function visit(language) {
  const context = await browser.newContext();
  await context.addInitScript((lang) => localStorage.setItem("language", lang), language);
  const page = await context.newPage();
  const files = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    files.push({ kind: type === "script" ? "js" : "css", url: new URL(response.url()).pathname, raw: body.length, gz: gzip(body) });
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  // The page must really be in the visitor's language: a measure of a page that failed to start is no measure.
  await page.waitForFunction((lang) => document.documentElement.lang === lang && !document.getElementById("root")?.hasAttribute("data-prerendered"), language);
  await page.waitForLoadState("networkidle");
  await context.close();
  return files.sort((a, b) => b.gz - a.gz);
}

let failed = false;
const summary = [];
for (const language of ["ar", "en"]) {
  const files = await visit(language);
  const js = files.filter((f) => f.kind === "js");
  const css = files.filter((f) => f.kind === "css");
  const jsGz = js.reduce((s, f) => s + f.gz, 0);
  console.log(`\n/ for a visitor who chose ${language === "ar" ? "Arabic" : "English"}\n`);
  console.log(`${"kind".padEnd(5)}${"raw KB".padStart(8)}${"gzip KB".padStart(9)}  file`);
  for (const f of files) console.log(`${f.kind.padEnd(5)}${kb(f.raw).padStart(8)}${kb(f.gz).padStart(9)}  ${f.url}`);
  const ok = jsGz / 1024 <= BUDGET_JS_KB && js.length <= BUDGET_JS_FILES;
  failed ||= !ok;
  summary.push(
    `${ok ? "✓" : "✗"} ${language}: JavaScript ${kb(jsGz)} KB gzip in ${js.length} files (budget ≤ ${BUDGET_JS_KB} KB in ≤ ${BUDGET_JS_FILES}); CSS ${kb(css.reduce((s, f) => s + f.gz, 0))} KB gzip in ${css.length}`,
  );
}
await browser.close();
server.close();
console.log(`\n${summary.join("\n")}`);
process.exitCode = failed ? 1 : 0;
