import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/context";
import { sendTable, TABLE_FORMATS } from "../../http/table";
import {
  importColumnsFor,
  type TImportColumn,
  ZDeleteImpact,
  ZImportPreview,
  ZImportRequest,
  ZImportResult,
  ZUser,
  ZUserCreate,
  ZUserListQuery,
  ZUserPage,
  ZUserUpdate,
} from "../../../shared/schemas/user";
import { createUser, deleteUser, findDeleteImpact, findUsers, previewImport, runImport, updateUser } from "./users.service";
import { can } from "../../../shared/permissions";
import { AppError } from "../../http/errors";
import { ZNoContent } from "../../http/openapi";

const ZParams = z.object({ id: z.uuid({ error: "USER_NOT_FOUND" }) });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/users", { schema: { querystring: ZUserListQuery, response: { 200: ZUserPage } } }, async (request) => {
    return findUsers(app.db, await requireUser(request), request.query);
  });

  app.post("/api/users", { schema: { body: ZUserCreate, response: { 201: ZUser } } }, async (request, reply) => {
    return reply.status(201).send(await createUser(app.db, await requireUser(request), request.body));
  });

  app.patch(
    "/api/users/:id",
    { schema: { params: ZParams, body: ZUserUpdate, response: { 200: z.object({ user: ZUser, passwordChanged: z.boolean() }) } } },
    async (request) => updateUser(app.db, await requireUser(request), request.params.id, request.body),
  );

  app.get("/api/users/:id/delete-impact", { schema: { params: ZParams, response: { 200: ZDeleteImpact } } }, async (request) =>
    findDeleteImpact(app.db, await requireUser(request), request.params.id),
  );

  app.delete("/api/users/:id", { schema: { params: ZParams, response: { 204: ZNoContent } } }, async (request, reply) => {
    await deleteUser(app.db, await requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  // ---- roster import

  app.get("/api/users/import/template", { schema: { querystring: z.object({ role: z.enum(["student", "teacher"]), format: z.enum(TABLE_FORMATS).default("csv") }) } }, async (request, reply) => {
    const user = await requireUser(request);
    if (!can(user, request.query.role === "student" ? "students.manage" : "teachers.manage", undefined, { write: true })) throw new AppError("FORBIDDEN");
    const school = user.role === "super_admin" ? "school_xyz" : (user.schoolId ?? "");
    // Example rows by column, so each role's template (a teacher's has no grade or class) lines up with its header.
    const example: Record<TImportColumn, string>[] =
      request.query.role === "student"
        ? [
            { email: "student01@example.com", username: "s01", name: "أحمد المنصوري", password: "", school_id: school, grade: "8", class: "8/أ", email_language: "ar", gender: "male", language_background: "arabic", read_aloud: "", high_contrast: "", text_size: "" },
            { email: "student02@example.com", username: "s02", name: "Aisha Khan", password: "", school_id: school, grade: "8", class: "8B", email_language: "en", gender: "female", language_background: "other", read_aloud: "yes", high_contrast: "no", text_size: "150" },
          ]
        : [{ email: "teacher01@example.com", username: "t01", name: "أ. منى العلي", password: "", school_id: school, grade: "", class: "", email_language: "ar", gender: "", language_background: "", read_aloud: "", high_contrast: "", text_size: "" }];
    const columns = importColumnsFor(request.query.role);
    return sendTable(reply, request.query.format, { name: `qias-${request.query.role}s-template`, rows: [[...columns], ...example.map((row) => columns.map((c) => row[c]))], rtl: false });
  });

  app.post("/api/users/import/preview", { bodyLimit: 3_000_000, schema: { body: ZImportRequest, response: { 200: ZImportPreview } } }, async (request) =>
    previewImport(app.db, await requireUser(request), request.body),
  );

  app.post("/api/users/import", { bodyLimit: 3_000_000, schema: { body: ZImportRequest, response: { 201: ZImportResult } } }, async (request, reply) =>
    reply.status(201).send(await runImport(app.db, await requireUser(request), request.body)),
  );
};
