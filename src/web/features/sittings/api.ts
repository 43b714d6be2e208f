// The calls of exam day in the room (issue 16): the staff's sittings across exams, one exam's sittings and their
// changes, a sitting's live view (asked again every few seconds), time granted to a student, an attempt's trail.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LIVE_VIEW_REFRESH_SECONDS } from "@shared/limits";
import type { TSessionUser } from "@shared/permissions";
import type { TAttemptEvent, TGrantInput, THeldAnswerItem, TLiveView, TMySitting, TOfferedExam, TSitting, TSittingInput, TSittingList, TTicket, TTicketList } from "@shared/schemas/sitting";
import { api } from "@web/lib/api";

export type { TAttemptEvent, TLiveView, TMySitting, TOfferedExam, TSitting, TSittingList };

const KEY = ["sittings"] as const;

export function useMySittings() {
  return useQuery({
    queryKey: [...KEY, "mine"] as const,
    queryFn: ({ signal }) => api<{ items: TMySitting[]; serverNow: string }>("/api/sittings", { signal }),
    // A sitting's status (upcoming, in progress, ended) moves with the clock.
    refetchInterval: 60_000,
  });
}

/** A school_admin's: the published exams offered to their school (under KEY: a sitting saved refreshes its count). */
export function useOfferedExams() {
  return useQuery({
    queryKey: [...KEY, "offered"] as const,
    queryFn: ({ signal }) => api<{ items: TOfferedExam[] }>("/api/exams/offered", { signal }),
  });
}

export function useExamSittings(examId: string) {
  return useQuery({
    queryKey: [...KEY, "exam", examId] as const,
    queryFn: ({ signal }) => api<TSittingList>(`/api/exams/${encodeURIComponent(examId)}/sittings`, { signal }),
  });
}

function useInvalidateSittings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useSaveSitting(examId: string) {
  const invalidate = useInvalidateSittings();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TSittingInput }) =>
      id
        ? api<TSitting>(`/api/sittings/${encodeURIComponent(id)}`, { method: "PUT", body })
        : api<TSitting>(`/api/exams/${encodeURIComponent(examId)}/sittings`, { method: "POST", body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSitting() {
  const invalidate = useInvalidateSittings();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/sittings/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

/** Asked again every few seconds while the page is visible; the server answers a sitting's proctors from one query. */
export function useLiveView(sittingId: string) {
  return useQuery({
    queryKey: [...KEY, "live", sittingId] as const,
    queryFn: ({ signal }) => api<TLiveView>(`/api/sittings/${encodeURIComponent(sittingId)}/live`, { signal }),
    refetchInterval: LIVE_VIEW_REFRESH_SECONDS * 1000,
    refetchIntervalInBackground: false,
  });
}

export function useGrantTime(sittingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, body }: { attemptId: string; body: TGrantInput }) =>
      api<{ deadlineAt: string | null; grantedMinutes: number }>(`/api/attempts/${encodeURIComponent(attemptId)}/extra-time`, { method: "POST", body }),
    onSuccess: (_data, { attemptId }) => {
      void queryClient.invalidateQueries({ queryKey: [...KEY, "live", sittingId] });
      void queryClient.invalidateQueries({ queryKey: [...KEY, "trail", attemptId] });
    },
  });
}

/** A proctor's decision on answers held after the offline grace (issue 37, decision 0056): named ones of a student
 *  (`heldIds`), all of a student's, or — `everyone` — every student's in the sitting, in one transaction on the server. */
export function useDecideHeld(sittingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attemptIds, decision, heldIds, everyone }: { attemptIds: string[]; decision: "accept" | "refuse"; heldIds?: string[]; everyone?: boolean }) => {
      if (everyone) return void (await api(`/api/sittings/${encodeURIComponent(sittingId)}/held-answers`, { method: "POST", body: { decision } }));
      for (const attemptId of attemptIds) await api<{ decided: number }>(`/api/attempts/${encodeURIComponent(attemptId)}/held-answers`, { method: "POST", body: heldIds ? { decision, heldIds } : { decision } });
    },
    onSettled: (_data, _error, { attemptIds }) => {
      void queryClient.invalidateQueries({ queryKey: [...KEY, "live", sittingId] });
      for (const attemptId of attemptIds) {
        void queryClient.invalidateQueries({ queryKey: [...KEY, "trail", attemptId] });
        void queryClient.invalidateQueries({ queryKey: [...KEY, "held", attemptId] });
      }
    },
  });
}

/** A student's held answers one by one, asked when the proctor opens them. */
export function useHeldAnswers(attemptId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, "held", attemptId] as const,
    queryFn: ({ signal }) => api<{ items: THeldAnswerItem[] }>(`/api/attempts/${encodeURIComponent(attemptId)}/held-answers`, { signal }),
    enabled,
  });
}

export function useAttemptTrail(attemptId: string, enabled = true) {
  return useQuery({
    queryKey: [...KEY, "trail", attemptId] as const,
    queryFn: ({ signal }) => api<{ items: TAttemptEvent[] }>(`/api/attempts/${encodeURIComponent(attemptId)}/events`, { signal }),
    enabled,
  });
}

export const examSittingsPath = (examId: string) => `/exams/${encodeURIComponent(examId)}/sittings`;
export const livePath = (sittingId: string) => `/sittings/${encodeURIComponent(sittingId)}/live`;
export const ticketsPath = (sittingId: string) => `/sittings/${encodeURIComponent(sittingId)}/tickets`;

// ---- printed sitting codes (issue 38)

export function useTickets(sittingId: string) {
  return useQuery({
    queryKey: [...KEY, "tickets", sittingId] as const,
    queryFn: ({ signal }) => api<TTicketList>(`/api/sittings/${encodeURIComponent(sittingId)}/tickets`, { signal }),
  });
}

export function useReissueTicket(sittingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => api<TTicket>(`/api/sittings/${encodeURIComponent(sittingId)}/tickets/${encodeURIComponent(studentId)}/reissue`, { method: "POST", body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, "tickets", sittingId] }),
  });
}

export function signInWithSittingCode(code: string) {
  return api<{ user: TSessionUser; examId: string; sittingId: string }>("/api/auth/sitting-code", { method: "POST", body: { code } });
}

/** Where a sitting stands at `nowMs` (the server's clock as the page estimates it). */
export type TSittingPhase = "upcoming" | "open" | "entryClosed" | "ended";
export function phaseOf(s: { startsAt: string; entryClosesAt: string; endsAt: string }, nowMs: number): TSittingPhase {
  if (nowMs < Date.parse(s.startsAt)) return "upcoming";
  if (nowMs > Date.parse(s.endsAt)) return "ended";
  if (nowMs > Date.parse(s.entryClosesAt)) return "entryClosed";
  return "open";
}
