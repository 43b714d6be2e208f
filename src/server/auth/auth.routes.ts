import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZLoginInput, ZPasswordResetRequest, ZPasswordUpdate, ZSessionResponse } from "../../shared/schemas/auth";
import { clearSessionCookie, requestMeta, requireUser, setSessionCookie } from "../http/context";
import { confirmPasswordReset, deleteSession, login, requestPasswordReset } from "./auth.service";

const ZOk = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/api/auth/login", { schema: { body: ZLoginInput, response: { 200: ZSessionResponse } } }, async (request, reply) => {
    const { user, token, expiresAt } = await login(app.db, request.body, requestMeta(request));
    setSessionCookie(reply, app.config, token, expiresAt);
    return { user };
  });

  app.post("/api/auth/logout", async (request, reply) => {
    if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get("/api/auth/me", { schema: { response: { 200: ZSessionResponse } } }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header("cache-control", "no-store");
    return { user };
  });

  app.post("/api/auth/password-reset/request", { schema: { body: ZPasswordResetRequest, response: { 200: ZOk } } }, async (request) => {
    await requestPasswordReset(app.db, app.mailer, request.body, { ...requestMeta(request), publicUrl: app.config.publicUrl });
    return { ok: true as const };
  });

  app.post("/api/auth/password-reset/confirm", { schema: { body: ZPasswordUpdate, response: { 200: ZOk } } }, async (request, reply) => {
    await confirmPasswordReset(app.db, request.body);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
};
