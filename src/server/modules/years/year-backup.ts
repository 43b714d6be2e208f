// A closed school year's backup and its restore (issue 39; docs/decisions/0059): gzipped JSON lines, a header naming
// the format and the schema version, then the year's rows table by table in an order their foreign keys allow.
// Schools, subjects, skills and users are references only. A restore is one transaction and follows each foreign
// key's own rule for a reference the installation lacks: ON DELETE CASCADE drops the row (an attempt whose student
// was deleted, and with it its answers), SET NULL empties it (a deleted author or grader), anything else refuses the
// restore naming what is missing (a school, a subject, a skill). The year's media files travel inside the backup
// (after the rows, in chunks), so a restore into a fresh installation shows the exams' pictures and plays their clips.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { Readable } from "node:stream";
import { sql, type SQL } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import type { TStorage } from "../../storage/storage";
import { MIGRATIONS_DIR, rowsOf } from "../../db/client";
import { rebuildFigures } from "../analytics/figures";

export const YEAR_BACKUP_FORMAT = "qias-school-year";
/**
 * 2: with attempt events, reports, development plans, held answers, media plays and the media files. A backup of
 * version 1 (no `version` in its header) is read too: its rows are a part of these, and the summary says what it lacks.
 */
export const YEAR_BACKUP_VERSION = 2;
const BATCH = 2_000;
/** A media file's bytes go in lines of this many bytes (base64 in JSON), so no line holds a whole clip. */
const MEDIA_CHUNK = 512 * 1024;

export class YearBackupError extends Error {
  override name = "YearBackupError";
}

/** The schema a backup's rows have: the newest migration's tag. */
export function schemaVersion(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag;
}

/** The year's rows of each table, as a condition on the table aliased `t`; parents before children. */
type TYearTable = { table: string; where: SQL; onConflictSkip?: true; onConflict?: SQL };

function yearTables(year: string): TYearTable[] {
  const examsOf = sql`(select id from exams where school_year_id = ${year})`;
  const questionsOf = sql`(select id from questions where exam_id in ${examsOf})`;
  const formsOf = sql`(select id from exam_forms where exam_id in ${examsOf})`;
  const attemptsOf = sql`(select id from student_exams where exam_id in ${examsOf})`;
  const calibrationsOf = sql`(select id from calibrations where exam_id in ${examsOf})`;
  return [
    { table: "school_years", where: sql`t.id = ${year}` },
    // The bank's items and versions the year's questions are: shared with other years, so kept if already there.
    { table: "bank_items", where: sql`t.id in (select v.item_id from bank_item_versions v where v.id in (select item_version_id from questions where exam_id in ${examsOf}))`, onConflictSkip: true },
    { table: "bank_item_versions", where: sql`t.id in (select item_version_id from questions where exam_id in ${examsOf})`, onConflictSkip: true },
    { table: "exams", where: sql`t.school_year_id = ${year}` },
    { table: "exam_schools", where: sql`t.exam_id in ${examsOf}` },
    // The exams' pictures and clips (their bytes follow the rows). Restored into the installation they came from, the
    // row is still there, unattached (a deleted exam sets its media's exam null): it is attached again.
    { table: "exam_media", where: sql`t.exam_id in ${examsOf}`, onConflict: sql`on conflict (id) do update set exam_id = excluded.exam_id` },
    { table: "passages", where: sql`t.exam_id in ${examsOf}` },
    { table: "questions", where: sql`t.exam_id in ${examsOf}` },
    { table: "question_options", where: sql`t.question_id in ${questionsOf}` },
    { table: "exam_forms", where: sql`t.exam_id in ${examsOf}` },
    { table: "exam_form_questions", where: sql`t.form_id in ${formsOf}` },
    { table: "sittings", where: sql`t.exam_id in ${examsOf}` },
    { table: "student_exams", where: sql`t.exam_id in ${examsOf}` },
    { table: "archived_student_answers", where: sql`t.student_exam_id in ${attemptsOf}` },
    { table: "held_answers", where: sql`t.attempt_id in ${attemptsOf}` },
    { table: "media_plays", where: sql`t.attempt_id in ${attemptsOf}` },
    // The sitting's trail is keyed by exam and student (a lobby visit comes before any attempt).
    { table: "attempt_events", where: sql`t.exam_id in ${examsOf}` },
    { table: "reports", where: sql`t.student_exam_id in ${attemptsOf}` },
    { table: "development_plans", where: sql`t.student_exam_id in ${attemptsOf}` },
    { table: "exam_item_stats", where: sql`t.exam_id in ${examsOf}` },
    // A closed year's rows by total score are in the archive (decision 0059); the restore works them out again anyway.
    { table: "archived_exam_item_score_stats", where: sql`t.exam_id in ${examsOf}` },
    { table: "exam_option_stats", where: sql`t.exam_id in ${examsOf}` },
    { table: "exam_group_stats", where: sql`t.exam_id in ${examsOf}` },
    { table: "exam_skill_stats", where: sql`t.exam_id in ${examsOf}` },
    { table: "calibrations", where: sql`t.exam_id in ${examsOf}` },
    { table: "item_calibrations", where: sql`t.calibration_id in ${calibrationsOf}` },
    { table: "attempt_abilities", where: sql`t.calibration_id in ${calibrationsOf}` },
  ];
}

type THeader = { format: string; version?: number; schema: string; year: { id: string; nameAr: string; nameEn: string }; createdAt: string };
export type TYearBackupSummary = {
  file: string;
  /** The backup's format version (1 lacks the trail, reports, plans, held answers, plays and media files). */
  version: number;
  rows: number;
  tables: Record<string, number>;
  skipped: Record<string, number>;
  /** Media files written or restored, and their bytes. */
  media: { files: number; bytes: number };
  /** Media rows whose file storage did not have when the backup was written (the row is kept, the picture is not). */
  missingMedia: string[];
  year: THeader["year"];
};

/** A line of media bytes: the file's storage key, and a chunk of its bytes in base64. */
type TMediaLine = { m: string; b: string };

export async function writeYearBackup(db: TDb, storage: TStorage, yearId: string, file: string): Promise<TYearBackupSummary> {
  const [year] = rowsOf<{ id: string; name_ar: string; name_en: string; status: string }>(await db.execute(sql`select id, name_ar, name_en, status from school_years where id::text = ${yearId}`));
  if (!year) throw new YearBackupError(`no school year has the id ${yearId}`);
  if (year.status !== "closed") throw new YearBackupError(`the school year "${year.name_en}" is open: close it first (its exams could still change)`);
  const header: THeader = { format: YEAR_BACKUP_FORMAT, version: YEAR_BACKUP_VERSION, schema: schemaVersion(), year: { id: year.id, nameAr: year.name_ar, nameEn: year.name_en }, createdAt: new Date().toISOString() };
  const tables: Record<string, number> = {};
  const media = { files: 0, bytes: 0 };
  const missingMedia: string[] = [];
  // A closed year's rows do not change (the guard), so no long snapshot is needed: each table is read BATCH rows at
  // a time in its physical order (ctid) and written as it is read, never held whole in memory.
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const { table, where } of yearTables(year!.id)) {
      let n = 0;
      let after = "(0,0)";
      for (;;) {
        const rows = rowsOf<{ at: string; r: unknown }>(
          await db.execute(sql`select t.ctid::text as at, to_jsonb(t) as r from ${sql.identifier(table)} t where ${where} and t.ctid > ${after}::tid order by t.ctid limit ${BATCH}`),
        );
        if (rows.length) yield rows.map(({ r }) => `${JSON.stringify({ t: table, r })}\n`).join("");
        n += rows.length;
        if (rows.length < BATCH) break;
        after = rows.at(-1)!.at;
      }
      tables[table] = n;
    }
    // Then the media files' bytes, a file at a time and a chunk at a time.
    const files = rowsOf<{ key: string }>(await db.execute(sql`select distinct storage_key as key from exam_media where exam_id in (select id from exams where school_year_id = ${year!.id}) order by 1`));
    for (const { key } of files) {
      const object = await storage.get(key);
      if (!object) {
        missingMedia.push(key);
        continue;
      }
      media.files++;
      let pending = Buffer.alloc(0);
      let written = 0;
      for await (const chunk of object.body as AsyncIterable<Buffer>) {
        pending = Buffer.concat([pending, chunk]);
        while (pending.length >= MEDIA_CHUNK) {
          yield `${JSON.stringify({ m: key, b: pending.subarray(0, MEDIA_CHUNK).toString("base64") } satisfies TMediaLine)}\n`;
          pending = pending.subarray(MEDIA_CHUNK);
          written++;
        }
        media.bytes += chunk.length;
      }
      // An empty file still has its line, so the restore writes it.
      if (pending.length || written === 0) yield `${JSON.stringify({ m: key, b: pending.toString("base64") } satisfies TMediaLine)}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(file));
  return { file, version: YEAR_BACKUP_VERSION, rows: Object.values(tables).reduce((a, b) => a + b, 0), tables, skipped: {}, media, missingMedia, year: header.year };
}

type TForeignKey = { column: string; ref: string; refColumn: string; onDelete: string };

async function foreignKeys(tx: TDbOrTx, table: string): Promise<TForeignKey[]> {
  // Single-column keys (every key the year's tables have); confdeltype: c cascade, n set null, r/a restrict.
  return rowsOf<TForeignKey>(
    await tx.execute(sql`
      select a.attname as "column", c.confrelid::regclass::text as ref, af.attname as "refColumn", c.confdeltype as "onDelete"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and c.conrelid = ${table}::regclass and array_length(c.conkey, 1) = 1`),
  ).map((k) => ({ ...k, ref: k.ref.replace(/^public\./, "").replaceAll('"', "") }));
}

export async function restoreYearBackup(db: TDb, storage: TStorage, file: string): Promise<TYearBackupSummary> {
  if (!fs.existsSync(file)) throw new YearBackupError(`no file ${file}`);
  const input = readline.createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const it = input[Symbol.asyncIterator]();
  let header: THeader;
  try {
    const first = await it.next();
    header = JSON.parse(first.done ? "{}" : first.value) as THeader;
  } catch {
    throw new YearBackupError(`${file} is not a school year's backup (not gzipped JSON lines)`);
  }
  if (header.format !== YEAR_BACKUP_FORMAT) throw new YearBackupError(`${file} is not a school year's backup`);
  const version = header.version ?? 1;
  if (!Number.isInteger(version) || version < 1 || version > YEAR_BACKUP_VERSION) {
    throw new YearBackupError(`the backup is of format version ${String(header.version)} and this installation reads versions 1 to ${YEAR_BACKUP_VERSION}: restore it with the Qias version that wrote it`);
  }
  const here = schemaVersion();
  if (header.schema !== here) {
    throw new YearBackupError(`the backup was made at schema ${header.schema} and this installation is at ${here}: restore it with the Qias version of that schema, then upgrade`);
  }
  const byTable = new Map(yearTables(header.year.id).map((t) => [t.table, t]));
  const tables: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  // The media files' bytes are gathered in a scratch folder as they are read and put into storage once the rows
  // have committed (a refused restore leaves storage as it was).
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "qias-year-media-"));
  const mediaFiles = new Map<string, string>();
  const media = { files: 0, bytes: 0 };
  try {

  const contentTypes = await db.transaction(async (tx) => {
    const [exists] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from school_years where id = ${header.year.id}`));
    if (Number(exists!.n) > 0) throw new YearBackupError(`the school year "${header.year.nameEn}" is already here: nothing was restored`);
    const keysOf = new Map<string, TForeignKey[]>();
    let table = "";
    let batch: unknown[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const stage = sql.identifier(`year_stage_${table}`);
      const target = sql.identifier(table);
      if (!keysOf.has(table)) {
        keysOf.set(table, await foreignKeys(tx, table));
        await tx.execute(sql`create temp table ${stage} (like ${target}) on commit drop`);
      }
      await tx.execute(sql`truncate ${stage}`);
      await tx.execute(sql`insert into ${stage} select * from jsonb_populate_recordset(null::${target}, ${JSON.stringify(batch)}::jsonb)`);
      for (const key of keysOf.get(table)!) {
        const col = sql.identifier(key.column);
        const missing = sql`${col} is not null and not exists (select 1 from ${sql.identifier(key.ref)} r where r.${sql.identifier(key.refColumn)} = ${stage}.${col})`;
        if (key.onDelete === "c") {
          const gone = rowsOf<{ n: number }>(await tx.execute(sql`with d as (delete from ${stage} where ${missing} returning 1) select count(*)::int as n from d`));
          if (Number(gone[0]!.n)) skipped[table] = (skipped[table] ?? 0) + Number(gone[0]!.n);
        } else if (key.onDelete === "n") {
          await tx.execute(sql`update ${stage} set ${col} = null where ${missing}`);
        } else {
          const [lacking] = rowsOf<{ v: string }>(await tx.execute(sql`select ${col}::text as v from ${stage} where ${missing} limit 1`));
          if (lacking) throw new YearBackupError(`the backup refers to ${key.ref} "${lacking.v}" (from ${table}.${key.column}), which this installation does not have: add it, then restore again`);
        }
      }
      const spec = byTable.get(table)!;
      const onConflict = spec.onConflict ?? (spec.onConflictSkip ? sql`on conflict do nothing` : sql``);
      const done = rowsOf<{ n: number }>(await tx.execute(sql`with i as (insert into ${target} overriding system value select * from ${stage} ${onConflict} returning 1) select count(*)::int as n from i`));
      tables[table] = (tables[table] ?? 0) + Number(done[0]!.n);
      batch = [];
    };
    for (let next = await it.next(); !next.done; next = await it.next()) {
      if (!next.value.trim()) continue;
      const line = JSON.parse(next.value) as { t: string; r: unknown } | TMediaLine;
      if ("m" in line) {
        await flush();
        let at = mediaFiles.get(line.m);
        if (!at) mediaFiles.set(line.m, (at = path.join(scratch, String(mediaFiles.size))));
        fs.appendFileSync(at, Buffer.from(line.b, "base64"));
        continue;
      }
      if (!byTable.has(line.t)) throw new YearBackupError(`the backup holds rows of ${line.t}, which a school year's backup does not have`);
      if (line.t !== table || batch.length >= BATCH) {
        await flush();
        table = line.t;
      }
      batch.push(line.r);
    }
    await flush();
    // The figures worked out afresh from what was restored, always: the per-student rows (student_graded_exams, the
    // dashboard's distinct students) are not in the backup, an attempt left out (its student was deleted) still counts
    // in the per-exam rows it was backed up with, and the reliability job is queued for the restored exams.
    const examIds = rowsOf<{ id: string }>(await tx.execute(sql`select id from exams where school_year_id = ${header.year.id}`)).map((r) => r.id);
    if (examIds.length) await rebuildFigures(tx, examIds);
    // Rows restored with their own ids in an identity column (the trail's): the column's sequence moves past them, so
    // the next event of a fresh installation does not take a restored one's id.
    for (const table of Object.keys(tables)) {
      const identities = rowsOf<{ col: string }>(await tx.execute(sql`select attname as col from pg_attribute where attrelid = ${table}::regclass and attidentity <> ''`));
      for (const { col } of identities) {
        await tx.execute(sql`select setval(pg_get_serial_sequence(${table}, ${col}), m) from (select max(${sql.identifier(col)}) as m from ${sql.identifier(table)}) x where m is not null`);
      }
    }
    return new Map(rowsOf<{ key: string; type: string }>(await tx.execute(sql`select storage_key as key, content_type as type from exam_media where exam_id in (select id from exams where school_year_id = ${header.year.id})`)).map((r) => [r.key, r.type]));
  });
  for (const [key, at] of mediaFiles) {
    const type = contentTypes.get(key);
    if (!type) continue; // a file no restored row names
    await storage.put(key, at, type);
    media.files++;
    media.bytes += fs.statSync(at).size;
  }
  return { file, version, rows: Object.values(tables).reduce((a, b) => a + b, 0), tables, skipped, media, missingMedia: [], year: header.year };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
