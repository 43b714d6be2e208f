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
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
  test: {
    root: r("."),
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
