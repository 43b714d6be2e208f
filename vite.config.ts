import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * What the landing page needs before its page and language load, in one file (decision 0009): our own modules
 * that the public pages' entry imports statically, and the icons they name. Rolldown would otherwise give each
 * module the app shares with the landing page a file of its own (35 files for "/"). Found once the module graph
 * is complete (buildEnd) and read when the chunks are made. Icons are matched by name through lucide-react's
 * index, since following the index itself would bring every icon the app uses.
 */
const landingModules = new Set<string>();
const OWN_CODE = /[\\/]src[\\/](web|shared)[\\/]/;
/**
 * class-variance-authority: a small library (0.4 KB gzip) that both entries load at start, which rolldown gave a
 * file of its own. In the landing chunk it costs neither entry a byte and saves "/" a file — the room the public
 * entry's own file needs (issue 33), as that code must stay out of the landing chunk (below). Vite's preload helper
 * (0.9 KB, loaded by both too) was tried as well: capturing it made rolldown split its runtime into a new file, a net
 * gain of nothing. Decision 0009.
 */
const LANDING_LIBRARIES = /[\\/]class-variance-authority[\\/]dist[\\/]index\.mjs$/;
const LUCIDE_INDEX = r("./node_modules/lucide-react/dist/esm/lucide-react.mjs");
function findLandingModules(): Plugin {
  return {
    name: "qias-landing-modules",
    apply: "build",
    buildEnd() {
      const iconFile = new Map<string, string>();
      for (const m of fs.readFileSync(LUCIDE_INDEX, "utf8").matchAll(/export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
        for (const name of m[1]!.matchAll(/default as (\w+)/g)) iconFile.set(name[1]!, path.join(path.dirname(LUCIDE_INDEX), "icons", `${m[2]}.mjs`));
      }
      landingModules.clear();
      // The entry's imports, not the entry: its own code (which takes over a prerendered page and throws on any
      // other) must stay in the public entry's file. In the shared chunk the app's entry ran it too, and every
      // signed-in page threw "not a prerendered public page" (issue 33).
      const entry = r("./src/web/public-main.tsx");
      const queue = [...(this.getModuleInfo(entry)?.importedIds ?? [])];
      while (queue.length) {
        const id = queue.pop()!;
        if (landingModules.has(id) || !OWN_CODE.test(id) || id.endsWith(".css")) continue;
        landingModules.add(id);
        const info = this.getModuleInfo(id);
        queue.push(...(info?.importedIds ?? []));
        for (const m of (info?.code ?? "").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
          for (const name of m[1]!.split(",").map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
            const file = iconFile.get(name);
            if (file) landingModules.add(file);
          }
        }
      }
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: r("./public"),
  plugins: [react(), tailwindcss(), findLandingModules()],
  resolve: {
    alias: { "@shared": r("./src/shared"), "@web": r("./src/web"), "@server": r("./src/server") },
  },
  build: {
    outDir: r("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    // Two entries: the app (index.html → main.tsx) and the prerendered public pages (public.html →
    // public-main.tsx), which share their common chunks (docs/decisions/0008).
    rolldownOptions: {
      input: { main: r("./src/web/index.html"), public: r("./src/web/public.html") },
      output: {
        codeSplitting: {
          // Only what the set names: the libraries stay in the chunks they are already shared in.
          includeDependenciesRecursively: false,
          groups: [{ name: "landing", test: (id: string) => landingModules.has(id) || LANDING_LIBRARIES.test(id), priority: 10 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
  test: {
    root: r("."),
    include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The migrated database every API test's harness copies, made once per run (docs/decisions/0062).
    globalSetup: ["src/server/test/global-setup.ts"],
  },
});
