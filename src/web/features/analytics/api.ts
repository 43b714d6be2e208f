// The analytics calls (issue 15).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TItemAnalysis } from "@shared/schemas/analytics";
import type { TDashboard } from "@shared/schemas/dashboard";
import type { TDashboardScale } from "@shared/schemas/dashboard-scale";
import type { TGroupPlan, TGroupPlanView, TSkillPlan } from "@shared/schemas/group-plan";
import { api } from "@web/lib/api";

export type { TDashboard, TGroupPlan, TGroupPlanView, TItemAnalysis, TSkillPlan };

/** How often the figures of an earlier moment are asked for again: the job adds the newest marks within a minute. */
const AS_OF_REFETCH_MS = 15_000;

/** `form`: one parallel form's figures (issue 34); none: all forms together. */
export function useItemAnalysis(examId: string, form?: number) {
  return useQuery({
    queryKey: ["analytics", "items", examId, form ?? null] as const,
    queryFn: ({ signal }) => api<TItemAnalysis>(`/api/analytics/exams/${encodeURIComponent(examId)}/items${form ? `?form=${form}` : ""}`, { signal }),
    // Switching forms keeps the page in place while the next figures load.
    placeholderData: keepPreviousData,
    // A grade given elsewhere shows on the next visit; the figures are worked out afresh each time.
    staleTime: 0,
    // Figures of an earlier moment (a ministry's size, while the newest marks are added): asked again until they are not.
    refetchInterval: (q) => (q.state.data?.figuresAsOf ? AS_OF_REFETCH_MS : false),
  });
}

export function itemAnalysisDownloadUrl(examId: string, lang: "ar" | "en", format: "csv" | "xlsx" = "csv", form?: number | null): string {
  return `/api/analytics/exams/${encodeURIComponent(examId)}/items.${format}?lang=${lang}${form ? `&form=${form}` : ""}`;
}

// ---- the school and class dashboard

export type TDashboardParams = { schoolId?: string; subjectId?: string; examId?: string; form?: number; grade?: number; className?: string };

function dashboardSearch(params: TDashboardParams, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function useDashboard(params: TDashboardParams) {
  return useQuery({
    queryKey: ["analytics", "dashboard", params] as const,
    queryFn: ({ signal }) => api<TDashboard>(`/api/analytics/dashboard${dashboardSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The dashboard on the reporting scale (issue 35): levels by group and the trend across school years. */
export function useDashboardScale(params: TDashboardParams, lang: "ar" | "en") {
  return useQuery({
    queryKey: ["analytics", "dashboard-scale", params, lang] as const,
    queryFn: ({ signal }) => api<TDashboardScale>(`/api/analytics/dashboard/scale${dashboardSearch(params, { lang })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function dashboardDownloadUrl(params: TDashboardParams, lang: "ar" | "en", format: "csv" | "xlsx" = "csv"): string {
  return `/api/analytics/dashboard.${format}${dashboardSearch(params, { lang })}`;
}

// ---- group development plans

export type TGroupPlanParams = { examId: string; schoolId?: string; grade?: number; className?: string };

/** The latest version of the scope's group plan, or an earlier one by its number. */
export function useGroupPlan(params: TGroupPlanParams, version?: number) {
  return useQuery({
    queryKey: ["analytics", "group-plan", params, version ?? "latest"] as const,
    queryFn: ({ signal }) => api<TGroupPlanView>(`/api/analytics/group-plan${dashboardSearch(params, version === undefined ? {} : { version: String(version) })}`, { signal }),
    // Whether it is stale is the server's to say, afresh on each visit.
    staleTime: 0,
    // Another version of the same plan keeps the page in place while it loads; another class's plan does not.
    placeholderData: (previous, previousQuery) => (previousQuery && JSON.stringify(previousQuery.queryKey[2]) === JSON.stringify(params) ? previous : undefined),
  });
}

export function useGenerateGroupPlan(params: TGroupPlanParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<TGroupPlan>("/api/analytics/group-plan", { method: "POST", body: params }),
    // A new version changes the list of versions and what may be generated: read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["analytics", "group-plan", params] }),
  });
}

// ---- a group plan for one skill across the exams that measure it (issue 33)

export type TSkillPlanScope = { schoolId?: string; grade?: number; className?: string };

/** The skill plan's page, from a heatmap cell: the skill in the path, the group in the address. */
export function skillPlanPath(skillId: string, scope: TSkillPlanScope): string {
  const q = new URLSearchParams();
  if (scope.schoolId) q.set("school", scope.schoolId);
  if (scope.grade !== undefined) q.set("grade", String(scope.grade));
  if (scope.className) q.set("class", scope.className);
  const s = q.toString();
  return `/analytics/skills/${encodeURIComponent(skillId)}${s ? `?${s}` : ""}`;
}

export function useSkillPlan(skillId: string, scope: TSkillPlanScope) {
  return useQuery({
    queryKey: ["analytics", "skill-plan", skillId, scope] as const,
    queryFn: ({ signal }) => api<TSkillPlan>(`/api/analytics/skill-plan${dashboardSearch({ ...scope }, { skillId })}`, { signal }),
    staleTime: 0,
  });
}
