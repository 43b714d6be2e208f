// The journal flush (issue 37, decision 0056): when the device holds more than one unsaved answer — it was offline —
// it sends them in one request (the batch route), and settles each by the server's answer for it; one change at a
// time, the student answering live, keeps the single save.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@web/lib/api";
import { bodyFromCode, NETWORK_ERROR } from "@web/lib/errors";
import { AnswerSync, EMPTY_ANSWER, type TSendAnswer, type TSendBatch } from "./answer-sync";

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const text = (answerText: string) => ({ ...EMPTY_ANSWER, answerText });
const AT = Date.parse("2026-01-01T09:00:00Z");

/** A device back online with three answers made offline (its journal), none acknowledged. */
function comeBack(send: TSendAnswer, sendBatch: TSendBatch) {
  const closed = vi.fn();
  const sync = new AnswerSync({ attemptId: "a1", examId: "e1", send, sendBatch, onClosed: closed, debounceMs: 0 });
  sync.load([], ["q1", "q2", "q3"], {
    v: 2,
    examId: "e1",
    answers: { q1: { value: text("one"), seq: 2, acked: 0, at: AT }, q2: { value: text("two"), seq: 1, acked: 0, at: AT + 1 }, q3: { value: text("three"), seq: 3, acked: 1, at: AT + 2 } },
  });
  sync.start();
  return { sync, closed };
}

describe("AnswerSync's journal flush", () => {
  it("sends the journal in one request and settles each answer by its outcome", async () => {
    const send = vi.fn<TSendAnswer>(async (_q, body) => ({ clientSeq: body.clientSeq }));
    const sendBatch = vi.fn<TSendBatch>(async (entries) => ({
      results: [
        { questionId: entries[0]!.questionId, outcome: "stored", savedAt: "", clientSeq: entries[0]!.clientSeq },
        { questionId: entries[1]!.questionId, outcome: "held" },
        { questionId: entries[2]!.questionId, outcome: "refused", code: "TEXT_INVALID_CHARACTERS" },
      ],
    }));
    const { sync, closed } = comeBack(send, sendBatch);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect(sendBatch.mock.calls[0]![0]).toEqual([
      { questionId: "q1", ...text("one"), response: null, clientSeq: 2, answeredAt: new Date(AT).toISOString() },
      { questionId: "q2", ...text("two"), response: null, clientSeq: 1, answeredAt: new Date(AT + 1).toISOString() },
      { questionId: "q3", ...text("three"), response: null, clientSeq: 3, answeredAt: new Date(AT + 2).toISOString() },
    ]);
    // Stored and held are settled (never sent again); the refused one is shown on its question.
    expect(sync.getSnapshot()).toMatchObject({ pending: 0, held: 1, state: "error", problems: { q3: { kind: "refused", error: { code: "TEXT_INVALID_CHARACTERS" } } } });
    expect(closed).not.toHaveBeenCalled();
    // One change, the student answering live: the single save.
    sync.set("q3", text("fixed"));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBe("q3");
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect(sync.getSnapshot()).toMatchObject({ pending: 0, state: "saved" });
    sync.stop();
  });

  it("a journal that did not get through is sent again whole, with the same clientSeqs (the server stores each once)", async () => {
    let fail = true;
    const sendBatch = vi.fn<TSendBatch>(async (entries) => {
      if (fail) throw new ApiError(0, bodyFromCode(NETWORK_ERROR.code));
      return { results: entries.map((e) => ({ questionId: e.questionId, outcome: "stored" as const, savedAt: "", clientSeq: e.clientSeq })) };
    });
    const { sync } = comeBack(vi.fn<TSendAnswer>(), sendBatch);
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.getSnapshot()).toMatchObject({ pending: 3, state: "offline" });
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sendBatch).toHaveBeenCalledTimes(2);
    expect(sendBatch.mock.calls[1]![0].map((e) => [e.questionId, e.clientSeq])).toEqual(sendBatch.mock.calls[0]![0].map((e) => [e.questionId, e.clientSeq]));
    expect(sync.getSnapshot()).toMatchObject({ pending: 0, state: "saved" });
    sync.stop();
  });

  it("an entry refused because the time is up closes the attempt, as the single save does", async () => {
    const sendBatch = vi.fn<TSendBatch>(async (entries) => ({ results: entries.map((e) => ({ questionId: e.questionId, outcome: "refused" as const, code: "TIME_UP" })) }));
    const { closed } = comeBack(vi.fn<TSendAnswer>(), sendBatch);
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(closed.mock.calls[0]![0]).toMatchObject({ code: "TIME_UP", status: 409, body: bodyFromCode("TIME_UP") });
  });
});
