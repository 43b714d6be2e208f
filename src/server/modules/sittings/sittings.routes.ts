import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestMeta, requireUser, setSessionCookie } from "../../http/context";
import { ZSessionUser } from "../../../shared/schemas/auth";
import { listTickets, reissueTicket, signInWithCode } from "./tickets";
import { decideSittingHeldAnswers } from "../attempts/late-answers";
import { ZAttemptEvent, ZGrantInput, ZSittingHeldDecided, ZSittingHeldDecision, type TLiveState, ZMySitting, ZOfferedExam, ZSitting, ZSittingCodeInput, ZSittingInput, ZSittingList, ZTicket, ZTicketList } from "../../../shared/schemas/sitting";
import { TABLE_FORMATS, sendTable } from "../../http/table";
import { createSitting, deleteSitting, findAttemptEvents, findAttendance, findLiveViewJson, grantTime, listMySittings, listOfferedExams, listSittings, updateSitting } from "./sittings.service";
import { ZNoContent } from "../../http/openapi";

/** A student's state in the attendance download, as the live view names it (sittings.{ar,en}.json live.state). */
const ATTENDANCE_STATE: Record<TLiveState, [string, string]> = {
  absent: ["لم يحضر", "Not arrived"],
  lobby: ["في قاعة الانتظار", "In the lobby"],
  working: ["يجيب", "Working"],
  offline: ["غير متصل", "Offline"],
  submitted: ["سلّم", "Submitted"],
  auto_submitted: ["سُلّم عند انتهاء الوقت", "Submitted by the clock"],
};

const ZExamParams = z.object({ examId: z.uuid({ error: "EXAM_NOT_FOUND" }) });
const ZSittingParams = z.object({ sittingId: z.uuid({ error: "SITTING_NOT_FOUND" }) });
const ZAttemptParams = z.object({ attemptId: z.uuid({ error: "RESULT_NOT_FOUND" }) });

export const sittingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/sittings", { schema: { response: { 200: z.object({ items: z.array(ZMySitting), serverNow: z.string() }) } } }, async (request) => ({
    items: await listMySittings(app.db, await requireUser(request)),
    serverNow: new Date().toISOString(),
  }));

  // A school_admin's list of the published exams offered to their school, to schedule their sittings (decision 0028).
  app.get("/api/exams/offered", { schema: { response: { 200: z.object({ items: z.array(ZOfferedExam) }) } } }, async (request) => ({
    items: await listOfferedExams(app.db, await requireUser(request)),
  }));

  app.get("/api/exams/:examId/sittings", { schema: { params: ZExamParams, response: { 200: ZSittingList } } }, async (request) =>
    listSittings(app.db, await requireUser(request), request.params.examId),
  );

  app.post("/api/exams/:examId/sittings", { schema: { params: ZExamParams, body: ZSittingInput, response: { 201: ZSitting } } }, async (request, reply) =>
    reply.status(201).send(await createSitting(app.db, await requireUser(request), request.params.examId, request.body)),
  );

  app.put("/api/sittings/:sittingId", { schema: { params: ZSittingParams, body: ZSittingInput, response: { 200: ZSitting } } }, async (request) =>
    updateSitting(app.db, await requireUser(request), request.params.sittingId, request.body),
  );

  app.delete("/api/sittings/:sittingId", { schema: { params: ZSittingParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    await deleteSitting(app.db, await requireUser(request), request.params.sittingId);
    return reply.status(204).send();
  });

  // The body is JSON already checked against ZLiveView by the service (it keeps it for the sitting's other proctors).
  app.get("/api/sittings/:sittingId/live", { schema: { params: ZSittingParams } }, async (request, reply) => {
    const view = await findLiveViewJson(app.db, await requireUser(request), request.params.sittingId);
    reply.header("cache-control", "no-store").header("vary", "accept-encoding").type("application/json; charset=utf-8");
    if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) return reply.header("content-encoding", "gzip").send(view.gzip);
    return reply.send(view.json);
  });

  // Every answer held in the sitting after the offline grace, accepted or refused at once (issue 37, decision 0056).
  app.post(
    "/api/sittings/:sittingId/held-answers",
    { schema: { params: ZSittingParams, body: ZSittingHeldDecision, response: { 200: ZSittingHeldDecided } } },
    async (request) => decideSittingHeldAnswers(app.db, await requireUser(request), request.params.sittingId, request.body.decision),
  );

  // Attendance, one row per student the live view lists (the same readers: another school's sitting is not found),
  // as CSV (formula-like text neutralised) or .xlsx, in the page's language.
  for (const format of TABLE_FORMATS) {
    app.get(`/api/sittings/:sittingId/attendance.${format}`, { schema: { params: ZSittingParams, querystring: z.object({ lang: z.enum(["ar", "en"]).default("ar") }) } }, async (request, reply) => {
      const view = await findAttendance(app.db, await requireUser(request), request.params.sittingId);
      const ar = request.query.lang === "ar";
      const header = ar
        ? ["الطالب", "المدرسة", "الشعبة", "الحالة", "وقت البدء", "وقت التسليم", "الأسئلة المجاب عنها", "الوقت الإضافي (دقيقة)", "الوقت الممنوح (دقيقة)", "آخر إشارة"]
        : ["Student", "School", "Class", "Status", "Started", "Submitted", "Questions answered", "Extra time (minutes)", "Time granted (minutes)", "Last sign of life"];
      const rows = view.students.map((s) => [
        s.name,
        (ar ? s.schoolNameAr : s.schoolNameEn) ?? "",
        s.className ?? "",
        ATTENDANCE_STATE[s.state][ar ? 0 : 1],
        s.startedAt ?? "",
        s.completedAt ?? "",
        s.attemptId ? s.answered : "",
        s.extraMinutes,
        s.grantedMinutes,
        [s.lastSeenAt, s.lastSaveAt].filter(Boolean).sort().at(-1) ?? "",
      ]);
      return sendTable(reply, format, { name: `qias-attendance-${view.sitting.startsAt.slice(0, 10)}`, rows: [header, ...rows], rtl: ar });
    });
  }

  // ---- printed sitting codes (issue 38)

  app.get("/api/sittings/:sittingId/tickets", { schema: { params: ZSittingParams, response: { 200: ZTicketList } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return listTickets(app.db, await requireUser(request), request.params.sittingId);
  });

  app.post(
    "/api/sittings/:sittingId/tickets/:studentId/reissue",
    { schema: { params: ZSittingParams.extend({ studentId: z.uuid({ error: "USER_NOT_FOUND" }) }), response: { 200: ZTicket } } },
    async (request) => reissueTicket(app.db, await requireUser(request), request.params.sittingId, request.params.studentId),
  );

  // The /sitting page: a ticket's code signs its student in (a student's ordinary session) and says which exam's lobby.
  app.post(
    "/api/auth/sitting-code",
    { schema: { security: [], body: ZSittingCodeInput, response: { 200: z.object({ user: ZSessionUser, examId: z.string(), sittingId: z.string() }) } } },
    async (request, reply) => {
      const { token, expiresAt, user, examId, sittingId } = await signInWithCode(app.db, request.body.code, requestMeta(request));
      setSessionCookie(reply, app.config, token, expiresAt);
      return { user, examId, sittingId };
    },
  );

  app.post(
    "/api/attempts/:attemptId/extra-time",
    { schema: { params: ZAttemptParams, body: ZGrantInput, response: { 200: z.object({ deadlineAt: z.string().nullable(), grantedMinutes: z.number().int() }) } } },
    async (request) => grantTime(app.db, await requireUser(request), request.params.attemptId, request.body, app.config.maxTimeGrantedMinutes),
  );

  app.get("/api/attempts/:attemptId/events", { schema: { params: ZAttemptParams, response: { 200: z.object({ items: z.array(ZAttemptEvent) }) } } }, async (request) => ({
    items: await findAttemptEvents(app.db, await requireUser(request), request.params.attemptId),
  }));
};
