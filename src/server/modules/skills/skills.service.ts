// The skill catalogue (docs/decisions/0011): every member of staff reads it (to tag questions and files); a
// super_admin adds, renames, rewords and retires. A skill is never deleted: questions, files and reports keep it.
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { fileSkills, questions, skills, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { writeAudit } from "../audit/audit.service";
import { SKILL_CATALOGUE } from "../../../shared/content/skills";
import type { TSessionUser } from "../../../shared/permissions";
import type { TSkill } from "../../../shared/schemas/skill";
import type { z } from "zod";
import type { ZSkillCreate, ZSkillUpdate } from "../../../shared/schemas/skill";

type TSkillRow = typeof skills.$inferSelect;

/** The catalogue a fresh database starts with; anything already there (renamed, retired) is left as it is. */
export async function seedSkills(db: TDbOrTx): Promise<void> {
  await db.insert(skills).values(SKILL_CATALOGUE.map((s) => ({ ...s }))).onConflictDoNothing();
}

function present(row: TSkillRow, counts: { questions: number; files: number }): TSkill {
  return {
    id: row.id,
    subjectId: row.subjectId,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    guidanceAr: row.guidanceAr,
    guidanceEn: row.guidanceEn,
    retired: row.retiredAt !== null,
    questionCount: counts.questions,
    fileCount: counts.files,
  };
}

async function countsOf(db: TDbOrTx, ids: string[]) {
  if (!ids.length) return { questions: new Map<string, number>(), files: new Map<string, number>() };
  // The questions exams hold now: a version an exam replaced (docs/decisions/0036) is history, not another use.
  const q = await db.select({ id: questions.skillId, n: count() }).from(questions).where(and(inArray(questions.skillId, ids), isNull(questions.replacedAt))).groupBy(questions.skillId);
  const f = await db.select({ id: fileSkills.skillId, n: count() }).from(fileSkills).where(inArray(fileSkills.skillId, ids)).groupBy(fileSkills.skillId);
  return { questions: new Map(q.map((r) => [r.id!, r.n])), files: new Map(f.map((r) => [r.id, r.n])) };
}

export async function findSkills(db: TDbOrTx, query: { subjectId?: string; includeRetired: boolean }): Promise<TSkill[]> {
  const rows = await db
    .select()
    .from(skills)
    .where(and(query.subjectId ? eq(skills.subjectId, query.subjectId) : undefined, query.includeRetired ? undefined : isNull(skills.retiredAt)))
    .orderBy(asc(skills.subjectId), asc(skills.createdAt), asc(skills.id));
  const counts = await countsOf(db, rows.map((r) => r.id));
  return rows.map((r) => present(r, { questions: counts.questions.get(r.id) ?? 0, files: counts.files.get(r.id) ?? 0 }));
}

async function presentOne(db: TDbOrTx, id: string): Promise<TSkill> {
  const [row] = await db.select().from(skills).where(eq(skills.id, id));
  if (!row) throw new AppError("SKILL_MISSING");
  const counts = await countsOf(db, [id]);
  return present(row, { questions: counts.questions.get(id) ?? 0, files: counts.files.get(id) ?? 0 });
}

/** "Map reading & scales" → "map_reading_scales"; Arabic-only names fall back to "skill". */
function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return slug || "skill";
}

async function assertNameFree(tx: TDbOrTx, subjectId: string, names: { nameAr: string; nameEn: string }, exceptId?: string) {
  const [taken] = await tx
    .select({ id: skills.id })
    .from(skills)
    .where(
      and(
        eq(skills.subjectId, subjectId),
        sql`(lower(${skills.nameEn}) = lower(${names.nameEn}) or ${skills.nameAr} = ${names.nameAr})`,
        exceptId ? sql`${skills.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError("SKILL_NAME_TAKEN");
}

export async function createSkill(db: TDb, actor: TSessionUser, input: z.output<typeof ZSkillCreate>): Promise<TSkill> {
  return db.transaction(async (tx) => {
    const [subject] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.subjectId));
    if (!subject) throw new AppError("SUBJECT_NOT_FOUND");
    await assertNameFree(tx, input.subjectId, input);
    const base = `${input.subjectId}.${slugOf(input.nameEn)}`;
    const takenIds = new Set((await tx.select({ id: skills.id }).from(skills).where(sql`${skills.id} like ${`${base}%`}`)).map((r) => r.id));
    let id = base;
    for (let n = 2; takenIds.has(id); n++) id = `${base}_${n}`;
    await tx.insert(skills).values({ id, subjectId: input.subjectId, nameAr: input.nameAr, nameEn: input.nameEn, guidanceAr: input.guidanceAr, guidanceEn: input.guidanceEn });
    const skill = await presentOne(tx, id);
    await writeAudit(tx, actor, { action: "create", entity: "skill", entityId: id, after: skill });
    return skill;
  });
}

export async function updateSkill(db: TDb, actor: TSessionUser, id: string, input: z.output<typeof ZSkillUpdate>): Promise<TSkill> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(skills).where(eq(skills.id, id)).for("update");
    if (!row) throw new AppError("SKILL_MISSING");
    const before = await presentOne(tx, id);
    const next = { nameAr: input.nameAr ?? row.nameAr, nameEn: input.nameEn ?? row.nameEn };
    if (input.nameAr !== undefined || input.nameEn !== undefined) await assertNameFree(tx, row.subjectId, next, id);
    await tx
      .update(skills)
      .set({
        ...next,
        ...(input.guidanceAr !== undefined ? { guidanceAr: input.guidanceAr } : {}),
        ...(input.guidanceEn !== undefined ? { guidanceEn: input.guidanceEn } : {}),
        ...(input.retired !== undefined ? { retiredAt: input.retired ? (row.retiredAt ?? new Date()) : null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(skills.id, id));
    const skill = await presentOne(tx, id);
    await writeAudit(tx, actor, { action: "update", entity: "skill", entityId: id, before, after: skill });
    return skill;
  });
}
