// The super_admin's LTI platforms (issue 38, docs/decisions/0051): list, register, edit, remove; the grade sends to
// the platforms, with a retry for a failed one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TLtiPlatform, TLtiPlatformInput } from "@shared/schemas/lti";
import { api } from "@web/lib/api";

export const PLATFORMS = ["admin", "lti-platforms"] as const;
export const PASSBACKS = ["admin", "lti-passbacks"] as const;

export type TPassback = {
  id: string;
  status: string;
  attempts: number;
  lastError: string | null;
  attemptId: string;
  studentName: string | null;
  examTitleAr: string | null;
  examTitleEn: string | null;
  platformName: string | null;
  createdAt: string;
  finishedAt: string | null;
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([PLATFORMS, PASSBACKS, ["admin", "audit"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function usePlatforms() {
  return useQuery({ queryKey: PLATFORMS, queryFn: ({ signal }) => api<TLtiPlatform[]>("/api/lti/platforms", { signal }) });
}

export function useSavePlatform() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TLtiPlatformInput }) =>
      id
        ? api<TLtiPlatform>(`/api/lti/platforms/${encodeURIComponent(id)}`, { method: "PUT", body: input })
        : api<TLtiPlatform>("/api/lti/platforms", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePlatform() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/lti/platforms/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

export function usePassbacks() {
  return useQuery({ queryKey: PASSBACKS, queryFn: ({ signal }) => api<TPassback[]>("/api/lti/passbacks", { signal }) });
}

export function useRetryPassback() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/lti/passbacks/${encodeURIComponent(id)}/retry`, { method: "POST" }),
    onSuccess: () => invalidate(),
  });
}
