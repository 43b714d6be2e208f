// Images for exams (issue 18): POST /api/media uploads one (multipart "file"), GET /api/media/:id serves it to who
// may see it (media.service findReadableImage).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize, requireUser } from "../../http/context";
import { AppError } from "../../http/errors";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MB, MAX_IMAGE_SIDE_PX } from "../../../shared/limits";
import { findReadableImage, uploadImage } from "./media.service";

const ZParams = z.object({ id: z.uuid({ error: "IMAGE_NOT_FOUND" }) });
const ZUploaded = z.object({ id: z.string(), contentType: z.string(), sizeBytes: z.number().int(), width: z.number().int(), height: z.number().int() });
const ENVELOPE_BYTES = 64 * 1024;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tooLarge = () => new AppError("IMAGE_TOO_LARGE", { vars: { limitMb: MAX_IMAGE_MB, limitPx: MAX_IMAGE_SIDE_PX } });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 2 } });

  app.post("/api/media", { schema: { response: { 201: ZUploaded } } }, async (request, reply) => {
    const user = await authorize(request, "exams.author");
    if (Number(request.headers["content-length"] ?? 0) > MAX_IMAGE_BYTES + ENVELOPE_BYTES) throw tooLarge();
    if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
    const tempFile = path.join(os.tmpdir(), `qias-image-${randomUUID()}`);
    let got = false;
    try {
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") continue;
          got = true;
          await pipeline(part.file, fs.createWriteStream(tempFile));
          if (part.file.truncated) throw tooLarge();
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
        if ((err as NodeJS.ErrnoException).syscall === undefined) throw new AppError("UPLOAD_MALFORMED", { cause: err });
        throw err;
      }
      if (!got) throw new AppError("FILE_REQUIRED");
      return reply.status(201).send(await uploadImage(app.db, app.storage, user, tempFile));
    } finally {
      await fsp.rm(tempFile, { force: true });
    }
  });

  app.get("/api/media/:id", { schema: { params: ZParams } }, async (request, reply) => {
    const user = await requireUser(request);
    const image = await findReadableImage(app.db, user, request.params.id);
    const object = await app.storage.get(image.storageKey);
    if (!object) throw new AppError("IMAGE_NOT_FOUND");
    // An id's bytes never change (a new picture is a new upload): the browser keeps it, for this user only.
    reply.header("cache-control", "private, max-age=31536000, immutable");
    reply.header("content-type", image.contentType);
    reply.header("x-content-type-options", "nosniff");
    reply.header("content-security-policy", "sandbox; default-src 'none'");
    if (object.size !== undefined) reply.header("content-length", object.size);
    return reply.send(object.body);
  });
};
