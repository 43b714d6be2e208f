// The server the browser tests talk to: a fresh embedded database with the demo and the test accounts.
import fs from "node:fs";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT } from "./env";
import { E2E_ACCOUNTS } from "./accounts";
import { openDatabase } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { seedDemo, seedDemoAttempts } from "../src/server/demo-data";
import { seedCalibrationCohort } from "../src/server/demo-calibration";
import { createStorage } from "../src/server/storage/storage";
import path from "node:path";
import { createAccount } from "../src/server/auth/accounts";

fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
const database = await openDatabase({ dataDir: E2E_DATA_DIR });
await prepareDatabase(database.db, E2E_ADMIN);
// With storage, so the demo's pictures (the map of the geography exams) are real pictures in the browser tests.
await seedDemo(database.db, createStorage({ filesDir: path.join(E2E_DATA_DIR, "files"), s3: null }));
for (const a of Object.values(E2E_ACCOUNTS)) {
  if (a.role === "super_admin") continue;
  await createAccount(database.db, { email: a.email, password: a.password, role: a.role, name: a.name, schoolId: a.schoolId });
}
// Screenshots of the figures (e2e/analytics/screenshots.spec.ts) want the demo's attempts too; the tests build their own.
if (process.env.E2E_DEMO_ATTEMPTS) await seedDemoAttempts(database.db, createStorage({ filesDir: path.join(E2E_DATA_DIR, "files"), s3: null }));
// And a cohort of 150 on one exam, enough to calibrate (e2e/psychometrics/calibration.spec.ts).
if (process.env.E2E_DEMO_ATTEMPTS) await seedCalibrationCohort(database.db);
// The pictures of parallel forms (e2e/results/forms-screenshots.spec.ts) want one demo exam with forms.
if (process.env.E2E_FORMS) await (await import("./forms-seed")).seedFormsForPictures(database.db);
// Standard setting's browser test (e2e/scale/standard-setting.spec.ts) wants a scale with levels and a calibrated run.
await (await import("./standard-setting-seed")).seedStandardSetting(database.db);
// Scale scores on results (e2e/scale/scale-scores.spec.ts) want a graded attempt on a scale with levels.
await (await import("./scale-scores-seed")).seedScaleScores(database.db);
// The dashboard on the scale (e2e/analytics/dashboard-scale.spec.ts) wants a scale with approved levels and abilities.
await (await import("./dashboard-scale-seed")).seedDashboardScale(database.db);
// The live view's offline states (e2e/sittings/live-offline.spec.ts) want a sitting with a silent device and held answers.
{
  const offline = await import("./offline-seed");
  await offline.seedOfflineSitting(database.db);
  await offline.seedOfflineSitting(database.db, offline.HELD_SITTING_ID, offline.HELD_STUDENTS, 9);
}
await database.close();

Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  DATA_DIR: E2E_DATA_DIR,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
});
await import("../src/server/index");
