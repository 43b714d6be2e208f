// An exam's parallel forms (issue 34, "Forms from a blueprint"; docs/decisions/0035): assembling them from the bank
// items the exam's author may use, saving them as the exam's forms (its questions become their union) and going back
// to one paper. The assembler itself is assemble.ts; the delivery of forms to students is the attempts module's.
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { TDb, TDbOrTx, TTx } from "../../db/client";
import { bankItems, bankItemVersions, examFormQuestions, examForms, examSchools, exams, passages, profiles, questions, skills, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isForeignKeyViolation } from "../../db/errors";
import type { TSessionUser } from "../../../shared/permissions";
import { MAX_QUESTIONS } from "../../../shared/schemas/exam";
import type { TBlueprint } from "../../../shared/schemas/blueprint";
import type { TAssembleResponse, TExamForms, TFormItem, TSaveForms } from "../../../shared/schemas/forms";
import { examsChanged } from "../attempts/paper";
import { loadAuthorable } from "../exams/exams.service";
import { assembleInThread, type TCandidate } from "./assemble";
import { cohortStats, insertItemRows, readable, usableItems } from "./bank.service";

type TExamRow = Awaited<ReturnType<typeof loadAuthorable>>;

/** Forms are the exam's questions: once a student has sat it they stay as they were (the FK from attempts restricts). */
async function assertNoAttempts(db: TDbOrTx, examId: string): Promise<void> {
  const [attempts] = await db.select({ n: count() }).from(studentExams).where(eq(studentExams.examId, examId));
  if ((attempts?.n ?? 0) > 0) throw new AppError("FORMS_HAVE_ATTEMPTS");
}

/** The blueprint against its exam: a grade the exam is offered to, and skills of the exam's subject. */
async function assertBlueprint(db: TDbOrTx, exam: TExamRow, blueprint: TBlueprint): Promise<void> {
  if (exam.grades?.length && !exam.grades.includes(blueprint.grade)) throw new AppError("BLUEPRINT_GRADE_NOT_OFFERED", { vars: { grade: blueprint.grade } });
  const ids = [...new Set(blueprint.parts.map((p) => p.skillId))];
  const found = await db.select({ id: skills.id, subjectId: skills.subjectId }).from(skills).where(inArray(skills.id, ids));
  blueprint.parts.forEach((p, i) => {
    const skill = found.find((s) => s.id === p.skillId);
    if (!skill) throw new AppError("BLUEPRINT_SKILL_NOT_FOUND", { vars: { n: i + 1 } });
    if (skill.subjectId !== exam.subjectId) throw new AppError("BLUEPRINT_SKILL_WRONG_SUBJECT", { vars: { n: i + 1 } });
  });
}

/**
 * The cohort whose exposure counts: the students of the blueprint's grade in the exam's schools — or, for an exam
 * that names none, the author's school (a super_admin's: every school).
 */
async function cohortOf(db: TDbOrTx, actor: TSessionUser, examId: string, grade: number): Promise<{ students: SQL; size: number }> {
  const named = await db.select({ id: examSchools.schoolId }).from(examSchools).where(eq(examSchools.examId, examId));
  const schoolIds = named.length ? named.map((s) => s.id) : actor.schoolId ? [actor.schoolId] : null;
  const where = and(eq(profiles.role, "student"), eq(profiles.grade, grade), schoolIds ? inArray(profiles.schoolId, schoolIds) : undefined);
  const [size] = await db.select({ n: count() }).from(profiles).where(where);
  const schools = schoolIds ? sql`and school_id in (${sql.join(schoolIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return { students: sql`select id from ${profiles} where role = 'student' and grade = ${grade} ${schools}`, size: size?.n ?? 0 };
}

function formItem(item: typeof bankItems.$inferSelect, content: typeof bankItemVersions.$inferSelect.content, facility: number | null): TFormItem {
  return { itemId: item.id, questionTextAr: content.questionTextAr, questionTextEn: content.questionTextEn, type: content.type, points: content.points, skillId: content.skillId, facility };
}

/**
 * Forms for the exam from the bank: the candidates are the items its author may use (their school's and the system's,
 * not retired) of the exam's subject and the blueprint's grade and skills, with the bank's facility and their exposure in the
 * cohort; IRT parameters are not calibrated yet (null). The anchors must be items the author may use.
 */
export async function assembleForExam(db: TDb, actor: TSessionUser, examId: string, blueprint: TBlueprint): Promise<TAssembleResponse> {
  const exam = await loadAuthorable(db, actor, examId);
  await assertNoAttempts(db, examId);
  await assertBlueprint(db, exam, blueprint);
  await usableItems(db, actor, exam, blueprint.anchors);
  // The blueprint's grade and skills only (the model's size is the candidates'); the anchors whatever they are, so
  // that one of another grade or skill is explained by the assembler rather than called missing.
  const wanted = and(eq(bankItems.grade, blueprint.grade), inArray(bankItems.skillId, [...new Set(blueprint.parts.map((p) => p.skillId))]));
  const gradeOrAnchor = blueprint.anchors.length ? sql`(${wanted} or ${inArray(bankItems.id, blueprint.anchors)})` : wanted;
  const rows = await db
    .select({ item: bankItems, content: bankItemVersions.content })
    .from(bankItems)
    .innerJoin(bankItemVersions, and(eq(bankItemVersions.itemId, bankItems.id), eq(bankItemVersions.version, bankItems.currentVersion)))
    .where(and(readable(actor), isNull(bankItems.retiredAt), eq(bankItems.subjectId, exam.subjectId), gradeOrAnchor));
  const cohort = await cohortOf(db, actor, examId, blueprint.grade);
  const stats = await cohortStats(db, rows.map((r) => r.item.id), cohort.students);
  const candidates: TCandidate[] = rows.flatMap(({ item, content }) => {
    if (!item.skillId) return [];
    const s = stats.get(item.id);
    return [{ id: item.id, skillId: item.skillId, type: item.type, points: content.points, grade: item.grade, facility: s?.facility ?? null, irt: null, exposure: cohort.size ? (s?.seen ?? 0) / cohort.size : 0 }];
  });
  const subjectSkills = await db.select({ id: skills.id, en: skills.nameEn, ar: skills.nameAr }).from(skills).where(eq(skills.subjectId, exam.subjectId));
  const result = await assembleInThread({ blueprint, candidates, skillNames: Object.fromEntries(subjectSkills.map((s) => [s.id, { en: s.en, ar: s.ar }])) });
  const used = new Set(result.status === "assembled" ? result.forms.flatMap((f) => f.itemIds) : []);
  const items = rows.filter((r) => used.has(r.item.id)).map((r) => formItem(r.item, r.content, stats.get(r.item.id)?.facility ?? null));
  return { result, items };
}

/**
 * Saves forms as the exam's, in one transaction: its questions become the union of the forms' items (rows of items
 * already in the exam are kept, new ones come at their newest version, rows of items in no form are removed), the
 * forms are written anew with their anchors marked, and the blueprint and way of giving forms out are kept.
 */
export async function saveForms(db: TDb, actor: TSessionUser, examId: string, input: TSaveForms): Promise<TExamForms> {
  await whileUnsat(db, async (tx) => {
    const exam = await loadAuthorable(tx, actor, examId, true);
    await assertNoAttempts(tx, examId);
    if (input.blueprint) await assertBlueprint(tx, exam, input.blueprint);
    input.forms.forEach((f, i) => {
      if (new Set(f.itemIds).size !== f.itemIds.length) throw new AppError("FORMS_DUPLICATE_ITEM", { vars: { n: i + 1 } });
      if (input.anchors.some((a) => !f.itemIds.includes(a))) throw new AppError("FORMS_ANCHOR_NOT_IN_FORM", { vars: { n: i + 1 } });
    });
    const union = [...new Set(input.forms.flatMap((f) => f.itemIds))];
    if (union.length > MAX_QUESTIONS) throw new AppError("BANK_TOO_MANY_QUESTIONS", { vars: { max: MAX_QUESTIONS } });
    const usable = await usableItems(tx, actor, exam, union);

    // The exam's rows now: one kept per item in a form (the first), every other removed with its passage if alone.
    const existing = await tx
      .select({ id: questions.id, itemId: bankItemVersions.itemId })
      .from(questions)
      .innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId))
      .where(and(eq(questions.examId, examId), isNull(questions.replacedAt)))
      .orderBy(asc(questions.position), asc(questions.createdAt));
    const rowOf = new Map<string, string>();
    const remove: string[] = [];
    for (const r of existing) {
      if (union.includes(r.itemId) && !rowOf.has(r.itemId)) rowOf.set(r.itemId, r.id);
      else remove.push(r.id);
    }
    if (remove.length) {
      await tx.delete(questions).where(inArray(questions.id, remove));
      await tx.delete(passages).where(and(eq(passages.examId, examId), sql`not exists (select 1 from ${questions} q where q.passage_id = ${passages.id})`));
    }
    const added = await insertItemRows(tx, examId, usable.filter((u) => !rowOf.has(u.item.id)), existing.length);
    for (const [itemId, rowId] of added) rowOf.set(itemId, rowId);
    // The exam's order: form 1's, then each next form's new items.
    for (const [position, itemId] of union.entries()) await tx.update(questions).set({ position }).where(eq(questions.id, rowOf.get(itemId)!));

    await writeForms(tx, examId, input.forms.map((f) => f.itemIds.map((id) => ({ questionId: rowOf.get(id)!, isAnchor: input.anchors.includes(id) }))));
    await tx
      .update(exams)
      .set({ blueprint: input.blueprint, formAssignment: input.assignment, ...(input.blueprint ? { durationMinutes: input.blueprint.durationMinutes } : {}), updatedAt: new Date() })
      .where(eq(exams.id, examId));
  });
  await examsChanged(db, [examId]);
  return findForms(db, actor, examId);
}

async function writeForms(tx: TTx, examId: string, forms: { questionId: string; isAnchor: boolean }[][]): Promise<void> {
  await tx.delete(examForms).where(eq(examForms.examId, examId));
  for (const [i, rows] of forms.entries()) {
    const [form] = await tx.insert(examForms).values({ examId, number: i + 1 }).returning({ id: examForms.id });
    await tx.insert(examFormQuestions).values(rows.map((r) => ({ formId: form!.id, ...r })));
  }
}

/** Back to one paper: the forms go, the questions (their union) stay; refused once a student has sat the exam. */
export async function deleteForms(db: TDb, actor: TSessionUser, examId: string): Promise<TExamForms> {
  await whileUnsat(db, async (tx) => {
    await loadAuthorable(tx, actor, examId, true);
    await assertNoAttempts(tx, examId);
    await tx.delete(examForms).where(eq(examForms.examId, examId));
    await tx.update(exams).set({ updatedAt: new Date() }).where(eq(exams.id, examId));
  });
  await examsChanged(db, [examId]);
  return findForms(db, actor, examId);
}

/**
 * A change of the exam's forms in one transaction, refused once it is sat. An attempt given a form after the check
 * (assertNoAttempts) makes student_exams.form_id restrict the forms' delete: the same refusal, not a 500.
 */
async function whileUnsat(db: TDb, change: (tx: TTx) => Promise<void>): Promise<void> {
  try {
    await db.transaction(change);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("FORMS_HAVE_ATTEMPTS");
    throw error;
  }
}

/** The exam's forms: each one's items (anchors marked), points and mean facility, and the items each pair shares. */
export async function findForms(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<TExamForms> {
  const exam = await loadAuthorable(db, actor, examId);
  const rows = await db
    .select({ formId: examForms.id, number: examForms.number, questionId: questions.id, isAnchor: examFormQuestions.isAnchor, item: bankItems, content: bankItemVersions.content })
    .from(examForms)
    .innerJoin(examFormQuestions, eq(examFormQuestions.formId, examForms.id))
    .innerJoin(questions, eq(questions.id, examFormQuestions.questionId))
    .innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId))
    .innerJoin(bankItems, eq(bankItems.id, bankItemVersions.itemId))
    .where(eq(examForms.examId, examId))
    .orderBy(asc(examForms.number), asc(questions.position));
  const stats = await cohortStats(db, [...new Set(rows.map((r) => r.item.id))], sql`select null::uuid`);
  const forms: TExamForms["forms"] = [];
  for (const r of rows) {
    let form = forms.find((f) => f.id === r.formId);
    if (!form) forms.push((form = { id: r.formId, number: r.number, points: 0, meanFacility: null, items: [] }));
    form.items.push({ ...formItem(r.item, r.content, stats.get(r.item.id)?.facility ?? null), questionId: r.questionId, isAnchor: r.isAnchor });
    form.points += r.content.points;
  }
  for (const form of forms) {
    const known = form.items.flatMap((i) => (i.facility === null ? [] : [i.facility]));
    form.meanFacility = known.length ? known.reduce((s, x) => s + x, 0) / known.length : null;
  }
  const overlap = forms.flatMap((a, i) =>
    forms.slice(i + 1).map((b) => {
      const ids = new Set(a.items.map((x) => x.itemId));
      return { a: a.number, b: b.number, shared: b.items.filter((x) => ids.has(x.itemId)).length };
    }),
  );
  const [attempts] = await db.select({ n: count() }).from(studentExams).where(eq(studentExams.examId, examId));
  return { assignment: exam.formAssignment, blueprint: exam.blueprint ?? null, forms, overlap, hasAttempts: (attempts?.n ?? 0) > 0 };
}
