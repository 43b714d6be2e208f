// Inputs of sign-in and password flows. Messages are error codes from shared/errors.ts, so the form and the
// server say the same thing in both languages.
import { z } from "zod";
import { LOGIN_TYPES, ROLES } from "../permissions";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../limits";

/** SPEC §5: the login email "must contain '@'". */
export const ZLoginEmail = z
  .string({ error: "LOGIN_INVALID_EMAIL" })
  .trim()
  .max(MAX_EMAIL_LENGTH, { error: "LOGIN_INVALID_EMAIL" })
  .refine((v) => v.includes("@"), { error: "LOGIN_INVALID_EMAIL" });

export const ZLoginInput = z.object({
  email: ZLoginEmail,
  password: z
    .string({ error: "PASSWORD_REQUIRED" })
    .min(1, { error: "PASSWORD_REQUIRED" })
    .max(MAX_PASSWORD_LENGTH, { error: "PASSWORD_TOO_LONG" }),
  loginType: z.enum(LOGIN_TYPES),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZPasswordResetRequest = z.object({
  email: z
    .string({ error: "EMAIL_REQUIRED" })
    .trim()
    .min(1, { error: "EMAIL_REQUIRED" })
    .max(MAX_EMAIL_LENGTH, { error: "LOGIN_INVALID_EMAIL" })
    .pipe(z.email({ error: "LOGIN_INVALID_EMAIL" })),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** A new password, with the spec's two rules (SPEC §5 "Password update"). */
export const ZNewPassword = z
  .string({ error: "PASSWORD_TOO_SHORT" })
  .min(MIN_PASSWORD_LENGTH, { error: "PASSWORD_TOO_SHORT" })
  .max(MAX_PASSWORD_LENGTH, { error: "PASSWORD_TOO_LONG" });

/** The new password typed again; it must match (SPEC §5), said on the confirmation field. */
export const ZConfirmPassword = z.string({ error: "PASSWORDS_DO_NOT_MATCH" }).max(MAX_PASSWORD_LENGTH, { error: "PASSWORDS_DO_NOT_MATCH" });
export const confirmationMatches: [(v: { password: string; confirmPassword: string }) => boolean, { error: "PASSWORDS_DO_NOT_MATCH"; path: string[] }] = [
  (v) => v.password === v.confirmPassword,
  { error: "PASSWORDS_DO_NOT_MATCH", path: ["confirmPassword"] },
];

export const ZPasswordUpdate = z
  .object({
    token: z.string().min(1, { error: "RESET_LINK_INVALID" }).max(200, { error: "RESET_LINK_INVALID" }),
    password: ZNewPassword,
    confirmPassword: ZConfirmPassword,
  })
  .refine(...confirmationMatches);
export type TPasswordUpdate = z.infer<typeof ZPasswordUpdate>;

export const ZSessionUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  schoolId: z.string().nullable(),
  name: z.string(),
});

export const ZSessionResponse = z.object({ user: ZSessionUser });
