// POST /api/contact (public form) and the super_admin inbox: list, open, mark read.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZContactInput,
  ZContactListQuery,
  ZContactListResponse,
  ZContactMessageView,
} from "../../../shared/schemas/contact";
import type { TErrorBody } from "../../../shared/errors";
import { authorize, requestMeta } from "../../http/context";
import { createContactMessage, findContactMessage, findContactMessages, markContactMessageRead } from "./contact.service";

const ZOk = z.object({ ok: z.literal(true) });
const ZText = z.object({ en: z.string(), ar: z.string() });
const ZThrottled = z.object({ code: z.literal("CONTACT_THROTTLED"), title: ZText, message: ZText, requestId: z.string() });
const ZIdParams = z.object({ id: z.string().max(64) });

// TODO(lead): move into shared/errors.ts as CONTACT_THROTTLED so AppError can carry it; kept here only because
// that file is owned elsewhere. The shape is the common error body.
const CONTACT_THROTTLED = {
  code: "CONTACT_THROTTLED",
  title: { en: "Too Many Messages", ar: "رسائل كثيرة" },
  message: {
    en: "You have sent several messages in a short time. Please wait a few minutes and try again.",
    ar: "أرسلت عدة رسائل خلال وقت قصير. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.",
  },
} as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // A message is a few kilobytes at most; refuse anything larger before parsing it.
  app.post(
    "/api/contact",
    { bodyLimit: 32 * 1024, schema: { body: ZContactInput, response: { 200: ZOk, 429: ZThrottled } } },
    async (request, reply) => {
      const result = await createContactMessage(app.db, request.body, requestMeta(request));
      if (result.status === "throttled") {
        const body = { ...CONTACT_THROTTLED, requestId: request.id } satisfies TErrorBody;
        return reply.status(429).header("retry-after", String(result.retryAfterSeconds)).send(body);
      }
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
