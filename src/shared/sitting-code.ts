// A printed sitting code (issue 38): 8 characters from 28 that cannot be mistaken for one another — the letters
// without I, L and O, and the digits without 0, 1 (their twins), 2, 5 and 8 (Z, S, B) — in two groups of four. Typing is forgiving: lower case, spaces, dashes and
// Arabic-Indic digits are read as the ticket means them.
import { westernDigits } from "./schemas/user";

export const SITTING_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ34679";
export const SITTING_CODE_LENGTH = 8;

/** The code as stored and compared: upper case, without separators, Western digits. */
export function normalizeSittingCode(typed: string): string {
  return westernDigits(typed.normalize("NFKC")).toUpperCase().replace(/[\s\-_.·—–]/g, "");
}

export function isSittingCodeShape(code: string): boolean {
  return code.length === SITTING_CODE_LENGTH && [...code].every((c) => SITTING_CODE_ALPHABET.includes(c));
}

/** As printed: two groups of four. */
export function formatSittingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
