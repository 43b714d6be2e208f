// npm run demo: fills the database (embedded or DATABASE_URL) with the demo of README.md.
import { ConfigError, parseConfig } from "./config";
import { DatabaseLockedError, openDatabase } from "./db/client";
import { prepareDatabase } from "./bootstrap";
import { DEMO_PASSWORD, seedDemo, seedDemoAttempts } from "./demo-data";

async function main() {
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database.db, config.admin);
    const accounts = await seedDemo(database.db);
    if (!accounts) {
      console.log("The demo is already loaded; nothing changed.");
      return;
    }
    const attempts = await seedDemoAttempts(database.db);
    const count = (role: string) => accounts.filter((a) => a.role === role).length;
    console.log(
      `Demo loaded: 2 schools, ${count("school_admin")} school admins, ${count("teacher")} teachers, ${count("student")} students, their exams, and ${attempts} submitted attempts (students 05–20 of each school).`,
    );
    console.log(`Every demo account's password is ${DEMO_PASSWORD}. Some accounts:`);
    for (const email of ["principal.dubai@demo.qias.ae", "teacher1.dubai@demo.qias.ae", "student01.dubai@demo.qias.ae"]) console.log(`  ${email}`);
    console.log(`System admin: ${config.admin.email} (ADMIN_PASSWORD).`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) console.error(`Demo not loaded: ${err.message}`);
  else console.error("Demo not loaded:", err);
  process.exit(1);
});
