// Answers are never lost (issue 7): every change is written to localStorage at once, with a per-question
// clientSeq that grows on every change, and sent to the server in the background — one request per question at
// a time, always its newest value, questions in the order they were changed. Network failures and 5xx are
// retried with a backoff of each answer's own, so one answer the server keeps failing never holds back the
// others (issue 13); an answer the server refuses (4xx) is not retried but shown on its question until it is
// changed. Nothing is sent while the browser says it is offline, and everything resumes on the 'online' event. The server keeps an answer only if its clientSeq is not older than the stored one, so a
// resend is harmless. On reload the server's answers and the device's are merged: the higher clientSeq wins,
// and local answers the server has not acknowledged are sent again.
import type { TErrorBody } from "@shared/errors";
import type { TSavedAnswer } from "@shared/schemas/attempt";
import type { TResponse } from "@shared/item-types";
import { ApiError } from "@web/lib/api";
import { toErrorBody } from "@web/lib/errors";
import { readStorage, writeStorage } from "@web/lib/storage";
import { reviewMarksKey } from "./review-marks";

export type TAnswerValue = {
  selectedOptionId: string | null;
  answerText: string | null;
  /** Per premise, the index of the chosen response in the paper's `responses`; null = not chosen. */
  matching: (number | null)[] | null;
  /** For the item types of issue 36: the response (sent as is; absent for the first five types). */
  response?: TResponse | null;
};

export type TSyncState = "saved" | "saving" | "retrying" | "offline" | "error";

/** Why one answer is not saved: the server refused it (shown with its words), or keeps failing on it. */
export type TSaveProblem = { kind: "refused"; error: TErrorBody } | { kind: "retrying" };

export type TSyncSnapshot = {
  answers: Readonly<Record<string, TAnswerValue>>;
  state: TSyncState;
  /** Changes not yet acknowledged by the server (those that failed for good excluded). */
  pending: number;
  /** The latest non-retryable failure, while some answer is in that state. */
  error: TErrorBody | null;
  /** Per question, an answer the server refused or keeps failing on. */
  problems: Readonly<Record<string, TSaveProblem>>;
};

export type TSendAnswer = (questionId: string, body: TAnswerValue & { examId: string; clientSeq: number }) => Promise<{ clientSeq: number }>;

type TEntry = {
  value: TAnswerValue;
  /** Increases on every change made on this device. */
  seq: number;
  /** The highest clientSeq the server has acknowledged. */
  acked: number;
  /** When the answer last became pending: questions are sent in this order. */
  order: number;
  inFlight: boolean;
  debounce: ReturnType<typeof setTimeout> | null;
  /** The seq that failed with a non-retryable error; a newer change tries again. */
  failedSeq: number | null;
  failure: TErrorBody | null;
  /** This answer's own backoff: failures in a row, and not before when it is tried again. */
  retries: number;
  retryAt: number;
  /** When the server last answered this answer's save with 5xx (0: its last try did not). */
  serverFailedAt: number;
};

type TStoredEntry = TAnswerValue & { seq: number; acked: number };
type TStored = { v: 1; examId: string; answers: Record<string, TStoredEntry> };

const STORAGE_PREFIX = "qias.attempt.";
const MAX_PARALLEL = 3;
const MAX_BACKOFF_MS = 30_000;
const BASE_BACKOFF_MS = 1_000;

export function attemptStorageKey(attemptId: string): string {
  return `${STORAGE_PREFIX}${attemptId}`;
}

/** Wipes what the device holds of an attempt: its answers and the student's review marks (lib/review-marks.ts). */
export function clearStoredAttempt(attemptId: string): void {
  writeStorage(attemptStorageKey(attemptId), null);
  writeStorage(reviewMarksKey(attemptId), null);
}

function readStored(attemptId: string, examId: string): TStored | null {
  const raw = readStorage(attemptStorageKey(attemptId));
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<TStored>;
    if (data?.v !== 1 || data.examId !== examId || typeof data.answers !== "object" || data.answers === null) return null;
    return data as TStored;
  } catch {
    return null;
  }
}

/** Worth trying again later: the server was not reached, or failed for reasons of its own. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The server has closed the attempt (time is up, or it was submitted elsewhere): no save can succeed. */
export function isClosedError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === "TIME_UP" || error.code === "ATTEMPT_ALREADY_COMPLETED");
}

const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

export const EMPTY_ANSWER: TAnswerValue = { selectedOptionId: null, answerText: null, matching: null };

export class AnswerSync {
  private readonly entries = new Map<string, TEntry>();
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Set<{ resolve: () => void; reject: (error: unknown) => void; since: number }>();
  private snapshot: TSyncSnapshot = { answers: {}, state: "saved", pending: 0, error: null, problems: {} };
  private active = 0;
  private orderCounter = 0;
  /** Wakes the pump when the earliest backoff ends. */
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private networkTrouble = false;
  private running = false;
  private closedBy: ApiError | null = null;

  constructor(
    private readonly options: {
      attemptId: string;
      examId: string;
      send: TSendAnswer;
      /** The server closed the attempt; called once. */
      onClosed: (error: ApiError) => void;
      /** A save failed for good (shown by the status; a toast may say it too). */
      onFailure?: (error: unknown) => void;
      debounceMs: number;
    },
  ) {}

  /** Merges the server's answers with this device's; only questions of the paper are kept. */
  load(server: readonly TSavedAnswer[], questionIds: readonly string[]): void {
    const known = new Set(questionIds);
    const stored = readStored(this.options.attemptId, this.options.examId)?.answers ?? {};
    const fromServer = new Map(server.map((a) => [a.questionId, a]));
    for (const id of questionIds) {
      const s = fromServer.get(id);
      const l = stored[id];
      const serverSeq = s ? s.clientSeq : 0;
      let entry: TEntry | null = null;
      if (l && Number.isInteger(l.seq) && (!s || l.seq > s.clientSeq)) {
        // This device has a newer change than the server: keep it, and send it (again).
        const value = { selectedOptionId: l.selectedOptionId ?? null, answerText: l.answerText ?? null, matching: l.matching ?? null, response: l.response ?? null };
        entry = this.newEntry(value, l.seq, s ? serverSeq : 0);
      } else if (s) {
        entry = this.newEntry({ selectedOptionId: s.selectedOptionId, answerText: s.answerText, matching: s.matching, response: s.response ?? null }, s.clientSeq, s.clientSeq);
      }
      if (entry) {
        if (entry.seq > entry.acked) entry.order = ++this.orderCounter;
        this.entries.set(id, entry);
      }
    }
    for (const id of this.entries.keys()) if (!known.has(id)) this.entries.delete(id);
    this.persist();
    this.emit();
  }

  private newEntry(value: TAnswerValue, seq: number, acked: number): TEntry {
    return { value, seq, acked, order: 0, inFlight: false, debounce: null, failedSeq: null, failure: null, retries: 0, retryAt: 0, serverFailedAt: 0 };
  }

  /** Starts sending (and listening to the network). Safe to call again after stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    window.addEventListener("online", this.handleOnline);
    window.addEventListener("offline", this.handleOffline);
    document.addEventListener("visibilitychange", this.handleVisibility);
    this.pump();
  }

  /** Sends what was waiting for the typing pause now, then stops retrying; the device keeps the rest. */
  stop(): void {
    if (!this.running) return;
    this.sendDebouncedNow();
    this.running = false;
    window.removeEventListener("online", this.handleOnline);
    window.removeEventListener("offline", this.handleOffline);
    document.removeEventListener("visibilitychange", this.handleVisibility);
    this.clearWake();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TSyncSnapshot => this.snapshot;

  get isClosed(): boolean {
    return this.closedBy !== null;
  }

  /** A change by the student: kept at once, sent now (a click) or after the typing pause (`debounce`). */
  set(questionId: string, value: TAnswerValue, { debounce = false }: { debounce?: boolean } = {}): void {
    if (this.closedBy) return;
    let entry = this.entries.get(questionId);
    if (!entry) {
      entry = this.newEntry(value, 0, 0);
      this.entries.set(questionId, entry);
    }
    if (entry.seq <= entry.acked) entry.order = ++this.orderCounter;
    entry.value = value;
    entry.seq += 1;
    this.persist();
    if (entry.debounce) clearTimeout(entry.debounce);
    entry.debounce = null;
    if (debounce) {
      const e = entry;
      e.debounce = setTimeout(() => {
        e.debounce = null;
        this.pump();
      }, this.options.debounceMs);
    }
    this.emit();
    this.pump();
  }

  /** Tries the answers that failed for good again (the "Try again" of the status). */
  retryFailed(): void {
    for (const e of this.entries.values()) {
      e.failedSeq = null;
      e.failure = null;
    }
    this.retryNow();
  }

  /**
   * Sends everything still pending at once, and resolves once the server has acknowledged it — waiting as long
   * as it takes while offline. Answers the server refused do not hold it back, nor does an answer the server
   * failed on again after the flush began (the submit dialog has warned about it; its last saved version
   * counts). Rejects if the attempt is closed.
   */
  flush(): Promise<void> {
    if (this.closedBy) return Promise.reject(this.closedBy);
    const since = Date.now();
    this.sendDebouncedNow();
    this.retryNow();
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject, since };
      this.waiters.add(waiter);
      this.settleWaiters();
    });
  }

  // ---- internals

  private handleOnline = () => this.retryNow();
  private handleOffline = () => this.emit();
  private handleVisibility = () => {
    // Leaving the tab (or closing it) should not keep a typed answer waiting for the pause.
    if (document.visibilityState === "hidden") this.sendDebouncedNow();
  };

  private sendDebouncedNow(): void {
    let any = false;
    for (const e of this.entries.values()) {
      if (e.debounce) {
        clearTimeout(e.debounce);
        e.debounce = null;
        any = true;
      }
    }
    if (any) this.pump();
  }

  private retryNow(): void {
    for (const e of this.entries.values()) e.retryAt = 0;
    this.pump();
  }

  private clearWake(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }

  private isPending(e: TEntry): boolean {
    return e.seq > e.acked && e.failedSeq !== e.seq;
  }

  private pump(): void {
    this.clearWake();
    if (!this.running || this.closedBy || !isOnline()) {
      this.emit();
      return;
    }
    const now = Date.now();
    const waiting = [...this.entries.entries()].filter(([, e]) => !e.inFlight && !e.debounce && this.isPending(e));
    const due = waiting.filter(([, e]) => e.retryAt <= now).sort((a, b) => a[1].order - b[1].order);
    for (const [id] of due) {
      if (this.active >= MAX_PARALLEL) break;
      void this.send(id);
    }
    const next = Math.min(...waiting.map(([, e]) => e.retryAt).filter((t) => t > now));
    if (Number.isFinite(next)) this.wakeTimer = setTimeout(() => this.pump(), next - now);
    this.emit();
  }

  private async send(questionId: string): Promise<void> {
    const entry = this.entries.get(questionId);
    if (!entry) return;
    entry.inFlight = true;
    this.active += 1;
    const seq = entry.seq;
    const value = entry.value;
    try {
      const res = await this.options.send(questionId, { examId: this.options.examId, ...value, clientSeq: seq });
      entry.acked = Math.max(entry.acked, seq, res.clientSeq);
      // The server holds a newer change (another tab): our next change must go above it.
      if (res.clientSeq > entry.seq) entry.seq = res.clientSeq;
      if (entry.failedSeq !== null && entry.failedSeq <= seq) {
        entry.failedSeq = null;
        entry.failure = null;
      }
      entry.retries = 0;
      entry.retryAt = 0;
      entry.serverFailedAt = 0;
      this.networkTrouble = false;
      this.persist();
    } catch (error) {
      if (isClosedError(error)) {
        this.close(error);
      } else if (isTransient(error)) {
        // The server answered (5xx): this answer's trouble. Not reached: the connection's, shown as offline.
        if (error instanceof ApiError && error.status !== 0) entry.serverFailedAt = Date.now();
        else this.networkTrouble = true;
        entry.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** entry.retries) * (0.8 + Math.random() * 0.4);
        entry.retries += 1;
      } else {
        entry.failedSeq = seq;
        entry.failure = toErrorBody(error);
        this.options.onFailure?.(error);
      }
    } finally {
      entry.inFlight = false;
      this.active -= 1;
      this.pump();
    }
  }

  private close(error: ApiError): void {
    if (this.closedBy) return;
    this.closedBy = error;
    for (const e of this.entries.values()) if (e.debounce) clearTimeout(e.debounce);
    this.clearWake();
    for (const w of this.waiters) w.reject(error);
    this.waiters.clear();
    this.options.onClosed(error);
  }

  private persist(): void {
    const answers: Record<string, TStoredEntry> = {};
    for (const [id, e] of this.entries) answers[id] = { ...e.value, seq: e.seq, acked: e.acked };
    const data: TStored = { v: 1, examId: this.options.examId, answers };
    writeStorage(attemptStorageKey(this.options.attemptId), JSON.stringify(data));
  }

  private settleWaiters(): void {
    for (const w of this.waiters) {
      const busy = [...this.entries.values()].some((e) => e.inFlight || (this.isPending(e) && e.serverFailedAt < w.since));
      if (busy) continue;
      w.resolve();
      this.waiters.delete(w);
    }
  }

  private emit(): void {
    const answers: Record<string, TAnswerValue> = {};
    let pending = 0;
    let error: TErrorBody | null = null;
    const problems: Record<string, TSaveProblem> = {};
    for (const [id, e] of this.entries) {
      answers[id] = e.value;
      if (this.isPending(e)) pending += 1;
      if (e.failure && e.failedSeq === e.seq) {
        error = e.failure;
        problems[id] = { kind: "refused", error: e.failure };
      } else if (this.isPending(e) && e.serverFailedAt) problems[id] = { kind: "retrying" };
    }
    const retrying = Object.values(problems).some((p) => p.kind === "retrying");
    const state: TSyncState = error ? "error" : pending === 0 ? "saved" : !isOnline() || this.networkTrouble ? "offline" : retrying ? "retrying" : "saving";
    const prev = this.snapshot;
    const sameAnswers = Object.keys(answers).length === Object.keys(prev.answers).length && Object.entries(answers).every(([id, v]) => prev.answers[id] === v);
    const sameProblems = JSON.stringify(problems) === JSON.stringify(prev.problems);
    if (!sameAnswers || !sameProblems || prev.state !== state || prev.pending !== pending || prev.error !== error) {
      this.snapshot = { answers: sameAnswers ? prev.answers : answers, state, pending, error, problems: sameProblems ? prev.problems : problems };
      this.listeners.forEach((l) => l());
    }
    this.settleWaiters();
  }
}
