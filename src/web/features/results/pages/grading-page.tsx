// /dashboard/grading (super_admin, teacher): the queue of exams with answers waiting for a mark, and — with
// ?exam=<id> (&q=<question id>) — the grading screen for one exam, question by question across all students.
// The exam sits in the query string so the dashboard's one-path-per-section routing stays as it is.
import { useSearchParams } from "react-router";
import type { TDashboardSection } from "@shared/permissions";
import { GradingQueue } from "../grading/grading-queue";
import { GradingSheet } from "../grading/grading-sheet";

export default function GradingPage(_props: { section: TDashboardSection }) {
  const [params] = useSearchParams();
  const examId = params.get("exam");
  return examId ? <GradingSheet key={examId} examId={examId} /> : <GradingQueue />;
}
