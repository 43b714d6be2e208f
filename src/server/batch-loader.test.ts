import { describe, expect, it } from "vitest";
import { batchLoader, batchWriter } from "./batch-loader";

describe("batchLoader", () => {
  it("sends the first key at once and the keys that arrive meanwhile together, each answered for itself", async () => {
    const calls: string[][] = [];
    const load = batchLoader(async (keys) => {
      calls.push(keys);
      await new Promise((r) => setTimeout(r, 5));
      return new Map(keys.filter((k) => k !== "missing").map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(["a", "b", "c", "b", "missing"].map((k) => load(k)));
    expect(answers).toEqual(["A", "B", "C", "B", undefined]);
    expect(calls).toEqual([["a"], ["b", "c", "missing"]]);
  });

  it("splits a long queue into batches of at most maxBatch keys", async () => {
    const sizes: number[] = [];
    const load = batchLoader(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, Number(k)]));
    }, 4);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => load(String(i))));
    expect(answers).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(sizes).toEqual([1, 4, 4, 1]);
  });

  it("fails every key of a failed query, and goes on with the keys after it", async () => {
    let call = 0;
    const load = batchLoader(async (keys) => {
      call++;
      await new Promise((r) => setTimeout(r, 5));
      if (call === 2) throw new Error("database gone");
      return new Map(keys.map((k) => [k, k]));
    });
    const first = load("a");
    const failed = [load("b"), load("c")];
    await first;
    const later = load("d");
    expect(await Promise.allSettled(failed)).toEqual([expect.objectContaining({ status: "rejected" }), expect.objectContaining({ status: "rejected" })]);
    expect(await later).toBe("d");
  });
});

describe("batchWriter", () => {
  it("writes what arrives meanwhile together; a batch refused as a whole is written one by one, the refused one failing with its own error", async () => {
    const calls: string[][] = [];
    const write = batchWriter(async (items: string[]) => {
      calls.push(items);
      await new Promise((r) => setTimeout(r, 5));
      if (items.includes("bad")) throw new Error(`refused: ${items.join(",")}`);
      return new Map(items.map((i) => [i, i.toUpperCase()]));
    });
    const outcomes = await Promise.allSettled(["a", "b", "bad", "c", "b"].map((k) => write(k, k)));
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : String(o.reason)))).toEqual(["A", "B", "Error: refused: bad", "C", "B"]);
    // "a" alone; the rest together (the double "b" once), refused; then each alone.
    expect(calls).toEqual([["a"], ["b", "bad", "c"], ["b"], ["bad"], ["c"]]);
  });

  it("a write refused alone rejects with the error; a key it does not answer for resolves as undefined", async () => {
    const write = batchWriter(async (items: string[]) => {
      if (items[0] === "x") throw new Error("gone");
      return new Map<string, string>();
    });
    await expect(write("x", "x")).rejects.toThrow("gone");
    expect(await write("y", "y")).toBeUndefined();
  });
});
