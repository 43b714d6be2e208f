// npm start: build the web app when its sources are newer than the build, then run the server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const built = "dist/web/index.html";
const sources = ["src/web", "src/shared", "public", "vite.config.ts", "package-lock.json", "scripts/prerender.mjs"];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (!builtAt || Math.max(...sources.map(newest)) > builtAt) {
  console.log("Building the web app…");
  // The build's list of every file it wrote is for developers (npm run build shows it): here it would bury the
  // server's one line, so it is shown only when the build fails.
  const r = spawnSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    process.exit(r.status ?? 1);
  }
}
const r = spawnSync(process.execPath, ["--import", "tsx", "src/server/index.ts"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
process.exit(r.status ?? 1);
