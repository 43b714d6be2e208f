// The calibration and reliability calls (issue 35; docs/decisions/0045).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCalibrationDetail, TCalibrationModel, TCalibrationRun, TExamReliability, TItemCalibrations } from "@shared/schemas/psychometrics";
import { api } from "@web/lib/api";

export type { TCalibrationDetail, TCalibrationModel, TCalibrationRun, TExamReliability, TItemCalibrations };

const enc = encodeURIComponent;

export function useCalibrationRuns(examId: string) {
  return useQuery({
    queryKey: ["psychometrics", "runs", examId] as const,
    queryFn: ({ signal }) => api<{ runs: TCalibrationRun[] }>(`/api/exams/${enc(examId)}/calibrations`, { signal }),
    staleTime: 0,
  });
}

export function useCalibration(runId: string | null) {
  return useQuery({
    queryKey: ["psychometrics", "run", runId] as const,
    queryFn: ({ signal }) => api<TCalibrationDetail>(`/api/calibrations/${enc(runId!)}`, { signal }),
    enabled: runId !== null,
    // A stored run never changes.
    staleTime: Infinity,
  });
}

export function useRunCalibration(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (model: TCalibrationModel) => api<TCalibrationDetail>(`/api/exams/${enc(examId)}/calibrations`, { method: "POST", body: { model } }),
    onSuccess: (run) => {
      queryClient.setQueryData(["psychometrics", "run", run.id], run);
      // The history and the information curve (which reads the latest run) change.
      void queryClient.invalidateQueries({ queryKey: ["psychometrics", "runs", examId] });
      void queryClient.invalidateQueries({ queryKey: ["psychometrics", "reliability", examId] });
    },
  });
}

export function useExamReliability(examId: string) {
  return useQuery({
    queryKey: ["psychometrics", "reliability", examId] as const,
    queryFn: ({ signal }) => api<TExamReliability>(`/api/analytics/exams/${enc(examId)}/reliability`, { signal }),
    staleTime: 0,
  });
}

export function useItemCalibrations(itemId: string) {
  return useQuery({
    queryKey: ["psychometrics", "bank-item", itemId] as const,
    queryFn: ({ signal }) => api<TItemCalibrations>(`/api/bank/${enc(itemId)}/calibrations`, { signal }),
    staleTime: 0,
  });
}

/** The words for each reason a calibration gives no numbers (the catalogue's keys are camelCase: "_one" would read as a plural form). */
export const PROBLEM_KEYS = {
  too_few_responses: "tooFewResponses",
  no_variance: "noVariance",
  empty_category: "emptyCategory",
  not_converged: "notConverged",
  scores_above_one: "scoresAboveOne",
} as const;
