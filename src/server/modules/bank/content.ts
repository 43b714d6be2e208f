// A bank version's content and an exam's question rows, converted in one place (docs/decisions/0036): the exam
// save and the bank routes write rows from content, and a version is made from what a save or the bank was given.
import type { TDbOrTx } from "../../db/client";
import { passages, questionOptions, questions } from "../../db/schema";
import { normalizeAnswer } from "../../../shared/grading";
import type { TExamData } from "../../../shared/schemas/exam";
import type { TItemContent, TPassageContent } from "../../../shared/schemas/bank";
import { audioColumns, imageColumns } from "../media/images";
import { eq, inArray } from "drizzle-orm";

type TQuestionData = TExamData["questions"][number];
type TPassageData = TExamData["passages"][number];
type TQuestionRow = typeof questions.$inferSelect;
type TOptionRow = typeof questionOptions.$inferSelect;
type TPassageRow = typeof passages.$inferSelect;

const imageOf = (id: string | null, altAr: string, altEn: string) => (id ? { id, altAr, altEn } : null);
const audioOf = (r: { audioId: string | null; audioMaxPlays: number | null; audioTranscriptAr: string; audioTranscriptEn: string }) =>
  r.audioId ? { id: r.audioId, maxPlays: r.audioMaxPlays, transcriptAr: r.audioTranscriptAr, transcriptEn: r.audioTranscriptEn } : null;

export function passageContent(p: Omit<TPassageData, "id" | "key">): TPassageContent {
  return { titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr ?? null, docEn: p.docEn ?? null, image: p.image, audio: p.audio };
}

export function passageContentOfRow(p: TPassageRow): TPassageContent {
  return { titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: imageOf(p.imageId, p.imageAltAr, p.imageAltEn), audio: audioOf(p) };
}

/** The content of a question as the editor (or the bank) gives it. */
export function contentOf(q: Omit<TQuestionData, "id" | "passageKey">, passage: TPassageContent | null): TItemContent {
  return {
    type: q.type,
    questionTextAr: q.questionTextAr,
    questionTextEn: q.questionTextEn,
    questionDocAr: q.questionDocAr ?? null,
    questionDocEn: q.questionDocEn ?? null,
    image: q.image,
    audio: q.audio,
    points: q.points,
    correctAnswerText: q.correctAnswerText ?? null,
    matchingPairs: q.type === "matching" ? q.matchingPairs : [],
    skillId: q.skillId,
    options: q.options.map((o) => ({ optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr ?? null, optionDocEn: o.optionDocEn ?? null, image: o.image, isCorrect: o.isCorrect })),
    passage,
    ...(q.interaction ? { interaction: q.interaction } : {}),
  };
}

/** The content a stored row shows (with its options and passage): what the migration and the exam save compare. */
export function contentOfRow(q: TQuestionRow, options: TOptionRow[], passage: TPassageRow | null): TItemContent {
  return {
    type: q.type,
    questionTextAr: q.questionTextAr,
    questionTextEn: q.questionTextEn,
    questionDocAr: q.questionDocAr,
    questionDocEn: q.questionDocEn,
    image: imageOf(q.imageId, q.imageAltAr, q.imageAltEn),
    audio: audioOf(q),
    points: q.points,
    correctAnswerText: q.correctAnswerText,
    // Pairs saved before pictures (issue 18) have no image keys: the same as none.
    matchingPairs: (q.matchingPairs ?? []).map((p) => ({ ...p, premiseImage: p.premiseImage ?? null, responseImage: p.responseImage ?? null })),
    skillId: q.skillId,
    options: [...options]
      .sort((a, b) => a.position - b.position)
      .map((o) => ({ optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr, optionDocEn: o.optionDocEn, image: imageOf(o.imageId, o.imageAltAr, o.imageAltEn), isCorrect: o.isCorrect })),
    passage: passage ? passageContentOfRow(passage) : null,
    ...(q.interaction ? { interaction: q.interaction } : {}),
  };
}

/** The question row's own columns for a content (the exam, position, passage and version are the caller's). */
export function questionColumns(c: TItemContent) {
  return {
    type: c.type,
    questionTextAr: c.questionTextAr,
    questionTextEn: c.questionTextEn,
    questionDocAr: c.questionDocAr,
    questionDocEn: c.questionDocEn,
    ...imageColumns(c.image),
    ...audioColumns(c.audio),
    points: c.points,
    correctAnswerText: c.correctAnswerText,
    matchingPairs: c.type === "matching" ? c.matchingPairs : null,
    interaction: c.interaction ?? null,
    skillId: c.skillId,
  };
}

export function optionColumns(c: TItemContent, questionId: string) {
  return c.options.map((o, position) => ({ questionId, position, optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr, optionDocEn: o.optionDocEn, ...imageColumns(o.image), isCorrect: o.isCorrect }));
}

export function passageColumns(p: TPassageContent) {
  return { titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, ...imageColumns(p.image), ...audioColumns(p.audio) };
}

/**
 * Whether two contents show a student the same thing. The passage is left out: it is the exam's, shared by its
 * questions and edited with the exam (its snapshot in a version is what the item brings to another exam).
 */
export function sameContent(a: TItemContent, b: TItemContent): boolean {
  return stableJson({ ...a, passage: null }) === stableJson({ ...b, passage: null });
}

/** Whether two passages show the same (decision 0036: a passage students read is never changed in place). */
export function samePassage(a: TPassageContent, b: TPassageContent): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([x], [y]) => (x < y ? -1 : 1)))
      : value,
  );
}

/** What a search matches: every text of the content, Arabic folded as the short-answer marker folds, English lower case. */
export function searchTextOf(c: TItemContent): string {
  const texts = [
    c.questionTextAr,
    c.questionTextEn,
    c.correctAnswerText ?? "",
    ...c.options.flatMap((o) => [o.optionTextAr, o.optionTextEn]),
    ...c.matchingPairs.flatMap((p) => [p.premise_ar, p.premise_en, p.response_ar, p.response_en]),
    c.passage?.titleAr ?? "",
    c.passage?.titleEn ?? "",
  ];
  return normalizeAnswer(texts.filter(Boolean).join(" "));
}

/** The stored content of these rows, read with their options and passages (for a save that compares). */
export async function contentsOfRows(db: TDbOrTx, rows: TQuestionRow[]): Promise<Map<string, TItemContent>> {
  const ids = rows.map((r) => r.id);
  const opts = ids.length ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, ids)) : [];
  const passageIds = [...new Set(rows.map((r) => r.passageId).filter((id): id is string => !!id))];
  const ps = passageIds.length ? await db.select().from(passages).where(inArray(passages.id, passageIds)) : [];
  const byId = new Map(ps.map((p) => [p.id, p]));
  return new Map(rows.map((r) => [r.id, contentOfRow(r, opts.filter((o) => o.questionId === r.id), r.passageId ? (byId.get(r.passageId) ?? null) : null)]));
}

export async function contentOfQuestion(db: TDbOrTx, id: string): Promise<TItemContent | null> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row ? ((await contentsOfRows(db, [row])).get(id) ?? null) : null;
}
