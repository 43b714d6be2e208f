// Which component renders each dashboard section (DASHBOARD_SECTIONS in shared/permissions.ts): one line per
// section id, loaded on demand. Every section has one (routes.tsx refuses to build a route without it).
// Adding a page = a section in DASHBOARD_SECTIONS (path, roles, icon, labelKey) + one line below whose module
// default-exports `(props: TDashboardPageProps) => JSX`.
import { lazy, Suspense, type ComponentType } from "react";
import type { TDashboardSection } from "@shared/permissions";
import { PageSpinner } from "@web/components/ui/spinner";
import { useSession } from "@web/lib/session";

export type TDashboardPageProps = { section: TDashboardSection };
export type TDashboardPageModule = { default: ComponentType<TDashboardPageProps> };

// A student's overview is their exams (issue 7); everyone else's is the section cards. Each loads on demand.
const StaffOverviewPage = lazy(() => import("@web/features/dashboard/overview-page"));
const StudentOverviewPage = lazy(() => import("@web/features/taking/pages/student-overview-page"));

function OverviewByRole(props: TDashboardPageProps) {
  const { user } = useSession();
  const Page = user?.role === "student" ? StudentOverviewPage : StaffOverviewPage;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page {...props} />
    </Suspense>
  );
}

export const DASHBOARD_PAGES: Record<string, () => Promise<TDashboardPageModule>> = {
  overview: async () => ({ default: OverviewByRole }),
  "my-exams": () => import("@web/features/taking/pages/my-exams-page"),
  schools: () => import("@web/features/admin/schools/schools-page"),
  admins: () => import("@web/features/admin/users/users-page"),
  teachers: () => import("@web/features/admin/users/users-page"),
  students: () => import("@web/features/admin/users/users-page"),
  exams: () => import("@web/features/exams/pages/exams-list-page"),
  bank: () => import("@web/features/bank/bank-page"),
  // With the reports of the exam it is filtered by (results-with-reports.tsx).
  results: () => import("./results-with-reports"),
  grading: () => import("@web/features/results/pages/grading-page"),
  analytics: () => import("@web/features/analytics/pages/dashboard-page"),
  sittings: () => import("@web/features/sittings/pages/exam-day-page"),
  files: () => import("@web/features/files/files-page"),
  messages: () => import("@web/features/public/inbox/contact-inbox-page"),
  audit: () => import("@web/features/admin/audit/audit-page"),
  "identity-providers": () => import("@web/features/admin/identity-providers/identity-providers-page"),
  "lti-platforms": () => import("@web/features/admin/lti-platforms/lti-platforms-page"),
  years: () => import("@web/features/admin/years/years-page"),
  skills: () => import("@web/features/admin/skills/skills-page"),
  scale: () => import("@web/features/scales/scales-page"),
  "scale-detail": () => import("@web/features/scales/scale-page"),
  account: () => import("@web/features/auth/account-page"),
};
