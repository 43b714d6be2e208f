import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { ATTEMPT_STATUSES, ZAnswerBatch, ZAnswerBatchResult, ZAnswerInput, ZAttemptStart, ZAttemptState, ZPaper, ZPlay, ZStudentOverview } from "../../../shared/schemas/attempt";
import { ZClientEvent, ZHeartbeat, ZHeartbeatInput, ZHeldAnswerItem, ZHeldDecision, ZLobby } from "../../../shared/schemas/sitting";
import { decideHeldAnswers, listHeldAnswers } from "./late-answers";
import { saveAnswerBatch } from "./answer-batch";
import { enterLobby, findPaperCopy, findStudentOverview, heartbeat, recordClientEvent, saveAnswer, startAttempt, startPlay, submitAttempt } from "./attempts.service";
import { ZNoContent, ZNotModified } from "../../http/openapi";

const ZExamParams = z.object({ examId: z.uuid({ error: "EXAM_NOT_AVAILABLE" }) });
const ZAttemptParams = z.object({ attemptId: z.uuid({ error: "ATTEMPT_NOT_FOUND" }) });

/** The cached bytes of a ZPaper, for the route typed by that schema: Fastify sends a Buffer as it is, unserialised. */
const asPaper = (bytes: Buffer) => bytes as unknown as z.infer<typeof ZPaper>;

export const attemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/student/overview", { schema: { response: { 200: ZStudentOverview } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return findStudentOverview(app.db, await requireUser(request));
  });

  // Where the student stands with the exam's sitting: wait in the lobby, take it, or too late (issue 16).
  app.post("/api/student/exams/:examId/lobby", { schema: { params: ZExamParams, response: { 200: ZLobby } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return enterLobby(app.db, await requireUser(request), request.params.examId);
  });

  // The same bytes for everyone who sits this version, checked against ZPaper, serialised and gzipped once
  // (paper.ts): on an exam morning thousands ask in the same second. An ETag lets a reload cost nothing.
  // ZPaper below describes the reply in /api/openapi.json only: Fastify serialises no Buffer, so the cached bytes go
  // out as they are, neither checked nor serialised again (openapi.test.ts makes sure).
  app.get("/api/student/exams/:examId/paper", { schema: { params: ZExamParams, response: { 200: ZPaper, 304: ZNotModified } } }, async (request, reply) => {
    const version = await findPaperCopy(app.db, await requireUser(request), request.params.examId);
    reply.header("etag", version.etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
    if (request.headers["if-none-match"] === version.etag) return reply.status(304).send();
    reply.type("application/json; charset=utf-8");
    if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) return reply.header("content-encoding", "gzip").send(asPaper(version.paperGzip));
    return reply.send(asPaper(version.paperJson));
  });

  app.post("/api/student/exams/:examId/attempt", { schema: { params: ZExamParams, body: ZAttemptStart, response: { 200: ZAttemptState } } }, async (request) =>
    startAttempt(app.db, await requireUser(request), request.params.examId, request.body.paperLanguage),
  );

  app.put(
    "/api/attempts/:attemptId/answers/:questionId",
    {
      schema: {
        params: ZAttemptParams.extend({ questionId: z.uuid({ error: "ANSWER_INVALID" }) }),
        body: ZAnswerInput,
        response: { 200: z.object({ savedAt: z.string(), clientSeq: z.number().int() }) },
      },
    },
    async (request) =>
      saveAnswer(app.db, await requireUser(request), request.params.attemptId, request.params.questionId, request.body, { offlineGraceMinutes: app.config.offlineGraceMinutes }),
  );

  // A device's journal in one request (issue 37, decision 0056): after the deadline its answers are settled in one
  // transaction; each entry is answered stored, held or refused, so the journal drops exactly what was settled.
  // The default body limit (BODY_LIMIT_BYTES) bounds it; the page sends its journal in parts below that.
  app.post(
    "/api/attempts/:attemptId/answers/batch",
    { schema: { params: ZAttemptParams, body: ZAnswerBatch, response: { 200: ZAnswerBatchResult } } },
    async (request) => saveAnswerBatch(app.db, await requireUser(request), request.params.attemptId, request.body, { offlineGraceMinutes: app.config.offlineGraceMinutes }),
  );

  // ?auto=1: the page's timer submits because the time is up (the server believes it only near the deadline).
  app.post(
    "/api/attempts/:attemptId/submit",
    { schema: { params: ZAttemptParams, querystring: z.object({ auto: z.enum(["1"]).optional() }), response: { 200: ZAttemptState } } },
    async (request) => submitAttempt(app.db, await requireUser(request), request.params.attemptId, { auto: request.query.auto === "1" }),
  );

  // A limited clip started (issue 18): counted by the server, refused once its plays are used up.
  app.post(
    "/api/attempts/:attemptId/plays/:mediaId",
    { schema: { params: ZAttemptParams.extend({ mediaId: z.uuid({ error: "IMAGE_NOT_FOUND" }) }), response: { 200: ZPlay } } },
    async (request, reply) => {
      // The answer holds a play's address: for this request only.
      reply.header("cache-control", "no-store, private");
      return startPlay(app.db, await requireUser(request), request.params.attemptId, request.params.mediaId);
    },
  );

  app.post("/api/attempts/:attemptId/heartbeat", { schema: { params: ZAttemptParams, body: ZHeartbeatInput, response: { 200: ZHeartbeat } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return heartbeat(app.db, await requireUser(request), request.params.attemptId, request.body.pending);
  });

  // The answers held for the proctor, one by one (issue 37): what each question was answered with, and when.
  app.get(
    "/api/attempts/:attemptId/held-answers",
    { schema: { params: z.object({ attemptId: z.uuid({ error: "RESULT_NOT_FOUND" }) }), response: { 200: z.object({ items: z.array(ZHeldAnswerItem) }) } } },
    async (request) => ({ items: await listHeldAnswers(app.db, await requireUser(request), request.params.attemptId) }),
  );

  // A proctor accepts or refuses answers that came back after the offline grace (issue 37, decision 0056).
  app.post(
    "/api/attempts/:attemptId/held-answers",
    {
      schema: {
        params: z.object({ attemptId: z.uuid({ error: "RESULT_NOT_FOUND" }) }),
        body: ZHeldDecision,
        response: { 200: z.object({ decided: z.number().int(), score: z.number().nullable(), status: z.enum(ATTEMPT_STATUSES) }) },
      },
    },
    async (request) => decideHeldAnswers(app.db, await requireUser(request), request.params.attemptId, request.body),
  );

  app.post("/api/attempts/:attemptId/events", { schema: { params: ZAttemptParams, body: ZClientEvent, response: { 204: ZNoContent } } }, async (request, reply) => {
    await recordClientEvent(app.db, await requireUser(request), request.params.attemptId, request.body);
    return reply.status(204).send();
  });
};
