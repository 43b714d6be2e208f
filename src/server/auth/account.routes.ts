// The signed-in person's own account (issue 19): every route acts on the session's user and no one else, so
// there is no id to give and no capability to check beyond being signed in.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAccount, ZAccountUpdate, ZPasswordChange } from "../../shared/schemas/account";
import { requestMeta, requireUser } from "../http/context";
import { ZRecoveryCodes, ZTwoFactorConfirm, ZTwoFactorOff, ZTwoFactorRule, ZTwoFactorSetup, ZTwoFactorStatus } from "../../shared/schemas/two-factor";
import { confirmTwoFactorSetup, getTwoFactorRule, regenerateRecoveryCodes, resetTwoFactor, setTwoFactorRule, startTwoFactorSetup, turnOffTwoFactor, twoFactorStatus } from "./two-factor";
import { findAccount, updateAccount } from "./account.service";
import { changePassword } from "./auth.service";

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/account", { schema: { response: { 200: ZAccount } } }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header("cache-control", "no-store");
    return findAccount(app.db, user.id);
  });

  app.patch("/api/account", { schema: { body: ZAccountUpdate, response: { 200: ZAccount } } }, async (request) =>
    updateAccount(app.db, await requireUser(request), request.body),
  );

  app.post("/api/account/password", { schema: { body: ZPasswordChange, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
    const user = await requireUser(request);
    // requireUser found a session, so the request carries its token.
    await changePassword(app.db, user, request.sessionToken!, request.body);
    return { ok: true as const };
  });

  // ---- two-step sign-in (issue 38): one's own, then the super_admin's rule and reset

  app.get("/api/account/two-factor", { schema: { response: { 200: ZTwoFactorStatus } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return twoFactorStatus(app.db, await requireUser(request));
  });

  // The secret leaves the server here only, before it is on; no-store so that no cache keeps it.
  app.post("/api/account/two-factor/setup", { schema: { response: { 200: ZTwoFactorSetup } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return startTwoFactorSetup(app.db, await requireUser(request));
  });

  app.post("/api/account/two-factor/confirm", { schema: { body: ZTwoFactorConfirm, response: { 200: ZRecoveryCodes } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return confirmTwoFactorSetup(app.db, await requireUser(request), request.body.code, requestMeta(request));
  });

  // New recovery codes for a current authenticator code; the old ones stop working (issue 38).
  app.post("/api/account/two-factor/recovery-codes", { schema: { body: ZTwoFactorConfirm, response: { 200: ZRecoveryCodes } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return regenerateRecoveryCodes(app.db, await requireUser(request), request.body.code, requestMeta(request));
  });

  app.post("/api/account/two-factor/off", { schema: { body: ZTwoFactorOff, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
    await turnOffTwoFactor(app.db, await requireUser(request), request.body, requestMeta(request));
    return { ok: true as const };
  });

  app.get("/api/settings/two-factor", { schema: { response: { 200: ZTwoFactorRule } } }, async (request) => {
    await requireUser(request);
    return getTwoFactorRule(app.db);
  });

  app.put("/api/settings/two-factor", { schema: { body: ZTwoFactorRule, response: { 200: ZTwoFactorRule } } }, async (request) =>
    setTwoFactorRule(app.db, await requireUser(request), request.body),
  );

  app.delete(
    "/api/users/:userId/two-factor",
    { schema: { params: z.object({ userId: z.uuid({ error: "USER_NOT_FOUND" }) }), response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await resetTwoFactor(app.db, await requireUser(request), request.params.userId);
      return { ok: true as const };
    },
  );
};
