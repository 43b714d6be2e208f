// The results list, its CSV export, the grading queue, one exam's grading sheet and marking an answer:
// fetchers, query options and hooks. Who sees which rows is the server's rule (results.service `reachOf`).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ATTEMPT_STATUSES, RESULT_SORTS, type TResultsSummary } from "@shared/schemas/attempt";
import type { TRichDoc } from "@shared/rich-text";
import type { TReportedScaleScore } from "@shared/schemas/scale";
import type { TRole } from "@shared/permissions";
import { api } from "@web/lib/api";

export type TAttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export { ATTEMPT_STATUSES };

export type TResultRow = {
  attemptId: string;
  examId: string;
  examTitleAr: string;
  examTitleEn: string;
  studentId: string;
  studentName: string;
  schoolId: string | null;
  schoolNameAr: string | null;
  schoolNameEn: string | null;
  /** The student's grade and class when they sat it. */
  grade: number | null;
  className: string | null;
  /** The number of the parallel form sat (issue 34); null for an exam without forms. */
  form: number | null;
  status: TAttemptStatus;
  score: number | null;
  totalPossibleScore: number;
  startedAt: string;
  completedAt: string | null;
  /** On the reporting scale (issue 35); null when not. */
  scaleScore: TReportedScaleScore | null;
};
export { RESULT_SORTS };
export type TResultSort = (typeof RESULT_SORTS)[number];
/**
 * `forms`: the chosen exam's parallel forms by number (empty without forms or without an exam chosen). `next`/`prev`:
 * cursors to the pages beside this one (null at either end), sent back as `after=`/`before=`.
 */
export type TResultPage = { items: TResultRow[]; total: number; summary?: TResultsSummary; forms?: number[]; next?: string | null; prev?: string | null };
export type TResultFilters = {
  examId?: string;
  status?: TAttemptStatus;
  q?: string;
  schoolId?: string;
  subjectId?: string;
  grade?: number;
  className?: string;
  form?: number;
  sort?: TResultSort;
};
export type TResultParams = TResultFilters & { after?: string; before?: string; pageSize: number };

/** schools: whose students' attempts wait (names), for a super_admin whose queue spans schools. */
export type TQueueItem = { examId: string; titleAr: string; titleEn: string; pending: number; attempts: number; schools: { nameAr: string; nameEn: string }[] };

export type TSheetAnswer = {
  answerId: string;
  attemptId: string;
  studentName: string;
  answerText: string | null;
  /** null = waiting for a teacher. */
  score: number | null;
  teacherComment: string | null;
};
export type TSheetQuestion = {
  id: string;
  /** The question's number in the whole exam (objective questions are not on the sheet). */
  number: number;
  type: "essay" | "short_answer";
  questionTextAr: string;
  questionTextEn: string;
  /** The texts' formatting (the word underlined to parse, say), as the student read them. */
  questionDocAr: TRichDoc | null;
  questionDocEn: TRichDoc | null;
  points: number;
  modelAnswer: string | null;
  answers: TSheetAnswer[];
};
/** `keyWithheld`: a multi-school exam still open — no model answers until it is archived (decision 0010). */
export type TGradingSheet = { exam: { id: string; titleAr: string; titleEn: string }; keyWithheld: boolean; questions: TSheetQuestion[] };
export type TGradeResult = { answerId: string; score: number; attemptStatus: TAttemptStatus; attemptScore: number | null };

const RESULTS = ["results"] as const;
const GRADING = ["grading"] as const;

function search(params: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : "";
}

// ---- the results list

export const resultsQuery = (params: TResultParams) =>
  queryOptions({
    queryKey: [...RESULTS, "list", params] as const,
    queryFn: ({ signal }) => api<TResultPage>(`/api/results${search(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useResults(params: TResultParams) {
  return useQuery(resultsQuery(params));
}

/** The export is a plain download: the browser sends the cookie, the server answers with an attachment. */
export function exportUrl(filters: TResultFilters, lang: "ar" | "en", format: "csv" | "xlsx" = "csv"): string {
  return `/api/results/export.${format}${search({ ...filters, sort: undefined, lang })}`;
}

/** The schools a super_admin filters by. */
export function useSchoolChoices(enabled: boolean) {
  return useQuery({
    queryKey: ["schools", "choices"] as const,
    queryFn: ({ signal }) => api<{ items: { id: string; nameAr: string; nameEn: string }[] }>("/api/schools", { signal }).then((r) => r.items),
    enabled,
    staleTime: 60_000,
  });
}

export type TExamChoice = { id: string; titleAr: string; titleEn: string };

/** How many of the newest attempts the exam filter reads its exams from. */
const EXAM_CHOICE_SAMPLE = 200;

/**
 * The exams the filter offers. Authors (super_admin, teacher) get their exam list from /api/exams; everyone also
 * gets the exams of their newest attempts (a teacher also sees their school's students on colleagues' exams, and
 * /api/exams refuses a school_admin and a student). Only exams the user has attempts on matter for the filter.
 */
export function useExamChoices(role: TRole | undefined) {
  const authors = role === "super_admin" || role === "teacher";
  const fromResults = useQuery({
    queryKey: [...RESULTS, "exam-choices"] as const,
    queryFn: ({ signal }) => api<TResultPage>(`/api/results${search({ pageSize: EXAM_CHOICE_SAMPLE })}`, { signal }),
    enabled: role !== undefined,
    staleTime: 60_000,
  });
  const fromExams = useQuery({
    queryKey: [...RESULTS, "exam-choices", "authored"] as const,
    queryFn: ({ signal }) => api<{ items: TExamChoice[] }>("/api/exams", { signal }),
    enabled: authors,
    staleTime: 60_000,
  });
  const byId = new Map<string, TExamChoice>();
  for (const e of fromExams.data?.items ?? []) byId.set(e.id, { id: e.id, titleAr: e.titleAr, titleEn: e.titleEn });
  for (const r of fromResults.data?.items ?? []) if (!byId.has(r.examId)) byId.set(r.examId, { id: r.examId, titleAr: r.examTitleAr, titleEn: r.examTitleEn });
  return { exams: [...byId.values()], isPending: fromResults.isPending || (authors && fromExams.isPending) };
}

// ---- grading

export const gradingQueueQuery = queryOptions({
  queryKey: [...GRADING, "queue"] as const,
  queryFn: ({ signal }) => api<{ items: TQueueItem[] }>("/api/grading/queue", { signal }).then((r) => r.items),
});

export function useGradingQueue() {
  return useQuery(gradingQueueQuery);
}

export const gradingSheetQuery = (examId: string) =>
  queryOptions({
    queryKey: [...GRADING, "sheet", examId] as const,
    queryFn: ({ signal }) => api<TGradingSheet>(`/api/grading/exams/${encodeURIComponent(examId)}`, { signal }),
    // Marks are kept in this cache as they are saved; a background refetch would only reorder nothing.
    staleTime: 30_000,
  });

export function useGradingSheet(examId: string) {
  return useQuery(gradingSheetQuery(examId));
}

export type TGradeVariables = { examId: string; answerId: string; score: number; comment: string | null };

/** Marks one answer, writes the mark into the cached sheet, and refreshes the queue and the results lists. */
export function useGradeAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, score, comment }: TGradeVariables) =>
      api<TGradeResult>(`/api/grading/answers/${encodeURIComponent(answerId)}`, { method: "PUT", body: { score, comment } }),
    onSuccess: (result, vars) => {
      queryClient.setQueryData(gradingSheetQuery(vars.examId).queryKey, (sheet) =>
        sheet
          ? {
              ...sheet,
              questions: sheet.questions.map((q) => ({
                ...q,
                answers: q.answers.map((a) => (a.answerId === vars.answerId ? { ...a, score: result.score, teacherComment: vars.comment } : a)),
              })),
            }
          : sheet,
      );
      void queryClient.invalidateQueries({ queryKey: gradingQueueQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: RESULTS });
    },
  });
}
