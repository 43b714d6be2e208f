import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { TABLE_FORMATS } from "../../http/table";
import { sendTableStream } from "../../http/table-stream";
import { ATTEMPT_STATUSES, ZGradeInput, ZResult, ZResultsQuery, ZResultsSummary } from "../../../shared/schemas/attempt";
import { ZReportedScaleScore } from "../../../shared/schemas/scale";
import { findGradingQueue, findGradingSheet, findResult, findResults, gradeAnswer, streamResults, type TResultRow } from "./results.service";

const ZAttemptParams = z.object({ attemptId: z.uuid({ error: "RESULT_NOT_FOUND" }) });
const ZResultRow = z.object({
  attemptId: z.string(),
  examId: z.string(),
  examTitleAr: z.string(),
  examTitleEn: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  schoolId: z.string().nullable(),
  schoolNameAr: z.string().nullable(),
  schoolNameEn: z.string().nullable(),
  grade: z.number().int().nullable(),
  className: z.string().nullable(),
  /** The number of the parallel form the attempt was given (issue 34); null for an exam without forms. */
  form: z.number().int().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  score: z.number().nullable(),
  totalPossibleScore: z.number().int(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  /** On the reporting scale (issue 35): graded attempts whose exam is calibrated onto a scale; else null. */
  scaleScore: ZReportedScaleScore.nullable(),
});

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/attempts/:attemptId/result", { schema: { params: ZAttemptParams, response: { 200: ZResult } } }, async (request) =>
    findResult(app.db, await requireUser(request), request.params.attemptId),
  );

  app.get("/api/results", { schema: { querystring: ZResultsQuery, response: {
          200: z.object({
            items: z.array(ZResultRow),
            /** How many attempts match (RESULTS_COUNT_CAP at most where they are counted one by one: summary.capped). */
            total: z.number().int(),
            summary: ZResultsSummary,
            forms: z.array(z.number().int()),
            /** Cursors (`after=`, `before=`) to the pages beside this one; null at either end. */
            next: z.string().nullable(),
            prev: z.string().nullable(),
          }),
        },
      },
    }, async (request) =>
    findResults(app.db, await requireUser(request), request.query),
  );

  // Every row the user may see, in one file: CSV (UTF-8 with a BOM, so Excel shows Arabic names) or .xlsx, streamed
  // a batch of rows at a time (issue 39): a ministry's exam of 200,000 attempts never sits whole in memory.
  for (const format of TABLE_FORMATS) {
    app.get(`/api/results/export.${format}`, { schema: { querystring: ZResultsQuery.omit({ after: true, before: true, pageSize: true }).extend({ lang: z.enum(["ar", "en"]).default("ar") }) } }, async (request, reply) => {
      const user = await requireUser(request);
      const ar = request.query.lang === "ar";
      const header = ar
        ? ["الطالب", "المدرسة", "الصف", "الشعبة", "الاختبار", "النموذج", "الحالة", "الدرجة", "الدرجة الكلية", "الدرجة المعيارية", "الخطأ المعياري", "المستوى", "وقت البدء", "وقت التسليم"]
        : ["Student", "School", "Grade", "Class", "Exam", "Form", "Status", "Score", "Total", "Scale score", "SE", "Level", "Started", "Submitted"];
      const status = { in_progress: ar ? "قيد التقديم" : "In progress", completed: ar ? "بانتظار التصحيح" : "Pending grading", graded: ar ? "مصحّح" : "Graded" };
      const row = (r: TResultRow) => {
        const scale = r.scaleScore;
        const level = scale?.level ? (ar ? scale.level.nameAr : scale.level.nameEn) : "";
        return [r.studentName, (ar ? r.schoolNameAr : r.schoolNameEn) ?? "", r.grade ?? "", r.className ?? "", ar ? r.examTitleAr : r.examTitleEn, r.form ?? "", status[r.status], r.score ?? "", r.totalPossibleScore, scale?.score ?? "", scale?.se ?? "", level, r.startedAt, r.completedAt ?? ""];
      };
      async function* batches() {
        for await (const rows of streamResults(app.db, user, request.query)) yield rows.map(row);
      }
      return sendTableStream(reply, format, { name: "qias-results", header, batches: batches(), rtl: ar });
    });
  }

  app.get("/api/grading/queue", async (request) => ({ items: await findGradingQueue(app.db, await requireUser(request)) }));

  app.get("/api/grading/exams/:examId", { schema: { params: z.object({ examId: z.uuid({ error: "EXAM_NOT_FOUND" }) }) } }, async (request) =>
    findGradingSheet(app.db, await requireUser(request), request.params.examId),
  );

  app.put("/api/grading/answers/:answerId", { schema: { params: z.object({ answerId: z.uuid({ error: "ANSWER_NOT_FOUND" }) }), body: ZGradeInput } }, async (request) =>
    gradeAnswer(app.db, await requireUser(request), request.params.answerId, request.body),
  );
};
