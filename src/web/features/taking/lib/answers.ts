// What counts as answered, per question type, and the value an input produces.
import type { TPaper } from "@shared/schemas/attempt";
import { isAnswered as isResponseAnswered } from "@shared/item-types";
import { isUnreadableNumber } from "@web/components/interactions/numeric";
import { EMPTY_ANSWER, type TAnswerValue } from "./answer-sync";

export type TPaperQuestion = TPaper["questions"][number];

export function isChoice(q: TPaperQuestion): boolean {
  return q.type === "multiple_choice" || q.type === "true_false";
}

export function isAnswered(q: TPaperQuestion, value: TAnswerValue | undefined): boolean {
  const v = value ?? EMPTY_ANSWER;
  // The item types of issue 36: a numeric answer that is no number is not an answer yet (it shows as partly answered).
  // A gap question is answered once every gap is, as matching is once every premise is (some gaps: partly answered).
  if (q.interaction) return isResponseAnswered(v.response) && !(v.response?.type === "numeric" && isUnreadableNumber(v.response.value)) && !gapsPartlyAnswered(q, v);
  if (isChoice(q)) return v.selectedOptionId !== null;
  if (q.type === "matching") return q.premises.length > 0 && q.premises.every((_, i) => v.matching?.[i] !== null && v.matching?.[i] !== undefined);
  return (v.answerText ?? "").trim() !== "";
}

/** The per-premise choices, one slot per premise (null = not chosen yet). */
export function matchingSlots(q: TPaperQuestion, value: TAnswerValue | undefined): (number | null)[] {
  return q.premises.map((_, i) => {
    const c = value?.matching?.[i];
    return c === undefined || c === null || c < 0 || c >= q.responses.length ? null : c;
  });
}

/** Matching can be half done: some premises chosen, not all; a numeric entry typed but not readable as a number. */
export function isPartlyAnswered(q: TPaperQuestion, value: TAnswerValue | undefined): boolean {
  if (q.interaction) return (value?.response?.type === "numeric" && isUnreadableNumber(value.response.value)) || gapsPartlyAnswered(q, value);
  return q.type === "matching" && !isAnswered(q, value) && (value?.matching ?? []).some((c) => c !== null && c !== undefined);
}

/** Some gaps of a gap question filled, not all (decision 0058). */
function gapsPartlyAnswered(q: TPaperQuestion, value: TAnswerValue | undefined): boolean {
  const r = value?.response;
  if (!q.interaction || !("gaps" in q.interaction) || (r?.type !== "gap_fill" && r?.type !== "inline_choice")) return false;
  const given: Record<string, string> = r.type === "gap_fill" ? r.answers : r.chosen;
  const filled = q.interaction.gaps.filter((g) => (given[g.id] ?? "").trim() !== "").length;
  return filled > 0 && filled < q.interaction.gaps.length;
}

export type TPaperBlock = { passage: TPaper["passages"][number] | null; items: { q: TPaperQuestion; number: number }[] };

/** The paper as the page lays it out: each passage with its questions (they stand together), every other question alone. */
export function paperBlocks(paper: Pick<TPaper, "passages" | "questions">): TPaperBlock[] {
  const byId = new Map(paper.passages.map((p) => [p.id, p]));
  const blocks: TPaperBlock[] = [];
  paper.questions.forEach((q, i) => {
    const passage = (q.passageId && byId.get(q.passageId)) || null;
    const last = blocks.at(-1);
    if (passage && last?.passage?.id === passage.id) last.items.push({ q, number: i + 1 });
    else blocks.push({ passage, items: [{ q, number: i + 1 }] });
  });
  return blocks;
}
