// The "Scale and levels" area's server calls (issue 35): scales, their levels, runs, links and levels by group.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TLevelsByGroup, TLevelsInput, TLinkInput, TScale, TScaleCreate, TScaleLinking, TScaleRun, TScaleUpdate, TConcurrentInput } from "@shared/schemas/scale";
import { api } from "@web/lib/api";

const SCALES_KEY = ["scales"] as const;

export const scalesQuery = queryOptions({
  queryKey: SCALES_KEY,
  queryFn: async () => (await api<{ items: TScale[] }>("/api/scales")).items,
});
export const scaleQuery = (id: string) => queryOptions({ queryKey: [...SCALES_KEY, id], queryFn: () => api<TScale>(`/api/scales/${encodeURIComponent(id)}`) });
export const scaleRunsQuery = (id: string) =>
  queryOptions({ queryKey: [...SCALES_KEY, id, "runs"], queryFn: async () => (await api<{ items: TScaleRun[] }>(`/api/scales/${encodeURIComponent(id)}/runs`)).items });
export const levelsByGroupQuery = (id: string, lang: "ar" | "en") =>
  queryOptions({ queryKey: [...SCALES_KEY, id, "groups", lang], queryFn: () => api<TLevelsByGroup>(`/api/scales/${encodeURIComponent(id)}/levels-by-group?lang=${lang}`) });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SCALES_KEY });
}

export function useCreateScale() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: TScaleCreate) => api<TScale>("/api/scales", { method: "POST", body: input }), onSuccess: () => invalidate() });
}

export function useUpdateScale(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (change: TScaleUpdate) => api<TScale>(`/api/scales/${encodeURIComponent(id)}`, { method: "PATCH", body: change }), onSuccess: () => invalidate() });
}

/** The deleted scale's own queries are dropped, not refetched (they would answer 404 under the page that leaves). */
export function useDeleteScale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/scales/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...SCALES_KEY, id] });
      void queryClient.invalidateQueries({ queryKey: SCALES_KEY, exact: true });
    },
  });
}

export function useSaveLevels(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: TLevelsInput) => api<TScale>(`/api/scales/${encodeURIComponent(id)}/levels`, { method: "PUT", body: input }), onSuccess: () => invalidate() });
}

export function useConcurrentLink(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: TConcurrentInput) => api<TScaleLinking>(`/api/scales/${encodeURIComponent(id)}/concurrent`, { method: "POST", body: input }), onSuccess: () => invalidate() });
}

export function useLinkRun(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: TLinkInput) => api<TScaleLinking>(`/api/scales/${encodeURIComponent(id)}/links`, { method: "POST", body: input }), onSuccess: () => invalidate() });
}
