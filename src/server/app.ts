// buildApp(config, database) → a Fastify instance with every route; the server and the tests both build it.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import helmet, { type HelmetOptions } from "helmet";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import type { TConfig } from "./config";
import type { TDatabase } from "./db/client";
import { createMailer, type TMailer } from "./mail/mailer";
import { createStorage, type TStorage } from "./storage/storage";
import { AppError, errorBody, handleError } from "./http/errors";
import { clientErrorHandler, containsNul, frameworkErrorHandler, hasNulInUrl } from "./http/edge";
import { serializeError } from "./http/log";
import { registerOpenApi } from "./http/openapi";
import type { TMultipartForm } from "./http/multipart-form";
import { registerMetrics } from "./metrics";
import { createJobRunner } from "./jobs/jobs";
import type { Writable } from "node:stream";
import { SESSION_COOKIE } from "./http/context";
import { findSessionUser, watchSessions } from "./auth/auth.service";
import { refuseUntilTwoFactor } from "./auth/two-factor";
import { watchExams } from "./modules/attempts/paper";
import { modules } from "./modules";
import type { TSessionUser } from "../shared/permissions";
import { LTI_CROSS_SITE_POSTS } from "../shared/schemas/lti";

export type TAppOptions = {
  config: TConfig;
  database: TDatabase;
  mailer?: TMailer;
  storage?: TStorage;
  /** false: no logs; a stream: JSON lines written there (tests read them). */
  logger?: boolean | Writable;
};

export type TRouteEntry = { method: string; url: string; schema?: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown>; multipart?: TMultipartForm } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function buildApp({ config, database, mailer, storage, logger = true }: TAppOptions): Promise<FastifyInstance> {
  const securityHeaders = securityHeadersOf({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.openstreetmap.org"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Cross-origin isolation headers would block the OpenStreetMap frame on /contact.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
  });
  const loggerOptions = {
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    serializers: { err: serializeError },
    ...(logger && typeof logger === "object" ? { stream: logger } : {}),
  };
  const app = Fastify({
    logger: logger ? loggerOptions : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // Every route takes JSON (or a multipart upload): a text/plain body is an unsupported type (415), not a string for
  // the schema to refuse field by field.
  app.removeContentTypeParser("text/plain");

  app.decorate("db", database.db);
  // Sign-outs and account changes on other workers and instances reach this one's memory of sessions.
  watchSessions(database.db);
  // Exam edits on other workers and instances reach this one's students' copies (paper.ts).
  watchExams(database.db);
  app.decorate("config", config);
  app.decorate(
    "mailer",
    mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: (m) => app.log.info(m) }),
  );

  app.decorate("storage", storage ?? createStorage({ filesDir: config.filesDir, s3: config.s3 }));
  // Modules register their kinds of background work; the server starts the runner once it listens.
  app.decorate("jobs", createJobRunner(database.db, app.log));
  app.addHook("onClose", async () => app.jobs.stop());

  await app.register(cookie);
  await registerOpenApi(app);

  app.decorateRequest("sessionToken", null);
  app.decorateRequest("getUser", function () {
    return Promise.resolve(null as TSessionUser | null);
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(securityHeaders);
    reply.header("x-request-id", request.id);
    if (hasNulInUrl(request.url)) throw new AppError("TEXT_INVALID_CHARACTERS");
    const token = request.cookies[SESSION_COOKIE] ?? null;
    request.sessionToken = token;
    let cached: Promise<TSessionUser | null> | undefined;
    request.getUser = () => (cached ??= token ? findSessionUser(app.db, token).then((user) => refuseUntilTwoFactor(app.db, request.url, user)) : Promise.resolve(null));

    // Cookies ride along on cross-site requests; a change must come from our own pages.
    // The LTI login initiation, launch and deep-link choice are form posts from the platform's pages or frames
    // (LTI_CROSS_SITE_POSTS); they act on no session and trust only what is signed.
    if (!SAFE_METHODS.has(request.method) && request.url.startsWith("/api/") && !LTI_CROSS_SITE_POSTS.has(request.url.split("?")[0]!)) {
      const origin = request.headers.origin;
      const fetchSite = request.headers["sec-fetch-site"];
      // "null" is what a sandboxed frame, a file:// page or a cross-site redirect sends: never one of our pages.
      if (fetchSite === "cross-site" || (origin !== undefined && !isSameOrigin(origin, request.headers.host, config.publicUrl))) {
        throw new AppError("CROSS_ORIGIN");
      }
    }
  });

  // PostgreSQL refuses U+0000 in text: one check for every body, before any route reads it.
  app.addHook("preValidation", async (request) => {
    if (containsNul(request.body)) throw new AppError("TEXT_INVALID_CHARACTERS");
  });

  registerMetrics(app, database);
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: "ready", database: database.kind };
    } catch (err) {
      request.log.error({ err }, "database not ready");
      return reply.status(503).send(errorBody("UNAVAILABLE", request.id));
    }
  });

  // Every route with its schemas, as declared (the edge tests walk it; the OpenAPI test checks the document against it).
  const routes: TRouteEntry[] = [];
  app.decorate("routeTable", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url, schema: route.schema as TRouteEntry["schema"] });
  });
  for (const plugin of modules) await app.register(plugin);

  await registerWeb(app, config);
  return app;
}

function isSameOrigin(origin: string, host: string | undefined, publicUrl: string): boolean {
  try {
    const o = new URL(origin);
    return o.host === host || o.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** Serves the built web app: hashed assets cached for a year, prerendered pages where they exist, else the SPA. */
async function registerWeb(app: FastifyInstance, config: TConfig) {
  const indexFile = path.join(config.webDir, "index.html");
  const hasWeb = fs.existsSync(indexFile);
  // After prerendering, index.html holds the home page's markup; every other path gets the empty shell.
  const spaFile = fs.existsSync(path.join(config.webDir, "spa.html")) ? path.join(config.webDir, "spa.html") : indexFile;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed asset (an old tab after a deploy) must fail as a 404, not parse HTML as a script. Only the
    // path says so: a page's query may end like a file name (a search for "x@school.ae", reloaded).
    const isFile = request.url.startsWith("/assets/") || /\.[a-z0-9]{1,8}$/i.test(request.url.split("?")[0]!.split("#")[0]!);
    if (request.url.startsWith("/api/") || !["GET", "HEAD"].includes(request.method) || !hasWeb || isFile) {
      return reply.status(404).send(errorBody("NOT_FOUND", request.id));
    }
    const pathname = decodeURIComponent(request.url.split("?")[0]!.split("#")[0]!);
    // SPEC §2: "/" sends a signed-in user to the dashboard. Decided here, so the prerendered home page (which
    // has no router to redirect with) never flashes first. A failing lookup just serves the home page.
    if (pathname === "/" && request.sessionToken && (await request.getUser().catch(() => null))) {
      reply.header("cache-control", "no-store");
      return reply.redirect("/dashboard", 302);
    }
    // A prerendered page, if the build made one for this path (never outside webDir).
    const candidate = path.join(config.webDir, path.normalize(pathname).replace(/^(\.\.(\/|\\|$))+/, ""), "index.html");
    const file = candidate.startsWith(config.webDir + path.sep) && fs.existsSync(candidate) ? candidate : spaFile;
    reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(fs.createReadStream(file));
  });
}

/**
 * Helmet's headers are the same for every response, so they are worked out once at start and copied onto each
 * reply. (@fastify/helmet rebuilt the middleware, parsing the CSP, on every request: about 4% of the server's
 * time when a school saves answers.)
 */
function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}
