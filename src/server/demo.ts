// npm run demo: fills the database (embedded or DATABASE_URL) with the demo of README.md, and says which one: the
// server shows the demo only when it is started with the same DATA_DIR or DATABASE_URL.
import { ConfigError, describeDatabase, parseConfig } from "./config";
import { DatabaseLockedError, openDatabase } from "./db/client";
import { prepareDatabase } from "./bootstrap";
import { DEMO_PASSWORD, seedDemo, seedDemoAttempts } from "./demo-data";
import { createStorage } from "./storage/storage";
import { seedCalibrationCohort, seedDemoScale } from "./demo-calibration";

async function main() {
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database.db, config.admin);
    const storage = createStorage({ filesDir: config.filesDir, s3: config.s3 });
    const accounts = await seedDemo(database.db, storage);
    if (!accounts) {
      console.log(`The demo is already loaded in ${describeDatabase(config)}; nothing changed.`);
      return;
    }
    const story = await seedDemoAttempts(database.db, storage);
    const cohort = await seedCalibrationCohort(database.db);
    const scale = await seedDemoScale(database.db);
    const count = (role: string) => accounts.filter((a) => a.role === role).length;
    console.log(
      `Demo loaded into ${describeDatabase(config)}: 2 schools, ${count("school_admin")} school admins, ${count("teacher")} teachers, ${count("student")} students and their exams.`,
    );
    if (story)
      console.log(
        `Students 05–20 of each school sat the published exams (${story.attempts} attempts); ${story.graded} are fully marked, the essays of students 17–20 wait in the grading queues; ${story.reports} reports and plans are ready (students 05–10); teachers shared ${story.files} worksheets tagged to skills.`,
      );
    if (cohort) console.log(`${cohort} more students sat Dubai's "Geography of the UAE", enough to calibrate it (item analysis → Calibration).`);
    if (scale) console.log(`Its calibration is the reference of a grade-8 reporting scale with four levels: results, reports and dashboards show scale scores (Scale and levels).`);
    console.log(`Every demo account's password is ${DEMO_PASSWORD}. Some accounts:`);
    for (const email of ["principal.dubai@demo.qias.ae", "teacher1.dubai@demo.qias.ae", "student01.dubai@demo.qias.ae"]) console.log(`  ${email}`);
    console.log(`System admin: ${config.admin.email} (ADMIN_PASSWORD).`);
    console.log(`Start the server with the same ${config.databaseUrl ? "DATABASE_URL" : "DATA_DIR"} to see it: npm start`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) console.error(`Demo not loaded: ${err.message}`);
  else console.error("Demo not loaded:", err);
  process.exit(1);
});
