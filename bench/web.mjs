// npm run bench:web — what the landing page downloads: builds the web app (unless --no-build and dist/web
// exists), then follows the <script src>, <link rel="modulepreload"> and <link rel="stylesheet"> tags of
// dist/web/index.html (the prerendered "/"), plus the static imports of those scripts, and prints the gzip size
// of the JavaScript and CSS. Target: at most 120 KB of gzip JavaScript.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TARGET_JS_KB = 120;
const webDir = path.resolve("dist/web");
const indexFile = path.join(webDir, "index.html");

if (!process.argv.includes("--no-build") || !fs.existsSync(indexFile)) {
  const r = spawnSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const html = fs.readFileSync(indexFile, "utf8");
const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];

const js = new Set();
const css = new Set();
for (const tag of tags) {
  if (tag.startsWith("<script")) {
    const src = attr(tag, "src");
    if (src && attr(tag, "type") === "module") js.add(src);
  } else {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
}

// Static imports of the listed scripts load too (Vite usually preloads them, but be sure).
const queue = [...js];
while (queue.length) {
  const file = queue.shift();
  const source = fs.readFileSync(path.join(webDir, file), "utf8");
  for (const m of source.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)) {
    const dep = path.posix.join(path.posix.dirname(file), m[1]);
    if (!js.has(dep)) {
      js.add(dep);
      queue.push(dep);
    }
  }
}

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(webDir, file)), { level: 9 }).length;
const raw = (file) => fs.statSync(path.join(webDir, file)).size;
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
const rows = [...[...js].map((f) => ["js", f]), ...[...css].map((f) => ["css", f])].map(([kind, f]) => ({ kind, f, raw: raw(f), gz: gz(f) }));
rows.sort((a, b) => b.gz - a.gz);

console.log(`What / loads (dist/web/index.html)\n`);
console.log(`${"kind".padEnd(5)}${"raw KB".padStart(8)}${"gzip KB".padStart(9)}  file`);
for (const r of rows) console.log(`${r.kind.padEnd(5)}${kb(r.raw)} ${kb(r.gz)}  ${r.f}`);
const sum = (kind, key) => rows.filter((r) => r.kind === kind).reduce((a, r) => a + r[key], 0);
const jsGz = sum("js", "gz");
console.log(`\nJavaScript: ${kb(sum("js", "raw")).trim()} KB raw, ${kb(jsGz).trim()} KB gzip (target ≤ ${TARGET_JS_KB} KB)`);
console.log(`CSS:        ${kb(sum("css", "raw")).trim()} KB raw, ${kb(sum("css", "gz")).trim()} KB gzip`);
console.log(jsGz / 1024 <= TARGET_JS_KB ? "✓ within the JavaScript budget" : "✗ over the JavaScript budget");
process.exitCode = jsGz / 1024 <= TARGET_JS_KB ? 0 : 1;
