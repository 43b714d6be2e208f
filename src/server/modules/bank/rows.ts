// For code that writes an exam's question rows directly rather than through the exam save (the demo, the benches,
// a few tests): every row must hold a bank version (docs/decisions/0036). `draftVersion` gives one to point rows at
// while they are written; `versionsFromRows` then gives each row of an exam an item of its own whose version 1 is
// the row's content, and removes the draft.
import { eq, sql } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { bankItems, bankItemVersions, exams, profiles, questions } from "../../db/schema";
import { contentsOfRows, searchTextOf } from "./content";

export async function draftVersion(db: TDbOrTx, subjectId: string): Promise<string> {
  const [item] = await db.insert(bankItems).values({ schoolId: null, subjectId, type: "essay" }).returning({ id: bankItems.id });
  const content = { type: "essay" as const, questionTextAr: "", questionTextEn: "", questionDocAr: null, questionDocEn: null, image: null, audio: null, points: 1, correctAnswerText: null, matchingPairs: [], skillId: null, options: [], passage: null };
  const [version] = await db.insert(bankItemVersions).values({ itemId: item!.id, version: 1, content }).returning({ id: bankItemVersions.id });
  return version!.id;
}

export async function versionsFromRows(db: TDbOrTx, examId: string): Promise<void> {
  const [exam] = await db.select({ subjectId: exams.subjectId, grades: exams.grades, creatorId: exams.creatorId, role: profiles.role, schoolId: profiles.schoolId }).from(exams).leftJoin(profiles, eq(profiles.id, exams.creatorId)).where(eq(exams.id, examId));
  const rows = await db.select().from(questions).where(eq(questions.examId, examId));
  const contents = await contentsOfRows(db, rows);
  const drafts = [...new Set(rows.map((r) => r.itemVersionId))];
  for (const row of rows) {
    const content = contents.get(row.id)!;
    const [item] = await db
      .insert(bankItems)
      .values({ schoolId: exam!.role === "super_admin" ? null : (exam!.schoolId ?? null), subjectId: exam!.subjectId, grade: exam!.grades?.length === 1 ? exam!.grades[0]! : null, createdById: exam!.creatorId, type: content.type, skillId: content.skillId, searchText: searchTextOf(content) })
      .returning({ id: bankItems.id });
    const [version] = await db.insert(bankItemVersions).values({ itemId: item!.id, version: 1, content, createdById: exam!.creatorId }).returning({ id: bankItemVersions.id });
    await db.update(questions).set({ itemVersionId: version!.id }).where(eq(questions.id, row.id));
  }
  // The drafts nothing holds any more.
  if (drafts.length) {
    await db.execute(sql`delete from ${bankItems} where id in (select item_id from ${bankItemVersions} v where v.id in (${sql.join(drafts.map((d) => sql`${d}::uuid`), sql`, `)})
      and not exists (select 1 from ${questions} q where q.item_version_id = v.id))`);
  }
}
