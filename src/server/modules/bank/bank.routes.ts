// The item bank's routes (issue 34; docs/decisions/0036): /api/bank for the bank page, and the exam editor's
// "add from the bank" and "take the new version". Shapes in shared/schemas/bank.ts; rules in bank.service.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { ZAddBankItems, ZBankItemDetail, ZBankItemInput, ZBankPage, ZBankQuery, ZTakeVersions } from "../../../shared/schemas/bank";
import { ZExamDetail } from "../../../shared/schemas/exam";
import { ZBlueprint } from "../../../shared/schemas/blueprint";
import { ZAssembleResponse, ZExamForms, ZSaveForms } from "../../../shared/schemas/forms";
import { exportBankQti } from "./bank-qti";
import { assembleForExam, deleteForms, findForms, saveForms } from "./forms.service";
import { sendPackage } from "../qti/qti.routes";
import { addBankItems, copyBankItem, createBankItem, findBankItem, searchBank, setRetired, takeVersions, updateBankItem } from "./bank.service";

const ZParams = z.object({ id: z.uuid({ error: "BANK_ITEM_NOT_FOUND" }) });
const ZExamParams = z.object({ id: z.uuid({ error: "EXAM_NOT_FOUND" }) });
/** An item with a long passage and rich texts fits comfortably. */
const ITEM_BODY_LIMIT = 1024 * 1024;

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/bank", { schema: { querystring: ZBankQuery, response: { 200: ZBankPage } } }, async (request) => searchBank(app.db, await requireUser(request), request.query));

  app.get("/api/bank/:id", { schema: { params: ZParams, response: { 200: ZBankItemDetail } } }, async (request) => findBankItem(app.db, await requireUser(request), request.params.id));

  app.post("/api/bank", { bodyLimit: ITEM_BODY_LIMIT, schema: { body: ZBankItemInput, response: { 201: ZBankItemDetail } } }, async (request, reply) =>
    reply.status(201).send(await createBankItem(app.db, await requireUser(request), request.body)),
  );

  app.put("/api/bank/:id", { bodyLimit: ITEM_BODY_LIMIT, schema: { params: ZParams, body: ZBankItemInput, response: { 200: ZBankItemDetail } } }, async (request) =>
    updateBankItem(app.db, await requireUser(request), request.params.id, request.body),
  );

  app.post("/api/bank/:id/retire", { schema: { params: ZParams, response: { 200: ZBankItemDetail } } }, async (request) => setRetired(app.db, await requireUser(request), request.params.id, true));

  app.post("/api/bank/:id/restore", { schema: { params: ZParams, response: { 200: ZBankItemDetail } } }, async (request) => setRetired(app.db, await requireUser(request), request.params.id, false));

  app.post("/api/bank/:id/copy", { schema: { params: ZParams, response: { 201: ZBankItemDetail } } }, async (request, reply) =>
    reply.status(201).send(await copyBankItem(app.db, await requireUser(request), request.params.id)),
  );

  app.post("/api/bank/export/qti", { schema: { body: ZAddBankItems } }, async (request, reply) =>
    sendPackage(reply, await exportBankQti(app.db, app.storage, await requireUser(request), request.body.itemIds)),
  );

  app.post("/api/exams/:id/bank-items", { schema: { params: ZExamParams, body: ZAddBankItems, response: { 200: ZExamDetail } } }, async (request) =>
    addBankItems(app.db, await requireUser(request), request.params.id, request.body.itemIds),
  );

  app.post("/api/exams/:id/take-versions", { schema: { params: ZExamParams, body: ZTakeVersions, response: { 200: ZExamDetail } } }, async (request) =>
    takeVersions(app.db, await requireUser(request), request.params.id, request.body.questionIds),
  );

  // Parallel forms from a blueprint (issue 34; docs/decisions/0035): assemble, save as the exam's, back to one paper.
  app.post("/api/exams/:id/assemble", { schema: { params: ZExamParams, body: ZBlueprint, response: { 200: ZAssembleResponse } } }, async (request) =>
    assembleForExam(app.db, await requireUser(request), request.params.id, request.body),
  );

  app.get("/api/exams/:id/forms", { schema: { params: ZExamParams, response: { 200: ZExamForms } } }, async (request) => findForms(app.db, await requireUser(request), request.params.id));

  app.put("/api/exams/:id/forms", { schema: { params: ZExamParams, body: ZSaveForms, response: { 200: ZExamForms } } }, async (request) =>
    saveForms(app.db, await requireUser(request), request.params.id, request.body),
  );

  app.delete("/api/exams/:id/forms", { schema: { params: ZExamParams, response: { 200: ZExamForms } } }, async (request) => deleteForms(app.db, await requireUser(request), request.params.id));
};
