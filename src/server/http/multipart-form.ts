// A multipart/form-data upload, declared once in its route's schema (`schema.multipart`): the OpenAPI document
// describes the form from it (http/openapi.ts), and the handler reads the form through formParts(), which refuses to
// run on a route that did not declare one and hands over no text field the declaration does not name. So the
// description cannot drift from what the handler reads (docs/decisions/0020).
import type { FastifyRequest } from "fastify";
import type { Multipart } from "@fastify/multipart";

export type TMultipartForm = {
  /** The uploaded file's part, sent as a file (with a filename). */
  file: { name: string; description: string };
  /** The text fields beside it, by name; none is required. */
  fields?: Record<string, { description: string }>;
};

declare module "fastify" {
  interface FastifySchema {
    multipart?: TMultipartForm;
  }
}

/** The parts of the request's form: file parts, and the text fields its route declares (others are skipped). */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const form = request.routeOptions.schema?.multipart;
  if (!form) throw new Error(`${request.method} ${request.routeOptions.url} reads a multipart form its schema does not declare (schema.multipart)`);
  for await (const part of request.parts()) {
    if (part.type === "file" || Object.hasOwn(form.fields ?? {}, part.fieldname)) yield part;
  }
}

/** The form as OpenAPI's request body schema (for `multipart/form-data`). */
export function formBodySchema(form: TMultipartForm) {
  return {
    type: "object",
    properties: {
      [form.file.name]: { type: "string", format: "binary", description: form.file.description },
      ...Object.fromEntries(Object.entries(form.fields ?? {}).map(([name, { description }]) => [name, { type: "string", description }])),
    },
    required: [form.file.name],
  };
}
