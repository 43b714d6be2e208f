// The school's identity providers (issue 38, docs/decisions/0050): what a super_admin sets, what the API shows back
// (never the client secret: only whether one is set), and what the login screens list.
import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits";
import { LOGIN_TYPES, ROLES } from "../permissions";

export const IDENTITY_PROVIDER_KINDS = ["oidc", "oauth2"] as const;

const name = z.string({ error: "VALIDATION_FAILED" }).trim().min(1, { error: "VALIDATION_FAILED" }).max(MAX_NAME_LENGTH, { error: "TEXT_TOO_LONG" });
/** An https address (http only for this machine itself: a provider run beside Qias in development and tests). */
const url = z
  .string({ error: "VALIDATION_FAILED" })
  .trim()
  .max(500, { error: "TEXT_TOO_LONG" })
  .refine((value) => {
    try {
      const u = new URL(value);
      return u.protocol === "https:" || (u.protocol === "http:" && isLoopback(u.hostname));
    } catch {
      return false;
    }
  }, { error: "IDP_URL_INVALID" });

export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

export const ZIdentityProviderInput = z
  .object({
    kind: z.enum(IDENTITY_PROVIDER_KINDS, { error: "VALIDATION_FAILED" }),
    nameAr: name,
    nameEn: name,
    /** OIDC: the issuer, whose /.well-known/openid-configuration is read. OAuth 2.0: the issuer as the provider names itself. */
    issuer: url,
    authorizationEndpoint: url.nullish(),
    tokenEndpoint: url.nullish(),
    userinfoEndpoint: url.nullish(),
    /** Where the provider ends its own session. OIDC: left out, its discovery document says (if it does). */
    logoutEndpoint: url.nullish(),
    clientId: z.string({ error: "VALIDATION_FAILED" }).trim().min(1, { error: "VALIDATION_FAILED" }).max(300, { error: "TEXT_TOO_LONG" }),
    /** Write-only. On an edit: left out keeps the one set, null removes it. */
    clientSecret: z.string({ error: "VALIDATION_FAILED" }).max(1000, { error: "TEXT_TOO_LONG" }).nullish(),
    scopes: z
      .string({ error: "VALIDATION_FAILED" })
      .trim()
      .max(300, { error: "TEXT_TOO_LONG" })
      .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, { error: "VALIDATION_FAILED" })
      .default("openid email profile"),
    uiLocales: z.boolean({ error: "VALIDATION_FAILED" }).default(false),
    emailsVerified: z.boolean({ error: "VALIDATION_FAILED" }).default(false),
    /** null: every school. */
    schoolIds: z
      .array(z.string({ error: "VALIDATION_FAILED" }).max(64, { error: "TEXT_TOO_LONG" }), { error: "VALIDATION_FAILED" })
      .min(1, { error: "IDP_SCHOOLS_REQUIRED" })
      .max(500, { error: "VALIDATION_FAILED" })
      .nullable()
      .default(null),
    roles: z.array(z.enum(ROLES, { error: "VALIDATION_FAILED" }), { error: "VALIDATION_FAILED" }).min(1, { error: "IDP_ROLES_REQUIRED" }).max(4, { error: "VALIDATION_FAILED" }),
    /** A school whose students a first sign-in creates; null (the default): no account is ever created. */
    createStudentsSchoolId: z.string({ error: "VALIDATION_FAILED" }).min(1, { error: "IDP_CREATE_SCHOOL_REQUIRED" }).max(64, { error: "TEXT_TOO_LONG" }).nullable().default(null),
    enabled: z.boolean({ error: "VALIDATION_FAILED" }).default(true),
  })
  .refine((p) => p.kind === "oidc" || (p.authorizationEndpoint && p.tokenEndpoint && p.userinfoEndpoint), { error: "IDP_ENDPOINTS_REQUIRED" });
export type TIdentityProviderInput = z.input<typeof ZIdentityProviderInput>;

export const ZIdentityProvider = z.object({
  id: z.string(),
  kind: z.enum(IDENTITY_PROVIDER_KINDS),
  nameAr: z.string(),
  nameEn: z.string(),
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  userinfoEndpoint: z.string().nullable(),
  logoutEndpoint: z.string().nullable(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  scopes: z.string(),
  uiLocales: z.boolean(),
  emailsVerified: z.boolean(),
  schoolIds: z.array(z.string()).nullable(),
  roles: z.array(z.enum(ROLES)),
  createStudentsSchoolId: z.string().nullable(),
  enabled: z.boolean(),
  /** How many people are linked through it (removed with it). */
  linkedCount: z.number().int(),
});
export type TIdentityProvider = z.infer<typeof ZIdentityProvider>;

/** What a login screen shows: a button per provider. */
export const ZLoginProvider = z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string() });
export type TLoginProvider = z.infer<typeof ZLoginProvider>;
export const ZLoginProvidersQuery = z.object({ loginType: z.enum(LOGIN_TYPES, { error: "VALIDATION_FAILED" }) });

export const ZDiscoveryTest = z.object({ issuer: url });
export const ZDiscoveryResult = z.object({ issuer: z.string(), authorizationEndpoint: z.string(), endSession: z.boolean() });

export const ZLinkedIdentity = z.object({ id: z.string(), providerId: z.string(), providerNameAr: z.string(), providerNameEn: z.string(), subject: z.string(), email: z.string().nullable(), linkedAt: z.string() });
export type TLinkedIdentity = z.infer<typeof ZLinkedIdentity>;

/** Sign-out's answer: the provider's own logout to offer, when the session came through one that has it. */
export const ZProviderLogout = z.object({ nameAr: z.string(), nameEn: z.string(), url: z.string() });
export type TProviderLogout = z.infer<typeof ZProviderLogout>;
export const ZLogoutResult = z.object({ providerLogout: ZProviderLogout.nullable() });
export type TLogoutResult = z.infer<typeof ZLogoutResult>;

export { OIDC_CALLBACK_PATH, SIGNED_OUT_PATH } from "../auth-paths";
