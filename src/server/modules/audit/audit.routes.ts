import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { findAuditEntries } from "./audit.service";

const ZEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/audit",
    {
      schema: {
        querystring: z.object({
          entity: z.enum(["school", "user"]).optional(),
          entityId: z.string().max(100).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ items: z.array(ZEntry), total: z.number().int() }) },
      },
    },
    async (request) => {
      await authorize(request, "audit.read");
      const { items, total } = await findAuditEntries(app.db, request.query);
      return { items: items.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), total };
    },
  );
};
