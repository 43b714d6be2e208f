// LTI 1.3 platform registration (issue 38, docs/decisions/0051): what a super_admin types, as the server checks it.
// Messages are error codes (src/shared/errors.ts): the admin page's dialog parses with this same schema and shows
// them beside the fields, in both languages.
import { z } from "zod";
import { isLoopback } from "./identity-provider";

/** The tool's own addresses, which the LMS is given (the admin page shows them; the server routes them). */
export const LTI_LOGIN_PATH = "/api/lti/login";
export const LTI_LAUNCH_PATH = "/api/lti/launch";
export const LTI_JWKS_PATH = "/api/lti/jwks";
export const LTI_DEEP_LINK_PATH = "/api/lti/deep-link";
/**
 * Form posts the server's same-origin check lets through: the login initiation and launch come from the platform's
 * pages (cross-site by nature); the deep-link choice from our picker inside the platform's frame, whose form post
 * carries Origin "null" (our pages send no referrer). None acts on a session: each trusts only what is signed.
 */
export const LTI_CROSS_SITE_POSTS: ReadonlySet<string> = new Set([LTI_LOGIN_PATH, LTI_LAUNCH_PATH, LTI_DEEP_LINK_PATH]);

const text = (max: number) => z.string({ error: "VALIDATION_FAILED" }).trim().min(1, { error: "VALIDATION_FAILED" }).max(max, { error: "TEXT_TOO_LONG" });

const ZUrl = z
  .string({ error: "VALIDATION_FAILED" })
  .trim()
  .max(2000, { error: "TEXT_TOO_LONG" })
  // Tokens and keys travel on these: plain http only for a platform on this machine (tests, local Moodle).
  .refine((value) => {
    try {
      const u = new URL(value);
      return u.protocol === "https:" || (u.protocol === "http:" && isLoopback(u.hostname));
    } catch {
      return false;
    }
  }, { error: "IDP_URL_INVALID" });

export const ZLtiPlatformInput = z.object({
  name: text(200),
  issuer: text(2000),
  clientId: text(255),
  deploymentIds: z.array(text(255), { error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(50, { error: "VALIDATION_FAILED" }),
  authLoginUrl: ZUrl,
  tokenUrl: ZUrl,
  jwksUrl: ZUrl,
  schoolId: text(100),
});
export type TLtiPlatformInput = z.infer<typeof ZLtiPlatformInput>;

export const ZLtiPlatform = ZLtiPlatformInput.extend({ id: z.string(), createdAt: z.string() });
export type TLtiPlatform = z.infer<typeof ZLtiPlatform>;
