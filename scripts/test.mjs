// npm test: typecheck, lint, unit and API tests, build, the landing page's JavaScript budget (bench/web.mjs:
// sizes, not timings, so it cannot flake), browser tests. Stops at the first failing step.
import { spawnSync } from "node:child_process";
import { findChromium, findPlaywrightChromium, HOW_TO_GET_CHROMIUM } from "./chromium.mjs";

const chromium = findChromium() ?? (await findPlaywrightChromium());
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

const steps = [
  ["typecheck", "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]],
  ["lint", "npx", ["eslint", "."]],
  ["unit and API tests", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build", "--silent"]],
  ["JavaScript budget of /", "node", ["bench/web.mjs", "--no-build"]],
  ["browser tests", "npx", ["playwright", "test"]],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
