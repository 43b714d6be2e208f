// QTI packages (issue 19; docs/decisions/0023): GET /api/exams/:id/qti downloads an exam as a QTI 3.0 package,
// POST /api/exams/export/qti several ({ examIds }) as one; POST /api/exams/import/qti/preview says what a package
// holds (multipart "file"), and POST /api/exams/import/qti creates a draft exam per test in it (multipart "file",
// and optionally one "subjectId" and one "title" per test, in order, before it).
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { authorize, requireUser } from "../../http/context";
import { AppError } from "../../http/errors";
import { uploadError } from "../../http/upload-error";
import { formParts, type TMultipartForm } from "../../http/multipart-form";
import { MAX_QTI_BYTES, MAX_QTI_EXAMS, MAX_QTI_MB, MAX_SHORT_TEXT_LENGTH } from "../../../shared/limits";
import { ZQtiExportInput, ZQtiImported, ZQtiPreview } from "../../../shared/schemas/qti";
import { contentDisposition, safeFilename } from "../files/filename";
import { exportQtiFiles, exportQtiSelection, importQti, importQtiToBank, previewQti } from "./qti.service";
import { parseInThread } from "../../parse-pool";

const ZParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });
const ENVELOPE_BYTES = 64 * 1024;
/** A field's bytes: a title one over the exam's limit in 4-byte characters still arrives whole, to be refused in words. */
const FIELD_BYTES = 4 * (MAX_SHORT_TEXT_LENGTH + 1);
const PACKAGE: TMultipartForm["file"] = { name: "file", description: `The QTI 3.0 or 2.1 content package (.zip), up to ${MAX_QTI_MB} MB.` };
const tooLarge = () => new AppError("QTI_TOO_LARGE", { vars: { limitMb: MAX_QTI_MB } });

/** The uploaded package's bytes and the form's subjects and titles (one per test); refused from its declared length before reading it. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; subjectIds: string[]; titles: string[] }> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_QTI_BYTES + ENVELOPE_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
  let bytes: Buffer | null = null;
  const subjectIds: string[] = [];
  const titles: string[] = [];
  try {
    for await (const part of formParts(request)) {
      if (part.type === "file") bytes = await part.toBuffer();
      else if (part.fieldname === "subjectId") subjectIds.push(String(part.value).trim().slice(0, 64));
      // Not cut short: a title over the exam's limit is refused by the exam's own check, in words.
      else if (part.fieldname === "title") titles.push(String(part.value));
    }
  } catch (err) {
    throw uploadError(err, tooLarge);
  }
  if (!bytes) throw new AppError("FILE_REQUIRED");
  return { bytes, subjectIds, titles };
}

/** A package as the download: zipped in a parse thread, named by its title (the bank's export uses it too). */
export async function sendPackage(reply: FastifyReply, { title, files }: { title: string; files: Record<string, Uint8Array> }) {
  reply.header("content-type", "application/zip");
  reply.header("content-disposition", contentDisposition(`${safeFilename(title)}.qti.zip`));
  reply.header("cache-control", "private, no-store");
  // Deflated in a parse thread (docs/decisions/0029): fifty exams' media are seconds of a core, not the event loop's.
  const zip = await parseInThread("qtiZip", files, () => new AppError("INTERNAL"));
  return reply.send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}

export const qtiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_QTI_BYTES, files: 1, fields: 2 * MAX_QTI_EXAMS, fieldSize: FIELD_BYTES, parts: 2 * MAX_QTI_EXAMS + 1 } });

  app.get("/api/exams/:id/qti", { schema: { params: ZParams } }, async (request, reply) => {
    return sendPackage(reply, await exportQtiFiles(app.db, app.storage, await requireUser(request), request.params.id));
  });

  app.post("/api/exams/export/qti", { schema: { body: ZQtiExportInput } }, async (request, reply) => {
    return sendPackage(reply, await exportQtiSelection(app.db, app.storage, await requireUser(request), request.body.examIds));
  });

  app.post("/api/exams/import/qti/preview", { schema: { multipart: { file: PACKAGE }, response: { 200: ZQtiPreview } } }, async (request) => {
    const user = await authorize(request, "exams.author");
    return await previewQti(user, (await readUpload(request)).bytes);
  });

  app.post(
    "/api/exams/import/qti",
    {
      schema: {
        multipart: {
          file: PACKAGE,
          fields: {
            subjectId: { description: "Optional, one per test of the package in order: the id of the subject its draft exam is filed under (empty: the package's). Required where the preview lists \"subject\" as missing." },
            title: { description: "Optional, one per test of the package in order: the draft exam's title in both languages (empty: the package's). Required where the preview lists \"title\" as missing (a package of items without a test, with no title in its manifest)." },
          },
        },
        response: { 201: ZQtiImported },
      },
    },
    async (request, reply) => {
      const user = await authorize(request, "exams.author");
      const { bytes, subjectIds, titles } = await readUpload(request);
      return reply.status(201).send({ exams: await importQti(app.db, app.storage, user, bytes, { subjectIds, titles }) });
    },
  );

  // The item bank (issue 34; docs/decisions/0036): a package's items into the bank, no exam made.
  app.post(
    "/api/bank/import/qti",
    {
      schema: {
        multipart: { file: PACKAGE, fields: { subjectId: { description: "Optional, one per test of the package in order: the subject its items are filed under (empty: the package's)." } } },
        response: { 201: z.object({ itemIds: z.array(z.string()) }) },
      },
    },
    async (request, reply) => {
      const user = await authorize(request, "exams.author");
      const { bytes, subjectIds } = await readUpload(request);
      return reply.status(201).send({ itemIds: await importQtiToBank(app.db, app.storage, user, bytes, { subjectIds }) });
    },
  );
};
