// QTI packages (issue 19; docs/decisions/0023): GET /api/exams/:id/qti downloads an exam as a QTI 3.0 package;
// POST /api/exams/import/qti/preview says what a package holds (multipart "file"), and POST /api/exams/import/qti
// creates a draft exam from it (multipart "file", and optionally "subjectId").
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { authorize, requireUser } from "../../http/context";
import { AppError } from "../../http/errors";
import { uploadError } from "../../http/upload-error";
import { formParts, type TMultipartForm } from "../../http/multipart-form";
import { MAX_QTI_BYTES, MAX_QTI_MB } from "../../../shared/limits";
import { ZExamDetail } from "../../../shared/schemas/exam";
import { ZQtiPreview } from "../../../shared/schemas/qti";
import { contentDisposition, safeFilename } from "../files/filename";
import { exportQtiFiles, importQti, previewQti } from "./qti.service";
import { zipPackage } from "./qti-export";

const ZParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });
const ENVELOPE_BYTES = 64 * 1024;
const PACKAGE: TMultipartForm["file"] = { name: "file", description: `The QTI 3.0 or 2.1 content package (.zip), up to ${MAX_QTI_MB} MB.` };
const tooLarge = () => new AppError("QTI_TOO_LARGE", { vars: { limitMb: MAX_QTI_MB } });

/** The uploaded package's bytes and the form's subject; refused from its declared length before reading it. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; subjectId: string | null }> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_QTI_BYTES + ENVELOPE_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
  let bytes: Buffer | null = null;
  let subjectId: string | null = null;
  try {
    for await (const part of formParts(request)) {
      if (part.type === "file") bytes = await part.toBuffer();
      else if (part.fieldname === "subjectId") subjectId = String(part.value).trim().slice(0, 64) || null;
    }
  } catch (err) {
    throw uploadError(err, tooLarge);
  }
  if (!bytes) throw new AppError("FILE_REQUIRED");
  return { bytes, subjectId };
}

export const qtiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_QTI_BYTES, files: 1, fields: 1, fieldSize: 100, parts: 2 } });

  app.get("/api/exams/:id/qti", { schema: { params: ZParams } }, async (request, reply) => {
    const { title, files } = await exportQtiFiles(app.db, app.storage, await requireUser(request), request.params.id);
    reply.header("content-type", "application/zip");
    reply.header("content-disposition", contentDisposition(`${safeFilename(title)}.qti.zip`));
    reply.header("cache-control", "private, no-store");
    return reply.send(Buffer.from(zipPackage(files)));
  });

  app.post("/api/exams/import/qti/preview", { schema: { multipart: { file: PACKAGE }, response: { 200: ZQtiPreview } } }, async (request) => {
    const user = await authorize(request, "exams.author");
    return previewQti(user, (await readUpload(request)).bytes);
  });

  app.post("/api/exams/import/qti", { schema: { multipart: { file: PACKAGE, fields: { subjectId: { description: "Optional: the id of the subject the draft exam is filed under." } } }, response: { 201: ZExamDetail } } }, async (request, reply) => {
    const user = await authorize(request, "exams.author");
    const { bytes, subjectId } = await readUpload(request);
    return reply.status(201).send(await importQti(app.db, app.storage, user, bytes, subjectId));
  });
};
