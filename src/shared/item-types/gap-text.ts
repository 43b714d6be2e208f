// A text with gaps in both languages, shared by gap fill and inline choice (issue 36; docs/decisions/0058).
// Each gap is written in each language's text as a marker naming its id, `{{g1}}`: by id, not by position, because
// Arabic and English put the gaps of one sentence in different orders. Every gap appears exactly once in each
// language's text, and no marker names anything but a gap.
import { z } from "zod";
import { MAX_LONG_TEXT_LENGTH } from "../limits";
import { ZEntry } from "./common";

/** `{{id}}`: a gap in a text. The paper keeps the markers; the student's page puts a box or a list in each. */
export const GAP_MARKER = /\{\{([A-Za-z0-9_-]{1,36})\}\}/g;
/** A text holds at most this many gaps (a sentence or a short paragraph, as national tests use). */
export const MAX_GAPS = 10;

const text = z.string({ error: "VALIDATION_FAILED" }).trim().max(MAX_LONG_TEXT_LENGTH, { error: "TEXT_TOO_LONG" }).default("");
export const ZGapTextFields = { textAr: text, textEn: text };

/** The gap ids a text names, in its order (a name twice is listed twice). */
export const gapIdsIn = (t: string): string[] => [...t.matchAll(GAP_MARKER)].map((m) => m[1]!);

/** The problems a text with gaps can have: no gap at all, too many, or gaps not the same in both languages. */
export function checkGapText(c: { textAr: string; textEn: string; gaps: { id: string }[] }, ctx: z.RefinementCtx): void {
  const ids = c.gaps.map((g) => g.id);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["gaps"], message: "VALIDATION_FAILED" });
  for (const field of ["textAr", "textEn"] as const) {
    const named = gapIdsIn(c[field]);
    if (!named.length) ctx.addIssue({ code: "custom", path: [field], message: "GAP_TEXT_NO_GAP" });
    // Each gap once, and nothing else: the same gaps in both languages, whatever their order.
    else if (named.length !== ids.length || ids.some((id) => named.filter((n) => n === id).length !== 1))
      ctx.addIssue({ code: "custom", path: [field], message: "GAP_TEXT_MISMATCH" });
  }
}

/** A gap's id: made by the editor, as a choice's is. */
export const ZGapId = ZEntry.shape.id;

/** A response per gap, by the gap's id: a bounded map (what it names is checked when it is marked). */
export const gapResponses = <T extends z.ZodType<string>>(value: T) =>
  z
    .record(z.string({ error: "ANSWER_INVALID" }).max(36, { error: "ANSWER_INVALID" }), value, { error: "ANSWER_INVALID" })
    .refine((r) => Object.keys(r).length <= MAX_GAPS, { error: "ANSWER_INVALID" });
