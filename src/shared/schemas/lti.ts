// LTI 1.3 platform registration (issue 38, docs/decisions/0051): what a super_admin types, as the server checks it.
import { z } from "zod";

const ZUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  // Tokens and keys travel on these: plain http only for a platform on this machine (tests, local Moodle).
  .refine((u) => u.startsWith("https://") || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(u), { message: "https" });

export const ZLtiPlatformInput = z.object({
  name: z.string().trim().min(1).max(200),
  issuer: z.string().trim().min(1).max(2000),
  clientId: z.string().trim().min(1).max(255),
  deploymentIds: z.array(z.string().trim().min(1).max(255)).min(1).max(50),
  authLoginUrl: ZUrl,
  tokenUrl: ZUrl,
  jwksUrl: ZUrl,
  schoolId: z.string().trim().min(1).max(100),
});
export type TLtiPlatformInput = z.infer<typeof ZLtiPlatformInput>;

export const ZLtiPlatform = ZLtiPlatformInput.extend({ id: z.string(), createdAt: z.string() });
export type TLtiPlatform = z.infer<typeof ZLtiPlatform>;
