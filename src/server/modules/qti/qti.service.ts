// QTI packages in and out of Qias (issue 19; docs/decisions/0023). Export reads each exam the way its editor does
// (findExamDetail: the same permission) and zips them with their media; import reads a package (qti-import.ts) and
// saves one draft exam per test through the exam save itself, with the package's pictures and clips, in one
// transaction.
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { TDb, TDbOrTx, TTx } from "../../db/client";
import { examMedia, skills, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TStorage } from "../../storage/storage";
import { MAX_QTI_EXAMS } from "../../../shared/limits";
import { can, type TSessionUser } from "../../../shared/permissions";
import type { TExamData, TExamDetail } from "../../../shared/schemas/exam";
import { contentOf, passageContent } from "../bank/content";
import { createItem } from "../bank/items";
import type { TQtiPreview } from "../../../shared/schemas/qti";
import { findExamDetail, insertExam } from "../exams/exams.service";
import { storeMedia } from "../media/media.service";
import { parseInThread } from "../../parse-pool";
import { draftOf } from "./qti-import";
import { examMediaIds, qtiPackageFiles, type TExportMedia, type TExportSkill } from "./qti-export";

async function readAll(body: AsyncIterable<Buffer | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(typeof c === "string" ? Buffer.from(c) : c);
  return Buffer.concat(chunks);
}

type TExportFiles = { title: string; files: Record<string, Uint8Array> };

/** One exam's package as files by path, with the title to name the download by. */
export async function exportQtiFiles(db: TDbOrTx, storage: TStorage, actor: TSessionUser, examId: string): Promise<TExportFiles> {
  return packageFiles(db, storage, [await findExamDetail(db, actor, examId)]);
}

/** The package of exams already read (and so permitted), with their pictures, clips and skills. */
export async function packageFiles(db: TDbOrTx, storage: TStorage, list: TExamDetail[]): Promise<TExportFiles> {
  const ids = [...new Set(list.flatMap(examMediaIds))];
  const rows = ids.length ? await db.select().from(examMedia).where(inArray(examMedia.id, ids)) : [];
  const media: TExportMedia = new Map();
  for (const row of rows) {
    const object = await storage.get(row.storageKey);
    // Bytes gone from storage: refused, rather than a package whose items point at nothing.
    if (!object) throw new AppError("IMAGE_NOT_FOUND");
    media.set(row.id, { contentType: row.contentType, bytes: await readAll(object.body) });
  }
  const skillIds = [...new Set(list.flatMap((e) => e.questions.map((q) => q.skillId)).filter((id): id is string => !!id))];
  const skillRows: TExportSkill[] = skillIds.length ? await db.select({ id: skills.id, nameAr: skills.nameAr, nameEn: skills.nameEn }).from(skills).where(inArray(skills.id, skillIds)) : [];
  const title = list.length === 1 ? list[0]!.titleEn || list[0]!.titleAr : `qias-${list.length}-exams`;
  return { title, files: qtiPackageFiles(list, new Map(skillRows.map((s) => [s.id, s])), media) };
}

/**
 * Several exams in one package. Each id must be one the actor may export (findExamDetail: the author or a
 * super_admin); one that is not, or is no exam at all, refuses the whole request naming it, so no package silently
 * lacks an exam. Ids are taken once each, in the order given.
 */
export async function exportQtiSelection(db: TDbOrTx, storage: TStorage, actor: TSessionUser, examIds: string[]): Promise<TExportFiles> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  const ids = [...new Set(examIds)];
  if (ids.length > MAX_QTI_EXAMS) throw new AppError("QTI_EXPORT_TOO_MANY", { vars: { limit: MAX_QTI_EXAMS } });
  const list: TExamDetail[] = [];
  for (const id of ids) {
    const refused = () => new AppError("QTI_EXPORT_NOT_FOUND", { vars: { id } });
    if (!z.uuid().safeParse(id).success) throw refused();
    try {
      list.push(await findExamDetail(db, actor, id));
    } catch (err) {
      if (err instanceof AppError && err.code === "EXAM_NOT_FOUND") throw refused();
      throw err;
    }
  }
  return packageFiles(db, storage, list);
}

/**
 * A package read in a parse thread (parse-pool.ts, docs/decisions/0029): a crafted one takes that thread's time and
 * memory, not the event loop's; one that outruns the thread's time or memory is refused.
 */
const readInThread = (bytes: Uint8Array) => parseInThread("qti", bytes, () => new AppError("QTI_TOO_COMPLEX"));

/** What a package holds, before anything is created. */
export async function previewQti(actor: TSessionUser, bytes: Uint8Array): Promise<TQtiPreview> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  return { tests: (await readInThread(bytes)).tests.map((t) => t.preview) };
}

/**
 * One draft exam per test of a package, by the importer, all in one transaction or none: each exam's pictures and
 * clips stored as the importer's uploads (a file two exams show is stored for each: an upload belongs to one exam),
 * then the exam saved through the exam save (all its checks, its claim of the media); a test with nothing understood
 * is left out. The subject of the n-th test
 * is the n-th one chosen, else the package's; its title the n-th title given, else the package's (a package of
 * items without a test may have none: then it is refused by name, as the preview warned); its grades are the package's. The audience is not carried
 * (docs/decisions/0023): a teacher's draft is for their school, a super_admin's for every school until they choose.
 * On any failure nothing stays: the rows roll back and the stored bytes go.
 */
export async function importQti(db: TDb, storage: TStorage, actor: TSessionUser, bytes: Uint8Array, choices: { subjectIds: string[]; titles: string[] }): Promise<TExamDetail[]> {
  return importTests(db, storage, actor, bytes, choices, (tx, data) => insertExam(tx, actor, data));
}

/**
 * A package's items into the bank only (issue 34; docs/decisions/0036): each test's questions become items of the
 * importer's school (a super_admin's: the system's), of the test's subject and grade, with no exam made. A title is
 * not asked for: no exam is named. Returns the new items' ids, in the package's order.
 */
export async function importQtiToBank(db: TDb, storage: TStorage, actor: TSessionUser, bytes: Uint8Array, choices: { subjectIds: string[] }): Promise<string[]> {
  const made = await importTests(db, storage, actor, bytes, { subjectIds: choices.subjectIds, titles: choices.subjectIds.map(() => "-") }, async (tx, data) => {
    const passages = new Map(data.passages.map((p) => [p.key, passageContent(p)]));
    const grade = data.grades.length === 1 ? data.grades[0]! : null;
    const ids: string[] = [];
    for (const q of data.questions) ids.push((await createItem(tx, actor, { subjectId: data.subjectId, grade }, contentOf(q, q.passageKey ? (passages.get(q.passageKey) ?? null) : null))).itemId);
    return ids;
  });
  return made.flat();
}

async function importTests<T>(db: TDb, storage: TStorage, actor: TSessionUser, bytes: Uint8Array, choices: { subjectIds: string[]; titles: string[] }, save: (tx: TTx, data: TExamData) => Promise<T>): Promise<T[]> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  const { tests } = await readInThread(bytes);
  if (!tests.some((t) => t.exam.questions.length)) throw new AppError("QTI_NOTHING_TO_IMPORT");
  const stored: string[] = [];
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "qias-qti-"));
  try {
    return await db.transaction(async (tx) => {
      const created: T[] = [];
      for (const [n, { exam, media }] of tests.entries()) {
        // A test none of whose items could be read becomes no exam (the preview showed it with none understood).
        if (!exam.questions.length) continue;
        const ids = new Map<string, string>();
        for (const [file, bytes] of media) {
          const temp = path.join(dir, randomUUID());
          await fsp.writeFile(temp, bytes);
          const up = await storeMedia(tx, storage, actor, temp, Buffer.from(bytes));
          stored.push(`media/${up.id}`);
          ids.set(file, up.id);
        }
        // The preview's own check (draftOf), with the importer's choices: what it said was missing is refused by name.
        const draft = draftOf(exam, { subjectId: choices.subjectIds[n], title: choices.titles[n] }, (file) => ids.get(file)!);
        const vars = { test: n + 1 };
        if (draft.missing.includes("title")) throw new AppError("QTI_TITLE_REQUIRED", { vars });
        if (draft.missing.includes("subject")) throw new AppError("QTI_SUBJECT_REQUIRED", { vars });
        if (!draft.data) throw new AppError(draft.code ?? "VALIDATION_FAILED");
        const input = draft.data;
        // A skill the package names that is not ours (another instance's, another subject's) is dropped, not refused.
        const skillIds = [...new Set(input.questions.map((q) => q.skillId).filter((id): id is string => !!id))];
        const known = new Set(
          skillIds.length ? (await tx.select({ id: skills.id }).from(skills).where(and(inArray(skills.id, skillIds), eq(skills.subjectId, input.subjectId), isNull(skills.retiredAt)))).map((s) => s.id) : [],
        );
        const data = { ...input, questions: input.questions.map((q) => ({ ...q, skillId: q.skillId && known.has(q.skillId) ? q.skillId : null })) };
        await assertSubjectKnown(tx, data.subjectId);
        created.push(await save(tx, data));
      }
      return created;
    });
  } catch (err) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => {})));
    throw err;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The exam save checks its subject; the bank's import makes no exam, so it checks here (the same refusal). */
async function assertSubjectKnown(tx: TTx, subjectId: string): Promise<void> {
  const [row] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId));
  if (!row) throw new AppError("SUBJECT_NOT_FOUND");
}
