// Configuration is read from the environment here and nowhere else, validated once at start.
import path from "node:path";
import { z } from "zod";
import { availableCores } from "./cores";
import { OFFLINE_GRACE_MINUTES } from "../shared/limits";

/** The first admin's password when ADMIN_PASSWORD is not set: the start warns while it still opens that account. */
export const DEFAULT_ADMIN_PASSWORD = "ChangeMe123!";

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  ADMIN_EMAIL: z.email().default("admin@qias.local"),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").default(DEFAULT_ADMIN_PASSWORD),
  ADMIN_NAME: z.string().min(1).default("System Administrator"),
  /** The address users reach the app at; used in emailed links and for the Origin check. */
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Qias <no-reply@qias.local>"),
  CONTACT_PHONE: z.string().min(3).default("+971 4 000 0000"),
  CONTACT_EMAIL: z.email().default("info@qias.ae"),
  SITE_DOMAIN: z.string().min(3).default("qias.ae"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-For from a reverse proxy (needed behind a load balancer for per-address throttling). */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Server processes on one port (node:cluster); default: one per core with PostgreSQL, one with the embedded database. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Time granted during one attempt, all grants together (each grant is at most MAX_GRANT_MINUTES). */
  MAX_TIME_GRANTED_MINUTES: z.coerce.number().int().min(1).max(10_080).default(240),
  /** After an attempt's deadline, how long answers made offline before it are still accepted (issue 37, decision 0056). */
  OFFLINE_GRACE_MINUTES: z.coerce.number().int().min(0).max(240).default(OFFLINE_GRACE_MINUTES),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  FILE_SIZE_LIMIT_MB: z.coerce.number().positive().max(1024).default(25),
  /** Object storage: set S3_BUCKET (and the rest) to keep files in an S3-compatible bucket instead of DATA_DIR. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** An OpenAI-compatible chat-completions server for the reports' prose (docs/decisions/0012); unset: the rules write it. */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Prometheus metrics (docs/decisions/0020): GET /metrics with this bearer token; long enough not to be guessed. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** …or on a listener of their own on this port, never on the public one. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type TConfig = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const first = result.error.issues[0]!;
    throw new ConfigError(`${first.path.join(".")}: ${first.message}`);
  }
  const c = result.data;
  const dataDir = path.resolve(c.DATA_DIR);
  if (c.LLM_BASE_URL && !c.LLM_MODEL) throw new ConfigError("LLM_BASE_URL: LLM_MODEL is needed with it (the model's name on that server)");
  if (c.S3_BUCKET && (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("S3_BUCKET: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed with it");
  }
  const workers = c.WORKERS ?? (c.DATABASE_URL ? availableCores() : 1);
  if (workers > 1 && !c.DATABASE_URL) throw new ConfigError("WORKERS: the embedded database allows one process; set DATABASE_URL to run more than one worker");
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) throw new ConfigError("METRICS_PORT: must differ from PORT (metrics are kept off the public port)");
  return {
    env: c.NODE_ENV,
    workers,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    admin: { email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD, name: c.ADMIN_NAME, isDefaultPassword: c.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD },
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    filesDir: path.join(dataDir, "files"),
    contact: { phone: c.CONTACT_PHONE, email: c.CONTACT_EMAIL, siteDomain: c.SITE_DOMAIN },
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    maxTimeGrantedMinutes: c.MAX_TIME_GRANTED_MINUTES,
    offlineGraceMinutes: c.OFFLINE_GRACE_MINUTES,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    fileSizeLimitBytes: Math.round(c.FILE_SIZE_LIMIT_MB * 1024 * 1024),
    fileSizeLimitMb: c.FILE_SIZE_LIMIT_MB,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          accessKeyId: c.S3_ACCESS_KEY_ID!,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
        }
      : null,
    webDir: path.resolve("dist/web"),
    /** Off (null) unless a token or a port of their own is set. */
    metrics: c.METRICS_TOKEN || c.METRICS_PORT ? { token: c.METRICS_TOKEN ?? null, port: c.METRICS_PORT ?? null } : null,
    llm: c.LLM_BASE_URL ? { baseUrl: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY ?? null, model: c.LLM_MODEL!, timeoutMs: c.LLM_TIMEOUT_MS } : null,
  };
}

/** Which database this configuration opens, for people (the start and the demo say it): never the password. */
export function describeDatabase(config: Pick<TConfig, "databaseUrl" | "dataDir">): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  return name ? `PostgreSQL database ${name} on ${url.host}` : `PostgreSQL on ${url.host}`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
