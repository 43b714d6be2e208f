// Calibration inside the app (issue 35; docs/decisions/0045): run and read an exam's IRT calibrations, a bank item's
// parameter history, and an exam's reliability and information. Rules in psychometrics.service.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { ZCalibrationDetail, ZCalibrationRequest, ZCalibrationRuns, ZExamReliability, ZItemCalibrations } from "../../../shared/schemas/psychometrics";
import { bankItemCalibrations, examReliability, findCalibration, listCalibrations, reliabilityJob, runCalibration } from "./psychometrics.service";
import { RELIABILITY_JOB } from "../analytics/figures";

const ZExamParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });
const ZRunParams = z.object({ runId: z.uuid({ error: "CALIBRATION_NOT_FOUND" }) });
const ZItemParams = z.object({ id: z.uuid({ error: "BANK_ITEM_NOT_FOUND" }) });

export const psychometricsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Queued by the marking transaction (analytics/figures.ts), due once the exam's marks settle (decision 0061).
  app.jobs.register(RELIABILITY_JOB, reliabilityJob);
  // Answers when the run is stored (201), not with a job id: the EM runs in the idle-priority parse thread, so the
  // event loop stays free while the request waits its few seconds (decision 0045).
  app.post("/api/exams/:id/calibrations", { schema: { params: ZExamParams, body: ZCalibrationRequest, response: { 201: ZCalibrationDetail } } }, async (request, reply) => {
    const user = await authorize(request, "analytics.view");
    return reply.status(201).send(await runCalibration(app.db, user, request.params.id, request.body));
  });

  app.get("/api/exams/:id/calibrations", { schema: { params: ZExamParams, response: { 200: ZCalibrationRuns } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return listCalibrations(app.db, user, request.params.id);
  });

  app.get("/api/calibrations/:runId", { schema: { params: ZRunParams, response: { 200: ZCalibrationDetail } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return findCalibration(app.db, user, request.params.runId);
  });

  app.get("/api/analytics/exams/:id/reliability", { schema: { params: ZExamParams, response: { 200: ZExamReliability } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return examReliability(app.db, user, request.params.id);
  });

  // The bank's visibility (bank.use, then the item's school or the system bank), as /api/bank/:id.
  app.get("/api/bank/:id/calibrations", { schema: { params: ZItemParams, response: { 200: ZItemCalibrations } } }, async (request) => {
    const user = await authorize(request, "bank.use");
    return bankItemCalibrations(app.db, user, request.params.id);
  });
};
