// How answers are marked, in one place (used by the server when an attempt is submitted, and by tests).

const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]/g;
const TATWEEL = /\u0640/g;
const PUNCTUATION = /[.,;:!?'"(){}[\]\-_/\\«»،؛؟…]/g;

/**
 * Normalises a short answer so that spelling variants a teacher would accept compare equal: Arabic alef and
 * hamza forms, taa marbuta and haa, alef maqsura and yaa, diacritics and tatweel; Arabic-Indic digits; case,
 * punctuation and spaces.
 */
export function normalizeAnswer(value: string): string {
  return value
    .normalize("NFKC")
    .replace(DIACRITICS, "")
    .replace(TATWEEL, "")
    .replace(/[أإآٱ]/g, "ا")
    // Hamza on a waw or yaa seat is written either way ("مسؤول" / "مسئول"): one form for both.
    .replace(/[ؤئ]/g, "ء")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    .replace(PUNCTUATION, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A short answer matching the model answer is correct; anything else waits for a teacher (null). */
export function markShortAnswer(answer: string | null | undefined, model: string | null | undefined): boolean | null {
  if (!answer || !answer.trim()) return false;
  if (!model || !model.trim()) return null;
  return normalizeAnswer(answer) === normalizeAnswer(model) ? true : null;
}

/**
 * Matching earns a share of the points per correct pair (docs/decisions/0005): 3 pairs worth 3 points, 2 right
 * → 2 points. `chosen[i]` is the original index of the response chosen for premise i.
 */
export function markMatching(chosen: readonly (number | null)[] | null | undefined, pairCount: number, points: number): { score: number; isCorrect: boolean } {
  if (pairCount === 0) return { score: 0, isCorrect: false };
  let right = 0;
  for (let i = 0; i < pairCount; i++) if (chosen?.[i] === i) right++;
  return { score: Math.round(((points * right) / pairCount) * 100) / 100, isCorrect: right === pairCount };
}

/** A deterministic shuffle (the same order for everyone who sits one version), seeded by a string. */
export function seededOrder(length: number, seed: string): number[] {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0;
  const next = () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length }, (_, i) => i);
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // A shuffle that leaves every response beside its own premise gives the answers away; rotate it.
  if (length > 1 && order.every((v, i) => v === i)) order.push(order.shift()!);
  return order;
}
