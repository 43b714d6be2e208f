// Reading a mark typed by a teacher and checking it the way the server does (ZGradeInput, and at most the
// question's points), so a wrong mark is explained before anything is sent.
import { ZGradeInput } from "@shared/schemas/attempt";
import type { TErrorCode } from "@shared/errors";
import { isErrorCode } from "@shared/errors";

const DIGITS: Record<string, string> = {};
"٠١٢٣٤٥٦٧٨٩".split("").forEach((d, i) => (DIGITS[d] = String(i)));
"۰۱۲۳۴۵۶۷۸۹".split("").forEach((d, i) => (DIGITS[d] = String(i)));

/** "٣٫٥" or "3,5" or " 3.5 " → 3.5; "" → undefined; anything else → NaN. Arabic keyboards type Arabic digits. */
export function parseMark(text: string): number | undefined {
  const plain = text
    .trim()
    .replace(/[٠-٩۰-۹]/g, (d) => DIGITS[d] ?? d)
    .replace(/[٫,]/g, ".");
  if (plain === "") return undefined;
  return /^\d+(\.\d+)?$|^\.\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

export type TMarkCheck = { ok: true; score: number; comment: string | null } | { ok: false; code: TErrorCode };

export function checkMark(text: string, comment: string, points: number): TMarkCheck {
  const parsed = ZGradeInput.safeParse({ score: parseMark(text), comment: comment.trim() || null });
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message;
    return { ok: false, code: isErrorCode(code) ? code : "SCORE_OUT_OF_RANGE" };
  }
  if (Number.isNaN(parsed.data.score) || parsed.data.score > points) return { ok: false, code: "SCORE_OUT_OF_RANGE" };
  return { ok: true, score: parsed.data.score, comment: parsed.data.comment ?? null };
}

/** One arrow-key step of 0.5, kept between 0 and the points. */
export function stepMark(text: string, direction: 1 | -1, points: number): string {
  const current = parseMark(text);
  const base = current === undefined || Number.isNaN(current) ? (direction > 0 ? -0.5 : points + 0.5) : current;
  const next = Math.min(points, Math.max(0, Math.round((base + direction * 0.5) * 2) / 2));
  return String(next);
}
