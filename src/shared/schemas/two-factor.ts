// Two-step sign-in (issue 38): the second step of a sign-in, one's own set-up, and the super_admin's rule.
import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../limits";
import { ZSessionUser } from "./auth";
import { westernDigits } from "./user";

/** A code as typed: an authenticator's six digits (Arabic-Indic digits read as Western) or a recovery code. */
export const ZTwoFactorCode = z
  .string({ error: "TWO_FACTOR_CODE_WRONG" })
  .trim()
  .min(1, { error: "TWO_FACTOR_CODE_WRONG" })
  .max(40, { error: "TWO_FACTOR_CODE_WRONG" })
  .transform((v) => westernDigits(v));

export const ZSecondStepInput = z.object({
  challenge: z.string({ error: "SIGN_IN_STEP_EXPIRED" }).min(1, { error: "SIGN_IN_STEP_EXPIRED" }).max(100, { error: "SIGN_IN_STEP_EXPIRED" }),
  code: ZTwoFactorCode,
});
export type TSecondStepInput = z.input<typeof ZSecondStepInput>;

/** What signing in with a password answers: the session's user, or that a code is asked for next. */
export const ZLoginResponse = z.union([
  z.object({ user: ZSessionUser, twoFactorSetupRequired: z.literal(true).optional() }),
  z.object({ challenge: z.string() }),
]);

export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int(), required: z.boolean() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorSetup = z.object({ secret: z.string(), qrSvg: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorConfirm = z.object({ code: ZTwoFactorCode });
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** Turning it off asks the password or a code; one of them. */
export const ZTwoFactorOff = z
  .object({
    password: z.string().max(MAX_PASSWORD_LENGTH, { error: "CURRENT_PASSWORD_WRONG" }).optional(),
    code: ZTwoFactorCode.optional(),
  })
  .refine((v) => !!v.password || !!v.code, { error: "CURRENT_PASSWORD_WRONG", path: ["password"] });
export type TTwoFactorOff = z.input<typeof ZTwoFactorOff>;

export const ZTwoFactorRule = z.object({ requiredForAdmins: z.boolean({ error: "VALIDATION_FAILED" }) });
export type TTwoFactorRule = z.infer<typeof ZTwoFactorRule>;
