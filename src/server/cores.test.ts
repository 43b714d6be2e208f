// The cores WORKERS' default and the password threads count on (issue 17).
import { describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { availableCores, coresUnderQuota } from "./cores";

describe("available cores", () => {
  it("are the machine's, or fewer under a container's CPU quota (rounded up, at least one)", () => {
    expect(coresUnderQuota(16, "200000 100000\n")).toBe(2);
    expect(coresUnderQuota(16, "150000 100000")).toBe(2);
    expect(coresUnderQuota(16, "20000 100000")).toBe(1);
    expect(coresUnderQuota(2, "800000 100000")).toBe(2);
    // No quota, cgroup v1's "none", nothing to read, or nonsense: the machine's.
    for (const none of ["max 100000", "-1 100000", null, "", "abc def"]) expect(coresUnderQuota(16, none)).toBe(16);
    expect(availableCores()).toBeGreaterThanOrEqual(1);
    expect(availableCores()).toBeLessThanOrEqual(availableParallelism());
  });
});
