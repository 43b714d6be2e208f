import { describe, expect, it } from "vitest";
import { ConfigError, describeDatabase, parseConfig } from "./config";

describe("configuration", () => {
  it("has working defaults", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.admin.email).toBe("admin@qias.local");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.fileSizeLimitBytes).toBe(25 * 1024 * 1024);
  });

  it("knows whether the first admin's password is the default one", () => {
    expect(parseConfig({}).admin.isDefaultPassword).toBe(true);
    expect(parseConfig({ ADMIN_PASSWORD: "ChangeMe123!" }).admin.isDefaultPassword).toBe(true);
    expect(parseConfig({ ADMIN_PASSWORD: "a-better-one" }).admin.isDefaultPassword).toBe(false);
  });

  it("names the database for people, never with its password", () => {
    expect(describeDatabase(parseConfig({ DATA_DIR: "/srv/qias" }))).toBe("the embedded database in /srv/qias");
    expect(describeDatabase(parseConfig({ DATABASE_URL: "postgres://qias:s3cret@db.school.ae:6432/qias_prod" }))).toBe("PostgreSQL database qias_prod on db.school.ae:6432");
    expect(describeDatabase(parseConfig({ DATABASE_URL: "postgresql://qias:s3cret@db" }))).toBe("PostgreSQL on db");
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "http" }, /^PORT: /],
    [{ PORT: "70000" }, /^PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must start with postgres/],
    [{ ADMIN_EMAIL: "not-an-email" }, /^ADMIN_EMAIL: /],
    [{ ADMIN_PASSWORD: "123" }, /^ADMIN_PASSWORD: must be at least 6/],
    [{ SMTP_URL: "mail.example.com" }, /^SMTP_URL: /],
    [{ TRUST_PROXY: "yes" }, /^TRUST_PROXY: /],
  ])("refuses %o with one readable line", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (err) {
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain("\n");
    }
  });
});

describe("WORKERS (issue 17)", () => {
  it("one process with the embedded database, one per core with PostgreSQL, and never more than one on the embedded database", () => {
    expect(parseConfig({}).workers).toBe(1);
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@h/db" }).workers).toBeGreaterThanOrEqual(1);
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@h/db", WORKERS: "3" }).workers).toBe(3);
    expect(() => parseConfig({ WORKERS: "2" })).toThrow(/embedded database allows one process/);
    expect(() => parseConfig({ DATABASE_URL: "postgres://u:p@h/db", WORKERS: "0" })).toThrow(/WORKERS/);
    expect(() => parseConfig({ DATABASE_URL: "postgres://u:p@h/db", WORKERS: "two" })).toThrow(/WORKERS/);
  });
});

describe("metrics (issue 19)", () => {
  it("are off unless a token or a port of their own is set", () => {
    expect(parseConfig({}).metrics).toBeNull();
    expect(parseConfig({ METRICS_TOKEN: "a-long-enough-token" }).metrics).toEqual({ token: "a-long-enough-token", port: null });
    expect(parseConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ token: null, port: 9464 });
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow(/^METRICS_TOKEN: must be at least 16/);
    expect(() => parseConfig({ METRICS_PORT: "3000" })).toThrow(/^METRICS_PORT: must differ from PORT/);
  });
});
