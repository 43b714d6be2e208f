// Sign-in through the school's identity provider (issue 38, docs/decisions/0050): the login screens' buttons, the
// round trip to the provider, the super_admin's providers, a school's password-sign-in switch and a user's links.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { requestMeta, requireUser, setSessionCookie } from "../http/context";
import { AppError } from "../http/errors";
import { ZNoContent } from "../http/openapi";
import { signIns } from "../metrics";
import { LOGIN_TYPES, type TLoginType } from "../../shared/permissions";
import {
  ZDiscoveryResult,
  ZDiscoveryTest,
  ZIdentityProvider,
  ZIdentityProviderInput,
  ZLinkedIdentity,
  ZLoginProvider,
  ZLoginProvidersQuery,
} from "../../shared/schemas/identity-provider";
import {
  createProvider,
  deleteProvider,
  finishSignIn,
  listIdentities,
  listProviders,
  loginProviders,
  loginTypeOfBinding,
  OIDC_CALLBACK_PATH,
  OIDC_COOKIE,
  OIDC_STATE_MINUTES,
  removeIdentity,
  setPasswordSignIn,
  startSignIn,
  testDiscovery,
  updateProvider,
} from "./oidc";

const ZProviderParams = z.object({ id: z.uuid({ error: "IDP_NOT_FOUND" }) });
const ZUserParams = z.object({ id: z.uuid({ error: "USER_NOT_FOUND" }) });
const ZIdentityParams = z.object({ id: z.uuid({ error: "USER_NOT_FOUND" }), identityId: z.uuid({ error: "IDENTITY_NOT_FOUND" }) });
const ZStartQuery = z.object({ loginType: z.enum(LOGIN_TYPES).catch("student"), lang: z.enum(["ar", "en"]).catch("ar") });
const ZSchoolParams = z.object({ id: z.string().max(64) });
const ZPasswordSignIn = z.object({ off: z.boolean({ error: "VALIDATION_FAILED" }) });

/** The login screen of each login type (SPEC §2), where a refusal is shown as ?error=CODE. */
const LOGIN_PATHS: Record<TLoginType, string> = { student: "/login/student", school: "/login/school", admin: "/login/admin" };

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const callbackUrl = `${app.config.publicUrl.replace(/\/$/, "")}${OIDC_CALLBACK_PATH}`;
  const secure = app.config.publicUrl.startsWith("https://");
  const refuse = (reply: FastifyReply, loginType: TLoginType, code: string) => reply.redirect(`${LOGIN_PATHS[loginType]}?error=${encodeURIComponent(code)}`, 302);

  app.get("/api/auth/providers", { schema: { security: [], querystring: ZLoginProvidersQuery, response: { 200: z.array(ZLoginProvider) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return loginProviders(app.db, request.query.loginType);
  });

  // Pages the browser navigates to, not calls: a refusal goes back to the login screen with its code.
  app.get("/api/auth/oidc/:providerId/start", { schema: { security: [], params: z.object({ providerId: z.string().max(64) }), querystring: ZStartQuery } }, async (request, reply) => {
    const { loginType, lang } = request.query;
    try {
      const { url, binding } = await startSignIn(app.db, { providerId: request.params.providerId, loginType, lang, redirectUri: callbackUrl });
      // Lax: the provider's redirect back is a top-level navigation, which carries it.
      reply.setCookie(OIDC_COOKIE, binding, { path: OIDC_CALLBACK_PATH, httpOnly: true, sameSite: "lax", secure, maxAge: OIDC_STATE_MINUTES * 60 });
      return reply.redirect(url, 302);
    } catch (err) {
      if (err instanceof AppError) return refuse(reply, loginType, err.code);
      throw err;
    }
  });

  app.get(OIDC_CALLBACK_PATH, { schema: { security: [] } }, async (request, reply) => {
    const binding = request.cookies[OIDC_COOKIE];
    const loginType = loginTypeOfBinding(binding);
    reply.clearCookie(OIDC_COOKIE, { path: OIDC_CALLBACK_PATH });
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    const current = new URL(callbackUrl);
    current.search = query.toString();
    try {
      const result = await finishSignIn(app.db, { query, binding, callbackUrl: current, meta: requestMeta(request) });
      signIns.inc({ login_type: result.loginType, outcome: "success" });
      setSessionCookie(reply, app.config, result.token, result.expiresAt);
      return reply.redirect("/", 302);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      signIns.inc({ login_type: loginType, outcome: err.code });
      return refuse(reply, loginType, err.code);
    }
  });

  // ---- administration

  app.get("/api/identity-providers", { schema: { response: { 200: z.array(ZIdentityProvider) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return listProviders(app.db, await requireUser(request));
  });

  app.post("/api/identity-providers", { schema: { body: ZIdentityProviderInput, response: { 201: ZIdentityProvider } } }, async (request, reply) => {
    const created = await createProvider(app.db, await requireUser(request), request.body);
    return reply.status(201).send(created);
  });

  app.put("/api/identity-providers/:id", { schema: { params: ZProviderParams, body: ZIdentityProviderInput, response: { 200: ZIdentityProvider } } }, async (request) => {
    return updateProvider(app.db, await requireUser(request), request.params.id, request.body);
  });

  app.delete("/api/identity-providers/:id", { schema: { params: ZProviderParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    await deleteProvider(app.db, await requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post("/api/identity-providers/test-discovery", { schema: { body: ZDiscoveryTest, response: { 200: ZDiscoveryResult } } }, async (request) => {
    return testDiscovery(await requireUser(request), request.body.issuer);
  });

  // A school whose people sign in only through a provider: the password form refuses them.
  app.put("/api/schools/:id/password-sign-in", { schema: { params: ZSchoolParams, body: ZPasswordSignIn, response: { 200: ZPasswordSignIn } } }, async (request) => {
    return setPasswordSignIn(app.db, await requireUser(request), request.params.id, request.body.off);
  });

  app.get("/api/users/:id/identities", { schema: { params: ZUserParams, response: { 200: z.array(ZLinkedIdentity) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return listIdentities(app.db, await requireUser(request), request.params.id);
  });

  app.delete("/api/users/:id/identities/:identityId", { schema: { params: ZIdentityParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    await removeIdentity(app.db, await requireUser(request), request.params.id, request.params.identityId);
    return reply.status(204).send();
  });
};
