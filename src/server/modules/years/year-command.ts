// npm run year:backup -- <year id> <file> and npm run year:restore -- <file> (docs/decisions/0059): one line on
// success, one line on failure. On the embedded database the server must be stopped (its data directory is locked).
import path from "node:path";
import { ConfigError, parseConfig } from "../../config";
import { DatabaseLockedError, openDatabase } from "../../db/client";
import { createStorage } from "../../storage/storage";
import { restoreYearBackup, writeYearBackup, YearBackupError, type TYearBackupSummary } from "./year-backup";

const counted = (s: TYearBackupSummary) =>
  `${s.rows.toLocaleString("en")} rows (${Object.entries(s.tables)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n.toLocaleString("en")}`)
    .join(", ")}) and ${s.media.files.toLocaleString("en")} media files (${s.media.bytes.toLocaleString("en")} bytes)`;

async function main(command: string | undefined, args: string[]) {
  if (command === "backup" && args.length !== 2) throw new YearBackupError("name the year and the file: npm run year:backup -- <year id> <file>");
  if (command === "restore" && args.length !== 1) throw new YearBackupError("name the backup to restore: npm run year:restore -- <file>");
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = createStorage({ filesDir: config.filesDir, s3: config.s3 });
  try {
    if (command === "backup") {
      const s = await writeYearBackup(database.db, storage, args[0]!, path.resolve(args[1]!));
      const missing = s.missingMedia.length ? `; ${s.missingMedia.length} media files were not in storage: ${s.missingMedia.join(", ")}` : "";
      console.log(`Backup of "${s.year.nameEn}" written: ${s.file}: ${counted(s)}${missing}.`);
    } else {
      const s = await restoreYearBackup(database.db, storage, path.resolve(args[0]!));
      const left = Object.entries(s.skipped).map(([t, n]) => `${n} ${t} whose user no longer exists`);
      const old = s.version < 2 ? "; a format 1 backup has no attempt events, reports, development plans, held answers, media plays or media files" : "";
      console.log(`Restored "${s.year.nameEn}" from ${s.file}: ${counted(s)}${left.length ? `; left out ${left.join(", ")} (figures worked out again)` : ""}${old}.`);
    }
  } finally {
    await database.close();
  }
}

const [command, ...args] = process.argv.slice(2);
const failed = command === "restore" ? "Restore refused" : "Backup not written";
main(command, args).catch((err) => {
  if (err instanceof YearBackupError || err instanceof ConfigError || err instanceof DatabaseLockedError) console.error(`${failed}: ${err.message}`);
  else console.error(`${failed}:`, err);
  process.exit(1);
});
