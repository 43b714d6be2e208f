// Fairness (DIF) in item analysis (issue 35; docs/decisions/0046). Who sees it: whoever sees the exam's item analysis.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { ZDifQuery, ZDifReport } from "../../../shared/schemas/fairness";
import { findDif } from "./fairness.service";

const ZParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });

export const difRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/analytics/exams/:id/dif", { schema: { params: ZParams, querystring: ZDifQuery, response: { 200: ZDifReport } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return findDif(app.db, user, request.params.id, request.query.grouping, request.query.minGroupSize, request.query.show);
  });
};
