// Answers are never lost (issue 7): every change is written to the device's journal at once (encrypted in
// IndexedDB, lib/offline-journal.ts, issue 37), with a per-question
// clientSeq that grows on every change, and sent to the server in the background — one request per question at
// a time, always its newest value, questions in the order they were changed. Network failures and 5xx are
// retried with a backoff of each answer's own, so one answer the server keeps failing never holds back the
// others (issue 13); an answer the server refuses (4xx) is not retried but shown on its question until it is
// changed. Nothing is sent while the browser says it is offline, and everything resumes on the 'online' event. The server keeps an answer only if its clientSeq is not older than the stored one, so a
// resend is harmless. On reload the server's answers and the device's are merged: the higher clientSeq wins,
// and local answers the server has not acknowledged are sent again.
import type { TErrorBody } from "@shared/errors";
import { MAX_BATCH_ANSWERS, type TAnswerBatchResult, type TSavedAnswer } from "@shared/schemas/attempt";
import { ERRORS, isErrorCode } from "@shared/errors";
import type { TResponse } from "@shared/item-types";
import { ApiError } from "@web/lib/api";
import { bodyFromCode, toErrorBody } from "@web/lib/errors";
import { writeStorage } from "@web/lib/storage";
import { reviewMarksKey } from "./review-marks";
import { wipeJournal, type TJournalData } from "./offline-journal";

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

/** The server's 409 for an answer that arrived after the deadline and its grace (issue 37): it is kept for the
 *  proctor to accept or not, so it is delivered — never sent again. */
export const HELD_CODE = "ANSWER_HELD_FOR_PROCTOR";

export type TSyncSnapshot = {
  answers: Readonly<Record<string, TAnswerValue>>;
  state: TSyncState;
  /** Changes not yet acknowledged by the server (those that failed for good excluded). */
  pending: number;
  /** The latest non-retryable failure, while some answer is in that state. */
  error: TErrorBody | null;
  /** Per question, an answer the server refused or keeps failing on. */
  problems: Readonly<Record<string, TSaveProblem>>;
  /** Answers the server kept for the proctor's decision (arrived after the deadline and its grace). */
  held: number;
};

/** `answeredAt`: when the student made the change, by the server's clock (the server's grace after the deadline
 *  is for answers made before it, issue 37). */
export type TSendAnswer = (questionId: string, body: TAnswerValue & { examId: string; clientSeq: number; answeredAt?: string }) => Promise<{ clientSeq: number }>;

/** The device's journal for the attempt in one request (POST …/answers/batch, decision 0056): each entry answered
 *  stored, held or refused. */
export type TSendBatch = (entries: (TAnswerValue & { questionId: string; clientSeq: number; answeredAt?: string })[]) => Promise<TAnswerBatchResult>;

/** Where the journal goes: lib/offline-journal.ts's AttemptJournal, or nothing (tests). */
export type TJournalWriter = { write(data: TJournalData<TAnswerValue>): void };

type TEntry = {
  value: TAnswerValue;
  /** Increases on every change made on this device. */
  seq: number;
  /** The highest clientSeq the server has acknowledged. */
  acked: number;
  /** When the student made the newest change, server time (ms); 0 for an answer from the server. */
  at: number;
  /** The server kept this answer's newest change for the proctor (HELD_CODE). */
  held: boolean;
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

const MAX_PARALLEL = 3;
/** A journal request stays well below the server's body limit (1 MB by default): a long essay is 20,000 characters. */
const MAX_BATCH_BYTES = 256 * 1024;
const MAX_BACKOFF_MS = 30_000;
const BASE_BACKOFF_MS = 1_000;

/** Wipes what the device holds of an attempt: its journal (with its key) and the student's review marks. */
export async function clearStoredAttempt(attemptId: string): Promise<void> {
  writeStorage(reviewMarksKey(attemptId), null);
  await wipeJournal(attemptId);
}

/** The stored value, whatever its fields (other item types add theirs); the three known ones always present. */
function storedValue(v: unknown): TAnswerValue {
  const o = (typeof v === "object" && v !== null ? v : {}) as Partial<TAnswerValue>;
  return { ...o, selectedOptionId: o.selectedOptionId ?? null, answerText: o.answerText ?? null, matching: o.matching ?? null, response: o.response ?? null };
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
  private snapshot: TSyncSnapshot = { answers: {}, state: "saved", pending: 0, error: null, problems: {}, held: 0 };
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
      /** Sends what the device holds for the attempt in one request when more than one answer waits (the network came
       *  back): after the deadline the server settles them in one transaction instead of one each. */
      sendBatch?: TSendBatch;
      /** The server closed the attempt; called once. */
      onClosed: (error: ApiError) => void;
      /** A save failed for good (shown by the status; a toast may say it too). */
      onFailure?: (error: unknown) => void;
      debounceMs: number;
      /** Keeps every change on the device (lib/offline-journal.ts). */
      journal?: TJournalWriter;
      /** Now by the server's clock (ms): the device's clock plus the offset the page keeps. */
      serverNow?: () => number;
    },
  ) {}

  /** Merges the server's answers with this device's journal (read before); only questions of the paper are kept. */
  load(server: readonly TSavedAnswer[], questionIds: readonly string[], journal: TJournalData | null = null): void {
    const known = new Set(questionIds);
    const stored = journal?.examId === this.options.examId ? journal.answers : {};
    const fromServer = new Map(server.map((a) => [a.questionId, a]));
    for (const id of questionIds) {
      const s = fromServer.get(id);
      const l = stored[id];
      const serverSeq = s ? s.clientSeq : 0;
      let entry: TEntry | null = null;
      if (l && Number.isInteger(l.seq) && (!s || l.seq > s.clientSeq)) {
        // This device has a newer change than the server: keep it, and send it (again).
        entry = this.newEntry(storedValue(l.value), l.seq, Math.min(l.seq, Math.max(serverSeq, Number.isInteger(l.acked) ? l.acked : 0)));
        entry.at = typeof l.at === "number" ? l.at : 0;
      } else if (s) {
        const { questionId: _id, clientSeq: _seq, ...value } = s;
        entry = this.newEntry(storedValue(value), s.clientSeq, s.clientSeq);
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
    return { value, seq, acked, at: 0, held: false, order: 0, inFlight: false, debounce: null, failedSeq: null, failure: null, retries: 0, retryAt: 0, serverFailedAt: 0 };
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
    entry.at = this.now();
    entry.held = false;
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

  private now(): number {
    return this.options.serverNow ? this.options.serverNow() : Date.now();
  }

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
    // More than one waiting (the device was offline): the journal in one request. One change at a time — the
    // student answering live — keeps the single save.
    if (this.options.sendBatch && due.length > 1 && this.active < MAX_PARALLEL) {
      void this.sendBatch(due.map(([id]) => id));
      due.length = 0;
    }
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
      const answeredAt = entry.at ? { answeredAt: new Date(entry.at).toISOString() } : {};
      const res = await this.options.send(questionId, { examId: this.options.examId, ...value, clientSeq: seq, ...answeredAt });
      this.saved(entry, seq, res.clientSeq);
    } catch (error) {
      this.failed(entry, seq, error);
    } finally {
      entry.inFlight = false;
      this.active -= 1;
      this.pump();
    }
  }

  /** The journal in one request (at most MAX_BATCH_ANSWERS entries and MAX_BATCH_BYTES): each answer settled as a single save would be. */
  private async sendBatch(ids: string[]): Promise<void> {
    const taken: { id: string; entry: TEntry; seq: number }[] = [];
    const body: Parameters<TSendBatch>[0] = [];
    let bytes = 0;
    for (const id of ids) {
      const entry = this.entries.get(id)!;
      const item = { questionId: id, ...entry.value, clientSeq: entry.seq, ...(entry.at ? { answeredAt: new Date(entry.at).toISOString() } : {}) };
      const size = JSON.stringify(item).length * 3;
      if (body.length && (body.length >= MAX_BATCH_ANSWERS || bytes + size > MAX_BATCH_BYTES)) break;
      bytes += size;
      body.push(item);
      taken.push({ id, entry, seq: entry.seq });
      entry.inFlight = true;
    }
    this.active += 1;
    try {
      const { results } = await this.options.sendBatch!(body);
      const byId = new Map(results.map((r) => [r.questionId, r]));
      for (const { id, entry, seq } of taken) {
        const r = byId.get(id);
        if (!r) this.failed(entry, seq, new ApiError(500, bodyFromCode("INTERNAL")));
        else if (r.outcome === "stored") this.saved(entry, seq, r.clientSeq);
        else if (r.outcome === "held") this.failed(entry, seq, new ApiError(409, bodyFromCode(HELD_CODE)));
        else this.failed(entry, seq, new ApiError(isErrorCode(r.code) ? ERRORS[r.code].status : 400, bodyFromCode(r.code)));
      }
    } catch (error) {
      for (const { entry, seq } of taken) this.failed(entry, seq, error);
      // The request failed, not each answer: they are tried again together, not one by one as their jitter falls.
      const again = Math.max(...taken.map((t) => t.entry.retryAt));
      for (const { entry } of taken) if (entry.retryAt) entry.retryAt = again;
    } finally {
      for (const { entry } of taken) entry.inFlight = false;
      this.active -= 1;
      this.pump();
    }
  }

  /** The server acknowledged change `seq` of this answer (it holds `clientSeq`, perhaps a newer one from another tab). */
  private saved(entry: TEntry, seq: number, clientSeq: number): void {
    entry.acked = Math.max(entry.acked, seq, clientSeq);
    // The server holds a newer change (another tab): our next change must go above it.
    if (clientSeq > entry.seq) entry.seq = clientSeq;
    if (entry.failedSeq !== null && entry.failedSeq <= seq) {
      entry.failedSeq = null;
      entry.failure = null;
    }
    entry.retries = 0;
    entry.retryAt = 0;
    entry.serverFailedAt = 0;
    this.networkTrouble = false;
    this.persist();
  }

  /** Change `seq` of this answer was not stored: kept for the proctor, the attempt closed, to try again, or refused. */
  private failed(entry: TEntry, seq: number, error: unknown): void {
    if (error instanceof ApiError && error.code === HELD_CODE) {
      // Delivered, and kept for the proctor: never sent again (a newer change is sent, and held in turn).
      entry.acked = Math.max(entry.acked, seq);
      entry.held = entry.seq === seq;
      entry.retries = 0;
      entry.retryAt = 0;
      entry.serverFailedAt = 0;
      this.networkTrouble = false;
      this.persist();
    } else if (isClosedError(error)) {
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
    if (!this.options.journal) return;
    const answers: TJournalData<TAnswerValue>["answers"] = {};
    for (const [id, e] of this.entries) answers[id] = { value: e.value, seq: e.seq, acked: e.acked, ...(e.at ? { at: e.at } : {}) };
    this.options.journal.write({ v: 2, examId: this.options.examId, answers });
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
    let held = 0;
    let error: TErrorBody | null = null;
    const problems: Record<string, TSaveProblem> = {};
    for (const [id, e] of this.entries) {
      answers[id] = e.value;
      if (this.isPending(e)) pending += 1;
      if (e.held) held += 1;
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
    if (!sameAnswers || !sameProblems || prev.state !== state || prev.pending !== pending || prev.error !== error || prev.held !== held) {
      this.snapshot = { answers: sameAnswers ? prev.answers : answers, state, pending, error, problems: sameProblems ? prev.problems : problems, held };
      this.listeners.forEach((l) => l());
    }
    this.settleWaiters();
  }
}
