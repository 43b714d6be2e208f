// The device's encrypted journal (issue 37): nothing readable at rest, an older page's clear-text journal moved in
// (its unsent answers kept) and removed, a wipe takes the key too, and the sync sends each journalled answer once
// with the moment it was made (server time) — and takes the proctor's hold as delivered.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@web/lib/api";
import { bodyFromCode, NETWORK_ERROR } from "@web/lib/errors";
import { AnswerSync, EMPTY_ANSWER, HELD_CODE, type TAnswerValue, type TSendAnswer } from "./answer-sync";
import { AttemptJournal, LEGACY_PREFIX, memoryStore, wipeAllJournals } from "./offline-journal";

let local: Map<string, string>;
beforeEach(() => {
  local = new Map();
  const ls = {
    getItem: (k: string) => local.get(k) ?? null,
    setItem: (k: string, v: string) => local.set(k, v),
    removeItem: (k: string) => local.delete(k),
    key: (i: number) => [...local.keys()][i] ?? null,
    get length() {
      return local.size;
    },
  };
  vi.stubGlobal("window", Object.assign(new EventTarget(), { localStorage: ls }));
  vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const text = (answerText: string): TAnswerValue => ({ ...EMPTY_ANSWER, answerText });
const SECRET = "جواب سري secret answer";

describe("AttemptJournal", () => {
  it("keeps the answers encrypted under a key it cannot hand out, and reads them back", async () => {
    const store = memoryStore();
    const journal = new AttemptJournal("a1", store);
    journal.write({ v: 2, examId: "e1", answers: { q1: { value: text(SECRET), seq: 3, acked: 1, at: 1000 } } });
    await journal.flushed();
    const record = store.records.get("a1")!;
    expect(new TextDecoder().decode(record.data)).not.toContain("secret");
    expect(JSON.stringify([...new Uint8Array(record.data)])).not.toContain(JSON.stringify([...new TextEncoder().encode("secret")]).slice(1, -1));
    expect(record.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", record.key)).rejects.toThrow();
    // A new page (a reload, a restart) reads it back with the stored key.
    const again = await new AttemptJournal("a1", store).read("e1");
    expect(again?.answers.q1).toEqual({ value: text(SECRET), seq: 3, acked: 1, at: 1000 });
    // Another exam's journal under this attempt's id is not taken.
    expect(await new AttemptJournal("a1", store).read("e2")).toBeNull();
  });

  it("writes in order: the newest state is the one kept", async () => {
    const store = memoryStore();
    const journal = new AttemptJournal("a1", store);
    for (let i = 1; i <= 20; i++) journal.write({ v: 2, examId: "e1", answers: { q1: { value: text(`v${i}`), seq: i, acked: 0 } } });
    await journal.flushed();
    expect((await new AttemptJournal("a1", store).read("e1"))?.answers.q1?.seq).toBe(20);
  });

  it("moves an older page's clear-text journal in, keeping its unsent answers and the newer change per question", async () => {
    const store = memoryStore();
    local.set(`${LEGACY_PREFIX}a1`, JSON.stringify({ v: 1, examId: "e1", answers: { q1: { selectedOptionId: null, answerText: "old page", matching: null, seq: 5, acked: 2 }, q2: { selectedOptionId: "o1", answerText: null, matching: null, seq: 1, acked: 0 } } }));
    const journal = new AttemptJournal("a1", store);
    journal.write({ v: 2, examId: "e1", answers: { q2: { value: text("newer here"), seq: 4, acked: 0 } } });
    await journal.flushed();
    const data = await new AttemptJournal("a1", store).read("e1");
    expect(data?.answers.q1).toEqual({ value: text("old page"), seq: 5, acked: 2 });
    expect(data?.answers.q2?.value).toEqual(text("newer here"));
    // Gone from the clear, and kept encrypted.
    expect(local.has(`${LEGACY_PREFIX}a1`)).toBe(false);
    expect((await new AttemptJournal("a1", store).read("e1"))?.answers.q1?.seq).toBe(5);
  });

  it("a wipe takes the record and its key, and later writes are dropped; sign-out wipes every attempt and the marks", async () => {
    const store = memoryStore();
    const journal = new AttemptJournal("a1", store);
    journal.write({ v: 2, examId: "e1", answers: {} });
    await journal.wipe();
    journal.write({ v: 2, examId: "e1", answers: {} });
    await journal.flushed();
    expect(store.records.size).toBe(0);
    const other = new AttemptJournal("a2", store);
    other.write({ v: 2, examId: "e1", answers: {} });
    await other.flushed();
    local.set(`${LEGACY_PREFIX}a3`, "{}");
    local.set("qias.marks.a2", "{}");
    local.set("qias.lang", "ar");
    await wipeAllJournals(store);
    expect(store.records.size).toBe(0);
    expect([...local.keys()]).toEqual(["qias.lang"]);
  });
});

describe("AnswerSync with the journal", () => {
  it("journals every change with its server-time moment, sends each once with answeredAt, and resends the unacknowledged after a restart", async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    let online = false;
    const bodies: { q: string; seq: number; at?: string; text: string | null }[] = [];
    const send = vi.fn<TSendAnswer>(async (q, body) => {
      if (!online) throw new ApiError(0, bodyFromCode(NETWORK_ERROR.code));
      bodies.push({ q, seq: body.clientSeq, at: body.answeredAt, text: body.answerText });
      return { clientSeq: body.clientSeq };
    });
    const OFFSET = 60_000; // the server's clock is a minute ahead of the device's
    const journal = new AttemptJournal("a1", store);
    const sync = new AnswerSync({ attemptId: "a1", examId: "e1", send, onClosed: () => {}, debounceMs: 0, journal, serverNow: () => Date.now() + OFFSET });
    sync.load([], ["q1", "q2"], await journal.read("e1"));
    sync.start();
    sync.set("q1", text("one"));
    sync.set("q2", text("two"));
    const madeAt = Date.now() + OFFSET;
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.getSnapshot()).toMatchObject({ state: "offline", pending: 2 });
    sync.stop();
    await journal.flushed();

    // The browser restarts (still offline), then the connection returns.
    const journal2 = new AttemptJournal("a1", store);
    const sync2 = new AnswerSync({ attemptId: "a1", examId: "e1", send, onClosed: () => {}, debounceMs: 0, journal: journal2, serverNow: () => Date.now() + OFFSET });
    sync2.load([], ["q1", "q2"], await journal2.read("e1"));
    expect(sync2.getSnapshot()).toMatchObject({ pending: 2, answers: { q1: text("one"), q2: text("two") } });
    online = true;
    sync2.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(bodies.map((b) => b.q).sort()).toEqual(["q1", "q2"]);
    expect(bodies.every((b) => b.at === new Date(madeAt).toISOString())).toBe(true);
    expect(sync2.getSnapshot()).toMatchObject({ state: "saved", pending: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bodies).toHaveLength(2);
    sync2.stop();
    await journal2.flushed();
    // Acknowledged in the journal too: a third page sends nothing.
    const data = await new AttemptJournal("a1", store).read("e1");
    expect(Object.values(data!.answers).every((e) => e.acked === e.seq)).toBe(true);
  });

  it("takes ANSWER_HELD_FOR_PROCTOR as delivered: counted as held, never sent again", async () => {
    vi.useFakeTimers();
    const send = vi.fn<TSendAnswer>(async () => {
      throw new ApiError(409, { ...bodyFromCode("CONFLICT"), code: HELD_CODE });
    });
    const sync = new AnswerSync({ attemptId: "a1", examId: "e1", send, onClosed: () => {}, debounceMs: 0 });
    sync.load([], ["q1"]);
    sync.start();
    sync.set("q1", text("late"));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(sync.getSnapshot()).toMatchObject({ state: "saved", pending: 0, held: 1, problems: {} });
    let flushed = false;
    void sync.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    sync.stop();
  });

  it("keeps the whole answer value, fields it does not know included", async () => {
    const store = memoryStore();
    const journal = new AttemptJournal("a1", store);
    const sync = new AnswerSync({ attemptId: "a1", examId: "e1", send: async (_q, b) => ({ clientSeq: b.clientSeq }), onClosed: () => {}, debounceMs: 0, journal });
    sync.load([], ["q1"]);
    const value: TAnswerValue = { ...EMPTY_ANSWER, response: { type: "ordering", order: ["c", "a", "b"] } };
    sync.set("q1", value);
    await journal.flushed();
    const data = await new AttemptJournal("a1", store).read("e1");
    expect(data?.answers.q1?.value).toEqual(value);
  });
});
