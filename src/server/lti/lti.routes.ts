// LTI 1.3 tool endpoints (issue 38, docs/decisions/0051): the tool's public keys, and the super_admin's platforms.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LTI_DEEP_LINK_PATH, LTI_JWKS_PATH, LTI_LAUNCH_PATH, LTI_LOGIN_PATH, ZLtiPlatform, ZLtiPlatformInput } from "../../shared/schemas/lti";
import { requestMeta, requireUser, setSessionCookie } from "../http/context";
import { AppError } from "../http/errors";
import { ZNoContent } from "../http/openapi";
import { createSession } from "../auth/auth.service";
import { LTI_SCORE_JOB, listPassbacks, retryPassback, sendScore } from "./ags";
import { linksOfExam, syncRoster } from "./nrps";
import { deepLinkResponse, linkableExams, signContext } from "./deep-linking";
import { acceptLaunch, reasonOf, verifyLaunch } from "./launch";
import { autoPostPage, pickerPage, refusalPage } from "./pages";
import { toolJwks } from "./keys";
import { LTI_STATE_COOKIE, LTI_STATE_SECONDS, initiateLogin, type TLoginInitiation } from "./login";
import { deletePlatform, listPlatforms, registerPlatform, updatePlatform } from "./platforms";

export const LTI_JWKS_URL = LTI_JWKS_PATH;
export const LTI_PLATFORMS_URL = "/api/lti/platforms";
export const LTI_LOGIN_URL = LTI_LOGIN_PATH;
export const LTI_LAUNCH_URL = LTI_LAUNCH_PATH;
export const LTI_DEEP_LINK_URL = LTI_DEEP_LINK_PATH;

/** What a launch's form post may carry; anything else is read as missing and refused on a page, not as JSON. */
const formText = z.string().max(20_000).optional().catch(undefined);
const ZLaunchForm = z.object({ id_token: formText, state: formText });
const ZDeepLinkForm = z.object({ context: formText, examId: formText });

const hint = z.string().max(4000).optional();
const ZLoginInitiation = z.object({ iss: hint, login_hint: hint, target_link_uri: hint, lti_message_hint: hint, client_id: hint });

const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export const LTI_PASSBACKS_URL = "/api/lti/passbacks";

const ZPassback = z.object({
  id: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  attemptId: z.string(),
  studentName: z.string().nullable(),
  examTitleAr: z.string().nullable(),
  examTitleEn: z.string().nullable(),
  platformName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(LTI_SCORE_JOB, sendScore);

  app.get(
    "/api/lti/exams/:examId/links",
    { schema: { params: z.object({ examId: z.uuid({ error: "EXAM_NOT_FOUND" }) }), response: { 200: z.array(z.object({ id: z.string(), platformName: z.string(), contextId: z.string().nullable(), hasRoster: z.boolean() })) } } },
    async (request) => linksOfExam(app.db, await requireUser(request), request.params.examId),
  );

  // Brings the course's members in as students of the platform's school (NRPS), with what happened to them.
  app.post(
    "/api/lti/links/:id/roster",
    { schema: { params: z.object({ id: z.uuid({ error: "LTI_PLATFORM_NOT_FOUND" }) }), response: { 200: z.object({ matched: z.number(), created: z.number(), skipped: z.number() }) } } },
    async (request) => syncRoster(app.db, await requireUser(request), request.params.id),
  );

  app.get(LTI_PASSBACKS_URL, { schema: { response: { 200: z.array(ZPassback) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return listPassbacks(app.db, await requireUser(request));
  });

  app.post(
    `${LTI_PASSBACKS_URL}/:id/retry`,
    { schema: { params: z.object({ id: z.uuid({ error: "LTI_PASSBACK_NOT_FOUND" }) }), response: { 204: ZNoContent } }, onResponse: async () => app.jobs.wake() },
    async (request, reply) => {
      await retryPassback(app.db, await requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Platforms post launches as HTML forms (and so does our picker). Only this plugin's routes read such bodies.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const launchUrl = new URL(LTI_LAUNCH_URL, app.config.publicUrl).toString();

  /** A refusal page: the code's text in both languages; the reason goes to the log only. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    request.log.warn({ code: err.code, reason: reasonOf(err) }, "LTI launch refused");
    reply.header("cache-control", "no-store");
    return reply.status(err.status).type("text/html; charset=utf-8").send(refusalPage(err.code));
  };

  app.post(LTI_LAUNCH_URL, { schema: { security: [], body: ZLaunchForm } }, async (request, reply) => {
    const cookie = request.cookies[LTI_STATE_COOKIE];
    reply.clearCookie(LTI_STATE_COOKIE, { path: "/api/lti", sameSite: "none", secure: true });
    try {
      const launch = await verifyLaunch(app.db, { idToken: request.body.id_token, state: request.body.state, cookie });
      const result = await acceptLaunch(app.db, launch);
      // The session is the password sign-in's, with its Lax cookie: a launch opens in a new window or the top
      // frame (docs/decisions/0051), where the cookie set by this cross-site post is kept and sent.
      const session = await createSession(app.db, result.user.id, requestMeta(request));
      setSessionCookie(reply, app.config, session.token, session.expiresAt);
      reply.header("cache-control", "no-store");
      if (result.redirect) return reply.redirect(result.redirect, 303);
      // Deep linking: the picker, shown in the platform's dialog (often a frame of the platform's own origin).
      const settings = launch.claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] as { deep_link_return_url: string };
      reply.header("content-security-policy", `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors ${new URL(settings.deep_link_return_url).origin}; base-uri 'none'`);
      reply.removeHeader("x-frame-options");
      const context = await signContext(app.db, launch, result.user.id);
      return reply.type("text/html; charset=utf-8").send(pickerPage(await linkableExams(app.db, result.user), context, LTI_DEEP_LINK_URL));
    } catch (err) {
      return refuse(request, reply, err);
    }
  });

  app.post(LTI_DEEP_LINK_URL, { schema: { security: [], body: ZDeepLinkForm } }, async (request, reply) => {
    try {
      const { context, examId } = request.body;
      if (!context || !examId) throw new AppError("LTI_LAUNCH_INVALID");
      const { returnUrl, jwt } = await deepLinkResponse(app.db, { context, examId, launchUrl });
      const { html, csp } = autoPostPage(returnUrl, jwt);
      reply.header("content-security-policy", csp).header("cache-control", "no-store");
      reply.removeHeader("x-frame-options");
      return reply.type("text/html; charset=utf-8").send(html);
    } catch (err) {
      return refuse(request, reply, err);
    }
  });

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

  const ZPlatformParams = z.object({ id: z.uuid({ error: "LTI_PLATFORM_NOT_FOUND" }) });
  app.put(`${LTI_PLATFORMS_URL}/:id`, { schema: { params: ZPlatformParams, body: ZLtiPlatformInput, response: { 200: ZLtiPlatform } } }, async (request) => {
    return updatePlatform(app.db, await requireUser(request), request.params.id, request.body);
  });
  app.delete(`${LTI_PLATFORMS_URL}/:id`, { schema: { params: ZPlatformParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    await deletePlatform(app.db, await requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  // The platform may send the login initiation either way (LTI 1.3 §5.1.1).
  const login = async (input: TLoginInitiation, reply: FastifyReply) => {
    const { redirect, cookie } = await initiateLogin(app.db, input, launchUrl);
    // The launch comes back as a cross-site form post: only a SameSite=None (hence Secure) cookie travels with it.
    reply.setCookie(LTI_STATE_COOKIE, cookie, { path: "/api/lti", httpOnly: true, sameSite: "none", secure: true, maxAge: LTI_STATE_SECONDS });
    reply.header("cache-control", "no-store");
    return reply.redirect(redirect, 302);
  };
  app.get(LTI_LOGIN_URL, { schema: { querystring: ZLoginInitiation } }, async (request, reply) => login(request.query, reply));
  app.post(LTI_LOGIN_URL, { schema: { body: ZLoginInitiation } }, async (request, reply) => login(request.body, reply));
};
