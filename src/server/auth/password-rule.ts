// The one place a new password is judged (issue 33, docs/decisions/0031). Students: SPEC's rule, which the shared
// schemas already check (6 to 128 characters). Staff: the rule a super_admin sets — a longer minimum, and the
// most common passwords refused — applied wherever a staff password is set: an administrator's create and edit,
// the roster import, one's own change on the account page, and a reset link. The first admin (ADMIN_PASSWORD)
// and the demo's accounts are made by the operator, not typed into a form: they keep SPEC's rule.
import fs from "node:fs";
import type { TDbOrTx } from "../db/client";
import { staffPasswordRule } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import { ERRORS, fillText } from "../../shared/errors";
import type { TRole, TSessionUser } from "../../shared/permissions";
import { DEFAULT_STAFF_PASSWORD_RULE, isStaffRole, type TStaffPasswordRule, type TStaffPasswordRuleView } from "../../shared/schemas/password-rule";
import { westernDigits } from "../../shared/schemas/user";

// ---- the list of common passwords

let common: Set<string> | undefined;
/** common-passwords/passwords.txt (its README says where it comes from): 10,000 lines, read once, about 1 MB held. */
function commonPasswords(): Set<string> {
  common ??= new Set(fs.readFileSync(new URL("./common-passwords/passwords.txt", import.meta.url), "utf8").split("\n").filter(Boolean));
  return common;
}

/**
 * The Latin key under each character of the Arabic (101) keyboard: "password" typed with the Arabic layout still
 * on is "حشسسصخقي" — the same keys, and as easy to guess. Shifted letters (أ إ آ) are their key's, as upper case is.
 */
const ARABIC_KEYS: Record<string, string> = {
  ذ: "`", ض: "q", ص: "w", ث: "e", ق: "r", ف: "t", غ: "y", ع: "u", ه: "i", خ: "o", ح: "p", ج: "[", د: "]",
  ش: "a", س: "s", ي: "d", ب: "f", ل: "g", ا: "h", ت: "j", ن: "k", م: "l", ك: ";", ط: "'",
  ئ: "z", ء: "x", ؤ: "c", ر: "v", ى: "n", ة: "m", و: ",", ز: ".", ظ: "/",
  أ: "h", إ: "y", آ: "n",
};
/** The lam-alef keys (b; shifted t, g, b) type two characters; read as one key, and as the two letters' keys too. */
const LAM_ALEF: Record<string, string> = { لا: "b", لإ: "t", لأ: "g", لآ: "b" };

function latinKeys(text: string): string {
  return [...text].map((c) => ARABIC_KEYS[c] ?? c).join("");
}

/**
 * Whether a password is one of the 10,000 most common, whatever its case, its digits (Arabic-Indic or not), its
 * width (NFKC, as the hash reads it) or the keyboard layout it was typed with.
 */
export function isCommonPassword(password: string): boolean {
  const text = westernDigits(password.normalize("NFKC").toLowerCase());
  const list = commonPasswords();
  if (list.has(text)) return true;
  if (!/[\u0600-\u06FF]/.test(text)) return false;
  return list.has(latinKeys(text)) || list.has(latinKeys(text.replace(/ل[اإأآ]/g, (pair) => LAM_ALEF[pair]!)));
}

// ---- the rule

/** The staff rule in force: the super_admin's, or SPEC's while none was set. */
export async function getStaffPasswordRule(db: TDbOrTx): Promise<TStaffPasswordRuleView> {
  const [row] = await db.select().from(staffPasswordRule).limit(1);
  return row ? { minLength: row.minLength, refuseCommon: row.refuseCommon, updatedAt: row.updatedAt.toISOString() } : { ...DEFAULT_STAFF_PASSWORD_RULE, updatedAt: null };
}

/** Sets the rule (a super_admin only), audited in the same transaction. Passwords already set stay until changed. */
export async function setStaffPasswordRule(db: TDbOrTx, actor: TSessionUser, rule: TStaffPasswordRule): Promise<TStaffPasswordRuleView> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  return db.transaction(async (tx) => {
    const before = await getStaffPasswordRule(tx);
    const now = new Date();
    await tx
      .insert(staffPasswordRule)
      .values({ id: true, ...rule, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: staffPasswordRule.id, set: { ...rule, updatedAt: now, updatedBy: actor.id } });
    await writeAudit(tx, actor, {
      action: "update",
      entity: "password_rule",
      entityId: "staff",
      before: { minLength: before.minLength, refuseCommon: before.refuseCommon },
      after: rule,
    });
    return { ...rule, updatedAt: now.toISOString() };
  });
}

export type TPasswordProblem = { code: "STAFF_PASSWORD_TOO_SHORT"; vars: { min: number } } | { code: "PASSWORD_TOO_COMMON"; vars?: undefined };

/** What the staff rule has against a password for an account of `role`; null when it may be used. */
export function passwordProblem(rule: TStaffPasswordRule, role: TRole, password: string): TPasswordProblem | null {
  if (!isStaffRole(role)) return null;
  // Characters as a person counts them: an emoji or a letter outside the BMP is one, not two.
  if ([...password].length < rule.minLength) return { code: "STAFF_PASSWORD_TOO_SHORT", vars: { min: rule.minLength } };
  if (rule.refuseCommon && isCommonPassword(password)) return { code: "PASSWORD_TOO_COMMON" };
  return null;
}

/** The problem as its bilingual message, e.g. for a roster's row. */
export function problemMessage(problem: TPasswordProblem) {
  return fillText(ERRORS[problem.code].message, problem.vars);
}

/** Refuses a password the staff rule does not allow for an account of `role`, on the form's `password` field. */
export async function assertPasswordAllowed(db: TDbOrTx, role: TRole, password: string): Promise<void> {
  if (!isStaffRole(role)) return;
  const problem = passwordProblem(await getStaffPasswordRule(db), role, password);
  if (!problem) return;
  throw new AppError(problem.code, { vars: problem.vars, fields: [{ path: "password", code: problem.code, message: problemMessage(problem) }] });
}
