// Where the results and grading pages link to.

/** The per-attempt result page (the student feature's route, open to every signed-in user in reach). */
export const resultPath = (attemptId: string) => `/student/exam/${encodeURIComponent(attemptId)}/results`;

/** The take page, for a student's attempt still in progress. */
export const takePath = (examId: string) => `/student/exam/${encodeURIComponent(examId)}/take`;

/** The grading screen for one exam, optionally opened at one question. */
export const gradingPath = (examId?: string, questionId?: string) => {
  if (!examId) return "/dashboard/grading";
  const q = new URLSearchParams({ exam: examId });
  if (questionId) q.set("q", questionId);
  return `/dashboard/grading?${q.toString()}`;
};
/** The school report page of an attempt (SPEC §2; served by the reports feature). */
export const schoolReportPath = (attemptId: string) => `/school/report/${encodeURIComponent(attemptId)}`;
