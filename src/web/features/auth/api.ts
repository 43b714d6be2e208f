// Sign-in, password and own-account calls (server contract: src/server/auth).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TSessionUser } from "@shared/permissions";
import type { TAccount, TAccountUpdate, TPasswordChange } from "@shared/schemas/account";
import type { TLoginInput, TPasswordResetRequest, TPasswordUpdate } from "@shared/schemas/auth";
import { api } from "@web/lib/api";

export function login(input: TLoginInput): Promise<{ user: TSessionUser }> {
  return api("/api/auth/login", { method: "POST", body: input });
}

export function requestPasswordReset(input: TPasswordResetRequest): Promise<{ ok: true }> {
  return api("/api/auth/password-reset/request", { method: "POST", body: input });
}

export function confirmPasswordReset(input: TPasswordUpdate): Promise<{ ok: true }> {
  return api("/api/auth/password-reset/confirm", { method: "POST", body: input });
}

// ---- my account (issue 19)

export const accountQuery = queryOptions({
  queryKey: ["account"] as const,
  queryFn: ({ signal }) => api<TAccount>("/api/account", { signal }),
});

export function useAccount() {
  return useQuery(accountQuery);
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAccountUpdate) => api<TAccount>("/api/account", { method: "PATCH", body: input }),
    onSuccess: (account) => queryClient.setQueryData(accountQuery.queryKey, account),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (input: TPasswordChange) => api<{ ok: true }>("/api/account/password", { method: "POST", body: input }) });
}
