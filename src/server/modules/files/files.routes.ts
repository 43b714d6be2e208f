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
import { uploadError } from "../../http/upload-error";
import { formParts } from "../../http/multipart-form";
import { ZNoContent } from "../../http/openapi";
import { ZAssignStudents, ZFile, ZFileSkills } from "../../../shared/schemas/file";
import { contentDisposition, downloadContentType, safeContentType, safeFilename } from "./filename";
import { deleteFile, findFileStudents, findFiles, findReadableFile, setFileSkills, setFileStudents, uploadFile } from "./files.service";

const ZParams = z.object({ id: z.uuid({ error: "FILE_NOT_FOUND" }) });
/** Room for the multipart envelope and the form fields around the file. */
const ENVELOPE_BYTES = 256 * 1024;

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.config.fileSizeLimitBytes;
  const tooLarge = () => new AppError("FILE_TOO_LARGE", { vars: { limitMb: app.config.fileSizeLimitMb } });
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 200_000, parts: 8 } });

  app.get("/api/files", { schema: { response: { 200: z.object({ items: z.array(ZFile) }) } } }, async (request) => {
    const user = await authorize(request, "files.view");
    return { items: await findFiles(app.db, user) };
  });

  const form = {
    file: { name: "file", description: "The file (one), up to FILE_SIZE_LIMIT_MB." },
    fields: {
      studentIds: { description: "Optional: a JSON array of the ids of the students who may read it (none: every student of the school)." },
      skillIds: { description: "Optional: a JSON array of the ids of the skills it covers." },
    },
  };
  app.post("/api/files", { schema: { multipart: form, response: { 201: ZFile } } }, async (request, reply) => {
    const user = await authorize(request, "files.upload");
    // Refuse an oversized upload from its declared length, before reading the body.
    if (Number(request.headers["content-length"] ?? 0) > limit + ENVELOPE_BYTES) throw tooLarge();
    if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");

    const tempFile = path.join(os.tmpdir(), `qias-upload-${randomUUID()}`);
    let name = "";
    let contentType = "application/octet-stream";
    let studentIdsRaw: string | undefined;
    let skillIdsRaw: string | undefined;
    try {
      try {
        for await (const part of formParts(request)) {
          if (part.type === "file") {
            name = part.filename;
            contentType = safeContentType(part.mimetype);
            await pipeline(part.file, fs.createWriteStream(tempFile));
          } else if (part.fieldname === "studentIds") {
            studentIdsRaw = String(part.value);
          } else if (part.fieldname === "skillIds") {
            skillIdsRaw = String(part.value);
          }
        }
      } catch (err) {
        throw uploadError(err, tooLarge);
      }
      if (!name) throw new AppError("FILE_REQUIRED");
      let studentIds: string[] = [];
      if (studentIdsRaw) {
        const result = ZAssignStudents.safeParse({ studentIds: parseJsonField(studentIdsRaw) });
        if (!result.success) throw new AppError("VALIDATION_FAILED");
        studentIds = result.data.studentIds;
      }
      let skillIds: string[] = [];
      if (skillIdsRaw) {
        const result = ZFileSkills.safeParse({ skillIds: parseJsonField(skillIdsRaw) });
        if (!result.success) throw new AppError("VALIDATION_FAILED");
        skillIds = result.data.skillIds;
      }
      const { size } = await fsp.stat(tempFile);
      const file = await uploadFile(app.db, app.storage, user, { name: safeFilename(name), tempFile, contentType, sizeBytes: size, studentIds, skillIds });
      return reply.status(201).send(file);
    } finally {
      await fsp.rm(tempFile, { force: true });
    }
  });

  app.get("/api/files/:id/download", { schema: { params: ZParams } }, async (request, reply) => {
    const user = await requireUser(request);
    const file = await findReadableFile(app.db, user, request.params.id);
    const object = await app.storage.get(file.pathInBucket);
    if (!object) throw new AppError("FILE_NOT_FOUND");
    reply.header("content-type", downloadContentType(file.fileType));
    reply.header("content-disposition", contentDisposition(file.name));
    // Should a browser ever render it anyway, it runs nothing and reaches nothing.
    reply.header("content-security-policy", "sandbox; default-src 'none'");
    reply.header("cache-control", "private, no-store");
    if (object.size !== undefined) reply.header("content-length", object.size);
    return reply.send(object.body);
  });

  app.get("/api/files/:id/students", { schema: { params: ZParams, response: { 200: z.object({ studentIds: z.array(z.string()) }) } } }, async (request) => {
    const user = await authorize(request, "files.upload");
    return { studentIds: await findFileStudents(app.db, user, request.params.id) };
  });

  app.put("/api/files/:id/students", { schema: { params: ZParams, body: ZAssignStudents, response: { 200: z.object({ studentIds: z.array(z.string()) }) } } }, async (request) => {
    const user = await authorize(request, "files.upload");
    return setFileStudents(app.db, user, request.params.id, request.body.studentIds);
  });

  app.put("/api/files/:id/skills", { schema: { params: ZParams, body: ZFileSkills, response: { 200: ZFileSkills } } }, async (request) => {
    const user = await authorize(request, "files.upload");
    return setFileSkills(app.db, user, request.params.id, request.body.skillIds);
  });

  app.delete("/api/files/:id", { schema: { params: ZParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    const user = await authorize(request, "files.view");
    await deleteFile(app.db, app.storage, user, request.params.id);
    return reply.status(204).send();
  });
};

/** A form field that carries JSON (a list of ids); not JSON is bad input, and so is text the database refuses. */
function parseJsonField(raw: string): unknown {
  if (raw.includes("\u0000")) throw new AppError("TEXT_INVALID_CHARACTERS");
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError("VALIDATION_FAILED");
  }
}
