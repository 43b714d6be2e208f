// The process: read config, open the database, make sure the first admin exists, serve, shut down cleanly. With
// WORKERS > 1 (PostgreSQL only) this process migrates the database once and runs that many workers on one port
// (node:cluster); each worker serves, and what must happen once (the deadline sweep) takes a lock (issue 17).
import cluster from "node:cluster";
import type { Server } from "node:http";
import { ConfigError, describeDatabase, parseConfig, type TConfig } from "./config";
import { DatabaseLockedError, openDatabase, type TDb } from "./db/client";
import { buildApp } from "./app";
import { prepareDatabase } from "./bootstrap";
import { deleteExpiredSessions, isPasswordOf } from "./auth/auth.service";
import { deleteStaleCounters } from "./throttle";
import { sweepUnusedImages } from "./modules/media/media.service";
import { deleteOldJobs } from "./jobs/jobs";
import { sweepExpiredAttempts } from "./modules/attempts/attempts.service";
import { remarkLateAttempts } from "./modules/attempts/late-answers";
import { ATTEMPT_SWEEP_SECONDS } from "../shared/limits";
import { warmUp } from "./warm-up";
import { quietly } from "./http/log";
import { scryptEngine, shareCores } from "./auth/password";
import { listenForMetrics, serveWorkersMetrics } from "./metrics";
import { backedUpFilesDir, listenForBackups } from "./backup/backup";

/**
 * What whoever starts Qias is told about the first admin: while the default password still opens that account, a
 * warning at every start (a restart must not hide it); when the first admin was just made with a password of
 * the operator's own, that it was made. Otherwise nothing.
 */
async function adminLine(db: TDb, config: TConfig, adminCreated: boolean): Promise<string | null> {
  const { email, password, isDefaultPassword } = config.admin;
  const changeIt = `sign in at ${config.publicUrl}/login/admin and change it on the My account page (${config.publicUrl}/dashboard/account).`;
  if (isDefaultPassword && (await isPasswordOf(db, email, password))) {
    return adminCreated
      ? `Created the first super_admin ${email} with the default password "${password}": ${changeIt}`
      : `The first super_admin ${email} still has the default password "${password}": ${changeIt}`;
  }
  return adminCreated ? `Created the first super_admin ${email}.` : null;
}

/** The primary of a cluster: migrates once, starts the workers, replaces one that dies, stops them all on a signal. */
async function runPrimary(config: TConfig) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const { adminCreated } = await prepareDatabase(database.db, config.admin);
  const admin = await adminLine(database.db, config, adminCreated);
  await database.close();
  if (admin) console.warn(admin);
  let announced = false;
  let stopping = false;
  let ready = 0;
  const fork = () => {
    const worker = cluster.fork({ QIAS_WORKER: "1" });
    let listening = false;
    worker.on("message", (message: unknown) => {
      if ((message as { listening?: boolean })?.listening !== true) return;
      listening = true;
      if (!announced && ++ready >= config.workers) {
        announced = true;
        console.log(`Qias is running on ${config.publicUrl} with ${describeDatabase(config)} (${config.workers} workers); passwords by ${scryptEngine}.`);
      }
    });
    worker.on("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      // A worker that never started (a port in use, a bad database) would fail again: stop rather than loop.
      if (!listening) {
        console.error(`Qias cannot start: a worker stopped before serving (${signal ?? `exit ${code}`}).`);
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
        process.exitCode = 1;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
        return;
      }
      console.error(`A worker stopped (${signal ?? `exit ${code}`}); starting another.`);
      fork();
    });
  };
  // Metrics answer for all the workers: the primary adds up their figures, on its own port or for a worker asked.
  if (config.metrics) serveWorkersMetrics();
  await listenForMetrics(config);
  for (let i = 0; i < config.workers; i++) fork();
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function main() {
  const config = parseConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  // The workers' password threads together compute as many derivations at once as there are cores.
  shareCores(config.workers);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // In a cluster the primary has migrated the database and created the first admin already.
  const admin = cluster.isWorker ? null : await adminLine(database.db, config, (await prepareDatabase(database.db, config.admin)).adminCreated);
  const app = await buildApp({ config, database });

  const housekeeping = async () => {
    await deleteExpiredSessions(database.db);
    await deleteStaleCounters(database.db);
    await deleteOldJobs(database.db);
    await sweepUnusedImages(database.db, app.storage);
  };
  const sweep = setInterval(() => void housekeeping().catch((err) => app.log.error({ err }, "hourly housekeeping failed")), 60 * 60_000);
  sweep.unref();
  // Attempts whose time is over are closed by the server, whether or not the student comes back.
  const attemptSweep = setInterval(
    () =>
      void sweepExpiredAttempts(database.db, { onError: (err, attemptId) => app.log.error({ err, attemptId }, "closing an attempt failed") })
        // Then the attempts whose late answers have stopped are marked again (decision 0056).
        .then(() => remarkLateAttempts(database.db))
        .catch((err) => app.log.error({ err }, "attempt sweep failed")),
    ATTEMPT_SWEEP_SECONDS * 1000,
  );
  attemptSweep.unref();

  let metricsServer: Server | null = null;
  let backups: { close: () => Promise<void> } | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    clearInterval(sweep);
    clearInterval(attemptSweep);
    metricsServer?.close();
    await backups?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const warmStarted = Date.now();
  await warmUp(app);
  app.log.debug(`warmed up in ${Date.now() - warmStarted} ms`);
  // Fastify's own "Server listening at …" lines would repeat, in JSON, the line below.
  await quietly(app.log, () => app.listen({ port: config.port, host: config.host }));
  // A worker's figures are served by the primary.
  if (!cluster.isWorker) metricsServer = await listenForMetrics(config);
  // The embedded database is this process's alone: `npm run backup` asks it for the snapshot.
  if (database.pglite) backups = await listenForBackups(database.pglite, config.dataDir, backedUpFilesDir(config));
  app.jobs.start();
  if (cluster.isWorker) process.send?.({ listening: true });
  else {
    // Start-up says two things at most, as plain lines for people: the first admin's password, and where Qias runs
    // (with what: the database, and which scrypt computes the passwords, decision 0025).
    if (admin) console.warn(admin);
    console.log(`Qias is running on ${config.publicUrl} with ${describeDatabase(config)}; passwords by ${scryptEngine}.`);
  }
}

main().catch((err) => {
  // Configuration and lock problems are the user's to fix: one readable line, no stack trace.
  if (err instanceof ConfigError) console.error(`Qias cannot start: configuration error — ${err.message}`);
  else if (err instanceof DatabaseLockedError) console.error(`Qias cannot start: ${err.message}`);
  else if ((err as NodeJS.ErrnoException)?.code === "EADDRINUSE") console.error(`Qias cannot start: port ${(err as { port?: number }).port ?? ""} is already in use. Set PORT (or METRICS_PORT, if it is that one) to another port.`);
  else if ((err as NodeJS.ErrnoException)?.code === "ECONNREFUSED") console.error(`Qias cannot start: the database at DATABASE_URL refused the connection.`);
  else console.error("Qias cannot start:", err);
  process.exit(1);
});
