// The process: read config, open the database, make sure the first admin exists, serve, shut down cleanly.
import { ConfigError, parseConfig } from "./config";
import { DatabaseLockedError, openDatabase } from "./db/client";
import { buildApp } from "./app";
import { prepareDatabase } from "./bootstrap";
import { deleteExpiredSessions } from "./auth/auth.service";
import { deleteStaleCounters } from "./throttle";
import { deleteOldJobs } from "./jobs/jobs";
import { sweepExpiredAttempts } from "./modules/attempts/attempts.service";
import { ATTEMPT_SWEEP_SECONDS } from "../shared/limits";
import { warmUp } from "./warm-up";

async function main() {
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { adminCreated } = await prepareDatabase(database.db, config.admin);
  const app = await buildApp({ config, database });
  if (adminCreated) {
    app.log.warn(
      `Created the first super_admin ${config.admin.email}` +
        (process.env.ADMIN_PASSWORD ? "." : ` with the default password "${config.admin.password}". Sign in at /login/admin and change it now.`),
    );
  }

  const housekeeping = async () => {
    await deleteExpiredSessions(database.db);
    await deleteStaleCounters(database.db);
    await deleteOldJobs(database.db);
  };
  const sweep = setInterval(() => void housekeeping().catch((err) => app.log.error({ err }, "hourly housekeeping failed")), 60 * 60_000);
  sweep.unref();
  // Attempts whose time is over are closed by the server, whether or not the student comes back.
  const attemptSweep = setInterval(
    () =>
      void sweepExpiredAttempts(database.db, { onError: (err, attemptId) => app.log.error({ err, attemptId }, "closing an attempt failed") }).catch((err) =>
        app.log.error({ err }, "attempt sweep failed"),
      ),
    ATTEMPT_SWEEP_SECONDS * 1000,
  );
  attemptSweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    clearInterval(sweep);
    clearInterval(attemptSweep);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const warmStarted = Date.now();
  await warmUp(app);
  app.log.info(`warmed up in ${Date.now() - warmStarted} ms`);
  await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  console.log(`Qias is running on ${config.publicUrl} (database: ${database.kind === "pglite" ? `embedded, ${config.dataDir}` : "PostgreSQL"})`);
}

main().catch((err) => {
  // Configuration and lock problems are the user's to fix: one readable line, no stack trace.
  if (err instanceof ConfigError) console.error(`Qias cannot start: configuration error — ${err.message}`);
  else if (err instanceof DatabaseLockedError) console.error(`Qias cannot start: ${err.message}`);
  else if ((err as NodeJS.ErrnoException)?.code === "EADDRINUSE") console.error(`Qias cannot start: port ${(err as { port?: number }).port ?? ""} is already in use. Set PORT to another port.`);
  else if ((err as NodeJS.ErrnoException)?.code === "ECONNREFUSED") console.error(`Qias cannot start: the database at DATABASE_URL refused the connection.`);
  else console.error("Qias cannot start:", err);
  process.exit(1);
});
