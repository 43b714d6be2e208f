// After `vite build --manifest`: renders the public pages to HTML so they paint before any JavaScript runs.
// 1. builds src/web/entry-prerender.tsx for Node (vite build --ssr) into dist/prerender;
// 2. renders each page of PRERENDER_PAGES in Arabic, signed out, and writes dist/web/<path>/index.html
//    (dist/web/index.html for "/") from dist/web/public.html (the public pages' entry, public-main.tsx), with
//    the markup inside <div id="root">, the page's title and description, and a modulepreload for the page's
//    own chunk. The root carries data-prerendered="<path>": which page public-main.tsx takes over;
// 3. keeps the app's unrendered shell (index.html, main.tsx) as dist/web/spa.html: the answer for every other
//    path (a dashboard URL must not receive the home page, which dist/web/index.html now holds);
// 4. removes public.html and the build manifest, which only this script needs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const root = process.cwd();
const webDir = path.join(root, "dist/web");
const ssrDir = path.join(root, "dist/prerender");
const manifestPath = path.join(webDir, ".vite/manifest.json");

if (!fs.existsSync(manifestPath)) {
  console.error("prerender: dist/web/.vite/manifest.json is missing; run `vite build --manifest` first.");
  process.exit(1);
}

const started = Date.now();
await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: path.join(root, "src/web/entry-prerender.tsx"),
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
    rollupOptions: { input: path.join(root, "src/web/entry-prerender.tsx"), output: { entryFileNames: "entry-prerender.mjs" } },
  },
});

const { render, PRERENDER_PAGES } = await import(pathToFileURL(path.join(ssrDir, "entry-prerender.mjs")).href);
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
const publicTemplate = path.join(webDir, "public.html");
if (!fs.existsSync(publicTemplate)) {
  console.error("prerender: dist/web/public.html is missing (already prerendered?); run `vite build --manifest` first.");
  process.exit(1);
}
const template = fs.readFileSync(publicTemplate, "utf8");

/** The JS files a manifest entry needs, itself first, without the entry chunk index.html already loads. */
function chunkFiles(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  if (entry.isEntry) return [];
  return [entry.file, ...(entry.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
}

fs.copyFileSync(path.join(webDir, "index.html"), path.join(webDir, "spa.html"));
const preloadedByTemplate = new Set([...template.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]));

const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

for (const page of PRERENDER_PAGES) {
  const { html, title, description } = await render(page.path);
  if (!manifest[page.module]) throw new Error(`prerender: ${page.module} is not in the build manifest`);
  const preloads = [...new Set(chunkFiles(page.module))]
    .filter((file) => !preloadedByTemplate.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("\n    ");
  const out = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(description)}$2`)
    .replace("</head>", `  ${preloads}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(page.path)}">${html}</div>`);
  const file = page.path === "/" ? path.join(webDir, "index.html") : path.join(webDir, page.path, "index.html");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, out);
  console.log(`prerender: ${page.path.padEnd(30)} ${(Buffer.byteLength(out) / 1024).toFixed(1)} kB`);
}

fs.rmSync(publicTemplate);
fs.rmSync(path.join(webDir, ".vite"), { recursive: true, force: true });
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerender: ${PRERENDER_PAGES.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
