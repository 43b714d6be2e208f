import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { ZExamDetail, ZExamInput, ZExamListQuery, ZExamSummary, ZSubject } from "../../../shared/schemas/exam";
import { createExam, deleteExam, findExamDetail, findExams, findSubjects, updateExam } from "./exams.service";
import { ZNoContent } from "../../http/openapi";

const ZParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });
/** An exam of 200 questions with long Arabic and English texts fits comfortably. */
const EXAM_BODY_LIMIT = 4 * 1024 * 1024;

export const examsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/subjects", { schema: { response: { 200: z.object({ items: z.array(ZSubject) }) } } }, async (request, reply) => {
    await requireUser(request);
    reply.header("cache-control", "private, max-age=300");
    return { items: await findSubjects(app.db) };
  });

  app.get("/api/exams", { schema: { querystring: ZExamListQuery, response: { 200: z.object({ items: z.array(ZExamSummary) }) } } }, async (request) => ({
    items: await findExams(app.db, await requireUser(request), request.query),
  }));

  app.get("/api/exams/:id", { schema: { params: ZParams, response: { 200: ZExamDetail } } }, async (request) =>
    findExamDetail(app.db, await requireUser(request), request.params.id),
  );

  app.post("/api/exams", { bodyLimit: EXAM_BODY_LIMIT, schema: { body: ZExamInput, response: { 201: ZExamDetail } } }, async (request, reply) =>
    reply.status(201).send(await createExam(app.db, await requireUser(request), request.body)),
  );

  app.put("/api/exams/:id", { bodyLimit: EXAM_BODY_LIMIT, schema: { params: ZParams, body: ZExamInput, response: { 200: ZExamDetail } } }, async (request) =>
    updateExam(app.db, await requireUser(request), request.params.id, request.body),
  );

  app.delete("/api/exams/:id", { schema: { params: ZParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    await deleteExam(app.db, await requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};
