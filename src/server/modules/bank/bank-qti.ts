// An item or a search result as a QTI 3.0 package (issue 34; docs/decisions/0036), by the exam export's own code
// (qti-export.ts, decision 0023): the items' newest versions, grouped by subject, each group presented as a test.
import { and, eq, inArray } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { bankItems, bankItemVersions, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TStorage } from "../../storage/storage";
import { can, type TSessionUser } from "../../../shared/permissions";
import { EXAM_TOOLS, type TExamDetail } from "../../../shared/schemas/exam";
import type { TItemContent } from "../../../shared/schemas/bank";
import { audioColumns, imageColumns, imagePresenter, presentPair } from "../media/images";
import { packageFiles } from "../qti/qti.service";
import { mayReadItem } from "./items";

export async function exportBankQti(db: TDbOrTx, storage: TStorage, actor: TSessionUser, itemIds: string[]): Promise<{ title: string; files: Record<string, Uint8Array> }> {
  if (!can(actor, "bank.use")) throw new AppError("FORBIDDEN");
  const ids = [...new Set(itemIds)];
  const rows = await db
    .select({ item: bankItems, content: bankItemVersions.content, subject: subjects })
    .from(bankItems)
    .innerJoin(bankItemVersions, and(eq(bankItemVersions.itemId, bankItems.id), eq(bankItemVersions.version, bankItems.currentVersion)))
    .innerJoin(subjects, eq(subjects.id, bankItems.subjectId))
    .where(inArray(bankItems.id, ids));
  // One not readable refuses the whole request, as a missing one: no package silently lacks an item.
  for (const id of ids) {
    const row = rows.find((r) => r.item.id === id);
    if (!row || !mayReadItem(actor, row.item)) throw new AppError("BANK_ITEM_NOT_FOUND");
  }
  const ordered = ids.map((id) => rows.find((r) => r.item.id === id)!);
  const contents = ordered.map((r) => r.content);
  const image = await imagePresenter(db, [
    ...contents.flatMap((c) => [imageColumns(c.image), ...(c.passage ? [imageColumns(c.passage.image)] : []), ...c.options.map((o) => imageColumns(o.image))]),
    ...contents.flatMap((c) => c.matchingPairs.flatMap((p) => [imageColumns(p.premiseImage ?? null), imageColumns(p.responseImage ?? null)])),
  ]);
  const bySubject = new Map<string, typeof ordered>();
  for (const r of ordered) bySubject.set(r.subject.id, [...(bySubject.get(r.subject.id) ?? []), r]);
  const now = new Date().toISOString();
  const tests: TExamDetail[] = [...bySubject.values()].map((group) => {
    const passages = group.flatMap((r, i) => (r.content.passage ? [{ id: `p${i}`, ...passageOf(r.content, image) }] : []));
    return {
      id: group[0]!.subject.id,
      titleAr: `بنك الأسئلة — ${group[0]!.subject.nameAr}`,
      titleEn: `Item bank — ${group[0]!.subject.nameEn}`,
      subject: group[0]!.subject,
      status: "draft",
      allowedTools: [...EXAM_TOOLS],
      durationMinutes: null,
      creator: null,
      createdAt: now,
      updatedAt: now,
      questionCount: group.length,
      attemptCount: 0,
      schools: [],
      grades: [...new Set(group.map((r) => r.item.grade).filter((g): g is number => g !== null))],
      descriptionAr: null,
      descriptionEn: null,
      schoolIds: [],
      passages,
      questions: group.map((r, i) => questionOf(r.item.id, r.item.currentVersion, i, r.content, r.content.passage ? `p${i}` : null, image)),
    };
  });
  const { files } = await packageFiles(db, storage, tests);
  return { title: ids.length === 1 ? (ordered[0]!.content.questionTextEn || "item").slice(0, 60) : `qias-bank-${ids.length}-items`, files };
}

type TPresent = Awaited<ReturnType<typeof imagePresenter>>;

function passageOf(c: TItemContent, image: TPresent) {
  const p = c.passage!;
  const audio = audioColumns(p.audio);
  return { titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: image(imageColumns(p.image)), audio: audio.audioId ? p.audio : null };
}

function questionOf(id: string, version: number, position: number, c: TItemContent, passageId: string | null, image: TPresent): TExamDetail["questions"][number] {
  return {
    id,
    type: c.type,
    position,
    interaction: c.interaction ?? null,
    questionTextAr: c.questionTextAr,
    questionTextEn: c.questionTextEn,
    questionDocAr: c.questionDocAr,
    questionDocEn: c.questionDocEn,
    passageId,
    image: image(imageColumns(c.image)),
    audio: c.audio,
    points: c.points,
    correctAnswerText: c.correctAnswerText,
    matchingPairs: c.matchingPairs.map((p) => presentPair(image, p)),
    options: c.options.map((o, k) => ({ id: `${id}-${k}`, optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr, optionDocEn: o.optionDocEn, image: image(imageColumns(o.image)), isCorrect: o.isCorrect })),
    skillId: c.skillId,
    answerCount: 0,
    bank: { itemId: id, version, newestVersion: version },
  };
}
