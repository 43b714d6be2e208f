// /dashboard/my-exams (the student menu's My Exams; the spec's falls back to the overview, issue 7 makes it a
// page): every exam the student may take, and every exam they have submitted.
import { ClipboardList } from "lucide-react";
import type { TDashboardSection } from "@shared/permissions";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { StudentExamSections } from "../components/exam-lists";
import { useTakingT } from "../lib/use-taking-t";

export default function MyExamsPage({ section }: { section: TDashboardSection }) {
  const { t, i18n } = useTakingT();
  const title = i18n.t(section.labelKey);
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-8" data-testid="my-exams">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
          <ClipboardList aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 className="text-xl font-bold">{title}</h2>
          <p className="text-sm text-muted-foreground">{t("overview.myExamsDescription")}</p>
        </div>
      </div>
      <StudentExamSections headingLevel="h3" />
    </div>
  );
}
