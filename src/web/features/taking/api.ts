// The student's calls: the overview, the paper (its ETag is handled by the browser's HTTP cache: the server
// sends `cache-control: private, no-cache`, so fetch revalidates with If-None-Match), starting or resuming the
// attempt, saving one answer, submitting, and the result.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TAnswerBatchResult, TAttemptState, TPaper, TPlay, TResult, TStudentOverview } from "@shared/schemas/attempt";
import type { THeartbeat, TLobby } from "@shared/schemas/sitting";
import { api, isApiError } from "@web/lib/api";
import { currentLanguage } from "@web/lib/i18n";
import type { TAnswerValue, TSendBatch } from "./lib/answer-sync";

const KEY = ["taking"] as const;

/** Retry only what may succeed a moment later: the network and 5xx. */
const retryTransient = (failureCount: number, error: unknown) => failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500);

export const overviewQuery = queryOptions({
  queryKey: [...KEY, "overview"] as const,
  queryFn: ({ signal }) => api<TStudentOverview>("/api/student/overview", { signal }),
  staleTime: 0,
});

export function useStudentOverview() {
  return useQuery(overviewQuery);
}

/**
 * The lobby and the paper answer "not yet" when the device's estimate of the start ran a little early: ask again.
 * START_FAILED: the start raced a change to the exam twice on the server; another try usually lands.
 */
const retryEarly = (failureCount: number, error: unknown) =>
  isApiError(error, "SITTING_NOT_STARTED") ? failureCount < 30 : isApiError(error, "START_FAILED") ? failureCount < 2 : retryTransient(failureCount, error);
const retryDelay = (failureCount: number, error: unknown) => (isApiError(error, "SITTING_NOT_STARTED") ? 500 + Math.random() * 1000 : Math.min(1000 * 2 ** failureCount, 30_000));

/** Where the student stands with the exam's sitting (issue 16): wait in the lobby, take it, or too late. */
export type TReceivedLobby = TLobby & { receivedAt: number };
export const lobbyQuery = (examId: string) =>
  queryOptions({
    queryKey: [...KEY, "lobby", examId] as const,
    queryFn: async (): Promise<TReceivedLobby> => {
      const lobby = await api<TLobby>(`/api/student/exams/${encodeURIComponent(examId)}/lobby`, { method: "POST" });
      return { ...lobby, receivedAt: Date.now() };
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: retryTransient,
    networkMode: "offlineFirst",
  });

export const paperQuery = (examId: string) =>
  queryOptions({
    queryKey: [...KEY, "paper", examId] as const,
    queryFn: ({ signal }) => api<TPaper>(`/api/student/exams/${encodeURIComponent(examId)}/paper`, { signal }),
    // The paper must not change under the student's hands while they answer.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: retryEarly,
    retryDelay,
    // Asked even when the browser says it is offline: the service worker answers from its copy (issue 37).
    networkMode: "offlineFirst",
  });

/** The attempt's state and the moment it arrived (Date.now()), to set the countdown by the server's clock. */
export type TReceivedAttempt = TAttemptState & { receivedAt: number };

/**
 * POST …/attempt creates the attempt or resumes it. It is idempotent, so it can live in a query: a remount
 * asks again and gets the same attempt with a fresh serverNow.
 */
export const attemptQuery = (examId: string) =>
  queryOptions({
    queryKey: [...KEY, "attempt", examId] as const,
    queryFn: async (): Promise<TReceivedAttempt> => {
      // The paper is shown in the page's language: a new attempt records it (item analysis compares groups by it, issue 35).
      const state = await api<TAttemptState>(`/api/student/exams/${encodeURIComponent(examId)}/attempt`, { method: "POST", body: { paperLanguage: currentLanguage() } });
      return { ...state, receivedAt: Date.now() };
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: retryEarly,
    retryDelay,
    // Asked even when the browser says it is offline: the service worker answers from its copy (issue 37).
    networkMode: "offlineFirst",
  });

export type TSaveBody = TAnswerValue & { examId: string; clientSeq: number };

export function saveAnswer(attemptId: string, questionId: string, body: TSaveBody): Promise<{ savedAt: string; clientSeq: number }> {
  return api(`/api/attempts/${encodeURIComponent(attemptId)}/answers/${encodeURIComponent(questionId)}`, { method: "PUT", body });
}

/** The device's journal for the attempt in one request (decision 0056): each entry answered stored, held or refused. */
export function saveAnswers(attemptId: string, examId: string, entries: Parameters<TSendBatch>[0]): Promise<TAnswerBatchResult> {
  return api(`/api/attempts/${encodeURIComponent(attemptId)}/answers/batch`, { method: "POST", body: { examId, entries } });
}

/** `auto`: the timer submits because the time is up (the event trail says so). */
export function submitAttempt(attemptId: string, auto = false): Promise<TAttemptState> {
  return api<TAttemptState>(`/api/attempts/${encodeURIComponent(attemptId)}/submit${auto ? "?auto=1" : ""}`, { method: "POST" });
}

/** The page's sign of life; the answer carries the deadline, which moves when a teacher grants time. `pending`:
 *  the answers in the device's journal the server has not acknowledged (the proctor's "offline — N waiting"). */
export function sendHeartbeat(attemptId: string, pending: number): Promise<THeartbeat> {
  return api<THeartbeat>(`/api/attempts/${encodeURIComponent(attemptId)}/heartbeat`, { method: "POST", body: { pending } });
}

export function reportConnection(attemptId: string, kind: "offline" | "online", at: string): Promise<unknown> {
  return api(`/api/attempts/${encodeURIComponent(attemptId)}/events`, { method: "POST", body: { kind, at } });
}

export const resultQuery = (attemptId: string) =>
  queryOptions({
    queryKey: [...KEY, "result", attemptId] as const,
    queryFn: ({ signal }) => api<TResult>(`/api/attempts/${encodeURIComponent(attemptId)}/result`, { signal }),
    staleTime: 0,
    retry: retryTransient,
  });

export function useResult(attemptId: string) {
  return useQuery(resultQuery(attemptId));
}

export const resultsPath = (attemptId: string) => `/student/exam/${encodeURIComponent(attemptId)}/results`;
export const takePath = (examId: string) => `/student/exam/${encodeURIComponent(examId)}/take`;

/** A limited clip starts: the server counts the play (or refuses, PLAYS_USED_UP), says how many are taken, and gives
 *  the play's own address to hear it from. */
export function startPlay(attemptId: string, mediaId: string): Promise<TPlay> {
  return api(`/api/attempts/${encodeURIComponent(attemptId)}/plays/${encodeURIComponent(mediaId)}`, { method: "POST" });
}
