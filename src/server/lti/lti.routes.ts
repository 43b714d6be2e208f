// LTI 1.3 tool endpoints (issue 38, docs/decisions/0051): the tool's public keys, and the super_admin's platforms.
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZLtiPlatform, ZLtiPlatformInput } from "../../shared/schemas/lti";
import { requireUser } from "../http/context";
import { toolJwks } from "./keys";
import { LTI_STATE_COOKIE, LTI_STATE_SECONDS, initiateLogin, type TLoginInitiation } from "./login";
import { listPlatforms, registerPlatform } from "./platforms";

export const LTI_JWKS_URL = "/api/lti/jwks";
export const LTI_PLATFORMS_URL = "/api/lti/platforms";
export const LTI_LOGIN_URL = "/api/lti/login";
export const LTI_LAUNCH_URL = "/api/lti/launch";

const hint = z.string().max(4000).optional();
const ZLoginInitiation = z.object({ iss: hint, login_hint: hint, target_link_uri: hint, lti_message_hint: hint, client_id: hint });

const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LTI_JWKS_URL, { schema: { response: { 200: ZJwks } } }, async (_request, reply) => {
    // Platforms cache it; a short max-age lets a new key reach them soon.
    reply.header("cache-control", "public, max-age=300");
    return toolJwks(app.db);
  });

  app.get(LTI_PLATFORMS_URL, { schema: { response: { 200: z.array(ZLtiPlatform) } } }, async (request) => {
    return listPlatforms(app.db, await requireUser(request));
  });

  app.post(LTI_PLATFORMS_URL, { schema: { body: ZLtiPlatformInput, response: { 201: ZLtiPlatform } } }, async (request, reply) => {
    const platform = await registerPlatform(app.db, await requireUser(request), request.body);
    return reply.status(201).send(platform);
  });

  // The platform may send the login initiation either way (LTI 1.3 §5.1.1).
  const login = async (input: TLoginInitiation, reply: FastifyReply) => {
    const { redirect, cookie } = await initiateLogin(app.db, input, new URL(LTI_LAUNCH_URL, app.config.publicUrl).toString());
    // The launch comes back as a cross-site form post: only a SameSite=None (hence Secure) cookie travels with it.
    reply.setCookie(LTI_STATE_COOKIE, cookie, { path: "/api/lti", httpOnly: true, sameSite: "none", secure: true, maxAge: LTI_STATE_SECONDS });
    reply.header("cache-control", "no-store");
    return reply.redirect(redirect, 302);
  };
  app.get(LTI_LOGIN_URL, { schema: { querystring: ZLoginInitiation } }, async (request, reply) => login(request.query, reply));
  app.post(LTI_LOGIN_URL, { schema: { body: ZLoginInitiation } }, async (request, reply) => login(request.body, reply));
};
