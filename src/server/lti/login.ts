// LTI 1.3 third-party login initiation (issue 38, docs/decisions/0051): the platform names itself (iss, client_id);
// we answer with a redirect to its auth URL carrying a fresh state and nonce. Both are also set in a short-lived
// cookie: the launch must bring back the same state, and its id_token the same nonce.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { TDbOrTx } from "../db/client";
import { ltiPlatforms } from "../db/schema";
import { AppError } from "../http/errors";

export const LTI_STATE_COOKIE = "qias_lti_state";
export const LTI_STATE_SECONDS = 300;

export type TLoginInitiation = { iss?: string; login_hint?: string; target_link_uri?: string; lti_message_hint?: string; client_id?: string };

/** The platform the request names: by issuer and client id, or by issuer alone when it has one registration. */
async function findPlatform(db: TDbOrTx, iss: string | undefined, clientId: string | undefined) {
  if (!iss) throw new AppError("LTI_PLATFORM_UNKNOWN");
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(clientId ? and(eq(ltiPlatforms.issuer, iss), eq(ltiPlatforms.clientId, clientId)) : eq(ltiPlatforms.issuer, iss))
    .limit(2);
  if (rows.length !== 1) throw new AppError("LTI_PLATFORM_UNKNOWN");
  return rows[0]!;
}

export async function initiateLogin(db: TDbOrTx, input: TLoginInitiation, launchUrl: string): Promise<{ redirect: string; cookie: string }> {
  const platform = await findPlatform(db, input.iss, input.client_id);
  if (!input.login_hint) throw new AppError("VALIDATION_FAILED");
  const state = randomBytes(24).toString("base64url");
  const nonce = randomBytes(24).toString("base64url");
  const url = new URL(platform.authLoginUrl);
  const params: Record<string, string> = {
    scope: "openid",
    response_type: "id_token",
    response_mode: "form_post",
    prompt: "none",
    client_id: platform.clientId,
    redirect_uri: launchUrl,
    login_hint: input.login_hint,
    state,
    nonce,
  };
  if (input.lti_message_hint) params.lti_message_hint = input.lti_message_hint;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { redirect: url.toString(), cookie: `${state}.${nonce}` };
}
