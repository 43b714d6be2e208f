// The answer sync's promises under a failing server (issue 13, item 5): one answer the server keeps failing on
// never holds back the others nor the submit; an answer the server refuses is not retried and is named.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bodyFromCode, NETWORK_ERROR } from "@web/lib/errors";
import { ApiError } from "@web/lib/api";
import { AnswerSync, EMPTY_ANSWER, type TSendAnswer } from "./answer-sync";

// The browser globals the sync listens to, in Node.
beforeEach(() => {
  vi.useFakeTimers();
  const store = new Map<string, string>();
  const target = new EventTarget();
  vi.stubGlobal("window", Object.assign(target, { localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) } }));
  vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const serverError = () => new ApiError(500, bodyFromCode("INTERNAL"));
const text = (answerText: string) => ({ ...EMPTY_ANSWER, answerText });

function makeSync(send: TSendAnswer) {
  const sync = new AnswerSync({ attemptId: "a1", examId: "e1", send, onClosed: () => {}, debounceMs: 0 });
  sync.load([], ["q1", "q2", "q3"]);
  sync.start();
  return sync;
}

describe("AnswerSync", () => {
  it("keeps saving the other answers while the server keeps failing on one", async () => {
    const calls: string[] = [];
    const send = vi.fn<TSendAnswer>(async (questionId, body) => {
      calls.push(questionId);
      if (questionId === "q1") throw serverError();
      return { clientSeq: body.clientSeq };
    });
    const sync = makeSync(send);
    sync.set("q1", text("one"));
    await vi.advanceTimersByTimeAsync(0);
    // q1 is now in its own backoff; answers changed after it still go out at once, again and again.
    for (let i = 0; i < 5; i++) {
      sync.set("q2", text(`two ${i}`));
      await vi.advanceTimersByTimeAsync(10);
      expect(calls.at(-1)).toBe("q2");
    }
    const snap = sync.getSnapshot();
    expect(snap.problems).toEqual({ q1: { kind: "retrying" } });
    expect(snap.state).toBe("retrying");
    expect(snap.pending).toBe(1);
    // q1 is still tried again, with a growing backoff.
    const q1Before = calls.filter((c) => c === "q1").length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.filter((c) => c === "q1").length).toBeGreaterThan(q1Before);
    sync.stop();
  });

  it("lets the submit go ahead when the server fails on an answer again after the flush began", async () => {
    const send = vi.fn<TSendAnswer>(async (questionId, body) => {
      if (questionId === "q1") throw serverError();
      return { clientSeq: body.clientSeq };
    });
    const sync = makeSync(send);
    sync.set("q1", text("one"));
    sync.set("q2", text("two"));
    await vi.advanceTimersByTimeAsync(0);
    let flushed = false;
    void sync.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    // Tried once more by the flush, at once rather than after its backoff.
    expect(send.mock.calls.filter(([q]) => q === "q1").length).toBe(2);
    sync.stop();
  });

  it("still waits for the connection: the flush does not give up on answers that could not be sent at all", async () => {
    let online = false;
    const send = vi.fn<TSendAnswer>(async (_q, body) => {
      if (!online) throw new ApiError(0, bodyFromCode(NETWORK_ERROR.code));
      return { clientSeq: body.clientSeq };
    });
    const sync = makeSync(send);
    sync.set("q1", text("one"));
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.getSnapshot().state).toBe("offline");
    let flushed = false;
    void sync.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(flushed).toBe(false);
    online = true;
    await vi.advanceTimersByTimeAsync(40_000);
    expect(flushed).toBe(true);
    expect(sync.getSnapshot().state).toBe("saved");
    sync.stop();
  });

  it("does not retry an answer the server refuses, names it, and sends it again once it is changed", async () => {
    const send = vi.fn<TSendAnswer>(async (_q, body) => {
      if (body.answerText?.includes("\u0000")) throw new ApiError(400, bodyFromCode("TEXT_INVALID_CHARACTERS"));
      return { clientSeq: body.clientSeq };
    });
    const sync = makeSync(send);
    sync.set("q3", text("bad\u0000"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    const snap = sync.getSnapshot();
    expect(snap.state).toBe("error");
    expect(snap.problems.q3).toMatchObject({ kind: "refused", error: { code: "TEXT_INVALID_CHARACTERS" } });
    // A refused answer does not hold back the submit either.
    let flushed = false;
    void sync.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    sync.set("q3", text("good"));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sync.getSnapshot()).toMatchObject({ state: "saved", problems: {} });
    sync.stop();
  });
});
