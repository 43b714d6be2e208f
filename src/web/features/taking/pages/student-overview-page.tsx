// /dashboard/overview for a student (SPEC §2 "Student overview"): a welcome, the exams they can start or resume,
// and their latest completed exams with results. The full history is on My Exams.
import { GraduationCap } from "lucide-react";
import type { TDashboardSection } from "@shared/permissions";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { StudentExamSections } from "../components/exam-lists";
import { useTakingT } from "../lib/use-taking-t";

const RECENT_COMPLETED = 5;

export default function StudentOverviewPage({ section }: { section: TDashboardSection }) {
  const { t, i18n } = useTakingT();
  const { user } = useSession();
  useDocumentTitle(i18n.t(section.labelKey));
  if (!user) return null;
  return (
    <div className="flex flex-col gap-8" data-testid="student-overview">
      <section
        aria-labelledby="welcome-heading"
        className="relative overflow-hidden rounded-2xl bg-brand-deep p-6 text-brand-deep-foreground shadow-sm sm:p-8"
      >
        <div aria-hidden="true" className="pointer-events-none absolute -end-16 -top-20 size-64 rounded-full bg-primary/30 blur-3xl" />
        <div className="relative flex items-center gap-4">
          <span className="hidden size-12 shrink-0 place-items-center rounded-2xl bg-white/10 sm:grid">
            <GraduationCap aria-hidden="true" className="size-6" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id="welcome-heading" className="text-xl font-bold sm:text-2xl" data-testid="welcome-heading">
              {t("overview.welcome", { name: user.name || user.username })}
            </h2>
            <p className="text-brand-deep-muted">{t("overview.welcomeBody")}</p>
          </div>
        </div>
      </section>
      <StudentExamSections completedLimit={RECENT_COMPLETED} />
    </div>
  );
}
