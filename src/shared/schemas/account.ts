// The signed-in person's own account (issue 19): what the account page shows, the language their emails come
// in, and a password change that proves the current password. Messages are error codes from shared/errors.ts.
import { z } from "zod";
import { LANGUAGES, MAX_PASSWORD_LENGTH } from "../limits";
import { ROLES } from "../permissions";
import { confirmationMatches, ZConfirmPassword, ZNewPassword } from "./auth";

export const ZEmailLanguage = z.enum(LANGUAGES, { error: "EMAIL_LANGUAGE_INVALID" });

export const ZAccount = z.object({
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  emailLang: z.enum(LANGUAGES),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZAccountUpdate = z.object({ emailLang: ZEmailLanguage }).strict();
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;

export const ZPasswordChange = z
  .object({
    currentPassword: z
      .string({ error: "CURRENT_PASSWORD_REQUIRED" })
      .min(1, { error: "CURRENT_PASSWORD_REQUIRED" })
      .max(MAX_PASSWORD_LENGTH, { error: "PASSWORD_TOO_LONG" }),
    password: ZNewPassword,
    confirmPassword: ZConfirmPassword,
  })
  .strict()
  .refine(...confirmationMatches);
export type TPasswordChange = z.infer<typeof ZPasswordChange>;
