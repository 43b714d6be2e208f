// Sign-in, password and own-account calls (server contract: src/server/auth).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TSessionUser } from "@shared/permissions";
import type { TAccount, TAccountUpdate, TPasswordChange } from "@shared/schemas/account";
import type { TLoginInput, TPasswordResetRequest, TPasswordUpdate } from "@shared/schemas/auth";
import type { TSecondStepInput, TTwoFactorOff, TTwoFactorSetup, TTwoFactorStatus } from "@shared/schemas/two-factor";
import { api } from "@web/lib/api";

/** A session, or — for an account with two-step sign-in — a challenge for the second step. */
export function login(input: TLoginInput): Promise<{ user: TSessionUser; twoFactorSetupRequired?: true } | { challenge: string }> {
  return api("/api/auth/login", { method: "POST", body: input });
}

export function loginSecondStep(input: TSecondStepInput): Promise<{ user: TSessionUser }> {
  return api("/api/auth/login/second-step", { method: "POST", body: input });
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

// ---- two-step sign-in (issue 38)

export const twoFactorQuery = queryOptions({
  queryKey: ["account", "two-factor"] as const,
  queryFn: ({ signal }) => api<TTwoFactorStatus>("/api/account/two-factor", { signal }),
});

export function useTwoFactor(enabled = true) {
  return useQuery({ ...twoFactorQuery, enabled });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => api<TTwoFactorSetup>("/api/account/two-factor/setup", { method: "POST", body: {} }) });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<{ recoveryCodes: string[] }>("/api/account/two-factor/confirm", { method: "POST", body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}

/** New recovery codes for a current authenticator code; the old ones stop working. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<{ recoveryCodes: string[] }>("/api/account/two-factor/recovery-codes", { method: "POST", body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TTwoFactorOff) => api<{ ok: true }>("/api/account/two-factor/off", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}
