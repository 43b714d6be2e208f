// Where an exam shows its images (issue 18): claimed by the save that names them, and read back with their sizes.
// Apart from media.service so the student's copy (paper.ts) can present images without the upload and access code.
import { and, inArray, isNull } from "drizzle-orm";
import type { TDbOrTx, TTx } from "../../db/client";
import { examMedia } from "../../db/schema";
import { AppError } from "../../http/errors";
import { ERRORS } from "../../../shared/errors";
import type { TSessionUser } from "../../../shared/permissions";
import type { TExamData, TImageRef } from "../../../shared/schemas/exam";

/** Every image a save names, with the path of the field that names it (for the message). */
function namedImages(input: TExamData): { id: string; path: string }[] {
  const out: { id: string; path: string }[] = [];
  input.passages.forEach((p, i) => p.image && out.push({ id: p.image.id, path: `passages.${i}.image` }));
  input.questions.forEach((q, i) => {
    if (q.image) out.push({ id: q.image.id, path: `questions.${i}.image` });
    q.options.forEach((o, j) => o.image && out.push({ id: o.image.id, path: `questions.${i}.options.${j}.image` }));
  });
  return out;
}

/**
 * The images a save names become the exam's: each must be this exam's already, or uploaded by the author and not
 * yet claimed. Another author's image, another exam's or a made-up id is refused, naming the field.
 */
export async function claimImages(tx: TTx, actor: TSessionUser, examId: string, input: TExamData): Promise<void> {
  const named = namedImages(input);
  if (!named.length) return;
  const ids = [...new Set(named.map((n) => n.id))];
  const rows = await tx.select({ id: examMedia.id, examId: examMedia.examId, ownerId: examMedia.ownerId }).from(examMedia).where(inArray(examMedia.id, ids)).for("update");
  const usable = new Set(rows.filter((r) => r.examId === examId || (r.examId === null && r.ownerId === actor.id)).map((r) => r.id));
  const bad = named.find((n) => !usable.has(n.id));
  if (bad) throw new AppError("IMAGE_NOT_YOURS", { fields: [{ path: bad.path, code: "IMAGE_NOT_YOURS", message: ERRORS.IMAGE_NOT_YOURS.message }] });
  await tx.update(examMedia).set({ examId }).where(and(inArray(examMedia.id, ids), isNull(examMedia.examId)));
}

type TImageColumns = { imageId: string | null; imageAltAr: string; imageAltEn: string };

/** Reads the sizes of the images these rows show, and presents each row's image. */
export async function imagePresenter(db: TDbOrTx, rows: TImageColumns[]): Promise<(row: TImageColumns) => TImageRef> {
  const ids = [...new Set(rows.map((r) => r.imageId).filter((id): id is string => !!id))];
  const media = ids.length ? await db.select({ id: examMedia.id, width: examMedia.width, height: examMedia.height }).from(examMedia).where(inArray(examMedia.id, ids)) : [];
  const byId = new Map(media.map((m) => [m.id, m]));
  return (row) => {
    const m = row.imageId ? byId.get(row.imageId) : undefined;
    return m ? { id: m.id, width: m.width, height: m.height, altAr: row.imageAltAr, altEn: row.imageAltEn } : null;
  };
}

/** The columns a saved image reference is stored in. */
export function imageColumns(image: { id: string; altAr: string; altEn: string } | null): TImageColumns {
  return { imageId: image?.id ?? null, imageAltAr: image?.altAr ?? "", imageAltEn: image?.altEn ?? "" };
}

