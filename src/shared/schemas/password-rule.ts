// The password rule for staff accounts (issue 33, docs/decisions/0031): a super_admin may ask staff for a longer
// password than SPEC's 6 characters and refuse the most common ones. Students keep SPEC's rule. One schema for the
// settings form and the server; messages are error codes from shared/errors.ts.
import { z } from "zod";
import { MAX_STAFF_PASSWORD_MIN_LENGTH, MIN_PASSWORD_LENGTH } from "../limits";
import type { TRole } from "../permissions";

export const ZStaffPasswordRule = z
  .object({
    minLength: z
      .number({ error: "PASSWORD_RULE_LENGTH_INVALID" })
      .int({ error: "PASSWORD_RULE_LENGTH_INVALID" })
      .min(MIN_PASSWORD_LENGTH, { error: "PASSWORD_RULE_LENGTH_INVALID" })
      .max(MAX_STAFF_PASSWORD_MIN_LENGTH, { error: "PASSWORD_RULE_LENGTH_INVALID" }),
    refuseCommon: z.boolean({ error: "VALIDATION_FAILED" }),
  })
  .strict();
export type TStaffPasswordRule = z.infer<typeof ZStaffPasswordRule>;

/** The rule as stored: when and whether a super_admin set it (null: never, SPEC's rule applies). */
export const ZStaffPasswordRuleView = ZStaffPasswordRule.extend({ updatedAt: z.string().nullable() });
export type TStaffPasswordRuleView = z.infer<typeof ZStaffPasswordRuleView>;

/** SPEC's rule, which staff have until a super_admin sets another. */
export const DEFAULT_STAFF_PASSWORD_RULE: TStaffPasswordRule = { minLength: MIN_PASSWORD_LENGTH, refuseCommon: false };

/** Who the staff rule applies to: every role but the student. */
export function isStaffRole(role: TRole): boolean {
  return role !== "student";
}
