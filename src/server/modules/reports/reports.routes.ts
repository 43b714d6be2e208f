import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { ZAttemptReports, ZBulkJob, ZPlanView, ZReportView, ZStaleCounts } from "../../../shared/schemas/report";
import { ZSchoolReport } from "../../../shared/schemas/school-report";
import {
  BULK_REPORTS_JOB,
  countStale,
  findAttemptReports,
  findBulkGeneration,
  findJob,
  findSchoolReport,
  generatePlan,
  generateReport,
  runBulkGeneration,
  startBulkGeneration,
} from "./reports.service";
import { createWriter } from "./llm";

const ZAttemptParams = z.object({ attemptId: z.uuid({ error: "RESULT_NOT_FOUND" }) });
const ZExamParams = z.object({ examId: z.uuid({ error: "EXAM_NOT_FOUND" }) });

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = createWriter(app.config.llm, app.log);
  app.jobs.register(BULK_REPORTS_JOB, (ctx) => runBulkGeneration(ctx, writer));

  app.get("/api/attempts/:attemptId/reports", { schema: { params: ZAttemptParams, response: { 200: ZAttemptReports } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return findAttemptReports(app.db, await requireUser(request), request.params.attemptId);
  });

  app.post("/api/attempts/:attemptId/report", { schema: { params: ZAttemptParams, response: { 201: ZReportView } } }, async (request, reply) =>
    reply.status(201).send(await generateReport(app.db, writer, await requireUser(request), request.params.attemptId)),
  );

  app.post("/api/attempts/:attemptId/plan", { schema: { params: ZAttemptParams, response: { 201: ZPlanView } } }, async (request, reply) =>
    reply.status(201).send(await generatePlan(app.db, writer, await requireUser(request), request.params.attemptId)),
  );

  // "Generate again": the next version when the figures have changed since (docs/decisions/0032).
  app.post("/api/attempts/:attemptId/report/again", { schema: { params: ZAttemptParams, response: { 201: ZReportView } } }, async (request, reply) =>
    reply.status(201).send(await generateReport(app.db, writer, await requireUser(request), request.params.attemptId, true)),
  );

  app.post("/api/attempts/:attemptId/plan/again", { schema: { params: ZAttemptParams, response: { 201: ZPlanView } } }, async (request, reply) =>
    reply.status(201).send(await generatePlan(app.db, writer, await requireUser(request), request.params.attemptId, true)),
  );

  app.get("/api/school-reports/:attemptId", { schema: { params: ZAttemptParams, response: { 200: ZSchoolReport } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return findSchoolReport(app.db, await requireUser(request), request.params.attemptId);
  });

  // "Generate for all graded attempts" of an exam: a job the page follows, found again after a reload.
  app.post(
    "/api/exams/:examId/reports/bulk",
    { schema: { params: ZExamParams, response: { 202: ZBulkJob } }, onResponse: async () => app.jobs.wake() },
    async (request, reply) => reply.status(202).send((await startBulkGeneration(app.db, await requireUser(request), request.params.examId)).job),
  );

  // The same for the stale ones (and any missing): a new version of each whose figures have changed.
  app.post(
    "/api/exams/:examId/reports/bulk/again",
    { schema: { params: ZExamParams, response: { 202: ZBulkJob } }, onResponse: async () => app.jobs.wake() },
    async (request, reply) => reply.status(202).send((await startBulkGeneration(app.db, await requireUser(request), request.params.examId, true)).job),
  );

  app.get("/api/exams/:examId/reports/bulk", { schema: { params: ZExamParams, response: { 200: z.object({ job: ZBulkJob.nullable() }) } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { job: await findBulkGeneration(app.db, await requireUser(request), request.params.examId) };
  });

  // How many reports and plans of the exam are out of date: what "generate again" in bulk would write anew.
  app.get("/api/exams/:examId/reports/stale", { schema: { params: ZExamParams, response: { 200: ZStaleCounts } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return countStale(app.db, await requireUser(request), request.params.examId);
  });

  app.get("/api/jobs/:jobId", { schema: { params: z.object({ jobId: z.uuid({ error: "JOB_NOT_FOUND" }) }), response: { 200: ZBulkJob } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return findJob(app.db, await requireUser(request), request.params.jobId);
  });
};
