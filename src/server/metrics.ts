// Prometheus metrics (issue 19, docs/decisions/0020), all defined here. Off unless configured: with METRICS_TOKEN,
// GET /metrics on the public port wants that bearer token; with METRICS_PORT, they are served by a small listener
// of their own on that port, and the public /metrics is a 404. The counters always count (an increment costs
// nothing); only the HTTP timing hook and Node's default metrics wait until metrics are on.
//
// With WORKERS > 1 every worker keeps its own figures and the primary adds them up (prom-client's
// AggregatorRegistry, over the cluster's IPC channel): a scrape answers for the whole server, whichever
// process it reaches. A worker asked on the public port passes the question to the primary.
import cluster from "node:cluster";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance } from "fastify";
import client from "prom-client";
import { sql } from "drizzle-orm";
import type { TConfig } from "./config";
import { rowsOf, type TDatabase } from "./db/client";
import { AppError, errorBody } from "./http/errors";
import { ERRORS } from "../shared/errors";

export const METRICS_URL = "/metrics";

/** The one database the process serves (tests build several apps in one process: the latest one is observed). */
let observed: TDatabase | null = null;

/**
 * Request duration by route pattern (never the raw address: ids would make a series per attempt) and status; its
 * `_count` is the number of requests. Sign-ins take seconds under load (scrypt), hence buckets up to 30 s.
 */
const httpDuration = new client.Histogram({
  name: "qias_http_request_duration_seconds",
  help: "Time from a request's arrival to its reply, by route pattern and status; `static` is the web app's files, `unmatched` any address no route declares (the web app's pages, 404s).",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

export const answerSaves = new client.Counter({
  name: "qias_answer_saves_total",
  help: "Answers written to the database by the answer writer (a save that changed nothing, or came too late, is not counted).",
});

/** Statements of the batching answer writer, by how many saves each carried (decision 0007: up to 200). */
export const answerBatchSize = new client.Histogram({
  name: "qias_answer_batch_size",
  help: "Saves per statement of the answer writer; grows with the load by itself.",
  buckets: [1, 2, 5, 10, 20, 50, 100, 200],
});

export const signIns = new client.Counter({
  name: "qias_sign_ins_total",
  help: "Sign-ins through POST /api/auth/login by login type and outcome: `success`, or the refusal's error code (INVALID_CREDENTIALS, ROLE_MISMATCH, LOGIN_THROTTLED, SIGN_IN_BUSY …).",
  labelNames: ["login_type", "outcome"] as const,
});

// The gauges below are read when scraped; making one registers it in prom-client's default registry.
new client.Gauge({
  name: "qias_db_pool_connections",
  help: "Connections of this server's PostgreSQL pools, by state (in_use, idle); absent on the embedded database, which has one connection in the process.",
  labelNames: ["state"] as const,
  collect() {
    this.reset();
    const stats = observed?.poolStats?.();
    if (!stats) return;
    this.set({ state: "in_use" }, stats.inUse);
    this.set({ state: "idle" }, stats.idle);
  },
});

new client.Gauge({
  name: "qias_db_pool_waiting",
  help: "Queries waiting for a free connection of the pool; absent on the embedded database.",
  collect() {
    this.reset();
    const stats = observed?.poolStats?.();
    if (stats) this.set(stats.waiting);
  },
});

/**
 * Counted in the database when scraped (one count over a partial index), not kept in memory: attempts are
 * started and closed by every worker and instance, and closed by the sweep. Every process reports the same
 * figure, so workers are combined with max, not summed; across instances take max() in Prometheus too.
 */
new client.Gauge({
  name: "qias_active_attempts",
  help: "Attempts in progress (the whole database, not this server's share).",
  aggregator: "max",
  async collect() {
    this.reset();
    if (!observed) return;
    try {
      const [row] = rowsOf<{ n: number }>(await observed.db.execute(sql`select count(*)::int as n from student_exams where status = 'in_progress'`));
      this.set(row?.n ?? 0);
    } catch {
      // The database is away: /readyz says so; the rest of the scrape still answers.
    }
  },
});

/**
 * A request's route label: its route's pattern. The web app's built files are routes too, one per file (about 200,
 * renamed by every build), so a pattern ending in a file name outside /api is counted as `static`.
 */
function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return "unmatched";
  return !pattern.startsWith("/api/") && /\.[a-z0-9]+$/i.test(pattern) ? "static" : pattern;
}

let defaultMetricsStarted = false;

/** GET /metrics on the public app, and the request timings, per the configuration. */
export function registerMetrics(app: FastifyInstance, database: TDatabase) {
  const settings = app.config.metrics;
  // Declared even when off, so that /metrics is a plain 404 rather than a page of the web app.
  app.get(METRICS_URL, { schema: { hide: true } }, async (request, reply) => {
    if (!settings?.token || settings.port !== null) throw new AppError("NOT_FOUND");
    if (!isBearer(request.headers.authorization, settings.token)) throw new AppError("UNAUTHENTICATED", { headers: { "www-authenticate": "Bearer" } });
    return reply.header("cache-control", "no-store").type(client.register.contentType).send(await renderMetrics());
  });
  if (!settings) return;

  observed = database;
  app.addHook("onClose", async () => {
    if (observed === database) observed = null;
  });
  if (!defaultMetricsStarted) {
    defaultMetricsStarted = true;
    // Node's own: event-loop delay (nodejs_eventloop_lag_*), heap, CPU, handles, GC.
    client.collectDefaultMetrics();
  }
  // A worker answers the primary's requests for its figures (prom-client listens once it has an aggregator).
  if (cluster.isWorker) new client.AggregatorRegistry();
  app.addHook("onResponse", async (request, reply) => {
    const route = routeLabel(request.routeOptions.url);
    if (route === METRICS_URL) return;
    httpDuration.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
  });
}

const RELAY_REQUEST = "qias:metrics?";
const RELAY_ANSWER = "qias:metrics";
type TRelayMessage = { type: string; id: number; text?: string; error?: string };
let aggregator: client.AggregatorRegistry<client.PrometheusContentType> | undefined;

/** The primary of a cluster: answers its workers' relayed scrapes with everyone's figures added up. */
export function serveWorkersMetrics() {
  aggregator ??= new client.AggregatorRegistry();
  cluster.on("message", (worker, message: TRelayMessage) => {
    if (message?.type !== RELAY_REQUEST) return;
    aggregator!.clusterMetrics().then(
      (text) => worker.send({ type: RELAY_ANSWER, id: message.id, text }),
      (err: Error) => worker.send({ type: RELAY_ANSWER, id: message.id, error: err.message }),
    );
  });
}

let relayed = 0;
/** A worker's scrape: asks the primary, which asks every worker (this one too) and adds their figures up. */
function askPrimary(): Promise<string> {
  const id = ++relayed;
  return new Promise((resolve, reject) => {
    const onMessage = (message: TRelayMessage) => {
      if (message?.type !== RELAY_ANSWER || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`metrics from the workers: ${message.error}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error("metrics from the workers: no answer from the primary"));
    }, 10_000);
    const done = () => {
      clearTimeout(timer);
      process.off("message", onMessage);
    };
    process.on("message", onMessage);
    process.send!({ type: RELAY_REQUEST, id });
  });
}

/** The exposition text: this process's figures, or the whole cluster's. */
function renderMetrics(): Promise<string> {
  if (cluster.isWorker) return askPrimary();
  if (aggregator) return aggregator.clusterMetrics();
  return client.register.metrics();
}

/** Compared as digests, so the time taken says nothing about how much of the token was right, nor its length. */
function isBearer(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** METRICS_PORT: GET /metrics on a listener of its own (wanting the token too, when one is set), and nothing else; null without it. */
export async function listenForMetrics(config: TConfig): Promise<http.Server | null> {
  const settings = config.metrics;
  if (settings?.port == null) return null;
  const server = http.createServer((request, response) => {
    const reply = (status: number, text: string, headers: Record<string, string> = {}) =>
      response.writeHead(status, { "cache-control": "no-store", ...headers }).end(text);
    // Refusals in the product's error shape, as on the public port (issue 33 item 25).
    const refuse = (code: "NOT_FOUND" | "UNAUTHENTICATED" | "UNAVAILABLE", headers: Record<string, string> = {}) => {
      const requestId = randomUUID();
      reply(ERRORS[code].status, JSON.stringify(errorBody(code, requestId)), { "content-type": "application/json; charset=utf-8", "x-request-id": requestId, ...headers });
    };
    if (request.method !== "GET" || request.url?.split("?")[0] !== METRICS_URL) return refuse("NOT_FOUND");
    if (settings.token && !isBearer(request.headers.authorization, settings.token)) return refuse("UNAUTHENTICATED", { "www-authenticate": "Bearer" });
    renderMetrics().then(
      (text) => reply(200, text, { "content-type": client.register.contentType }),
      (err: Error) => {
        // What went wrong is for the server's log, not the body (this listener has no logger of its own).
        console.error(`metrics: ${err.message}`);
        refuse("UNAVAILABLE");
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(settings.port!, config.host, resolve));
  return server;
}
