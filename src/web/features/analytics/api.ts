// The analytics calls (issue 15).
import { useQuery } from "@tanstack/react-query";
import type { TItemAnalysis } from "@shared/schemas/analytics";
import { api } from "@web/lib/api";

export type { TItemAnalysis };

export function useItemAnalysis(examId: string) {
  return useQuery({
    queryKey: ["analytics", "items", examId] as const,
    queryFn: ({ signal }) => api<TItemAnalysis>(`/api/analytics/exams/${encodeURIComponent(examId)}/items`, { signal }),
    // A grade given elsewhere shows on the next visit; the figures are worked out afresh each time.
    staleTime: 0,
  });
}

export function itemAnalysisCsvUrl(examId: string, lang: "ar" | "en"): string {
  return `/api/analytics/exams/${encodeURIComponent(examId)}/items.csv?lang=${lang}`;
}
