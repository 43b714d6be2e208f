// QTI 3.0 packages (issue 19; docs/decisions/0023): GET /api/exams/:id/qti downloads an exam as one.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { contentDisposition, safeFilename } from "../files/filename";
import { exportQtiFiles } from "./qti.service";
import { zipPackage } from "./qti-export";

const ZParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });

export const qtiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/exams/:id/qti", { schema: { params: ZParams } }, async (request, reply) => {
    const { title, files } = await exportQtiFiles(app.db, app.storage, await requireUser(request), request.params.id);
    reply.header("content-type", "application/zip");
    reply.header("content-disposition", contentDisposition(`${safeFilename(title)}.qti.zip`));
    reply.header("cache-control", "private, no-store");
    return reply.send(Buffer.from(zipPackage(files)));
  });
};
