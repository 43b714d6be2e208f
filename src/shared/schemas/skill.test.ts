import { describe, expect, it } from "vitest";
import { skillStatus } from "./skill";

describe("skillStatus (the catalogue's status column)", () => {
  it("says a skill is in use only when a question or a file carries it", () => {
    expect(skillStatus({ retired: false, questionCount: 0, fileCount: 0 })).toBe("unused");
    expect(skillStatus({ retired: false, questionCount: 3, fileCount: 0 })).toBe("inUse");
    expect(skillStatus({ retired: false, questionCount: 0, fileCount: 1 })).toBe("inUse");
  });

  it("says retired whatever still carries it", () => {
    expect(skillStatus({ retired: true, questionCount: 5, fileCount: 2 })).toBe("retired");
    expect(skillStatus({ retired: true, questionCount: 0, fileCount: 0 })).toBe("retired");
  });
});
