// The student's copy of an exam, built once per exam version (its updated_at) and kept in memory, with the
// marking key beside it on the server. When a whole school presses Start at once, each request costs one
// primary-key lookup instead of joining questions and options for every student.
import { createHash, createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import { and, asc, eq, inArray } from "drizzle-orm";
import { isDatabaseHandle, noticesOf, type TDb, type TDbOrTx } from "../../db/client";
import { examFormQuestions, examForms, examMedia, examSchools, exams, passages, questionOptions, questions, sittings, subjects } from "../../db/schema";
import { seededOrder } from "../../../shared/grading";
import { paperInteraction, SEEDED_ITEM_TYPES, type TInteraction } from "../../../shared/item-types";
import { ZPaper, type TPaper, type TStudentAudio } from "../../../shared/schemas/attempt";
import { EXAM_TOOLS, type TQuestionType } from "../../../shared/schemas/exam";
import { singleFlight } from "../../single-flight";
import { getSecret, MATCHING_ORDER_SECRET } from "../../secrets";
import { imageColumns, imagePresenter, pairImageColumns } from "../media/images";
import { currentQuestion } from "../bank/views";

export type TQuestionKey = {
  type: TQuestionType;
  points: number;
  optionIds: Set<string>;
  correctOptionId: string | null;
  modelAnswer: string | null;
  pairCount: number;
  /** responses shown in position i are original response order[i] */
  order: number[];
  /** An item type of issue 36: its content and key (shared/item-types). */
  interaction: TInteraction | null;
};

export type TExamVersion = {
  examId: string;
  version: string;
  status: "draft" | "published" | "archived";
  /** null: every school. */
  audience: Set<string> | null;
  /** null: every grade. */
  grades: Set<number> | null;
  /** When it is sat (issue 16); empty: open from publication, as before. */
  sittings: TSittingSlot[];
  paper: TPaper;
  /** The paper as sent: checked against its schema and serialised once per version, the same bytes for everyone. */
  paperJson: Buffer;
  paperGzip: Buffer;
  etag: string;
  keys: Map<string, TQuestionKey>;
  /** The images and clips the paper shows: a student may fetch these, and only these, while the paper is theirs. */
  mediaIds: Set<string>;
  /** The clips a student may play only so many times, and how many. */
  limitedClips: Map<string, number>;
  /** The clips' transcripts, kept out of the paper: given only to a student with that accommodation. */
  transcripts: Map<string, { ar: string; en: string }>;
  /** How its parallel forms are given out (issue 34); unused while it has none. */
  formAssignment: "random" | "class";
  /** Its parallel forms by id, each its own copy (a subset of `paper`); empty for an exam without forms. */
  forms: Map<string, TFormCopy>;
};

/** The copy of one parallel form: only its questions (and the passages they hang on), the same bytes for its students. */
export type TFormCopy = {
  id: string;
  number: number;
  questionIds: Set<string>;
  paper: TPaper;
  paperJson: Buffer;
  paperGzip: Buffer;
  etag: string;
  /** The images and clips this form shows: its students may fetch these, not another form's. */
  mediaIds: Set<string>;
};

/** The images and clips a copy of the paper shows — the ids its students may fetch while it is theirs. */
function mediaOf(paper: TPaper): Set<string> {
  const ids = [
    ...paper.passages.flatMap((p) => [p.image?.id, p.audio?.id]),
    ...paper.questions.flatMap((q) => [q.image?.id, q.audio?.id, ...q.options.map((o) => o.image?.id), ...[...q.premises, ...q.responses].map((side) => side.image?.id)]),
  ];
  return new Set(ids.filter((id): id is string => !!id));
}

/**
 * The pictures and clips an attempt's paper shows: its form's, for an exam with parallel forms (another form's stay
 * unseen; no form given yet, none), else the exam's.
 */
export function mediaShownTo(version: Pick<TExamVersion, "mediaIds" | "forms">, formId: string | null): Set<string> {
  if (version.forms.size === 0) return version.mediaIds;
  return (formId ? version.forms.get(formId)?.mediaIds : undefined) ?? new Set();
}

/** What the paper route sends: the exam's copy, or the student's form's. */
export type TPaperCopy = Pick<TFormCopy, "paperJson" | "paperGzip" | "etag">;

/** The paper serialised once, checked against its schema, with its ETag. */
function serialise(paper: TPaper): TPaperCopy {
  const paperJson = Buffer.from(JSON.stringify(ZPaper.parse(paper)));
  return { paperJson, paperGzip: gzipSync(paperJson), etag: `"${createHash("sha256").update(paperJson).digest("base64url").slice(0, 27)}"` };
}

/** A form's copy: the exam's paper cut to the form's questions; its total is the form's points. */
function formCopy(paper: TPaper, form: { id: string; number: number }, questionIds: Set<string>): TFormCopy {
  const qs = paper.questions.filter((q) => questionIds.has(q.id));
  const used = new Set(qs.map((q) => q.passageId));
  const own: TPaper = { ...paper, totalPoints: qs.reduce((sum, q) => sum + q.points, 0), questions: qs, passages: paper.passages.filter((p) => used.has(p.id)) };
  return { id: form.id, number: form.number, questionIds, paper: own, ...serialise(own), mediaIds: mediaOf(own) };
}

export type TSittingSlot = { id: string; schoolId: string | null; grade: number | null; startsAt: Date; entryClosesAt: Date; endsAt: Date };
type TStudentScope = { schoolId: string | null; grade: number | null };

/**
 * The sitting a student belongs to, or null when the exam has none for them. Sittings whose students overlap
 * never overlap in time (sittings.service), so this is the current or next one, else the last one that ended.
 */
export function sittingFor(slots: TSittingSlot[], student: TStudentScope, now = Date.now()): TSittingSlot | null {
  const mine = slots
    .filter((s) => (s.schoolId === null || s.schoolId === student.schoolId) && (s.grade === null || s.grade === student.grade))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return mine.find((s) => s.endsAt.getTime() > now) ?? mine.at(-1) ?? null;
}

/** Where the student stands with their sitting at `now`: before the start, in it, after the last entry, after the end. */
export function entryState(slot: TSittingSlot | null, now = Date.now()): "lobby" | "open" | "closed" | "ended" {
  if (!slot) return "open";
  if (now < slot.startsAt.getTime()) return "lobby";
  if (now > slot.endsAt.getTime()) return "ended";
  if (now > slot.entryClosesAt.getTime()) return "closed";
  return "open";
}

const cache = new Map<string, TExamVersion & { checkedAt: number }>();
const MAX_CACHED = 500;

// What changes an exam's copy (an edit, publishing or archiving, a sitting added, moved or removed, deletion) is
// announced as it commits (examsChanged): on this process at once, and on every other worker and instance through
// a notice (db/notices.ts) the change waits for. While this process can hear those notices, the reads students make
// by the thousand on an exam morning — the paper, the lobby, the pictures — trust the copy in memory instead of
// reading the exam's version on every request. Starting, submitting and marking still check. EXAM_TRUST_MS bounds
// the one case left, a notice lost with the database between the change and the notice: the next check comes at
// most that long after the last. A forget during a check bumps the generation, so that check is not trusted.
const EXAM_CHANNEL = "qias_exams";
const EXAM_TRUST_MS = 30_000;
let examGeneration = 0;
const watchedExams = new WeakSet<TDb>();

/** Listens for other processes' changes to exams; the app calls it once it has its database. */
export function watchExams(db: TDb): void {
  const notices = noticesOf(db);
  if (!notices || watchedExams.has(db)) return;
  watchedExams.add(db);
  notices.on(EXAM_CHANNEL, (payload) => forgetExams(JSON.parse(payload) as string[]), () => forgetExams(null));
}

/** Tells this process and every other one that these exams changed; call after the change has committed. */
export async function examsChanged(db: TDb, examIds: string[]): Promise<void> {
  forgetExams(examIds);
  await noticesOf(db)?.send(EXAM_CHANNEL, JSON.stringify(examIds));
}

/** The next look at these exams (all, for null) reads their version again. */
function forgetExams(examIds: string[] | null): void {
  examGeneration++;
  // A check already under way may have read the version before the change: later requests start their own.
  checking.clear();
  for (const [id, entry] of cache) if (!examIds || examIds.includes(id)) entry.checkedAt = 0;
}

/** Whether this process is sure to hear of every change: always with the embedded database (one process). */
function hearsChanges(db: TDbOrTx): boolean {
  if (!isDatabaseHandle(db)) return false;
  const notices = noticesOf(db);
  return !notices || (notices.live && watchedExams.has(db));
}

/**
 * The current version of an exam, from memory when it has not changed; null when there is no such exam.
 * `maxAgeMs` lets the answer-save path skip the one-row freshness check when the version was confirmed that
 * recently: a save only uses the version to check the answer's shape (the database still checks that the
 * question and option exist), so being up to a second behind an edit costs nothing, while on an exam morning
 * the check is a third of the save's round trips. `untilChanged` trusts memory while changes are announced
 * (above): the student's reads. Starting, submitting and marking always check.
 */
export async function getExamVersion(db: TDbOrTx, examId: string, options: { maxAgeMs?: number; untilChanged?: boolean } = {}): Promise<TExamVersion | null> {
  const cached = cache.get(examId);
  if (cached) {
    const age = Date.now() - cached.checkedAt;
    if (options.maxAgeMs && age < options.maxAgeMs) return cached;
    if (options.untilChanged && age < EXAM_TRUST_MS && hearsChanges(db)) return cached;
  }
  const generation = examGeneration;
  const checkedAt = () => (generation === examGeneration ? Date.now() : 0);
  // Saves arriving together when the trust has lapsed share one look at the exam's last change.
  const version = isDatabaseHandle(db) ? await singleFlight(checking, examId, () => readVersion(db, examId)) : await readVersion(db, examId);
  if (version === null) {
    cache.delete(examId);
    return null;
  }
  // Looked up again: a build that ended while this read was in flight has cached the copy (a class's starts spread
  // over a loaded second each built it once more when the entry seen before the read was used).
  const current = cache.get(examId);
  if (current && current.version === version) {
    current.checkedAt = checkedAt();
    return current;
  }
  const built = await sharedBuild(db, examId, version);
  if (!built) return null;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  const entry = { ...built, checkedAt: checkedAt() };
  cache.set(examId, entry);
  return entry;
}

/** The exam's version: the time of its last change, or null when it is gone. */
async function readVersion(db: TDbOrTx, examId: string): Promise<string | null> {
  versionReads.count++;
  const [head] = await db.select({ updatedAt: exams.updatedAt }).from(exams).where(eq(exams.id, examId));
  return head ? String(head.updatedAt.getTime()) : null;
}

const checking = new Map<string, Promise<string | null>>();
const building = new Map<string, Promise<TExamVersion | null>>();
/** How many times an exam's version was read from the database in this process (the tests read it). */
export const versionReads = { count: 0 };
/** How many times a student's copy has been built in this process (the tests and the bench read it). */
export const paperBuilds = { count: 0 };

/**
 * A school pressing Start in the same second would build the same copy once per student until the first build
 * is cached; they share one build instead. Only on the database handle: inside a transaction the build stays on
 * the transaction's own `tx` (on PGlite the outer handle would wait for the transaction to end).
 */
function sharedBuild(db: TDbOrTx, examId: string, version: string): Promise<TExamVersion | null> {
  if (!isDatabaseHandle(db)) return buildVersion(db, examId);
  return singleFlight(building, `${examId}@${version}`, () => buildVersion(db, examId));
}

/** Published, to the student's school (or every school) and to their grade (or every grade). A student without a
 *  grade is offered only exams for every grade. */
export function isOffered(version: TExamVersion, student: { schoolId: string | null; grade: number | null }): boolean {
  const { schoolId, grade } = student;
  return (
    version.status === "published" &&
    (version.audience === null || (schoolId !== null && version.audience.has(schoolId))) &&
    (version.grades === null || (grade !== null && version.grades.has(grade))) &&
    // An exam with sittings is offered only to the students one of them is for.
    (version.sittings.length === 0 || sittingFor(version.sittings, student) !== null)
  );
}

async function buildVersion(db: TDbOrTx, examId: string): Promise<TExamVersion | null> {
  paperBuilds.count++;
  const [row] = await db.select({ exam: exams, subject: subjects }).from(exams).innerJoin(subjects, eq(subjects.id, exams.subjectId)).where(eq(exams.id, examId));
  if (!row) return null;
  const { exam, subject } = row;
  // The current rows: an attempt in progress always holds them (a version is not taken while one is).
  const qs = await db.select().from(questions).where(and(eq(questions.examId, examId), currentQuestion)).orderBy(asc(questions.position), asc(questions.createdAt));
  const opts = qs.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, qs.map((q) => q.id))).orderBy(asc(questionOptions.position))
    : [];
  // The current rows' passages (an older row of a passage students read stays for their results, decision 0036).
  const ps = (await db.select().from(passages).where(eq(passages.examId, examId)).orderBy(asc(passages.position))).filter((p) => qs.some((q) => q.passageId === p.id));
  const audienceRows = await db.select({ id: examSchools.schoolId }).from(examSchools).where(eq(examSchools.examId, examId));
  const slots = await db
    .select({ id: sittings.id, schoolId: sittings.schoolId, grade: sittings.grade, startsAt: sittings.startsAt, entryClosesAt: sittings.entryClosesAt, endsAt: sittings.endsAt })
    .from(sittings)
    .where(eq(sittings.examId, examId))
    .orderBy(asc(sittings.startsAt));
  const keys = new Map<string, TQuestionKey>();
  const pairImages = pairImageColumns(qs);
  const image = await imagePresenter(db, [...ps, ...qs, ...opts, ...pairImages]);
  // A clip as the student's copy carries it: how often it may be played and its length (so the player shows it before
  // a counted play, the first time a limited clip's bytes are fetched), never its transcript.
  const clipIds = [...ps, ...qs].flatMap((r) => (r.audioId ? [r.audioId] : []));
  const clipMs = new Map(clipIds.length ? (await db.select({ id: examMedia.id, ms: examMedia.durationMs }).from(examMedia).where(inArray(examMedia.id, clipIds))).map((m) => [m.id, m.ms]) : []);
  const studentAudio = (row: { audioId: string | null; audioMaxPlays: number | null }): TStudentAudio => {
    if (!row.audioId) return null;
    const ms = clipMs.get(row.audioId) ?? null;
    return { id: row.audioId, maxPlays: row.audioMaxPlays, seconds: ms === null ? null : ms / 1000 };
  };
  // The responses' order must not be computable from what the copy carries (the question id): it is seeded by
  // a keyed hash of the id with a secret only the server holds. The same for everyone who sits this exam, so the
  // copy stays one set of bytes per version.
  const secret = pairsIn(qs) || qs.some((q) => (SEEDED_ITEM_TYPES as readonly string[]).includes(q.type)) ? await getSecret(db, MATCHING_ORDER_SECRET) : "";
  const orderSeed = (questionId: string) => createHmac("sha256", secret).update(questionId).digest("base64url");

  const paper: TPaper = {
    examId,
    version: String(exam.updatedAt.getTime()),
    titleAr: exam.titleAr,
    titleEn: exam.titleEn,
    descriptionAr: exam.descriptionAr,
    descriptionEn: exam.descriptionEn,
    subject,
    durationMinutes: exam.durationMinutes,
    totalPoints: qs.reduce((sum, q) => sum + q.points, 0),
    allowedTools: EXAM_TOOLS.filter((tool) => exam.allowedTools.includes(tool)),
    // In the order their questions come (the editor keeps a passage's questions together).
    passages: [...ps]
      .sort((a, b) => qs.findIndex((q) => q.passageId === a.id) - qs.findIndex((q) => q.passageId === b.id))
      .map((p) => ({ id: p.id, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: image(p), audio: studentAudio(p) })),
    questions: qs.map((q) => {
      const own = opts.filter((o) => o.questionId === q.id);
      const pairs = q.type === "matching" ? (q.matchingPairs ?? []) : [];
      const order = seededOrder(pairs.length, orderSeed(q.id));
      keys.set(q.id, {
        type: q.type,
        points: q.points,
        optionIds: new Set(own.map((o) => o.id)),
        correctOptionId: own.find((o) => o.isCorrect)?.id ?? null,
        modelAnswer: q.correctAnswerText,
        pairCount: pairs.length,
        order,
        interaction: q.interaction,
      });
      return {
        id: q.id,
        type: q.type,
        questionTextAr: q.questionTextAr,
        questionTextEn: q.questionTextEn,
        questionDocAr: q.questionDocAr,
        questionDocEn: q.questionDocEn,
        passageId: q.passageId,
        image: image(q),
        audio: studentAudio(q),
        points: q.points,
        // Presenters list their fields: no is_correct, no model answer, no matching key.
        options: own.map((o) => ({ id: o.id, optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr, optionDocEn: o.optionDocEn, image: image(o) })),
        premises: pairs.map((p) => ({ ar: p.premise_ar, en: p.premise_en, image: image(imageColumns(p.premiseImage ?? null)) })),
        responses: order.map((i) => ({ ar: pairs[i]!.response_ar, en: pairs[i]!.response_en, image: image(imageColumns(pairs[i]!.responseImage ?? null)) })),
        // Its content without the key; ordering's items and inline choice's lists shuffled by the same secret seed as matching's responses.
        interaction: q.interaction ? paperInteraction(q.interaction, orderSeed(q.id)) : null,
      };
    }),
  };
  // The parallel forms (issue 34): each form's rows among the current ones (taking a version moves a form's row to
  // the new version's row, bank service), so a form's copy is cut from the exam's.
  const formRows = await db.select({ id: examForms.id, number: examForms.number }).from(examForms).where(eq(examForms.examId, examId)).orderBy(asc(examForms.number));
  const formQuestions = formRows.length
    ? await db.select({ formId: examFormQuestions.formId, questionId: examFormQuestions.questionId }).from(examFormQuestions).where(inArray(examFormQuestions.formId, formRows.map((f) => f.id)))
    : [];
  const forms = new Map(
    formRows.map((f) => [f.id, formCopy(paper, f, new Set(formQuestions.filter((fq) => fq.formId === f.id && keys.has(fq.questionId)).map((fq) => fq.questionId)))]),
  );
  const { paperJson, paperGzip, etag } = serialise(paper);
  return {
    examId,
    version: paper.version,
    status: exam.status,
    audience: audienceRows.length ? new Set(audienceRows.map((r) => r.id)) : null,
    grades: exam.grades?.length ? new Set(exam.grades) : null,
    sittings: slots,
    paper,
    paperJson,
    paperGzip,
    etag,
    keys,
    mediaIds: mediaOf(paper),
    limitedClips: new Map([...ps, ...qs].flatMap((r) => (r.audioId && r.audioMaxPlays ? [[r.audioId, r.audioMaxPlays] as const] : []))),
    transcripts: new Map(
      [...ps, ...qs].flatMap((r) => (r.audioId && (r.audioTranscriptAr || r.audioTranscriptEn) ? [[r.audioId, { ar: r.audioTranscriptAr, en: r.audioTranscriptEn }] as const] : [])),
    ),
    formAssignment: exam.formAssignment,
    forms,
  };
}

function pairsIn(qs: { type: TQuestionType }[]): boolean {
  return qs.some((q) => q.type === "matching");
}
