// Sign-in and password calls (server contract: src/server/auth).
import type { TSessionUser } from "@shared/permissions";
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
