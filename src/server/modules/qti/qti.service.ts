// QTI packages in and out of Qias (issue 19; docs/decisions/0023). Export reads an exam the way its editor does
// (findExamDetail: the same permission) and zips it with its media; import reads a package (qti-import.ts) and
// saves one draft exam through the exam save itself, with the package's pictures and clips, in one transaction.
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { examMedia, skills } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TStorage } from "../../storage/storage";
import { ERRORS } from "../../../shared/errors";
import { can, type TSessionUser } from "../../../shared/permissions";
import { ZExamInput, type TExamDetail } from "../../../shared/schemas/exam";
import type { TQtiPreview } from "../../../shared/schemas/qti";
import { findExamDetail, insertExam } from "../exams/exams.service";
import { storeMedia } from "../media/media.service";
import { readPackage, renamePassageMedia, renameQuestionMedia } from "./qti-import";
import { examMediaIds, qtiPackageFiles, type TExportMedia, type TExportSkill } from "./qti-export";

async function readAll(body: AsyncIterable<Buffer | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(typeof c === "string" ? Buffer.from(c) : c);
  return Buffer.concat(chunks);
}

/** The exam's package as files by path, with the title to name the download by. */
export async function exportQtiFiles(db: TDbOrTx, storage: TStorage, actor: TSessionUser, examId: string): Promise<{ title: string; files: Record<string, Uint8Array> }> {
  const exam = await findExamDetail(db, actor, examId);
  const ids = examMediaIds(exam);
  const rows = ids.length ? await db.select().from(examMedia).where(inArray(examMedia.id, ids)) : [];
  const media: TExportMedia = new Map();
  for (const row of rows) {
    const object = await storage.get(row.storageKey);
    // Bytes gone from storage: refused, rather than a package whose items point at nothing.
    if (!object) throw new AppError("IMAGE_NOT_FOUND");
    media.set(row.id, { contentType: row.contentType, bytes: await readAll(object.body) });
  }
  const skillIds = [...new Set(exam.questions.map((q) => q.skillId).filter((id): id is string => !!id))];
  const skillRows: TExportSkill[] = skillIds.length ? await db.select({ id: skills.id, nameAr: skills.nameAr, nameEn: skills.nameEn }).from(skills).where(inArray(skills.id, skillIds)) : [];
  return { title: exam.titleEn || exam.titleAr, files: qtiPackageFiles(exam, new Map(skillRows.map((s) => [s.id, s])), media) };
}

/** What a package holds, before anything is created. */
export function previewQti(actor: TSessionUser, bytes: Uint8Array): TQtiPreview {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  return readPackage(bytes).preview;
}

/**
 * One draft exam from a package, by the importer, in one transaction: the package's pictures and clips stored as the
 * importer's uploads, then the exam saved through the exam save (all its checks, its claim of the media). The subject
 * is the one chosen, else the package's. On any failure nothing stays: the rows roll back and the stored bytes go.
 */
export async function importQti(db: TDb, storage: TStorage, actor: TSessionUser, bytes: Uint8Array, subjectId: string | null): Promise<TExamDetail> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  const { exam, media } = readPackage(bytes);
  if (!exam.questions.length) throw new AppError("QTI_NOTHING_TO_IMPORT");
  const stored: string[] = [];
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "qias-qti-"));
  try {
    return await db.transaction(async (tx) => {
      const ids = new Map<string, string>();
      for (const [file, bytes] of media) {
        const temp = path.join(dir, randomUUID());
        await fsp.writeFile(temp, bytes);
        const up = await storeMedia(tx, storage, actor, temp, Buffer.from(bytes));
        stored.push(`media/${up.id}`);
        ids.set(file, up.id);
      }
      const id = (file: string) => ids.get(file)!;
      const input = ZExamInput.safeParse({
        ...exam,
        subjectId: subjectId ?? exam.subjectId ?? "",
        status: "draft",
        passages: exam.passages.map((p) => renamePassageMedia(p, id)),
        questions: exam.questions.map((q) => renameQuestionMedia(q, id)),
      });
      if (!input.success) {
        const code = input.error.issues[0]?.message;
        throw new AppError(code && code in ERRORS ? (code as keyof typeof ERRORS) : "VALIDATION_FAILED");
      }
      // A skill the package names that is not ours (another instance's, another subject's) is dropped, not refused.
      const skillIds = [...new Set(input.data.questions.map((q) => q.skillId).filter((id): id is string => !!id))];
      const known = new Set(
        skillIds.length ? (await tx.select({ id: skills.id }).from(skills).where(and(inArray(skills.id, skillIds), eq(skills.subjectId, input.data.subjectId), isNull(skills.retiredAt)))).map((s) => s.id) : [],
      );
      const data = { ...input.data, questions: input.data.questions.map((q) => ({ ...q, skillId: q.skillId && known.has(q.skillId) ? q.skillId : null })) };
      return insertExam(tx, actor, data);
    });
  } catch (err) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => {})));
    throw err;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
