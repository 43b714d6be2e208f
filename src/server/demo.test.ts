// The demo loads in one go, is not loaded twice, and its submitted attempts are real: marked, with essays
// waiting in a teacher's grading queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "./test/harness";
import { DEMO_PASSWORD, seedDemo, seedDemoAttempts } from "./demo-data";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe("npm run demo", () => {
  it("loads schools, accounts, exams and submitted attempts once", async () => {
    const accounts = await seedDemo(h.db);
    expect(accounts?.filter((a) => a.role === "student")).toHaveLength(60);
    const attempts = await seedDemoAttempts(h.db);
    expect(attempts).toBeGreaterThan(0);
    expect(await seedDemo(h.db)).toBeNull();
    expect(await seedDemoAttempts(h.db)).toBe(0);
  }, 120_000);

  it("gives a teacher results to read and essays to grade, and leaves student01 with exams to take", async () => {
    const teacher = await h.signIn("teacher1.dubai@demo.qias.ae", DEMO_PASSWORD, "school");
    const results = await h.request({ method: "GET", url: "/api/results", cookie: teacher });
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().items.length).toBeGreaterThan(0);
    let waiting = 0;
    for (const n of [1, 2, 3]) {
      const cookie = await h.signIn(`teacher${n}.dubai@demo.qias.ae`, DEMO_PASSWORD, "school");
      const queue = await h.request({ method: "GET", url: "/api/grading/queue", cookie });
      expect(queue.statusCode, queue.body).toBe(200);
      waiting += queue.json().items.length;
    }
    expect(waiting).toBeGreaterThan(0);
    const student = await h.signIn("student01.dubai@demo.qias.ae", DEMO_PASSWORD, "student");
    const overview = await h.request({ method: "GET", url: "/api/student/overview", cookie: student });
    expect(overview.json().available.length).toBeGreaterThan(0);
    expect(overview.json().completed).toHaveLength(0);
  });
});
