// The reliability job keeps its claim alive while its figures wait for a thread (decision 0067): jobs.ts lets another
// process take a claim with no sign of life for two minutes, and an exam morning can keep the thread waiting longer.
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepingClaim } from "./psychometrics.service";

afterEach(() => {
  vi.useRealTimers();
});

describe("keepingClaim", () => {
  it("reports progress every 30 s while the work waits, and stops when it ends, however it ends", async () => {
    vi.useFakeTimers();
    const progress = vi.fn(async () => {});
    let finish!: (v: number) => void;
    const done = keepingClaim({ progress }, () => new Promise<number>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(progress).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(progress).toHaveBeenCalledWith({ done: 0, failed: 0, total: 1 });
    await vi.advanceTimersByTimeAsync(150_000);
    expect(progress).toHaveBeenCalledTimes(6);
    finish(7);
    await expect(done).resolves.toBe(7);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(progress).toHaveBeenCalledTimes(6);

    // A failed work stops the reports too, and a failed report does not fail the work.
    const failing = vi.fn(async () => {
      throw new Error("database gone");
    });
    let fail!: (e: Error) => void;
    const failed = keepingClaim({ progress: failing }, () => new Promise<number>((_, reject) => (fail = reject)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing).toHaveBeenCalledTimes(2);
    fail(new Error("thread busy"));
    await expect(failed).rejects.toThrow("thread busy");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("without a job (the page's own working out) just does the work", async () => {
    await expect(keepingClaim(undefined, async () => "figures")).resolves.toBe("figures");
  });
});
