// Notices between processes (issue 17), on PostgreSQL: delivered to every listener, the sender waiting for its
// own to come back; a lost listening connection makes a process forget what it remembered and stop remembering
// sessions until it listens again.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { noticesOf } from "./client";
import { openNotices, type TNotices } from "./notices";
import { createSession, findSessionUser, sessionQueries } from "../auth/auth.service";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) console.log("notices.test.ts: skipped — notices between processes are PostgreSQL's LISTEN/NOTIFY (set DATABASE_URL); the embedded database has one process");

async function waitFor(check: () => boolean, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!onPostgres)("notices over LISTEN/NOTIFY", () => {
  let h: THarness;
  let other: TNotices;
  beforeAll(async () => {
    h = await createHarness();
    other = openNotices(h.databaseUrl!, async () => {});
  });
  afterAll(async () => {
    await other?.close();
    await h?.close();
  });

  it("reach every listener, and the sender waits until its own has come back", async () => {
    const mine = noticesOf(h.db)!;
    const heard: string[] = [];
    const heardHere: string[] = [];
    other.on("qias_test", (p) => heard.push(p), () => heard.push("lost"));
    mine.on("qias_test", (p) => heardHere.push(p), () => heardHere.push("lost"));
    await waitFor(() => mine.live && other.live, 10_000, "both to listen");
    await mine.send("qias_test", "hello");
    // By the time send returns, this process has its own notice back.
    expect(heardHere).toEqual(["hello"]);
    await waitFor(() => heard.length > 0, 5_000, "the other listener");
    expect(heard).toEqual(["hello"]);
    await expect(mine.send("Not A Channel; drop table x", "x")).resolves.toBeUndefined();
    expect(() => mine.on("Not A Channel", () => {}, () => {})).toThrow(/lower-case/);
  });

  it("a lost listening connection: sessions are forgotten and not remembered until it listens again", async () => {
    const mine = noticesOf(h.db)!;
    const lost: number[] = [];
    mine.on("qias_test_lost", () => {}, () => lost.push(Date.now()));
    await waitFor(() => mine.live, 10_000, "listening");
    const u = await h.makeUser("student");
    const { token } = await createSession(h.db, u.id, { ip: "127.0.0.1" });
    await findSessionUser(h.db, token);
    let before = sessionQueries.count;
    await findSessionUser(h.db, token);
    expect(sessionQueries.count).toBe(before); // remembered while listening

    // The database ends the listening connection (a restart, a failover, an administrator).
    await h.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
    await waitFor(() => !mine.live, 5_000, "the loss to be noticed");
    expect(lost.length).toBeGreaterThan(0);
    before = sessionQueries.count;
    await findSessionUser(h.db, token);
    await findSessionUser(h.db, token);
    expect(sessionQueries.count - before).toBe(2); // nothing remembered: each request looks

    await waitFor(() => mine.live, 10_000, "listening again");
    await findSessionUser(h.db, token);
    before = sessionQueries.count;
    await findSessionUser(h.db, token);
    expect(sessionQueries.count).toBe(before);
  });
});
