// Exam authoring (SPEC §2 exam screens, §4 question rules, §5 "Exam save", §6). A save is one transaction:
// the exam, its questions and options are stored together or not at all. Questions and options keep their
// ids across saves, so answers already given keep pointing at them.
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../../db/like";
import type { TDb, TDbOrTx, TTx } from "../../db/client";
import { allStudentAnswers, bankItems, bankItemVersions, examSchools, exams, passages, profiles, questionOptions, questions, schools, skills, studentAnswers, studentExams, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { ERRORS, fillText } from "../../../shared/errors";
import { can, type TSessionUser } from "../../../shared/permissions";
import { EXAM_TOOLS, type TExamData, type TExamDetail, type TExamSummary, type TSubject } from "../../../shared/schemas/exam";
import { examsChanged } from "../attempts/paper";
import { audioColumns, audioOf, claimMedia, imageColumns, imagePresenter, pairImageColumns, presentPair } from "../media/images";
import type { TItemContent } from "../../../shared/schemas/bank";
import { contentOf, contentsOfRows, passageContent, passageContentOfRow, questionColumns, sameContent, samePassage } from "../bank/content";
import { addVersion, attemptInProgress, bankVersionsOf, lockedClock, createItem, replaceRow, editVersionInPlace, mayEditItem, rowSeen, versionHeldElsewhere, versionSeen } from "../bank/items";
import { currentQuestion } from "../bank/views";
import { assertExamWritable } from "../years/guard";
import { currentYearId } from "../years/years.service";

type TExamRow = typeof exams.$inferSelect;

export async function findSubjects(db: TDbOrTx): Promise<TSubject[]> {
  return db.select().from(subjects).orderBy(asc(subjects.id));
}

const summaryColumns = {
  exam: exams,
  subject: subjects,
  creatorName: profiles.name,
};

type TCounts = { questions: number; attempts: number; schools: { id: string; nameAr: string; nameEn: string }[] };

function presentSummary(r: { exam: TExamRow; subject: TSubject; creatorName: string | null }, counts: TCounts): TExamSummary {
  return {
    id: r.exam.id,
    titleAr: r.exam.titleAr,
    titleEn: r.exam.titleEn,
    subject: r.subject,
    status: r.exam.status,
    durationMinutes: r.exam.durationMinutes,
    creator: r.exam.creatorId && r.creatorName !== null ? { id: r.exam.creatorId, name: r.creatorName } : null,
    createdAt: r.exam.createdAt.toISOString(),
    updatedAt: r.exam.updatedAt.toISOString(),
    questionCount: counts.questions,
    attemptCount: counts.attempts,
    schools: counts.schools,
    grades: r.exam.grades ?? [],
  };
}

/** Questions, attempts and the schools offered each exam, in three queries for the whole list. */
async function countsFor(db: TDbOrTx, examIds: string[]): Promise<(id: string) => TCounts> {
  if (examIds.length === 0) return () => ({ questions: 0, attempts: 0, schools: [] });
  const q = await db.select({ id: questions.examId, n: count() }).from(questions).where(and(inArray(questions.examId, examIds), currentQuestion)).groupBy(questions.examId);
  const a = await db.select({ id: studentExams.examId, n: count() }).from(studentExams).where(inArray(studentExams.examId, examIds)).groupBy(studentExams.examId);
  const s = await db
    .select({ examId: examSchools.examId, id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn })
    .from(examSchools)
    .innerJoin(schools, eq(schools.id, examSchools.schoolId))
    .where(inArray(examSchools.examId, examIds))
    .orderBy(asc(schools.nameEn), asc(schools.id));
  const qn = new Map(q.map((r) => [r.id, r.n]));
  const an = new Map(a.map((r) => [r.id, r.n]));
  return (id) => ({ questions: qn.get(id) ?? 0, attempts: an.get(id) ?? 0, schools: s.filter((r) => r.examId === id).map(({ id, nameAr, nameEn }) => ({ id, nameAr, nameEn })) });
}

/** SPEC §6: super_admin sees all exams, a teacher only their own — newest first. */
export async function findExams(db: TDbOrTx, actor: TSessionUser, query: { q?: string; subjectId?: string; status?: TExamRow["status"] }): Promise<TExamSummary[]> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  const conditions: (SQL | undefined)[] = [actor.role === "super_admin" ? undefined : eq(exams.creatorId, actor.id)];
  if (query.subjectId) conditions.push(eq(exams.subjectId, query.subjectId));
  if (query.status) conditions.push(eq(exams.status, query.status));
  if (query.q) {
    const like = containsPattern(query.q);
    conditions.push(or(ilike(exams.titleAr, like), ilike(exams.titleEn, like)));
  }
  const rows = await db
    .select(summaryColumns)
    .from(exams)
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .leftJoin(profiles, eq(profiles.id, exams.creatorId))
    .where(and(...conditions))
    .orderBy(desc(exams.createdAt))
    .limit(1000);
  const countsOf = await countsFor(db, rows.map((r) => r.exam.id));
  return rows.map((r) => presentSummary(r, countsOf(r.exam.id)));
}

/** The exam if the actor may author it (super_admin: any; teacher: their own); otherwise not found. */
export async function loadAuthorable(db: TDbOrTx, actor: TSessionUser, id: string, lock = false): Promise<TExamRow> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  const base = db.select().from(exams).where(eq(exams.id, id));
  const [exam] = lock ? await base.for("update") : await base;
  if (!exam || !can(actor, "exams.author", { ownerId: exam.creatorId })) throw new AppError("EXAM_NOT_FOUND");
  // Locked means about to be written (an edit, a delete, the bank's additions, forms): a closed year's exam is read-only.
  if (lock) await assertExamWritable(db, id);
  return exam;
}

export async function findExamDetail(db: TDbOrTx, actor: TSessionUser, id: string): Promise<TExamDetail> {
  await loadAuthorable(db, actor, id);
  return loadDetail(db, id);
}

async function loadDetail(db: TDbOrTx, id: string): Promise<TExamDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(exams)
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .leftJoin(profiles, eq(profiles.id, exams.creatorId))
    .where(eq(exams.id, id));
  if (!row) throw new AppError("EXAM_NOT_FOUND");
  const qs = await db.select().from(questions).where(and(eq(questions.examId, id), currentQuestion)).orderBy(asc(questions.position), asc(questions.createdAt));
  const qIds = qs.map((q) => q.id);
  const opts = qIds.length ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, qIds)).orderBy(asc(questionOptions.position)) : [];
  const answers = qIds.length
    ? await db.select({ id: allStudentAnswers.questionId, n: count() }).from(allStudentAnswers).where(inArray(allStudentAnswers.questionId, qIds)).groupBy(allStudentAnswers.questionId)
    : [];
  const answerCount = new Map(answers.map((a) => [a.id, a.n]));
  const counts = (await countsFor(db, [id]))(id);
  // Passages of current rows only: an older row of a passage students read stays for their results (decision 0036).
  const ps = (await db.select().from(passages).where(eq(passages.examId, id)).orderBy(asc(passages.position))).filter((p) => qs.some((q) => q.passageId === p.id));
  const image = await imagePresenter(db, [...ps, ...qs, ...opts, ...pairImageColumns(qs)]);
  const bank = await bankVersionsOf(db, qs.map((q) => q.itemVersionId));
  return {
    ...presentSummary(row, counts),
    descriptionAr: row.exam.descriptionAr,
    descriptionEn: row.exam.descriptionEn,
    allowedTools: EXAM_TOOLS.filter((tool) => row.exam.allowedTools.includes(tool)),
    schoolIds: counts.schools.map((s) => s.id).sort(),
    passages: ps.map((p) => ({ id: p.id, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: image(p), audio: audioOf(p) })),
    questions: qs.map((q) => ({
      id: q.id,
      type: q.type,
      position: q.position,
      questionTextAr: q.questionTextAr,
      questionTextEn: q.questionTextEn,
      questionDocAr: q.questionDocAr,
      questionDocEn: q.questionDocEn,
      passageId: q.passageId,
      image: image(q),
      audio: audioOf(q),
      points: q.points,
      correctAnswerText: q.correctAnswerText,
      matchingPairs: (q.matchingPairs ?? []).map((p) => presentPair(image, p)),
      interaction: q.interaction,
      options: opts
        .filter((o) => o.questionId === q.id)
        .map((o) => ({
          id: o.id,
          optionTextAr: o.optionTextAr,
          optionTextEn: o.optionTextEn,
          optionDocAr: o.optionDocAr,
          optionDocEn: o.optionDocEn,
          image: image(o),
          isCorrect: o.isCorrect,
        })),
      skillId: q.skillId,
      answerCount: answerCount.get(q.id) ?? 0,
      bank: bank.get(q.itemVersionId)!,
    })),
  };
}

/** Who is offered the exam (docs/decisions/0004): a teacher's school, or a super_admin's chosen schools (none = all). */
async function audienceFor(tx: TTx, actor: TSessionUser, input: TExamData, existing?: TExamRow): Promise<string[]> {
  if (actor.role !== "super_admin") {
    // A teacher's exam stays with the author's school, even if a super_admin edited it before.
    return actor.schoolId ? [actor.schoolId] : [];
  }
  if (existing && existing.creatorId && existing.creatorId !== actor.id) {
    // A super_admin editing a teacher's exam keeps its audience unless they choose schools explicitly.
    if (input.schoolIds.length === 0) return (await tx.select({ id: examSchools.schoolId }).from(examSchools).where(eq(examSchools.examId, existing.id))).map((r) => r.id);
  }
  const ids = [...new Set(input.schoolIds)];
  if (ids.length) {
    const found = await tx.select({ id: schools.id }).from(schools).where(inArray(schools.id, ids));
    if (found.length !== ids.length) throw new AppError("SCHOOL_NOT_FOUND");
  }
  return ids;
}

async function assertSubject(tx: TTx, subjectId: string) {
  const [s] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId));
  if (!s) throw new AppError("SUBJECT_NOT_FOUND");
}

/**
 * A question's skill must be one of the exam's subject; a retired skill may stay on a question that already had
 * it (old exams keep what they measured) but is not given to a new one. Errors name the question, as the
 * editor's other messages do.
 */
async function assertSkills(tx: TTx, input: TExamData, existing: Map<string, string | null>): Promise<void> {
  const ids = [...new Set(input.questions.map((q) => q.skillId).filter((id): id is string => !!id))];
  if (!ids.length) return;
  const found = new Map((await tx.select().from(skills).where(inArray(skills.id, ids))).map((s) => [s.id, s]));
  for (const [i, q] of input.questions.entries()) {
    if (!q.skillId) continue;
    const skill = found.get(q.skillId);
    const n = i + 1;
    if (!skill) throw new AppError("SKILL_NOT_FOUND", { vars: { n }, fields: [{ path: `questions.${i}.skillId`, code: "SKILL_NOT_FOUND", message: fillText(ERRORS.SKILL_NOT_FOUND.message, { n }) }] });
    if (skill.subjectId !== input.subjectId) throw new AppError("SKILL_WRONG_SUBJECT", { vars: { n }, fields: [{ path: `questions.${i}.skillId`, code: "SKILL_WRONG_SUBJECT", message: fillText(ERRORS.SKILL_WRONG_SUBJECT.message, { n }) }] });
    if (skill.retiredAt && !(q.id && existing.get(q.id) === skill.id)) {
      throw new AppError("SKILL_RETIRED", { vars: { n }, fields: [{ path: `questions.${i}.skillId`, code: "SKILL_RETIRED", message: fillText(ERRORS.SKILL_RETIRED.message, { n }) }] });
    }
  }
}

/**
 * The exam's passages as the save names them: kept ones by id (an id of another exam's passage, or made up, is a
 * new passage), new ones inserted. Returns each key's passage id; passages no longer named are removed by
 * writeQuestions once no question points at them.
 */
async function writePassages(tx: TTx, examId: string, input: TExamData, seen: Set<string>): Promise<{ ids: Map<string, string>; removed: string[] }> {
  const rows = await tx.select().from(passages).where(eq(passages.examId, examId));
  const existing = new Set(rows.map((p) => p.id));
  const ids = new Map<string, string>();
  for (const [position, p] of input.passages.entries()) {
    const values = { examId, position, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, ...imageColumns(p.image), ...audioColumns(p.audio) };
    const stored = p.id && seen.has(p.id) ? rows.find((r) => r.id === p.id) : undefined;
    if (stored && !samePassage(passageContentOfRow(stored), passageContent(p))) {
      // Read by students: kept as it was for the attempts that read it (their rows point at it); the questions
      // current from now on get a new row with the new text (writeQuestions replaces their seen rows).
      const [row] = await tx.insert(passages).values(values).returning({ id: passages.id });
      ids.set(p.key, row!.id);
    } else if (p.id && existing.has(p.id)) {
      await tx.update(passages).set(values).where(eq(passages.id, p.id));
      ids.set(p.key, p.id);
    } else {
      const [row] = await tx.insert(passages).values(values).returning({ id: passages.id });
      ids.set(p.key, row!.id);
    }
  }
  const kept = new Set(ids.values());
  return { ids, removed: [...existing].filter((id) => !kept.has(id)) };
}

/**
 * Every question of a save is a bank item's version used by this exam (docs/decisions/0036). A new question makes
 * an item of the author's school (a super_admin's: the system's). A changed question whose row no attempt has
 * seen is changed in place — its version too, unless that version is held elsewhere or was seen, when the row takes
 * a new version. A changed question some attempt has seen is never changed: the row is marked replaced (its answers
 * keep pointing at it) and a row of a new version takes its place, refused while a student is taking the exam.
 */
async function writeQuestions(tx: TTx, actor: TSessionUser, examId: string, input: TExamData): Promise<void> {
  await claimMedia(tx, actor, examId, input);
  const existing = await tx.select().from(questions).where(and(eq(questions.examId, examId), currentQuestion)).orderBy(asc(questions.position));
  const passageIds = await writePassages(tx, examId, input, await seenPassages(tx, existing));
  const existingIds = new Set(existing.map((q) => q.id));
  await assertSkills(tx, input, new Map(existing.map((q) => [q.id, q.skillId])));
  const keptIds = input.questions.map((q) => q.id).filter((id): id is string => !!id && existingIds.has(id));

  // Removing a question that students have answered would delete their answers: refuse, and say which.
  const removed = existing.filter((q) => !keptIds.includes(q.id));
  if (removed.length) {
    const answered = await tx.select({ id: studentAnswers.questionId }).from(studentAnswers).where(inArray(studentAnswers.questionId, removed.map((q) => q.id))).limit(1);
    if (answered[0]) {
      const n = existing.findIndex((q) => q.id === answered[0]!.id) + 1;
      throw new AppError("QUESTION_HAS_ANSWERS", { vars: { n } });
    }
    await tx.delete(questions).where(inArray(questions.id, removed.map((q) => q.id)));
  }

  const stored = await contentsOfRows(tx, existing.filter((q) => keptIds.includes(q.id)));
  const [exam] = await tx.select({ subjectId: exams.subjectId, grades: exams.grades }).from(exams).where(eq(exams.id, examId));
  const item = { subjectId: exam!.subjectId, grade: exam!.grades?.length === 1 ? exam!.grades[0]! : null };
  const passageOf = new Map(input.passages.map((p) => [p.key, passageContent(p)]));
  // The exam is locked (updateExam): replaced at a moment no attempt start can cross (items.ts, lockedClock).
  const replacedAt = await lockedClock(tx);
  let inProgress: boolean | undefined;

  for (const [position, q] of input.questions.entries()) {
    const content = contentOf(q, q.passageKey ? (passageOf.get(q.passageKey) ?? null) : null);
    const placed = { examId, position, passageId: q.passageKey ? (passageIds.ids.get(q.passageKey) ?? null) : null };
    const row = q.id && existingIds.has(q.id) ? existing.find((r) => r.id === q.id)! : null;
    if (!row) {
      // An id that is not this exam's (another exam's, or made up) is treated as a new question.
      const made = await createItem(tx, actor, item, content);
      const [inserted] = await tx.insert(questions).values({ ...placed, ...questionColumns(content), itemVersionId: made.versionId }).returning({ id: questions.id });
      await writeOptions(tx, inserted!.id, q.options);
      continue;
    }
    // A seen row keeps the passage it was read with: moved to another passage row (a new one, or none), it is
    // replaced like a changed question.
    if (sameContent(stored.get(row.id)!, content) && (row.passageId === placed.passageId || !(await rowSeen(tx, row)))) {
      await tx.update(questions).set(placed).where(eq(questions.id, row.id));
      continue;
    }
    const versionId = await versionFor(tx, actor, row, content, item);
    if (await rowSeen(tx, row)) {
      inProgress ??= await attemptInProgress(tx, examId);
      if (inProgress) throw new AppError("QUESTION_SEEN_IN_PROGRESS", { vars: { n: position + 1 } });
      await replaceRow(tx, row, placed, content, versionId, replacedAt);
      continue;
    }
    await tx.update(questions).set({ ...placed, ...questionColumns(content), itemVersionId: versionId }).where(eq(questions.id, row.id));
    await writeOptions(tx, row.id, q.options);
  }
  // Every question now points at a passage still named (the schema checked each key), so the others can go.
  // A passage that replaced rows still point at stays for the attempts that read it.
  if (passageIds.removed.length) {
    await tx.delete(passages).where(and(inArray(passages.id, passageIds.removed), sql`not exists (select 1 from ${questions} q where q.passage_id = ${passages.id})`));
  }
}

/** The passages of the exam's current rows that some attempt was given (those are not changed in place). */
async function seenPassages(tx: TTx, rows: (typeof questions.$inferSelect)[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const row of rows) if (row.passageId && !seen.has(row.passageId) && (await rowSeen(tx, row))) seen.add(row.passageId);
  return seen;
}

/**
 * The version a changed question's row will hold: its own, changed in place, while no attempt saw it and no other
 * row holds it; otherwise a new version of its item — or, when the actor may not change that item (a system item in
 * a teacher's exam), a new item of the actor's school.
 */
async function versionFor(tx: TTx, actor: TSessionUser, row: typeof questions.$inferSelect, content: TItemContent, item: { subjectId: string; grade: number | null }): Promise<string> {
  const [version] = await tx
    .select({ itemId: bankItemVersions.itemId, schoolId: bankItems.schoolId })
    .from(bankItemVersions)
    .innerJoin(bankItems, eq(bankItems.id, bankItemVersions.itemId))
    .where(eq(bankItemVersions.id, row.itemVersionId));
  if (!version || !mayEditItem(actor, version)) return (await createItem(tx, actor, item, content)).versionId;
  if (!(await versionSeen(tx, row.itemVersionId)) && !(await versionHeldElsewhere(tx, row.itemVersionId, row.id))) {
    await editVersionInPlace(tx, row.itemVersionId, content);
    return row.itemVersionId;
  }
  return addVersion(tx, actor, version.itemId, content);
}

async function writeOptions(tx: TTx, questionId: string, options: TExamData["questions"][number]["options"]): Promise<void> {
  const existing = new Set((await tx.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.questionId, questionId))).map((o) => o.id));
  const kept = options.map((o) => o.id).filter((id): id is string => !!id && existing.has(id));
  // Answers that chose a removed option keep the answer and lose the choice (the foreign key sets it null).
  await tx.delete(questionOptions).where(and(eq(questionOptions.questionId, questionId), kept.length ? notInArray(questionOptions.id, kept) : undefined));
  for (const [position, o] of options.entries()) {
    const values = { questionId, position, optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr, optionDocEn: o.optionDocEn, ...imageColumns(o.image), isCorrect: o.isCorrect };
    if (o.id && existing.has(o.id)) await tx.update(questionOptions).set(values).where(eq(questionOptions.id, o.id));
    else await tx.insert(questionOptions).values(values);
  }
}

export async function createExam(db: TDb, actor: TSessionUser, input: TExamData): Promise<TExamDetail> {
  return db.transaction((tx) => insertExam(tx, actor, input));
}

/** An exam's own columns as a save writes them (a new exam and an edited one alike). */
function examColumns(input: TExamData) {
  return {
    titleAr: input.titleAr,
    titleEn: input.titleEn,
    subjectId: input.subjectId,
    descriptionAr: input.descriptionAr,
    descriptionEn: input.descriptionEn,
    durationMinutes: input.durationMinutes,
    status: input.status,
    grades: input.grades.length ? input.grades : null,
    allowedTools: input.allowedTools,
  };
}

/** The exam save of a new exam inside a caller's transaction (a QTI import stores the package's media in the same one). */
export async function insertExam(tx: TTx, actor: TSessionUser, input: TExamData): Promise<TExamDetail> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  await assertSubject(tx, input.subjectId);
  const audience = await audienceFor(tx, actor, input);
  const [exam] = await tx
    .insert(exams)
    .values({ ...examColumns(input), creatorId: actor.id, schoolYearId: await currentYearId(tx) })
    .returning({ id: exams.id });
  if (audience.length) await tx.insert(examSchools).values(audience.map((schoolId) => ({ examId: exam!.id, schoolId })));
  await writeQuestions(tx, actor, exam!.id, input);
  return loadDetail(tx, exam!.id);
}

export async function updateExam(db: TDb, actor: TSessionUser, id: string, input: TExamData): Promise<TExamDetail> {
  const detail = await db.transaction(async (tx) => {
    const existing = await loadAuthorable(tx, actor, id, true);
    await assertSubject(tx, input.subjectId);
    const audience = await audienceFor(tx, actor, input, existing);
    await tx
      .update(exams)
      .set({ ...examColumns(input), updatedAt: new Date() })
      .where(eq(exams.id, id));
    await tx.delete(examSchools).where(eq(examSchools.examId, id));
    if (audience.length) await tx.insert(examSchools).values(audience.map((schoolId) => ({ examId: id, schoolId })));
    await writeQuestions(tx, actor, id, input);
    return loadDetail(tx, id);
  });
  await examsChanged(db, [id]);
  return detail;
}

/** An exam with attempts is never deleted, so no result is lost: archive it instead. */
export async function deleteExam(db: TDb, actor: TSessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await loadAuthorable(tx, actor, id, true);
    const [attempts] = await tx.select({ n: count() }).from(studentExams).where(eq(studentExams.examId, id));
    if ((attempts?.n ?? 0) > 0) throw new AppError("EXAM_HAS_ATTEMPTS");
    await tx.delete(exams).where(eq(exams.id, id));
  });
  await examsChanged(db, [id]);
}
