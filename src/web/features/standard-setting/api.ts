// Standard setting's calls (issue 35; docs/decisions/0048): the super_admin's studies and the panellist's ratings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TInvitation,
  TPanellistStudy,
  TRatingsInput,
  TStudyApprove,
  TStudyCreate,
  TStudyDetail,
  TStudyFigures,
  TStudyOptions,
  TStudySummary,
} from "@shared/schemas/standard-setting";
import { api } from "@web/lib/api";

const KEY = ["standard-setting"] as const;
const studyUrl = (id: string) => `/api/standard-setting/studies/${encodeURIComponent(id)}`;
const invitationUrl = (id: string) => `/api/standard-setting/invitations/${encodeURIComponent(id)}`;

export const studiesPath = "/scale/standard-setting";
export const studyPath = (id: string) => `/scale/standard-setting/${encodeURIComponent(id)}`;
export const ratePath = (id: string) => `/scale/standard-setting/${encodeURIComponent(id)}/rate`;

export function useStudies() {
  return useQuery({ queryKey: [...KEY, "studies"], queryFn: ({ signal }) => api<{ items: TStudySummary[] }>("/api/standard-setting/studies", { signal }) });
}

export function useStudyOptions() {
  return useQuery({ queryKey: [...KEY, "options"], queryFn: ({ signal }) => api<TStudyOptions>("/api/standard-setting/options", { signal }) });
}

export function useStudy(id: string) {
  return useQuery({ queryKey: [...KEY, "study", id], queryFn: ({ signal }) => api<TStudyDetail>(studyUrl(id), { signal }) });
}

export function useFigures(id: string, round: number, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, "figures", id, round],
    queryFn: ({ signal }) => api<TStudyFigures>(`${studyUrl(id)}/figures?round=${round}`, { signal }),
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateStudy() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: TStudyCreate) => api<TStudyDetail>("/api/standard-setting/studies", { method: "POST", body }), onSuccess: () => invalidate() });
}

/** Invite, open the next round, close, approve: each answers with the study as it now is. */
export function useStudyStep(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (step: { kind: "invite"; userIds: string[] } | { kind: "rounds" | "close" } | { kind: "approve"; body: TStudyApprove }) => {
      if (step.kind === "invite") return api<TStudyDetail>(`${studyUrl(id)}/panellists`, { method: "POST", body: { userIds: step.userIds } });
      if (step.kind === "approve") return api<TStudyDetail>(`${studyUrl(id)}/approve`, { method: "POST", body: step.body });
      return api<TStudyDetail>(`${studyUrl(id)}/${step.kind}`, { method: "POST" });
    },
    onSuccess: () => invalidate(),
  });
}

export function useInvitations(enabled = true) {
  return useQuery({ queryKey: [...KEY, "invitations"], queryFn: ({ signal }) => api<{ items: TInvitation[] }>("/api/standard-setting/invitations", { signal }), enabled });
}

export function useInvitation(id: string) {
  return useQuery({ queryKey: [...KEY, "invitation", id], queryFn: ({ signal }) => api<TPanellistStudy>(invitationUrl(id), { signal }) });
}

export function useSubmitRatings(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: TRatingsInput) => api<TPanellistStudy>(`${invitationUrl(id)}/ratings`, { method: "PUT", body }), onSuccess: () => invalidate() });
}

export type TStaff = { id: string; name: string; email: string; role: string; schoolId: string | null };

/** Teachers and school admins whose name or email matches, to invite. */
export function useStaffSearch(q: string) {
  return useQuery({
    queryKey: [...KEY, "staff", q],
    queryFn: async ({ signal }) => {
      const query = `q=${encodeURIComponent(q)}&pageSize=20`;
      const [teachers, admins] = await Promise.all([
        api<{ items: TStaff[] }>(`/api/users?group=teachers&${query}`, { signal }),
        api<{ items: TStaff[] }>(`/api/users?group=admins&${query}`, { signal }),
      ]);
      return [...teachers.items, ...admins.items].filter((u) => u.role === "teacher" || u.role === "school_admin");
    },
    enabled: q.trim().length >= 2,
  });
}
