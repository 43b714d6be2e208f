// Pictures and clips for exams (issue 18): POST /api/media uploads one (multipart "file"), GET /api/media/:id serves
// it to who may see it (media.service findReadableMedia); GET /api/media/plays/:token serves one counted play of a
// clip with a play limit (plays.ts).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize, requireUser } from "../../http/context";
import type { examMedia } from "../../db/schema";
import { AppError } from "../../http/errors";
import { uploadError } from "../../http/upload-error";
import { formParts } from "../../http/multipart-form";
import { MAX_AUDIO_BYTES, MAX_AUDIO_MB, MAX_IMAGE_MB } from "../../../shared/limits";
import { findReadableMedia, uploadMedia } from "./media.service";
import { findPlayedMedia } from "./plays";

const ZParams = z.object({ id: z.uuid({ error: "IMAGE_NOT_FOUND" }) });
/** A play's token (plays.ts newPlayToken: 32 random bytes, base64url); anything else is an address that does not exist. */
const ZPlayParams = z.object({ token: z.string().regex(/^[\w-]{43}$/, { error: "IMAGE_NOT_FOUND" }) });
const ZUploaded = z.object({
  id: z.string(),
  kind: z.enum(["image", "audio"]),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
const ENVELOPE_BYTES = 64 * 1024;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // The largest a clip may be; a picture's own smaller limit is checked once its bytes say what it is.
  const tooLarge = () => new AppError("AUDIO_TOO_LARGE", { vars: { limitMb: MAX_AUDIO_MB } });
  await app.register(multipart, { limits: { fileSize: MAX_AUDIO_BYTES, files: 1, fields: 0, parts: 2 } });

  const form = { file: { name: "file", description: `A picture (PNG, JPEG, WebP; up to ${MAX_IMAGE_MB} MB) or a listening clip (MP3, M4A, OGG; up to ${MAX_AUDIO_MB} MB), told apart by its bytes.` } };
  app.post("/api/media", { schema: { multipart: form, response: { 201: ZUploaded } } }, async (request, reply) => {
    const user = await authorize(request, "exams.author");
    if (Number(request.headers["content-length"] ?? 0) > MAX_AUDIO_BYTES + ENVELOPE_BYTES) throw tooLarge();
    if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
    const tempFile = path.join(os.tmpdir(), `qias-image-${randomUUID()}`);
    let got = false;
    try {
      try {
        for await (const part of formParts(request)) {
          if (part.type !== "file") continue;
          got = true;
          await pipeline(part.file, fs.createWriteStream(tempFile));
        }
      } catch (err) {
        throw uploadError(err, tooLarge);
      }
      if (!got) throw new AppError("FILE_REQUIRED");
      return reply.status(201).send(await uploadMedia(app.db, app.storage, user, tempFile));
    } finally {
      await fsp.rm(tempFile, { force: true });
    }
  });

  app.get("/api/media/:id", { schema: { params: ZParams } }, async (request, reply) => {
    const media = await findReadableMedia(app.db, await requireUser(request), request.params.id);
    // An id's bytes never change (a new picture is a new upload): the browser keeps it, for this user only.
    return sendMedia(request, reply, media, "private, max-age=31536000, immutable");
  });

  // One counted play of a limited clip (plays.ts, decision 0034): the ranges the audio element asks for while the
  // play's address lives, kept by nothing in between, so the next play has to be counted again.
  app.get("/api/media/plays/:token", { schema: { params: ZPlayParams } }, async (request, reply) => {
    const media = await findPlayedMedia(app.db, await requireUser(request), request.params.token);
    return sendMedia(request, reply, media, "no-store, private");
  });

  /** The media's bytes, or the byte range asked for. */
  async function sendMedia(request: FastifyRequest, reply: FastifyReply, media: typeof examMedia.$inferSelect, cacheControl: string) {
    // Byte ranges: a browser finds a clip's length and seeks with them (Safari plays no media without them).
    const asked = request.headers.range;
    const range = asked === undefined ? null : byteRange(asked, media.sizeBytes);
    // A range past the end answers in the product's shape too (it had an empty body), with the length it may ask within.
    if (range === "unsatisfiable") throw new AppError("RANGE_NOT_SATISFIABLE", { headers: { "content-range": `bytes */${media.sizeBytes}` } });
    const object = await app.storage.get(media.storageKey, range ?? undefined);
    if (!object) throw new AppError("IMAGE_NOT_FOUND");
    reply.header("accept-ranges", "bytes");
    if (range) reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${media.sizeBytes}`);
    reply.header("cache-control", cacheControl);
    reply.header("content-type", media.contentType);
    reply.header("x-content-type-options", "nosniff");
    reply.header("content-security-policy", "sandbox; default-src 'none'");
    if (object.size !== undefined) reply.header("content-length", object.size);
    return reply.send(object.body);
  }
};

/**
 * One range of "bytes=start-end", "bytes=start-" or "bytes=-suffix" within `size`; null for a header we do not serve
 * as a range (several ranges, another unit: the whole file is sent), "unsatisfiable" for one outside the file.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
