import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: "src/web",
  publicDir: r("./public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@shared": r("./src/shared"), "@web": r("./src/web"), "@server": r("./src/server") },
  },
  build: {
    outDir: r("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    // Two entries: the app (index.html → main.tsx) and the prerendered public pages (public.html →
    // public-main.tsx), which share their common chunks (docs/decisions/0008).
    rollupOptions: { input: { main: r("./src/web/index.html"), public: r("./src/web/public.html") } },
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
  },
});
