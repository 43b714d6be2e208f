import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize, requireUser } from "../../http/context";
import { ZSchool, ZSchoolCreate, ZSchoolUpdate } from "../../../shared/schemas/school";
import { createSchool, deleteSchool, findSchools, updateSchool } from "./schools.service";
import { ZNoContent } from "../../http/openapi";

const ZParams = z.object({ id: z.string().min(1).max(64) });

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone signed in may read the schools they belong to (the user dialog's school selector needs them).
  app.get("/api/schools", { schema: { response: { 200: z.object({ items: z.array(ZSchool) }) } } }, async (request) => {
    const user = await requireUser(request);
    return { items: await findSchools(app.db, user) };
  });

  app.post("/api/schools", { schema: { body: ZSchoolCreate, response: { 201: ZSchool } } }, async (request, reply) => {
    const user = await authorize(request, "schools.manage", undefined, { write: true });
    return reply.status(201).send(await createSchool(app.db, user, request.body));
  });

  app.patch("/api/schools/:id", { schema: { params: ZParams, body: ZSchoolUpdate, response: { 200: ZSchool } } }, async (request) => {
    const user = await authorize(request, "schools.manage", undefined, { write: true });
    return updateSchool(app.db, user, request.params.id, request.body);
  });

  app.delete("/api/schools/:id", { schema: { params: ZParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    const user = await authorize(request, "schools.manage", undefined, { write: true });
    await deleteSchool(app.db, user, request.params.id);
    return reply.status(204).send();
  });
};
