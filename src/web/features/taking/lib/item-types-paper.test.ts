// The item types of issue 36 on the paper: when a question counts as answered or partly answered, the order the
// ordering list shows, and that a response goes through the answer journal and comes back on reload.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TPaperInteraction } from "@shared/item-types";
import { currentOrder, move } from "@web/components/interactions/ordering";
import { AttemptJournal, memoryStore } from "./offline-journal";
import { AnswerSync, EMPTY_ANSWER, type TSendAnswer } from "./answer-sync";
import { isAnswered, isPartlyAnswered, type TPaperQuestion } from "./answers";

const question = (interaction: TPaperInteraction) => ({ id: "q1", type: interaction.type, options: [], premises: [], responses: [], interaction }) as unknown as TPaperQuestion;
const entries = (...ids: string[]) => ids.map((id) => ({ id, textAr: id, textEn: id }));
const mr = question({ type: "multiple_response", scoring: "partial", choices: entries("a", "b", "c") });
const num = question({ type: "numeric", unitAr: "سم", unitEn: "cm" });
const ord = question({ type: "ordering", items: entries("c", "a", "b") });

describe("answered on the paper", () => {
  it("multiple response: one tick answers it", () => {
    expect(isAnswered(mr, { ...EMPTY_ANSWER, response: { type: "multiple_response", chosen: [] } })).toBe(false);
    expect(isAnswered(mr, { ...EMPTY_ANSWER, response: { type: "multiple_response", chosen: ["b"] } })).toBe(true);
    expect(isAnswered(mr, undefined)).toBe(false);
  });
  it("numeric: Arabic and Latin digits answer it; what is no number is only partly answered", () => {
    for (const value of ["3.5", "٣٫٥", "-2"]) expect(isAnswered(num, { ...EMPTY_ANSWER, response: { type: "numeric", value } }), value).toBe(true);
    const bad = { ...EMPTY_ANSWER, response: { type: "numeric" as const, value: "3.5 cm" } };
    expect(isAnswered(num, bad)).toBe(false);
    expect(isPartlyAnswered(num, bad)).toBe(true);
    expect(isPartlyAnswered(num, { ...EMPTY_ANSWER, response: { type: "numeric", value: " " } })).toBe(false);
    expect(isAnswered(num, { ...EMPTY_ANSWER, response: { type: "numeric", value: " " } })).toBe(false);
  });
  it("ordering: answered once an order is given; a response of another type is none", () => {
    expect(isAnswered(ord, { ...EMPTY_ANSWER, response: { type: "ordering", order: ["a", "b", "c"] } })).toBe(true);
    expect(isAnswered(ord, { ...EMPTY_ANSWER, answerText: "a b c" })).toBe(false);
  });
});

describe("the ordering list", () => {
  const items = entries("c", "a", "b");
  it("shows the response's order only when it is a whole arrangement of the items", () => {
    expect(currentOrder(items, { type: "ordering", order: ["a", "b", "c"] }).map((i) => i.id)).toEqual(["a", "b", "c"]);
    expect(currentOrder(items, { type: "ordering", order: ["a", "b"] }).map((i) => i.id)).toEqual(["c", "a", "b"]);
    expect(currentOrder(items, { type: "ordering", order: ["a", "a", "b"] }).map((i) => i.id)).toEqual(["c", "a", "b"]);
    expect(currentOrder(items, null).map((i) => i.id)).toEqual(["c", "a", "b"]);
  });
  it("moves an item to a place, within bounds", () => {
    expect(move(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(move(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(move(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
  });
});

describe("the answer journal carries a response", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    const store = new Map<string, string>();
    vi.stubGlobal("window", Object.assign(new EventTarget(), { localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) } }));
    vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends it, keeps it on the device, and reads it back from the device and from the server", async () => {
    const bodies: unknown[] = [];
    const offline: TSendAnswer = async () => {
      throw new Error("offline");
    };
    // The device's journal (lib/offline-journal.ts, encrypted), in memory here as in its own tests.
    const store = memoryStore();
    const journal = new AttemptJournal("a1", store);
    const sync = new AnswerSync({ attemptId: "a1", examId: "e1", send: offline, onClosed: () => {}, debounceMs: 0, journal });
    sync.load([], ["q1", "q2"]);
    const response = { type: "numeric" as const, value: "٣٫٥" };
    sync.set("q1", { ...EMPTY_ANSWER, response });
    sync.stop();
    await journal.flushed();
    // A reload: the device's unsent response comes back and is sent.
    const send: TSendAnswer = async (_q, body) => {
      bodies.push(body);
      return { clientSeq: body.clientSeq };
    };
    const again = new AnswerSync({ attemptId: "a1", examId: "e1", send, onClosed: () => {}, debounceMs: 0 });
    again.load([{ questionId: "q2", selectedOptionId: null, answerText: null, matching: null, response: { type: "ordering", order: ["b", "a"] }, clientSeq: 3 }], ["q1", "q2"], await new AttemptJournal("a1", store).read("e1"));
    expect(again.getSnapshot().answers.q1?.response).toEqual(response);
    expect(again.getSnapshot().answers.q2?.response).toEqual({ type: "ordering", order: ["b", "a"] });
    again.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toEqual([expect.objectContaining({ examId: "e1", response, clientSeq: 1 })]);
    again.stop();
  });
});
