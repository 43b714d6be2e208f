// QTI packages in and out of Qias (issue 19; docs/decisions/0023). Export reads an exam the way its editor does
// (findExamDetail: the same permission) and zips it with its media; import reads a package (qti-import.ts) and
// saves one draft exam through the exam save itself, with the package's pictures and clips, in one transaction.
import { inArray } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { examMedia, skills } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TStorage } from "../../storage/storage";
import type { TSessionUser } from "../../../shared/permissions";
import { findExamDetail } from "../exams/exams.service";
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
