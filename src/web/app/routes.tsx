// The app's route table (router.tsx). The public pages are here too, for a click from a sign-in page or the
// dashboard; loaded directly they get their own entry (public-main.tsx, decision 0008). Everything behind
// sign-in, and the sign-in pages themselves, are separate chunks.
import { Navigate, type RouteObject } from "react-router";
import { CAPABILITIES, DASHBOARD_SECTIONS, ROLES, canOpenDashboardPath, type TDashboardSection } from "@shared/permissions";
import type { TLoginType } from "@shared/permissions";
import { SIGNED_OUT_PATH } from "@shared/auth-paths";
import { publicRoutes } from "@web/features/public/routes";
import { useSession } from "@web/lib/session";
import { loadAppTranslations } from "@web/lib/i18n";
import { DASHBOARD_PAGES } from "./dashboard-pages";
import { RedirectIfSignedIn, RequireAuth, RequireRole, UnknownPath } from "./guards";
import { PublicLayout } from "./public-layout";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

export const OVERVIEW_PATH = "/dashboard/overview";

/** Who may open the exam editor (SPEC §2: super_admin and teacher), read from the capability table. */
const EXAM_AUTHOR_ROLES = ROLES.filter((role) => CAPABILITIES["exams.author"][role] !== false);
const SCHOOL_REPORT_ROLES = ROLES.filter((role) => CAPABILITIES["schoolReport.view"][role] !== false);
const ANALYTICS_ROLES = ROLES.filter((role) => CAPABILITIES["analytics.view"][role] !== false);
/** Sittings and their live view (issue 16): every member of staff; the server decides which exams and schools. */
const STAFF_ROLES = ROLES.filter((role) => role !== "student");

// Every signed-in screen loads its page and the signed-in translations together (see lib/i18n.ts).
const withTexts = async <T,>(page: Promise<T>): Promise<T> => (await Promise.all([page, loadAppTranslations()]))[0];
const loadExamEditor = async () => ({ Component: (await withTexts(import("@web/features/exams/pages/exam-editor-page"))).ExamEditorPage });
const loadTakeExam = async () => ({ Component: (await withTexts(import("@web/features/taking/pages/take-exam-page"))).TakeExamPage });
const loadExamResult = async () => ({ Component: (await withTexts(import("./result-with-reports"))).ResultWithReports });
const loadItemAnalysis = async () => ({ Component: (await withTexts(import("@web/features/analytics/pages/item-analysis-page"))).ItemAnalysisPage });
const loadSkillPlan = async () => ({ Component: (await withTexts(import("@web/features/analytics/pages/skill-plan-page"))).SkillPlanPage });
const loadExamForms = async () => ({ Component: (await withTexts(import("@web/features/bank/forms-page"))).FormsPage });
const loadExamSittings = async () => ({ Component: (await withTexts(import("@web/features/sittings/pages/exam-sittings-page"))).ExamSittingsPage });
const loadTickets = async () => ({ Component: (await withTexts(import("@web/features/sittings/pages/tickets-page"))).TicketsPage });
const loadLiveView = async () => ({ Component: (await withTexts(import("@web/features/sittings/pages/live-view-page"))).LiveViewPage });
const loadStudies = async () => ({ Component: (await withTexts(import("@web/features/standard-setting/studies-page"))).StudiesPage });
const loadStudy = async () => ({ Component: (await withTexts(import("@web/features/standard-setting/study-page"))).StudyPage });
const loadRate = async () => ({ Component: (await withTexts(import("@web/features/standard-setting/rate-page"))).RatePage });
const loadSchoolReport = async () => ({ Component: (await withTexts(import("@web/features/reports/pages/school-report-page"))).SchoolReportPage });

function loginRoute(loginType: TLoginType): RouteObject {
  return {
    path: `login/${loginType}`,
    lazy: async () => {
      const { LoginPage } = await import("@web/features/auth/login-page");
      return { Component: () => <LoginPage loginType={loginType} /> };
    },
  };
}

/** A section the user's role may not open falls back to the overview (SPEC §2). */
function SectionGate({ section, children }: { section: TDashboardSection; children: React.ReactNode }) {
  const { user } = useSession();
  if (!user || !canOpenDashboardPath(user.role, section.path)) return <Navigate to={OVERVIEW_PATH} replace />;
  return <>{children}</>;
}

function dashboardSectionRoute(section: TDashboardSection): RouteObject {
  const load = DASHBOARD_PAGES[section.id];
  if (!load) throw new Error(`dashboard section "${section.id}" has no page in dashboard-pages.tsx`);
  return {
    path: section.path,
    lazy: async () => {
      const { default: Page } = await load();
      return {
        Component: () => (
          <SectionGate section={section}>
            <Page section={section} />
          </SectionGate>
        ),
      };
    },
  };
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <RouteError standalone />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              errorElement: <RouteError />,
              children: [
                // "/" sends a signed-in user to the dashboard; the other public pages are open to everyone.
                { element: <RedirectIfSignedIn onlyAt="/" />, children: publicRoutes },
                {
                  element: <RedirectIfSignedIn />,
                  children: [loginRoute("student"), loginRoute("school"), loginRoute("admin")],
                },
                {
                  // A printed ticket's code (issue 38): open to everyone, as the login pages are.
                  path: "sitting",
                  lazy: async () => ({ Component: (await withTexts(import("@web/features/sittings/pages/sitting-code-page"))).SittingCodePage }),
                },
                {
                  // After signing out of a session that came through a school's identity provider (issue 38).
                  path: SIGNED_OUT_PATH.slice(1),
                  lazy: async () => ({ Component: (await import("@web/features/auth/signed-out-page")).SignedOutPage }),
                },
                {
                  path: "request-password-reset",
                  lazy: async () => ({
                    Component: (await import("@web/features/auth/request-password-reset-page")).RequestPasswordResetPage,
                  }),
                },
                {
                  path: "update-password",
                  lazy: async () => ({
                    Component: (await import("@web/features/auth/update-password-page")).UpdatePasswordPage,
                  }),
                },
              ],
            },
          ],
        },
        {
          path: "dashboard",
          element: <RequireAuth />,
          children: [
            {
              lazy: async () => ({
                Component: (await withTexts(import("@web/features/dashboard/dashboard-layout"))).DashboardLayout,
              }),
              children: [
                {
                  errorElement: <RouteError />,
                  children: [
                    { index: true, element: <Navigate to={OVERVIEW_PATH} replace /> },
                    ...DASHBOARD_SECTIONS.map(dashboardSectionRoute),
                    { path: "*", element: <Navigate to={OVERVIEW_PATH} replace /> },
                  ],
                },
              ],
            },
          ],
        },
        {
          // The exam editor (SPEC §2 "Exam screens"); anyone but its authors goes to the admin login.
          element: <RequireRole roles={EXAM_AUTHOR_ROLES} redirectTo="/login/admin" />,
          errorElement: <RouteError standalone />,
          children: [
            { path: "exams/create", lazy: loadExamEditor },
            { path: "exams/edit/:examId", lazy: loadExamEditor },
            // Its parallel forms from a blueprint (issue 34).
            { path: "exams/:examId/forms", lazy: loadExamForms },
          ],
        },
        {
          // Sitting an exam (SPEC §2 "Exam screens"): students only; anyone else goes to the student login.
          element: <RequireRole roles={["student"]} redirectTo="/login/student" />,
          errorElement: <RouteError standalone />,
          children: [{ path: "student/exam/:examId/take", lazy: loadTakeExam }],
        },
        {
          // A result: any signed-in user (the server decides whose); signed out → the student login.
          element: <RequireRole roles={ROLES} redirectTo="/login/student" />,
          errorElement: <RouteError standalone />,
          children: [{ path: "student/exam/:studentExamId/results", lazy: loadExamResult }],
        },
        {
          // The school report page (SPEC §2, §6): super_admins and school_admins; anyone else goes to the school login.
          element: <RequireRole roles={SCHOOL_REPORT_ROLES} redirectTo="/login/school" />,
          errorElement: <RouteError standalone />,
          children: [{ path: "school/report/:studentExamId", lazy: loadSchoolReport }],
        },
        {
          // Item analysis of an exam (issue 15): staff; the server decides which attempts each one sees.
          element: <RequireRole roles={ANALYTICS_ROLES} redirectTo="/login/school" />,
          errorElement: <RouteError standalone />,
          children: [
            { path: "exams/:examId/analysis", lazy: loadItemAnalysis },
            // One skill's plan across the exams that measure it, from the dashboard's heatmap (issue 33).
            { path: "analytics/skills/:skillId", lazy: loadSkillPlan },
          ],
        },
        {
          // An exam's sittings and a sitting's live view (issue 16): staff; anyone else goes to the school login.
          element: <RequireRole roles={STAFF_ROLES} redirectTo="/login/school" />,
          errorElement: <RouteError standalone />,
          children: [
            { path: "exams/:examId/sittings", lazy: loadExamSittings },
            { path: "sittings/:sittingId/live", lazy: loadLiveView },
            { path: "sittings/:sittingId/tickets", lazy: loadTickets },
          ],
        },
        {
          // Standard setting (issue 35): the super_admin runs studies; an invited teacher or school admin rates.
          element: <RequireRole roles={["super_admin"]} redirectTo="/login/admin" />,
          errorElement: <RouteError standalone />,
          children: [
            { path: "scale/standard-setting", lazy: loadStudies },
            { path: "scale/standard-setting/:studyId", lazy: loadStudy },
          ],
        },
        {
          element: <RequireRole roles={["teacher", "school_admin"]} redirectTo="/login/school" />,
          errorElement: <RouteError standalone />,
          children: [{ path: "scale/standard-setting/:studyId/rate", lazy: loadRate }],
        },
        { path: "*", element: <UnknownPath /> },
      ],
    },
  ];
}
