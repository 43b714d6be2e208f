// Where an exam shows its images and plays its clips (issue 18): claimed by the save that names them, and read back.
// Apart from media.service so the student's copy (paper.ts) can present images without the upload and access code.
import { and, inArray, isNull, sql } from "drizzle-orm";
import { rowsOf, type TDbOrTx, type TTx } from "../../db/client";
import { examMedia } from "../../db/schema";
import { AppError } from "../../http/errors";
import { ERRORS } from "../../../shared/errors";
import type { TSessionUser } from "../../../shared/permissions";
import type { TAudioRef, TExamData, TImageRef, TPair } from "../../../shared/schemas/exam";
import type { TMatchingPair } from "../../db/schema";

type TNamed = { id: string; path: string; kind: "image" | "audio" };

/** Every picture and clip a save names, with the path of the field that names it (for the message). */
function namedMedia(input: TExamData): TNamed[] {
  const out: TNamed[] = [];
  input.passages.forEach((p, i) => {
    if (p.image) out.push({ id: p.image.id, path: `passages.${i}.image`, kind: "image" });
    if (p.audio) out.push({ id: p.audio.id, path: `passages.${i}.audio`, kind: "audio" });
  });
  input.questions.forEach((q, i) => {
    if (q.image) out.push({ id: q.image.id, path: `questions.${i}.image`, kind: "image" });
    if (q.audio) out.push({ id: q.audio.id, path: `questions.${i}.audio`, kind: "audio" });
    q.options.forEach((o, j) => o.image && out.push({ id: o.image.id, path: `questions.${i}.options.${j}.image`, kind: "image" }));
    q.matchingPairs.forEach((p, j) => {
      if (p.premiseImage) out.push({ id: p.premiseImage.id, path: `questions.${i}.matchingPairs.${j}.premiseImage`, kind: "image" });
      if (p.responseImage) out.push({ id: p.responseImage.id, path: `questions.${i}.matchingPairs.${j}.responseImage`, kind: "image" });
    });
  });
  return out;
}

/**
 * The pictures and clips a save names become the exam's: each must be this exam's already, or uploaded by the
 * author and not yet claimed, and of the kind its field takes. Another author's, another exam's, a made-up id or a
 * clip where a picture goes is refused, naming the field.
 */
export async function claimMedia(tx: TTx, actor: TSessionUser, examId: string, input: TExamData): Promise<void> {
  const named = namedMedia(input);
  if (!named.length) return;
  const ids = [...new Set(named.map((n) => n.id))];
  const rows = await tx
    .select({ id: examMedia.id, examId: examMedia.examId, ownerId: examMedia.ownerId, kind: examMedia.kind })
    .from(examMedia)
    .where(inArray(examMedia.id, ids))
    .for("update");
  const usable = new Map(rows.filter((r) => r.examId === examId || (r.examId === null && r.ownerId === actor.id)).map((r) => [r.id, r.kind]));
  // A picture a bank item brought from another exam (docs/decisions/0036) is this exam's to keep naming.
  for (const r of rows) if (!usable.has(r.id) && (await examsShowing(tx, r.id)).includes(examId)) usable.set(r.id, r.kind);
  const bad = named.find((n) => usable.get(n.id) !== n.kind);
  if (bad) throw new AppError("IMAGE_NOT_YOURS", { fields: [{ path: bad.path, code: "IMAGE_NOT_YOURS", message: ERRORS.IMAGE_NOT_YOURS.message }] });
  await tx.update(examMedia).set({ examId }).where(and(inArray(examMedia.id, ids), isNull(examMedia.examId)));
}

type TImageColumns = { imageId: string | null; imageAltAr: string; imageAltEn: string };
type TAudioColumns = { audioId: string | null; audioMaxPlays: number | null; audioTranscriptAr: string; audioTranscriptEn: string };

/** Reads the sizes of the images these rows show, and presents each row's image. */
export async function imagePresenter(db: TDbOrTx, rows: TImageColumns[]): Promise<(row: TImageColumns) => TImageRef> {
  const ids = [...new Set(rows.map((r) => r.imageId).filter((id): id is string => !!id))];
  const media = ids.length ? await db.select({ id: examMedia.id, width: examMedia.width, height: examMedia.height }).from(examMedia).where(inArray(examMedia.id, ids)) : [];
  const byId = new Map(media.map((m) => [m.id, m]));
  return (row) => {
    const m = row.imageId ? byId.get(row.imageId) : undefined;
    return m ? { id: m.id, width: m.width ?? 0, height: m.height ?? 0, altAr: row.imageAltAr, altEn: row.imageAltEn } : null;
  };
}

/** A row's clip as the author sees it (with its transcripts). */
export function audioOf(row: TAudioColumns): TAudioRef {
  return row.audioId ? { id: row.audioId, maxPlays: row.audioMaxPlays, transcriptAr: row.audioTranscriptAr, transcriptEn: row.audioTranscriptEn } : null;
}

/** The columns a saved clip reference is stored in. */
export function audioColumns(audio: { id: string; maxPlays: number | null; transcriptAr: string; transcriptEn: string } | null): TAudioColumns {
  return { audioId: audio?.id ?? null, audioMaxPlays: audio?.maxPlays ?? null, audioTranscriptAr: audio?.transcriptAr ?? "", audioTranscriptEn: audio?.transcriptEn ?? "" };
}

/** A matching question's pictures, as the columns an image is read from: they live in its pairs' JSON. */
export function pairImageColumns(qs: { matchingPairs: TMatchingPair[] | null }[]): TImageColumns[] {
  return qs.flatMap((q) => (q.matchingPairs ?? []).flatMap((p) => [imageColumns(p.premiseImage ?? null), imageColumns(p.responseImage ?? null)]));
}

/** A pair as its readers see it, its pictures presented with their sizes. */
export function presentPair(image: (row: TImageColumns) => TImageRef, p: TMatchingPair): TPair {
  return {
    premise_ar: p.premise_ar,
    premise_en: p.premise_en,
    response_ar: p.response_ar,
    response_en: p.response_en,
    premiseImage: image(imageColumns(p.premiseImage ?? null)),
    responseImage: image(imageColumns(p.responseImage ?? null)),
  };
}

/** The columns a saved image reference is stored in. */
export function imageColumns(image: { id: string; altAr: string; altEn: string } | null): TImageColumns {
  return { imageId: image?.id ?? null, imageAltAr: image?.altAr ?? "", imageAltEn: image?.altEn ?? "" };
}


/**
 * The exams whose current questions, options or passages show this picture or clip. A media row names the exam
 * that first claimed it; a bank item carries it into others (docs/decisions/0036), which may show it too.
 */
export async function examsShowing(db: TDbOrTx, mediaId: string): Promise<string[]> {
  const rows = rowsOf<{ exam_id: string }>(
    await db.execute(sql`select exam_id from questions where replaced_at is null and (image_id = ${mediaId} or audio_id = ${mediaId}
        or (matching_pairs is not null and strpos(matching_pairs::text, ${mediaId}) > 0))
      union select q.exam_id from question_options o join questions q on q.id = o.question_id where q.replaced_at is null and o.image_id = ${mediaId}
      union select exam_id from passages where image_id = ${mediaId} or audio_id = ${mediaId}`),
  );
  return rows.map((r) => r.exam_id);
}
