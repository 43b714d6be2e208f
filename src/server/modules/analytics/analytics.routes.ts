import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize } from "../../http/context";
import { sendTable, TABLE_FORMATS } from "../../http/table";
import { ZItemAnalysis, ZItemAnalysisQuery, type TItemAnalysis } from "../../../shared/schemas/analytics";
import analyticsAr from "../../../shared/i18n/analytics.ar.json";
import analyticsEn from "../../../shared/i18n/analytics.en.json";
import commonAr from "../../../shared/i18n/ar.json";
import commonEn from "../../../shared/i18n/en.json";
import { findItemAnalysis } from "./item-analysis.service";
import { findDashboard } from "./dashboard.service";
import { findDashboardScale } from "./dashboard-scale.service";
import { ZDashboardScale } from "../../../shared/schemas/dashboard-scale";
import { findGroupPlan, generateGroupPlan } from "./group-plan.service";
import { createWriter } from "../reports/llm";
import { findSkillPlan } from "./skill-plan.service";
import { ZGroupPlan, ZGroupPlanQuery, ZGroupPlanView, ZGroupPlanViewQuery, ZSkillPlan, ZSkillPlanQuery } from "../../../shared/schemas/group-plan";
import { ZDashboard, ZDashboardQuery, type TDashboard } from "../../../shared/schemas/dashboard";

const ZParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The individual plan's writer (rules, or a language model when configured), so both kinds of plan read alike.
  const writer = createWriter(app.config.llm, app.log);

  // The latest version (or `version`), marked stale when its figures are no longer today's (decision 0032).
  app.get("/api/analytics/group-plan", { schema: { querystring: ZGroupPlanViewQuery, response: { 200: ZGroupPlanView } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const user = await authorize(request, "analytics.view");
    return findGroupPlan(app.db, user, request.query);
  });

  // The first version, or the next when the figures have changed.
  app.post("/api/analytics/group-plan", { schema: { body: ZGroupPlanQuery, response: { 201: ZGroupPlan } } }, async (request, reply) => {
    const user = await authorize(request, "analytics.view");
    return reply.status(201).send(await generateGroupPlan(app.db, writer, user, request.body));
  });

  // One skill across every exam of the school, grade or class that measures it (from a heatmap cell).
  app.get("/api/analytics/skill-plan", { schema: { querystring: ZSkillPlanQuery, response: { 200: ZSkillPlan } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return findSkillPlan(app.db, user, request.query);
  });

  app.get("/api/analytics/dashboard", { schema: { querystring: ZDashboardQuery, response: { 200: ZDashboard } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return findDashboard(app.db, user, request.query);
  });

  // The dashboard on the reporting scale (issue 35): levels by group and the trend across school years.
  app.get(
    "/api/analytics/dashboard/scale",
    { schema: { querystring: ZDashboardQuery.and(z.object({ lang: z.enum(["ar", "en"], { error: "VALIDATION_FAILED" }).default("en") })), response: { 200: ZDashboardScale } } },
    async (request) => {
      const user = await authorize(request, "analytics.view");
      return findDashboardScale(app.db, user, request.query, request.query.lang);
    },
  );

  // The dashboard's table as a spreadsheet (CSV or .xlsx): a row per group, then its mastery of each skill.
  for (const format of TABLE_FORMATS) {
    app.get(
      `/api/analytics/dashboard.${format}`,
      { schema: { querystring: ZDashboardQuery.and(z.object({ lang: z.enum(["ar", "en"], { error: "VALIDATION_FAILED" }).default("ar") })) } },
      async (request, reply) => {
        const user = await authorize(request, "analytics.view");
        const dashboard = await findDashboard(app.db, user, request.query);
        return sendTable(reply, format, { name: "qias-dashboard", rows: dashboardRows(dashboard, request.query.lang), rtl: request.query.lang === "ar" });
      },
    );
  }

  app.get("/api/analytics/exams/:id/items", { schema: { params: ZParams, querystring: ZItemAnalysisQuery, response: { 200: ZItemAnalysis } } }, async (request) => {
    const user = await authorize(request, "analytics.view");
    return findItemAnalysis(app.db, user, request.params.id, request.query.form);
  });

  // The per-question table as a spreadsheet (CSV or .xlsx), headers in `lang`.
  for (const format of TABLE_FORMATS) {
    app.get(
      `/api/analytics/exams/:id/items.${format}`,
      { schema: { params: ZParams, querystring: ZItemAnalysisQuery.extend({ lang: z.enum(["ar", "en"], { error: "VALIDATION_FAILED" }).default("ar") }) } },
      async (request, reply) => {
        const user = await authorize(request, "analytics.view");
        const analysis = await findItemAnalysis(app.db, user, request.params.id, request.query.form);
        return sendTable(reply, format, { name: "qias-item-analysis", rows: itemsRows(analysis, request.query.lang), rtl: request.query.lang === "ar" });
      },
    );
  }
};

const HEADERS = {
  ar: ["رقم السؤال", "السؤال", "النوع", "المهارة", "الدرجة", "معامل السهولة %", "متوسط الدرجة", "الانحراف المعياري %", "معامل التمييز", "فرق العليا والدنيا", "نسبة الترك %", "ملاحظات"],
  en: ["Question", "Text", "Type", "Skill", "Points", "Facility %", "Mean mark", "SD %", "Discrimination", "Upper − lower", "Omitted %", "Flags"],
} as const;

// The words of the page (src/shared/i18n), so the file and the screen say the same.
const TEXTS = { ar: analyticsAr.itemAnalysis, en: analyticsEn.itemAnalysis };

const round = (v: number | null, digits: number) => (v === null ? null : Number(v.toFixed(digits)));
const percent = (v: number | null) => round(v === null ? null : v * 100, 1);

function itemsRows(analysis: TItemAnalysis, lang: "ar" | "en"): unknown[][] {
  const rows = analysis.questions.map((q) => [
    q.number,
    q.text[lang],
    TEXTS[lang].types[q.type],
    q.skill?.name[lang] ?? "",
    q.points,
    percent(q.facility),
    round(q.meanMark, 2),
    percent(q.sd),
    round(q.discrimination, 2),
    round(q.upperLowerDifference, 2),
    percent(q.omittedRate),
    q.flags.map((f) => TEXTS[lang].flags[f]).join("; "),
  ]);
  return [[...HEADERS[lang]], ...rows];
}

const DASHBOARD_TEXTS = { ar: analyticsAr.dashboard, en: analyticsEn.dashboard };
// "Grade 8 · 8B" in the words the screens use (src/shared/i18n, common.grade and common.gradeClass).
const COMMON = { ar: commonAr.common, en: commonEn.common };

/** A row's name by what the rows are: the school, the class, or the student. */
function groupName(g: TDashboard["groups"][number], level: TDashboard["level"], lang: "ar" | "en"): string {
  const t = DASHBOARD_TEXTS[lang];
  if (level === "student") return g.studentName ?? "";
  if (level === "school") return (lang === "ar" ? g.schoolNameAr : g.schoolNameEn) ?? t.noSchool;
  if (g.grade === null) return t.noClass;
  return (g.className ? COMMON[lang].gradeClass : COMMON[lang].grade).replace("{{grade}}", String(g.grade)).replace("{{className}}", g.className ?? "");
}

function dashboardRows(d: TDashboard, lang: "ar" | "en"): unknown[][] {
  const t = DASHBOARD_TEXTS[lang];
  const round = (v: number | null) => (v === null ? "" : Math.round(v * 10) / 10);
  const header = [t.columns[d.level], t.columns.attempts, t.columns.graded, t.columns.mean, t.columns.passRate, ...d.skills.map((s) => (lang === "ar" ? s.nameAr : s.nameEn))];
  const row = (g: TDashboard["groups"][number], name: string) => [
    name,
    g.attempts,
    g.graded,
    round(g.meanPercent),
    round(g.passRate === null ? null : g.passRate * 100),
    ...d.skills.map((s) => round(d.mastery.find((m) => m.key === g.key && m.skillId === s.id)?.percent ?? null)),
  ];
  return [header, ...d.groups.map((g) => row(g, groupName(g, d.level, lang))), row(d.overall, t.overall)];
}
