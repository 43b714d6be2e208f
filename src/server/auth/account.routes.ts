// The signed-in person's own account (issue 19): every route acts on the session's user and no one else, so
// there is no id to give and no capability to check beyond being signed in.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAccount, ZAccountUpdate, ZPasswordChange } from "../../shared/schemas/account";
import { requireUser } from "../http/context";
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
};
