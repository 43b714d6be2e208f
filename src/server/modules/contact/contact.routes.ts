// POST /api/contact (public form) and the super_admin inbox: list, open, mark read.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZContactInput,
  ZContactListQuery,
  ZContactListResponse,
  ZContactMessageView,
} from "../../../shared/schemas/contact";
import { AppError } from "../../http/errors";
import { authorize, requestMeta } from "../../http/context";
import { createContactMessage, findContactMessage, findContactMessages, markContactMessageRead } from "./contact.service";

const ZOk = z.object({ ok: z.literal(true) });
const ZIdParams = z.object({ id: z.string().max(64) });

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // A message is a few kilobytes at most; refuse anything larger before parsing it.
  app.post(
    "/api/contact",
    { bodyLimit: 32 * 1024, schema: { security: [], body: ZContactInput, response: { 200: ZOk } } },
    async (request) => {
      const result = await createContactMessage(app.db, request.body, requestMeta(request));
      if (result.status === "throttled") throw new AppError("CONTACT_THROTTLED", { headers: { "retry-after": String(result.retryAfterSeconds) } });
      if (result.status === "dropped") request.log.info("contact form honeypot filled; message dropped");
      // Stored and dropped answer alike, so a bot learns nothing from the reply.
      return { ok: true as const };
    },
  );

  app.get(
    "/api/contact-messages",
    { schema: { querystring: ZContactListQuery, response: { 200: ZContactListResponse } } },
    async (request, reply) => {
      await authorize(request, "contactMessages.read");
      reply.header("cache-control", "no-store");
      return findContactMessages(app.db, { page: request.query.page, unreadOnly: request.query.unread === "true" });
    },
  );

  app.get(
    "/api/contact-messages/:id",
    { schema: { params: ZIdParams, response: { 200: ZContactMessageView } } },
    async (request, reply) => {
      await authorize(request, "contactMessages.read");
      reply.header("cache-control", "no-store");
      return findContactMessage(app.db, request.params.id);
    },
  );

  app.post(
    "/api/contact-messages/:id/read",
    { schema: { params: ZIdParams, response: { 200: ZContactMessageView } } },
    async (request) => {
      const user = await authorize(request, "contactMessages.read");
      return markContactMessageRead(app.db, request.params.id, user.id);
    },
  );
};
