import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZLoginInput, ZPasswordResetRequest, ZPasswordUpdate, ZSessionResponse } from "../../shared/schemas/auth";
import { clearSessionCookie, requestMeta, requireUser, setSessionCookie } from "../http/context";
import { AppError } from "../http/errors";
import { signIns } from "../metrics";
import { ZLoginResponse, ZSecondStepInput } from "../../shared/schemas/two-factor";
import { confirmPasswordReset, deleteSession, login, loginSecondStep, PASSWORD_RESET_JOB, requestPasswordReset, sendPasswordResetMail } from "./auth.service";
import { SIGNED_OUT_PATH, ZLogoutResult } from "../../shared/schemas/identity-provider";
import { providerLogoutFor } from "./oidc";

const ZOk = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(PASSWORD_RESET_JOB, async ({ db, job }) =>
    sendPasswordResetMail(db, app.mailer, job.payload as { email: string }, { publicUrl: app.config.publicUrl, firstAttempt: job.attempts === 1 }),
  );

  // A right password makes a session, or — for an account with a second factor — a challenge for the second step.
  app.post("/api/auth/login", { schema: { security: [], body: ZLoginInput, response: { 200: ZLoginResponse } } }, async (request, reply) => {
    const loginType = request.body.loginType;
    const result = await login(app.db, request.body, requestMeta(request)).catch((err: unknown) => {
      signIns.inc({ login_type: loginType, outcome: err instanceof AppError ? err.code : "error" });
      throw err;
    });
    if ("challenge" in result) {
      signIns.inc({ login_type: loginType, outcome: "second_step" });
      return { challenge: result.challenge };
    }
    signIns.inc({ login_type: loginType, outcome: "success" });
    setSessionCookie(reply, app.config, result.token, result.expiresAt);
    return result.twoFactorSetupRequired ? { user: result.user, twoFactorSetupRequired: true as const } : { user: result.user };
  });

  app.post("/api/auth/login/second-step", { schema: { security: [], body: ZSecondStepInput, response: { 200: ZSessionResponse } } }, async (request, reply) => {
    const { user, token, expiresAt } = await loginSecondStep(app.db, request.body, requestMeta(request));
    setSessionCookie(reply, app.config, token, expiresAt);
    return { user };
  });

  // The provider's own logout, when the session came through one that has it, is offered by the page (issue 38).
  const signedOutUrl = `${app.config.publicUrl.replace(/\/$/, "")}${SIGNED_OUT_PATH}`;
  app.post("/api/auth/logout", { schema: { security: [], response: { 200: ZLogoutResult } } }, async (request, reply) => {
    let providerLogout = null;
    if (request.sessionToken) {
      providerLogout = await providerLogoutFor(app.db, request.sessionToken, signedOutUrl);
      await deleteSession(app.db, request.sessionToken);
    }
    clearSessionCookie(reply);
    reply.header("cache-control", "no-store");
    return { providerLogout };
  });

  app.get("/api/auth/me", { schema: { response: { 200: ZSessionResponse } } }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header("cache-control", "no-store");
    return { user };
  });

  app.post(
    "/api/auth/password-reset/request",
    // The mail is a job, started once the reply has gone: the reply says nothing about the account.
    { schema: { security: [], body: ZPasswordResetRequest, response: { 200: ZOk } }, onResponse: async () => app.jobs.wake() },
    async (request) => {
      await requestPasswordReset(app.db, request.body, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.post("/api/auth/password-reset/confirm", { schema: { security: [], body: ZPasswordUpdate, response: { 200: ZOk } } }, async (request, reply) => {
    await confirmPasswordReset(app.db, request.body);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
};
