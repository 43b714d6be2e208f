// The skill catalogue's page (super_admin): being built.
import type { TDashboardPageProps } from "@web/app/dashboard-pages";

export default function SkillsPage(_props: TDashboardPageProps) {
  return null;
}
