// Files (SPEC §2 "Files screen", §6 visibility, §7 storage path, §8 messages). The object and its record are
// kept in step: a record is never left without its object, and an object is removed when its record fails.
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { fileSkills, profiles, qiasFiles, skills, studentFiles } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TStorage } from "../../storage/storage";
import { can, type TSessionUser } from "../../../shared/permissions";
import type { TFile } from "../../../shared/schemas/file";

type TFileRow = typeof qiasFiles.$inferSelect;

const fileColumns = {
  file: qiasFiles,
  uploaderName: profiles.name,
};

function presentFile(row: { file: TFileRow; uploaderName: string | null; assignedCount?: number }, skillIds: string[] = []): TFile {
  const f = row.file;
  return {
    id: f.id,
    name: f.name,
    fileType: f.fileType,
    sizeBytes: f.sizeBytes,
    createdAt: f.createdAt.toISOString(),
    uploader: f.uploaderId && row.uploaderName !== null ? { id: f.uploaderId, name: row.uploaderName } : null,
    ...(row.assignedCount !== undefined ? { assignedCount: Number(row.assignedCount) } : {}),
    skillIds,
  };
}

async function skillsOfFiles(db: TDbOrTx, fileIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!fileIds.length) return map;
  const rows = await db.select().from(fileSkills).where(inArray(fileSkills.fileId, fileIds)).orderBy(fileSkills.skillId);
  for (const r of rows) map.set(r.fileId, [...(map.get(r.fileId) ?? []), r.skillId]);
  return map;
}

/** Skills that exist; a retired one only if the file already carries it (files keep what they were tagged with). */
async function assertTaggable(db: TDbOrTx, skillIds: string[], current: string[] = []): Promise<void> {
  if (!skillIds.length) return;
  const found = new Map((await db.select({ id: skills.id, retiredAt: skills.retiredAt }).from(skills).where(inArray(skills.id, skillIds))).map((r) => [r.id, r]));
  for (const id of skillIds) {
    const skill = found.get(id);
    if (!skill || (skill.retiredAt && !current.includes(id))) throw new AppError("SKILL_MISSING");
  }
}

/** SPEC §6: super_admin all (newest first); school_admin and teacher their own uploads; a student the files assigned to them. */
export async function findFiles(db: TDbOrTx, actor: TSessionUser): Promise<TFile[]> {
  if (actor.role === "student") {
    const rows = await db
      .select(fileColumns)
      .from(studentFiles)
      .innerJoin(qiasFiles, eq(qiasFiles.id, studentFiles.fileId))
      .leftJoin(profiles, eq(profiles.id, qiasFiles.uploaderId))
      .where(eq(studentFiles.studentId, actor.id))
      .orderBy(desc(qiasFiles.createdAt));
    const tags = await skillsOfFiles(db, rows.map((r) => r.file.id));
    return rows.map((r) => presentFile(r, tags.get(r.file.id)));
  }
  const assigned = db.$with("assigned").as(db.select({ fileId: studentFiles.fileId, n: count().as("n") }).from(studentFiles).groupBy(studentFiles.fileId));
  const rows = await db
    .with(assigned)
    .select({ ...fileColumns, assignedCount: assigned.n })
    .from(qiasFiles)
    .leftJoin(profiles, eq(profiles.id, qiasFiles.uploaderId))
    .leftJoin(assigned, eq(assigned.fileId, qiasFiles.id))
    .where(actor.role === "super_admin" ? undefined : eq(qiasFiles.uploaderId, actor.id))
    .orderBy(desc(qiasFiles.createdAt));
  const tags = await skillsOfFiles(db, rows.map((r) => r.file.id));
  return rows.map((r) => presentFile({ ...r, assignedCount: Number(r.assignedCount ?? 0) }, tags.get(r.file.id)));
}

/** The file if the actor may read it; otherwise "not found", so guessed ids reveal nothing. */
export async function findReadableFile(db: TDbOrTx, actor: TSessionUser, id: string): Promise<TFileRow> {
  const [file] = await db.select().from(qiasFiles).where(eq(qiasFiles.id, id)).limit(1);
  if (!file) throw new AppError("FILE_NOT_FOUND");
  if (actor.role === "super_admin" || file.uploaderId === actor.id) return file;
  if (actor.role === "student") {
    const [link] = await db
      .select({ one: sql`1` })
      .from(studentFiles)
      .where(and(eq(studentFiles.fileId, id), eq(studentFiles.studentId, actor.id)))
      .limit(1);
    if (link) return file;
  }
  throw new AppError("FILE_NOT_FOUND");
}

/** Only students, and for anyone but a super_admin only students of their own school. */
async function assertAssignable(db: TDbOrTx, actor: TSessionUser, studentIds: string[]): Promise<void> {
  if (studentIds.length === 0) return;
  const rows = await db.select({ id: profiles.id, role: profiles.role, schoolId: profiles.schoolId }).from(profiles).where(inArray(profiles.id, studentIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of studentIds) {
    const s = byId.get(id);
    if (!s || s.role !== "student") throw new AppError("USER_NOT_FOUND");
    if (actor.role !== "super_admin" && s.schoolId !== actor.schoolId) throw new AppError("STUDENT_NOT_IN_SCHOOL");
  }
}

let lastTimestamp = 0;
/** Milliseconds, strictly increasing in this process, so two uploads of one name never share a key. */
function uniqueTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

export async function uploadFile(
  db: TDb,
  storage: TStorage,
  actor: TSessionUser,
  input: { name: string; tempFile: string; contentType: string; sizeBytes: number; studentIds: string[]; skillIds?: string[] },
): Promise<TFile> {
  if (!can(actor, "files.upload")) throw new AppError("FORBIDDEN");
  const studentIds = [...new Set(input.studentIds)];
  const skillIds = [...new Set(input.skillIds ?? [])];
  await assertAssignable(db, actor, studentIds);
  await assertTaggable(db, skillIds);

  const key = `public/${actor.id}/${uniqueTimestamp()}-${input.name}`;
  try {
    await storage.put(key, input.tempFile, input.contentType);
  } catch (err) {
    throw new AppError("UPLOAD_FAILED", { cause: err });
  }
  try {
    const file = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(qiasFiles)
        .values({ name: input.name, pathInBucket: key, fileType: input.contentType, sizeBytes: input.sizeBytes, uploaderId: actor.id })
        .returning();
      if (studentIds.length) await tx.insert(studentFiles).values(studentIds.map((studentId) => ({ studentId, fileId: row!.id })));
      if (skillIds.length) await tx.insert(fileSkills).values(skillIds.map((skillId) => ({ skillId, fileId: row!.id })));
      return row!;
    });
    return presentFile({ file, uploaderName: actor.name, assignedCount: studentIds.length }, skillIds.sort());
  } catch (err) {
    // SPEC §4: if the record cannot be saved, the stored object is removed again.
    await storage.remove(key).catch(() => {});
    throw new AppError("FILE_SAVE_FAILED", { cause: err });
  }
}

export async function setFileStudents(db: TDb, actor: TSessionUser, fileId: string, studentIds: string[]): Promise<{ studentIds: string[] }> {
  const unique = [...new Set(studentIds)];
  return db.transaction(async (tx) => {
    const file = await findReadableFile(tx, actor, fileId);
    if (!can(actor, "files.upload", { ownerId: file.uploaderId })) throw new AppError("FILE_NOT_FOUND");
    await assertAssignable(tx, actor, unique);
    await tx.delete(studentFiles).where(eq(studentFiles.fileId, fileId));
    if (unique.length) await tx.insert(studentFiles).values(unique.map((studentId) => ({ studentId, fileId })));
    return { studentIds: unique };
  });
}

/** The uploader (or a super_admin) tags a file with the skills it helps with. */
export async function setFileSkills(db: TDb, actor: TSessionUser, fileId: string, skillIds: string[]): Promise<{ skillIds: string[] }> {
  const unique = [...new Set(skillIds)].sort();
  return db.transaction(async (tx) => {
    const file = await findReadableFile(tx, actor, fileId);
    if (!can(actor, "files.upload", { ownerId: file.uploaderId })) throw new AppError("FILE_NOT_FOUND");
    const current = (await tx.select({ id: fileSkills.skillId }).from(fileSkills).where(eq(fileSkills.fileId, fileId))).map((r) => r.id);
    await assertTaggable(tx, unique, current);
    await tx.delete(fileSkills).where(eq(fileSkills.fileId, fileId));
    if (unique.length) await tx.insert(fileSkills).values(unique.map((skillId) => ({ skillId, fileId })));
    return { skillIds: unique };
  });
}

export async function findFileStudents(db: TDbOrTx, actor: TSessionUser, fileId: string): Promise<string[]> {
  const file = await findReadableFile(db, actor, fileId);
  if (!can(actor, "files.upload", { ownerId: file.uploaderId })) throw new AppError("FILE_NOT_FOUND");
  const rows = await db.select({ id: studentFiles.studentId }).from(studentFiles).where(eq(studentFiles.fileId, fileId));
  return rows.map((r) => r.id);
}

/**
 * super_admin any file; school_admin and teacher their own uploads. The record is deleted inside a transaction
 * that commits only after the object is gone, so a storage failure leaves both in place.
 */
export async function deleteFile(db: TDb, storage: TStorage, actor: TSessionUser, fileId: string): Promise<void> {
  const file = await findReadableFile(db, actor, fileId);
  if (!can(actor, "files.delete", { ownerId: file.uploaderId })) throw new AppError(actor.role === "student" ? "FORBIDDEN" : "FILE_NOT_FOUND");
  await db
    .transaction(async (tx) => {
      const [deleted] = await tx.delete(qiasFiles).where(eq(qiasFiles.id, fileId)).returning({ key: qiasFiles.pathInBucket });
      if (!deleted) throw new AppError("FILE_NOT_FOUND");
      // Another record pointing at the same object (never made by this server) keeps the object.
      const [shared] = await tx.select({ one: sql`1` }).from(qiasFiles).where(and(eq(qiasFiles.pathInBucket, deleted.key), ne(qiasFiles.id, fileId))).limit(1);
      if (!shared) {
        try {
          await storage.remove(deleted.key);
        } catch (err) {
          throw new AppError("FILE_STORAGE_DELETE_FAILED", { cause: err });
        }
      }
    })
    .catch((err) => {
      if (err instanceof AppError) throw err;
      throw new AppError("FILE_DB_DELETE_FAILED", { cause: err });
    });
}
