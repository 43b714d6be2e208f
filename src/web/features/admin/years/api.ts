// School years (issue 39; docs/decisions/0059): the list, adding one, closing and reopening (super_admin).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TYear, TYearCreate } from "@shared/schemas/year";
import { api } from "@web/lib/api";

export const YEARS = ["admin", "years"] as const;

function useInvalidate() {
  const queryClient = useQueryClient();
  // Closing archives exams: the exams' and results' lists change too.
  return () => Promise.all([YEARS, ["exams"], ["admin", "audit"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useYears() {
  return useQuery({ queryKey: YEARS, queryFn: async ({ signal }) => (await api<{ items: TYear[] }>("/api/years", { signal })).items });
}

export function useCreateYear() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: TYearCreate) => api<TYear>("/api/years", { method: "POST", body: input }), onSuccess: () => invalidate() });
}

export function useYearAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "close" | "reopen" }) => api<TYear>(`/api/years/${encodeURIComponent(id)}/${action}`, { method: "POST", body: {} }),
    onSuccess: () => invalidate(),
  });
}
