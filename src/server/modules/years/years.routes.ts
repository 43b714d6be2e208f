// School years (issue 39; docs/decisions/0059): super_admins only (years.manage).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { ZYear, ZYearCreate } from "../../../shared/schemas/year";
import { closeYear, createYear, findYears, reopenYear } from "./years.service";

const ZParams = z.object({ id: z.uuid({ error: "YEAR_NOT_FOUND" }) });

export const yearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/years", { schema: { response: { 200: z.object({ items: z.array(ZYear) }) } } }, async (request) => {
    await authorize(request, "years.manage");
    return { items: await findYears(app.db) };
  });

  app.post("/api/years", { schema: { body: ZYearCreate, response: { 201: ZYear } } }, async (request, reply) => {
    const user = await authorize(request, "years.manage", undefined, { write: true });
    return reply.status(201).send(await createYear(app.db, user, request.body));
  });

  app.post("/api/years/:id/close", { schema: { params: ZParams, response: { 200: ZYear } } }, async (request) => {
    const user = await authorize(request, "years.manage", undefined, { write: true });
    return closeYear(app.db, user, request.params.id);
  });

  app.post("/api/years/:id/reopen", { schema: { params: ZParams, response: { 200: ZYear } } }, async (request) => {
    const user = await authorize(request, "years.manage", undefined, { write: true });
    return reopenYear(app.db, user, request.params.id);
  });
};
