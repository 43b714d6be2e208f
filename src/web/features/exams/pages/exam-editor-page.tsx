// /exams/create and /exams/edit/:examId (super_admin and teacher; the route guard sends others to the admin
// login). An exam that cannot be loaded (not found, or another teacher's) is said in a toast, and the author
// goes back to the exam list (SPEC §8 'Failed to fetch exam data.').
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { SiteFooter } from "@web/components/layout/site-footer";
import { SiteHeader } from "@web/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "@web/components/layout/skip-link";
import { useExam } from "../api";
import { LoadingState } from "@web/components/ui/states";
import { ExamEditor } from "../editor/exam-editor";
import { failureToast, useExamsT } from "../lib/use-exams-t";

export function ExamEditorPage() {
  const { examId } = useParams();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-4 pt-6 outline-none sm:px-6 md:pt-8 lg:px-8">
        {examId ? <EditExam key={examId} examId={examId} /> : <ExamEditor key="new" exam={null} />}
      </main>
      <SiteFooter compact />
    </div>
  );
}

function EditExam({ examId }: { examId: string }) {
  const { t } = useExamsT();
  const navigate = useNavigate();
  const exam = useExam(examId);

  useEffect(() => {
    if (!exam.isError) return;
    failureToast(exam.error, "toast.loadFailed");
    void navigate("/dashboard/exams", { replace: true });
  }, [exam.isError, exam.error, navigate]);

  if (!exam.data) return <LoadingState label={t("editor.loading")} testId="editor-loading" />;
  return <ExamEditor exam={exam.data} />;
}

export default ExamEditorPage;
