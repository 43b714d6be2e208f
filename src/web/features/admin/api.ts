// Schools, users, roster import and the record of changes: fetchers, query options and hooks.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TSchool, TSchoolCreate, TSchoolUpdate } from "@shared/schemas/school";
import type {
  TDeleteImpact,
  TImportPreview,
  TImportResult,
  TUser,
  TUserCreate,
  TUserGroup,
  TUserPage,
  TUserUpdate,
} from "@shared/schemas/user";
import type { TStaffPasswordRule, TStaffPasswordRuleView } from "@shared/schemas/password-rule";
import type { TTwoFactorRule } from "@shared/schemas/two-factor";
import { api } from "@web/lib/api";

const SCHOOLS = ["admin", "schools"] as const;
const USERS = ["admin", "users"] as const;
const AUDIT = ["admin", "audit"] as const;
const PASSWORD_RULE = ["settings", "staff-password-rule"] as const;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : "";
}

// ---- schools

export const schoolsQuery = queryOptions({
  queryKey: SCHOOLS,
  queryFn: ({ signal }) => api<{ items: TSchool[] }>("/api/schools", { signal }).then((r) => r.items),
});

export function useSchools(enabled = true) {
  return useQuery({ ...schoolsQuery, enabled });
}

/** A school change also changes what the user lists and the record of changes show. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => Promise.all([SCHOOLS, USERS, AUDIT].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateSchool() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: TSchoolCreate) => api<TSchool>("/api/schools", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSchool() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, ...input }: TSchoolUpdate & { id: string }) =>
      api<TSchool>(`/api/schools/${encodeURIComponent(id)}`, { method: "PATCH", body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSchool() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/schools/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

// ---- users

export type TUserListParams = { group: TUserGroup; q?: string; schoolId?: string; grade?: number; className?: string; page: number; pageSize: number };

export const usersQuery = (params: TUserListParams) =>
  queryOptions({
    queryKey: [...USERS, "list", params] as const,
    queryFn: ({ signal }) => api<TUserPage>(`/api/users${query(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: TUserListParams) {
  return useQuery(usersQuery(params));
}

export function useCreateUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: TUserCreate) => api<TUser>("/api/users", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, ...input }: TUserUpdate & { id: string }) =>
      api<{ user: TUser; passwordChanged: boolean }>(`/api/users/${encodeURIComponent(id)}`, { method: "PATCH", body: input }),
    onSuccess: () => invalidate(),
  });
}

export const deleteImpactQuery = (id: string) =>
  queryOptions({
    queryKey: [...USERS, "delete-impact", id] as const,
    queryFn: ({ signal }) => api<TDeleteImpact>(`/api/users/${encodeURIComponent(id)}/delete-impact`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

export function useDeleteImpact(id: string | null) {
  return useQuery({ ...deleteImpactQuery(id ?? ""), enabled: id !== null });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

// ---- the staff password rule (decision 0031)

/** Read by every staff form that sets a password (the user dialog, my account), so each says what it asks. */
export const staffPasswordRuleQuery = queryOptions({
  queryKey: PASSWORD_RULE,
  queryFn: ({ signal }) => api<TStaffPasswordRuleView>("/api/settings/staff-password-rule", { signal }),
});

export function useStaffPasswordRule(enabled = true) {
  return useQuery({ ...staffPasswordRuleQuery, enabled });
}

export function useUpdateStaffPasswordRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TStaffPasswordRule) => api<TStaffPasswordRuleView>("/api/settings/staff-password-rule", { method: "PUT", body: input }),
    onSuccess: (rule) => {
      queryClient.setQueryData(PASSWORD_RULE, rule);
      return queryClient.invalidateQueries({ queryKey: AUDIT });
    },
  });
}

// ---- two-step sign-in: the rule for administrators and a person's reset (issue 38)

const TWO_FACTOR_RULE = ["settings", "two-factor"] as const;

export function useTwoFactorRule() {
  return useQuery({ queryKey: TWO_FACTOR_RULE, queryFn: ({ signal }) => api<TTwoFactorRule>("/api/settings/two-factor", { signal }) });
}

export function useUpdateTwoFactorRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TTwoFactorRule) => api<TTwoFactorRule>("/api/settings/two-factor", { method: "PUT", body: input }),
    onSuccess: (rule) => {
      queryClient.setQueryData(TWO_FACTOR_RULE, rule);
      return queryClient.invalidateQueries({ queryKey: AUDIT });
    },
  });
}

/** A super_admin removes someone's second factor (a lost phone): they set it up again at their next sign-in. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<{ ok: true }>(`/api/users/${encodeURIComponent(userId)}/two-factor`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUDIT }),
  });
}

// ---- roster import

export type TImportRole = "student" | "teacher";

export function importTemplateUrl(role: TImportRole, format: "csv" | "xlsx" = "csv"): string {
  return `/api/users/import/template${query({ role, ...(format === "xlsx" ? { format } : {}) })}`;
}

/** The roster file's own bytes in base64: the server reads .xlsx and CSV in any encoding Excel writes. */
type TImportInput = { role: TImportRole; file: string };

export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: TImportInput) =>
      api<TImportPreview>("/api/users/import/preview", { method: "POST", body: input }),
  });
}

export function useRunImport() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: TImportInput) => api<TImportResult>("/api/users/import", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

// ---- record of changes

export type TAuditEntry = {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};
export type TAuditParams = { entity?: "school" | "user"; entityId?: string; page: number; pageSize: number };

export const auditQuery = (params: TAuditParams) =>
  queryOptions({
    queryKey: [...AUDIT, params] as const,
    queryFn: ({ signal }) => api<{ items: TAuditEntry[]; total: number }>(`/api/audit${query(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAudit(params: TAuditParams) {
  return useQuery(auditQuery(params));
}
