import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "data", "src/server/db/migrations", "test-results", "playwright-report", "screenshots"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The layers of ARCHITECTURE.md, kept by lint rather than by separate packages.
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**", "@server/*"], message: "web never imports server" }] }],
    },
  },
  {
    // An upload's form is read through formParts(), which needs the route to declare it (docs/decisions/0020).
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/http/multipart-form.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["parts", "file", "files", "saveRequestFiles"].map((property) => ({ object: "request", property, message: "read an upload with formParts(request) (http/multipart-form.ts)" })),
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    ignores: ["src/shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "**/web/**", "@server/*", "@web/*", "react", "fastify", "node:*"], message: "shared has no I/O, no React, no Fastify" }] },
      ],
    },
  },
);
