// The super_admin's identity providers (issue 38): list, add, edit, remove, and the discovery test; a school's
// password sign-in switch. A provider change also changes the record of changes and the login screens' buttons.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TIdentityProvider, TIdentityProviderInput } from "@shared/schemas/identity-provider";
import { api } from "@web/lib/api";

export const PROVIDERS = ["admin", "identity-providers"] as const;
const INVALIDATED = [PROVIDERS, ["admin", "schools"], ["admin", "audit"], ["auth", "providers"]] as const;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all(INVALIDATED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useProviders() {
  return useQuery({ queryKey: PROVIDERS, queryFn: ({ signal }) => api<TIdentityProvider[]>("/api/identity-providers", { signal }) });
}

export function useSaveProvider() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TIdentityProviderInput }) =>
      id
        ? api<TIdentityProvider>(`/api/identity-providers/${encodeURIComponent(id)}`, { method: "PUT", body: input })
        : api<TIdentityProvider>("/api/identity-providers", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteProvider() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/identity-providers/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

export function useTestDiscovery() {
  return useMutation({
    mutationFn: (issuer: string) =>
      api<{ issuer: string; authorizationEndpoint: string; endSession: boolean }>("/api/identity-providers/test-discovery", { method: "POST", body: { issuer } }),
  });
}

export function usePasswordSignIn() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ schoolId, off }: { schoolId: string; off: boolean }) =>
      api<{ off: boolean }>(`/api/schools/${encodeURIComponent(schoolId)}/password-sign-in`, { method: "PUT", body: { off } }),
    onSuccess: () => invalidate(),
  });
}
