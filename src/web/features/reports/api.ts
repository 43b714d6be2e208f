// Reports, development plans, the school report page and bulk generation: fetchers, query options and hooks.
// Who may do what is the server's rule (reports.service.ts); the page follows what it answers.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAttemptReports, TBulkJob, TPlanView, TReportView, TStaleCounts } from "@shared/schemas/report";
import type { TSchoolReport } from "@shared/schemas/school-report";
import { api, isApiError } from "@web/lib/api";

const KEY = ["reports"] as const;
const retryTransient = (failureCount: number, error: unknown) => failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500);

export const attemptReportsQuery = (attemptId: string) =>
  queryOptions({
    queryKey: [...KEY, "attempt", attemptId] as const,
    queryFn: ({ signal }) => api<TAttemptReports>(`/api/attempts/${encodeURIComponent(attemptId)}/reports`, { signal }),
    staleTime: 0,
    retry: retryTransient,
  });

export function useAttemptReports(attemptId: string) {
  return useQuery(attemptReportsQuery(attemptId));
}

/**
 * Generates the report or the plan of one attempt — `again`: its next version, when its figures have changed —
 * then refreshes what the pages show of it.
 */
export function useGenerate(attemptId: string, kind: "report" | "plan", again = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TReportView | TPlanView>(`/api/attempts/${encodeURIComponent(attemptId)}/${kind}${again ? "/again" : ""}`, { method: "POST" }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [...KEY, "attempt", attemptId] });
      void client.invalidateQueries({ queryKey: [...KEY, "school", attemptId] });
    },
  });
}

export const schoolReportQuery = (attemptId: string) =>
  queryOptions({
    queryKey: [...KEY, "school", attemptId] as const,
    queryFn: ({ signal }) => api<TSchoolReport>(`/api/school-reports/${encodeURIComponent(attemptId)}`, { signal }),
    staleTime: 0,
    retry: retryTransient,
  });

export function useSchoolReport(attemptId: string) {
  return useQuery(schoolReportQuery(attemptId));
}

// ---- generating for every graded attempt of an exam

export const bulkJobQuery = (examId: string) =>
  queryOptions({
    queryKey: [...KEY, "bulk", examId] as const,
    queryFn: async ({ signal }) => (await api<{ job: TBulkJob | null }>(`/api/exams/${encodeURIComponent(examId)}/reports/bulk`, { signal })).job,
    staleTime: 0,
    retry: retryTransient,
    // While a job runs, follow it once a second; a finished one needs no polling.
    refetchInterval: (query) => (query.state.data && (query.state.data.status === "queued" || query.state.data.status === "running") ? 1000 : false),
  });

export function useBulkJob(examId: string) {
  return useQuery(bulkJobQuery(examId));
}

/** How many of the exam's reports and plans are out of date (read again when a job ends: it is under KEY). */
export function useStaleCounts(examId: string) {
  return useQuery({
    queryKey: [...KEY, "stale", examId] as const,
    queryFn: ({ signal }) => api<TStaleCounts>(`/api/exams/${encodeURIComponent(examId)}/reports/stale`, { signal }),
    staleTime: 0,
    retry: retryTransient,
  });
}

/** Starts the exam's job: what is missing, or (`again`) also a new version of every stale one. */
export function useStartBulk(examId: string, again = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TBulkJob>(`/api/exams/${encodeURIComponent(examId)}/reports/bulk${again ? "/again" : ""}`, { method: "POST" }),
    onSuccess: (job) => client.setQueryData(bulkJobQuery(examId).queryKey, job),
  });
}

export const schoolReportPath = (attemptId: string) => `/school/report/${encodeURIComponent(attemptId)}`;
