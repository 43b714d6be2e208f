// The API described for others (issue 19): an OpenAPI 3.1 document generated from the zod schemas the routes
// validate with, so it cannot drift from them, served at /api/openapi.json, and a reference page at /api/docs
// written from it on the server (api-reference.ts: Qias's own page, no script; issue 33). Both are public: the
// document describes routes, not data, and every route still checks who is asking (docs/decisions/0020, 0033).
import { createRequire } from "node:module";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import swagger from "@fastify/swagger";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { SESSION_COOKIE } from "./context";
import { ZErrorBody } from "../../shared/schemas/error";
import { ZRichBlock } from "../../shared/rich-text";
import { formBodySchema } from "./multipart-form";
import { renderApiReference, type TApiDocument } from "./api-reference";

export const OPENAPI_URL = "/api/openapi.json";
export const API_REFERENCE_PREFIX = "/api/docs";

/**
 * The response of a route that answers 204, and of a conditional GET answered 304: the document says the status with
 * no content (a null schema gets no body; withErrors words them). Typed as undefined so `reply.status(204).send()`
 * stays as it is: no payload reaches a serialiser, so the schema is never run.
 */
export const ZNoContent = z.null() as unknown as z.ZodType<undefined>;
export const ZNotModified = ZNoContent;
/** The generator takes a response's description from the schema's; these have none, being only a status. */
const BODILESS: Record<string, string> = { "204": "No content", "304": "Not modified: the version If-None-Match names is still current" };

const { version } = createRequire(import.meta.url)("../../../package.json") as { version: string };

/**
 * Schemas the document names and points to. A schema that holds itself must be one of them: the rich-text block (a
 * list's items hold blocks) left nameless became a reference to a definition the generator never wrote.
 */
const named = z.registry<{ id: string }>();
named.add(ZRichBlock, { id: "RichBlock" });
const zodTransform = createJsonSchemaTransform({ schemaRegistry: named });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: named });

type TOpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
};

/**
 * Every operation can fail, and every failure has one shape: said once, and pointed to from each operation. And a
 * response with no body is described by its status.
 */
function withErrors<T extends object>(document: T): T {
  const doc = document as TOpenApiDocument;
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, description] of Object.entries(BODILESS)) if (operation.responses?.[status]) operation.responses[status] = { description };
      operation.responses = { ...operation.responses, "4XX": { $ref: "#/components/responses/Error" }, "5XX": { $ref: "#/components/responses/Error" } };
    }
  }
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: z.toJSONSchema(ZErrorBody, { target: "draft-2020-12", io: "output" }) },
    responses: {
      ...doc.components?.responses,
      Error: {
        description: "The failure, worded in English and Arabic (shared/errors.ts): `code` says which; `fields` lists the inputs that did not validate.",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  };
  return document;
}

/** Registered before any route, so that it sees them all (it collects them as they are added). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Qias API",
        version,
        description:
          "The API of Qias, the bilingual assessment portal. Sign in with POST /api/auth/login: the reply sets the session cookie, " +
          "which every other call sends. A call that changes something (POST, PUT, PATCH, DELETE) must come from the same origin: " +
          "send no Origin header, or this server's. Failures answer with the Error schema, in English and Arabic.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } } },
      // Most routes need a signed-in user; the few that do not say so with `security: []` in their schema.
      security: [{ session: [] }],
    },
    // Only the API: the web app's pages and files, the health checks and /metrics are not part of it.
    transform: (input) => {
      if (!input.url.startsWith("/api/")) return { schema: { hide: true }, url: input.url };
      const { multipart, ...schema } = zodTransform(input).schema ?? {};
      // An upload's form is declared beside its route (http/multipart-form.ts), not as a body Fastify would validate.
      const form = multipart ? { body: formBodySchema(multipart), consumes: ["multipart/form-data"] } : {};
      // Grouped by the address's first part (/api/exams/… → exams), which is the module that serves it.
      return { url: input.url, schema: { tags: [input.url.split("/")[2]!], ...schema, ...form } };
    },
    transformObject: (input) => withErrors(zodTransformObject(input)),
  });

  if (app.config.env === "test") app.addHook("onSend", failUndocumentedSuccess);

  // @fastify/swagger builds the document once, on first use, and keeps it; this keeps its text, and the page's, too.
  let json: string | undefined;
  const sendJson = async (_request: FastifyRequest, reply: FastifyReply) => {
    json ??= JSON.stringify(app.swagger());
    return reply.header("cache-control", "public, max-age=300").type("application/json; charset=utf-8").send(json);
  };
  app.get(OPENAPI_URL, { schema: { hide: true } }, sendJson);
  // Where Swagger UI served the document until issue 33: kept, so a tool pointed there still finds it.
  app.get(`${API_REFERENCE_PREFIX}/json`, { schema: { hide: true } }, sendJson);

  let html: string | undefined;
  app.get(API_REFERENCE_PREFIX, { schema: { hide: true } }, async (_request, reply) => {
    html ??= renderApiReference(app.swagger() as TApiDocument, { json: OPENAPI_URL });
    return reply.header("cache-control", "public, max-age=300").type("text/html; charset=utf-8").send(html);
  });
}

/**
 * In tests only: an API reply whose success status the route's schema does not declare fails (a 500), so a route that
 * answers 204 or 201 cannot be documented as the generator's default 200. 206 is a range of the documented 200.
 */
export async function failUndocumentedSuccess(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const status = reply.statusCode;
  const { url, schema } = request.routeOptions;
  if (status < 200 || status > 299 || status === 206 || !url?.startsWith("/api/") || schema?.hide) return payload;
  const documented = Object.keys(schema?.response ?? { 200: null });
  if (!documented.includes(String(status))) {
    throw new Error(`${request.method} ${url} replied ${status}, which its schema.response (so ${OPENAPI_URL}) does not declare: ${documented.join(", ")}`);
  }
  return payload;
}
