import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { ZSkill, ZSkillCreate, ZSkillListQuery, ZSkillUpdate } from "../../../shared/schemas/skill";
import { createSkill, findSkills, updateSkill } from "./skills.service";

const ZParams = z.object({ id: z.string().min(1).max(100) });

export const skillsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/skills", { schema: { querystring: ZSkillListQuery, response: { 200: z.object({ items: z.array(ZSkill) }) } } }, async (request) => {
    await authorize(request, "skills.view");
    return { items: await findSkills(app.db, { subjectId: request.query.subjectId, includeRetired: request.query.includeRetired === "true" }) };
  });

  app.post("/api/skills", { schema: { body: ZSkillCreate, response: { 201: ZSkill } } }, async (request, reply) => {
    const user = await authorize(request, "skills.manage", undefined, { write: true });
    return reply.status(201).send(await createSkill(app.db, user, request.body));
  });

  app.patch("/api/skills/:id", { schema: { params: ZParams, body: ZSkillUpdate, response: { 200: ZSkill } } }, async (request) => {
    const user = await authorize(request, "skills.manage", undefined, { write: true });
    return updateSkill(app.db, user, request.params.id, request.body);
  });
};
