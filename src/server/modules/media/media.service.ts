// Images and listening clips in exams (issue 18): uploaded by an author, checked by their bytes (PNG, JPEG, WebP —
// never SVG or anything that can run script; MP3, M4A, OGG), stored where files are (local or S3), claimed by the exam that shows them, and served only
// to who may see that exam: its author or a super_admin, a student while the exam's paper is theirs to read, and
// after the sitting whoever may see a result that shows the picture (docs/decisions/0064).
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { bankItems, bankItemVersions, examMedia, exams, passages, questionOptions, questions, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TStorage } from "../../storage/storage";
import { MAX_AUDIO_BYTES, MAX_AUDIO_MB, MAX_IMAGE_BYTES, MAX_IMAGE_MB, MAX_IMAGE_SIDE_PX } from "../../../shared/limits";
import { can, type TSessionUser } from "../../../shared/permissions";
import { findPaper } from "../attempts/attempts.service";
import { mediaShownTo } from "../attempts/paper";
import { audioSeconds, checkPngDecodes, inspectAudio, inspectImage } from "./inspect";
import { examsShowing } from "./images";
import { mayReadItem } from "../bank/items";
import { resultShowsMedia } from "../results/results.service";

export { inspectAudio, inspectImage } from "./inspect";

type TMediaRow = typeof examMedia.$inferSelect;
export type TUploadedMedia = { id: string; kind: "image" | "audio"; contentType: string; sizeBytes: number; width: number | null; height: number | null };

/** No listening clip in an exam is longer than a day. */
const MAX_CLIP_SECONDS = 24 * 60 * 60;

const tooLarge = () => new AppError("IMAGE_TOO_LARGE", { vars: { limitMb: MAX_IMAGE_MB, limitPx: MAX_IMAGE_SIDE_PX } });

/** A picture or a clip, by what its bytes are; anything else refused. */
function inspectMedia(bytes: Buffer): { kind: "image" | "audio"; contentType: string; width: number | null; height: number | null } {
  const audio = inspectAudio(bytes);
  if (audio) {
    if (bytes.length > MAX_AUDIO_BYTES) throw new AppError("AUDIO_TOO_LARGE", { vars: { limitMb: MAX_AUDIO_MB } });
    return { kind: "audio", contentType: audio, width: null, height: null };
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
  return { kind: "image", ...inspectImage(bytes) };
}

export async function uploadMedia(db: TDb, storage: TStorage, actor: TSessionUser, tempFile: string): Promise<TUploadedMedia> {
  return storeMedia(db, storage, actor, tempFile, await fsp.readFile(tempFile));
}

/**
 * Stores `bytes` (also in `tempFile`, which storage copies from) as an unclaimed upload of `actor`'s, checked by
 * what they are. A QTI import stores a package's media this way inside its transaction (docs/decisions/0023).
 */
export async function storeMedia(db: TDbOrTx, storage: TStorage, actor: TSessionUser, tempFile: string, bytes: Buffer): Promise<TUploadedMedia> {
  if (!can(actor, "exams.author")) throw new AppError("FORBIDDEN");
  const { kind, contentType, width, height } = inspectMedia(bytes);
  if (contentType === "image/png") await checkPngDecodes(bytes);
  const seconds = kind === "audio" ? audioSeconds(bytes, contentType) : null;
  // A length past any real clip's is a header not to believe (and would not fit the column): unknown instead.
  const durationMs = seconds !== null && seconds <= MAX_CLIP_SECONDS ? Math.round(seconds * 1000) : null;
  const id = randomUUID();
  const key = `media/${id}`;
  try {
    await storage.put(key, tempFile, contentType);
  } catch (err) {
    throw new AppError("UPLOAD_FAILED", { cause: err });
  }
  try {
    await db.insert(examMedia).values({ id, ownerId: actor.id, kind, contentType, sizeBytes: bytes.length, width, height, durationMs, storageKey: key });
  } catch (err) {
    await storage.remove(key).catch(() => {});
    throw new AppError("FILE_SAVE_FAILED", { cause: err });
  }
  return { id, kind, contentType, sizeBytes: bytes.length, width, height };
}

/**
 * The image if this user may see it: its uploader before an exam claims it; the exam's author or a super_admin
 * after; a student only while the exam's paper is theirs to read (findPaper: offered, and their sitting open or
 * their attempt in progress) and only an image that paper shows; after the sitting, a picture of a result the user
 * may see (resultShowsMedia). Everything else is not found, so a guessed id says nothing.
 */
export async function findReadableMedia(db: TDbOrTx, actor: TSessionUser, id: string): Promise<TMediaRow> {
  const [row] = await db.select().from(examMedia).where(eq(examMedia.id, id));
  if (!row) throw new AppError("IMAGE_NOT_FOUND");
  if (actor.role === "student") {
    // The exam that claimed it first (one lookup, the exam morning's path); then any other exam a bank item carried
    // it into (docs/decisions/0036).
    let paper = row.examId ? await paperShowing(db, actor, row.examId, id) : null;
    if (!paper) for (const examId of await examsShowing(db, id)) if (examId !== row.examId && (paper = await paperShowing(db, actor, examId, id))) break;
    if (!paper) {
      // After the sitting: a picture of their own submitted attempt's result (docs/decisions/0064).
      if (await shownInResult(db, actor, row)) return row;
      throw new AppError("IMAGE_NOT_FOUND");
    }
    // A clip with a play limit only through a counted play's own address (plays.ts, decision 0034).
    if (paper.limitedClips.has(id)) throw new AppError("CLIP_PLAY_REQUIRED");
    return row;
  }
  if (actor.role === "super_admin") return row;
  if (!row.examId && row.ownerId === actor.id) return row;
  const examIds = [...new Set([...(row.examId ? [row.examId] : []), ...(await examsShowing(db, id))])];
  const authors = examIds.length ? await db.select({ creatorId: exams.creatorId }).from(exams).where(inArray(exams.id, examIds)) : [];
  if (authors.some((e) => can(actor, "exams.author", { ownerId: e.creatorId }))) return row;
  // A bank item's reader sees its pictures (its preview), whichever exam holds them.
  if (await bankShows(db, actor, id)) return row;
  // A school's staff see the pictures of their students' results, a shared exam's too (docs/decisions/0064).
  if (await shownInResult(db, actor, row)) return row;
  throw new AppError("IMAGE_NOT_FOUND");
}

/** A picture (never a clip: the result page plays nothing) of a result `actor` may see (resultShowsMedia). */
const shownInResult = async (db: TDbOrTx, actor: TSessionUser, row: TMediaRow) => row.kind === "image" && (await resultShowsMedia(db, actor, row.id));

/** Whether the exam's paper is the student's to read now (offered, their sitting open or attempt in progress) and shows this. */
async function paperShowing(db: TDbOrTx, actor: TSessionUser, examId: string, mediaId: string) {
  // Refused the paper (not offered, not yet, no longer): refused its pictures. Anything else is a real failure.
  const version = await findPaper(db, actor, examId).catch((err: unknown) => {
    if (err instanceof AppError) return null;
    throw err;
  });
  if (!version?.mediaIds.has(mediaId)) return null;
  if (version.forms.size === 0) return version;
  // With parallel forms (issue 34), only the student's own form's pictures: another form's questions stay unseen.
  const [attempt] = await db
    .select({ formId: studentExams.formId })
    .from(studentExams)
    .where(and(eq(studentExams.studentId, actor.id), eq(studentExams.examId, examId)));
  return mediaShownTo(version, attempt?.formId ?? null).has(mediaId) ? version : null;
}

/** Whether a version of a bank item this member of staff may read names this picture or clip. */
async function bankShows(db: TDbOrTx, actor: TSessionUser, mediaId: string): Promise<boolean> {
  if (!can(actor, "bank.use")) return false;
  const owners = await db
    .selectDistinct({ schoolId: bankItems.schoolId })
    .from(bankItemVersions)
    .innerJoin(bankItems, eq(bankItems.id, bankItemVersions.itemId))
    .where(sql`strpos(${bankItemVersions.content}::text, ${mediaId}) > 0`);
  return owners.some((o) => mayReadItem(actor, o));
}

/** How long an upload may wait for an exam to name it, and a removed image for its exam's next save. */
const UNUSED_IMAGE_HOURS = 24;

/**
 * Removes images and clips nothing shows any more, a day on: uploads no exam saved, images an author took out, images of a
 * deleted exam. The rows go in one statement; their stored bytes after, so a failure leaves bytes, never a row
 * pointing at nothing.
 */
export async function sweepUnusedImages(db: TDb, storage: TStorage): Promise<number> {
  const used = (column: typeof questions.imageId | typeof questionOptions.imageId | typeof passages.imageId | typeof questions.audioId | typeof passages.audioId, table: typeof questions | typeof questionOptions | typeof passages) =>
    sql`exists (select 1 from ${table} where ${column} = ${examMedia.id})`;
  // A matching pair's pictures are named in its question's JSON, among that exam's questions.
  const usedInPairs = sql`exists (select 1 from ${questions} cross join jsonb_array_elements(${questions.matchingPairs}) as pair
    where ${questions.examId} = ${examMedia.examId} and ${examMedia.id}::text in (pair->'premiseImage'->>'id', pair->'responseImage'->>'id'))`;
  const removed = await db
    .delete(examMedia)
    .where(
      and(
        lt(examMedia.createdAt, sql`now() - make_interval(hours => ${UNUSED_IMAGE_HOURS})`),
        sql`not (${or(used(questions.imageId, questions), used(questionOptions.imageId, questionOptions), used(passages.imageId, passages), used(questions.audioId, questions), used(passages.audioId, passages), usedInPairs)})`,
        // A bank version keeps what it shows for as long as the item lives (docs/decisions/0036).
        sql`not exists (select 1 from ${bankItemVersions} where strpos(${bankItemVersions.content}::text, ${examMedia.id}::text) > 0)`,
      ),
    )
    .returning({ key: examMedia.storageKey });
  for (const { key } of removed) await storage.remove(key).catch(() => {});
  return removed.length;
}
