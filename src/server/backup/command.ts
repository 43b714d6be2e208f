// npm run backup [FILE] and npm run restore FILE (docs/decisions/0022): one line on success, one line on failure.
import path from "node:path";
import { ConfigError, parseConfig } from "../config";
import { DatabaseLockedError } from "../db/client";
import { backedUpFilesDir, BackupError, restoreBackup, RestoreError, writeBackup, type TBackupSummary } from "./backup";

const counted = (s: TBackupSummary) =>
  `${s.rows.toLocaleString("en")} rows in ${s.tables} tables, ${s.files} stored ${s.files === 1 ? "file" : "files"}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(file: string | undefined) {
  const config = parseConfig();
  if (config.databaseUrl) {
    // The embedded database's backup would copy nothing of PostgreSQL's: say which tools do, and fail.
    throw new BackupError(
      `DATABASE_URL is set: back PostgreSQL up with its own tools, e.g. pg_dump --format=custom --file=qias.dump "$DATABASE_URL" (or pg_basebackup for the whole server), and the uploaded files ${config.s3 ? `in the bucket ${config.s3.bucket} with its versioning, aws s3 sync or rclone` : `in ${config.filesDir} with tar or rsync`}; see README, "Backups".`,
    );
  }
  const to = path.resolve(file ?? `qias-backup-${new Date().toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-")}.tar.gz`);
  const s = await writeBackup({ dataDir: config.dataDir, filesDir: backedUpFilesDir(config), to });
  const bucket = config.s3 ? `; the uploaded files are in the bucket ${config.s3.bucket}, not in this file (README, "Backups")` : "";
  console.log(`Backup written: ${s.file} (${megabytes(s.bytes)}): ${counted(s)}; writers waited ${(s.pausedMs / 1000).toFixed(1)} s${bucket}.`);
}

async function restore(file: string | undefined) {
  if (!file) throw new RestoreError("name the backup to restore: npm run restore FILE");
  const config = parseConfig();
  if (config.databaseUrl) throw new RestoreError(`DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups"); this restores the embedded database.`);
  const s = await restoreBackup({ file: path.resolve(file), dataDir: config.dataDir });
  const { manifest } = s;
  console.log(
    `Restored ${s.file} (Qias ${manifest.qias}, ${manifest.createdAt}) into ${config.dataDir}: ${counted(s)}. Start the server with DATA_DIR=${config.dataDir}.`,
  );
}

const [command, file] = process.argv.slice(2);
const failed = command === "restore" ? "Restore refused" : "Backup not written";
(command === "restore" ? restore(file) : backup(file)).catch((err) => {
  // What the person can fix is one readable line; anything else keeps its stack.
  if (err instanceof BackupError || err instanceof RestoreError || err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(`${failed}: ${err.message}`);
  } else console.error(`${failed}:`, err);
  process.exit(1);
});
