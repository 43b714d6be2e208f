// What the app's logger writes about a failed query: enough to find the bug, none of the values (answer texts,
// names, emails) that went into it. Real errors from the real driver (PGlite, or PostgreSQL with DATABASE_URL).
import { PassThrough } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { buildApp } from "../app";
import { authUsers, profiles } from "../db/schema";
import { openDatabase, type TDatabase } from "../db/client";
import type { FastifyInstance } from "fastify";

let h: THarness;
let app: FastifyInstance;
let database: TDatabase;
const stream = new PassThrough();
let written = "";
stream.on("data", (d) => (written += d.toString("utf8")));

beforeAll(async () => {
  h = await createHarness();
  // The logging app needs a database handle of its own type only to be built; the failing queries run on h.db.
  database = h.databaseUrl ? await openDatabase({ databaseUrl: h.databaseUrl, dataDir: null, poolSize: 1 }) : await openDatabase({ dataDir: null });
  app = await buildApp({ config: { ...h.config, webDir: "/nonexistent", logLevel: "info" }, database, logger: stream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await h?.close();
});

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("the query was expected to fail");
}

function logged(err: unknown): Record<string, unknown> {
  written = "";
  app.log.error({ err }, "unhandled error");
  return JSON.parse(written.trim().split("\n").pop()!) as Record<string, unknown>;
}

describe("logging a failed query", () => {
  it("keeps the SQL text and the error code, drops the parameters", async () => {
    const err = await failureOf(() =>
      h.db
        .select()
        .from(profiles)
        .where(sql`${profiles.email} = ${"leila.secret@example.com"} and ${"an answer about the Hijra"}::int = 1`),
    );
    // Without the serializer, the message itself carries the values.
    expect(String((err as Error).message)).toContain("leila.secret@example.com");
    const line = logged(err);
    const text = JSON.stringify(line);
    expect(text).not.toContain("leila.secret@example.com");
    expect(text).not.toContain("an answer about the Hijra");
    const e = line.err as { type: string; message: string; query: string; cause?: { code?: string } };
    expect(e.message).toContain("params: [redacted]");
    expect(e.query).toMatch(/select .* from "profiles"/);
    expect(e.cause?.code).toBe("22P02");
  });

  it("drops the duplicate key's value that PostgreSQL puts in `detail`", async () => {
    const [existing] = await h.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.email, h.config.admin.email));
    const err = await failureOf(() => h.db.insert(authUsers).values({ email: existing!.email, passwordHash: "x" }));
    const detail = JSON.stringify((err as { cause?: { detail?: string } }).cause?.detail ?? "");
    const text = JSON.stringify(logged(err));
    if (h.databaseUrl) expect(detail).toContain(existing!.email);
    expect(text).not.toContain(existing!.email);
    expect(text).toContain("23505");
    expect(text).toContain("auth_users_email_lower_idx");
  });
});
