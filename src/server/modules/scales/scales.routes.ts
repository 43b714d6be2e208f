// The "Scale and levels" area's API (issue 35; docs/decisions/0047): super_admins only (scales.manage).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { ZNoContent } from "../../http/openapi";
import { ZConcurrentInput, ZLevelsByGroup, ZLevelsInput, ZLinkInput, ZScale, ZScaleCreate, ZScaleLinking, ZScaleRun, ZScaleUpdate } from "../../../shared/schemas/scale";
import { createScale, deleteScale, findScales, getScale, replaceLevels, updateScale } from "./scales.service";
import { linkConcurrent, linkRun, scaleRuns } from "./link.service";
import { DEFAULT_GROUP_MINIMUM, levelsByGroup } from "./levels-by-group";

const ZParams = z.object({ id: z.uuid({ error: "SCALE_NOT_FOUND" }) });
const ZGroupsQuery = z.object({
  minimum: z.coerce.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(10_000, { error: "VALIDATION_FAILED" }).default(DEFAULT_GROUP_MINIMUM),
  lang: z.enum(["ar", "en"], { error: "VALIDATION_FAILED" }).default("en"),
});

export const scalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/scales", { schema: { response: { 200: z.object({ items: z.array(ZScale) }) } } }, async (request) => {
    await authorize(request, "scales.manage");
    return { items: await findScales(app.db) };
  });

  app.post("/api/scales", { schema: { body: ZScaleCreate, response: { 201: ZScale } } }, async (request, reply) => {
    const user = await authorize(request, "scales.manage", undefined, { write: true });
    return reply.status(201).send(await createScale(app.db, user, request.body));
  });

  app.get("/api/scales/:id", { schema: { params: ZParams, response: { 200: ZScale } } }, async (request) => {
    await authorize(request, "scales.manage");
    return getScale(app.db, request.params.id);
  });

  app.patch("/api/scales/:id", { schema: { params: ZParams, body: ZScaleUpdate, response: { 200: ZScale } } }, async (request) => {
    const user = await authorize(request, "scales.manage", undefined, { write: true });
    return updateScale(app.db, user, request.params.id, request.body);
  });

  app.delete("/api/scales/:id", { schema: { params: ZParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    const user = await authorize(request, "scales.manage", undefined, { write: true });
    await deleteScale(app.db, user, request.params.id);
    return reply.status(204).send();
  });

  app.put("/api/scales/:id/levels", { schema: { params: ZParams, body: ZLevelsInput, response: { 200: ZScale } } }, async (request) => {
    const user = await authorize(request, "scales.manage", undefined, { write: true });
    return replaceLevels(app.db, user, request.params.id, request.body);
  });

  app.get("/api/scales/:id/runs", { schema: { params: ZParams, response: { 200: z.object({ items: z.array(ZScaleRun) }) } } }, async (request) => {
    await authorize(request, "scales.manage");
    return { items: await scaleRuns(app.db, request.params.id) };
  });

  app.post("/api/scales/:id/links", { schema: { params: ZParams, body: ZLinkInput, response: { 200: ZScaleLinking } } }, async (request) => {
    const user = await authorize(request, "scales.manage", undefined, { write: true });
    return linkRun(app.db, user, request.params.id, request.body);
  });

  // A concurrent calibration with the reference exam: seconds of a core, in the parse thread; answers its link.
  app.post("/api/scales/:id/concurrent", { schema: { params: ZParams, body: ZConcurrentInput, response: { 201: ZScaleLinking } } }, async (request, reply) => {
    const user = await authorize(request, "scales.manage", undefined, { write: true });
    return reply.status(201).send(await linkConcurrent(app.db, user, request.params.id, request.body));
  });

  app.get("/api/scales/:id/levels-by-group", { schema: { params: ZParams, querystring: ZGroupsQuery, response: { 200: ZLevelsByGroup } } }, async (request) => {
    await authorize(request, "scales.manage");
    return levelsByGroup(app.db, request.params.id, request.query.minimum, request.query.lang);
  });
};
