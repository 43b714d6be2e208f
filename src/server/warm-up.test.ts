import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { createHarness, type THarness } from "./test/harness";
import { sessions, studentAnswers, studentExams } from "./db/schema";
import { warmUp } from "./warm-up";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

it("the warm-up before listening writes nothing and leaves the server answering", async () => {
  const rows = async () => Promise.all([sessions, studentAnswers, studentExams].map(async (t) => (await h.db.select({ n: count() }).from(t))[0]!.n));
  const before = await rows();
  await warmUp(h.app, 40, 4);
  expect(await rows()).toEqual(before);
  expect((await h.request({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  // The private port is closed again, and the server still listens where it is told to.
  expect(h.app.server.listening).toBe(false);
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = h.app.server.address() as AddressInfo;
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});

it("without a loopback port of its own (here: the server already listens) it warms through inject, and the server keeps listening", async () => {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: "127.0.0.1" });
  await warmUp(h.app, 10, 2);
  expect(h.app.server.listening).toBe(true);
  const { port } = h.app.server.address() as AddressInfo;
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});
