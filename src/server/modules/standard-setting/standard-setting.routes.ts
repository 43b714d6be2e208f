// Standard setting (issue 35; docs/decisions/0048): the super_admin's studies, and the invited panellist's ratings.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authorize, requireUser } from "../../http/context";
import { ZFiguresQuery, ZPanellistsInvite, ZRatingsInput, ZStudyApprove, ZStudyCreate, ZStudyParams } from "../../../shared/schemas/standard-setting";
import {
  approveStudy,
  closeStudy,
  createStudy,
  findInvitation,
  findStudy,
  invitePanellists,
  listInvitations,
  listStudies,
  openNextRound,
  studyFigures,
  studyOptions,
  submitRatings,
} from "./standard-setting.service";

const RUN = "standardSetting.run" as const;
/** The new study's detail (TStudyDetail); its fields are described loosely here, the type is the contract. */
const ZCreated = z.looseObject({ id: z.uuid(), status: z.string(), round: z.number() });

export const standardSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/standard-setting/options", async (request) => {
    await authorize(request, RUN);
    return studyOptions(app.db);
  });

  app.get("/api/standard-setting/studies", async (request) => {
    await authorize(request, RUN);
    return { items: await listStudies(app.db) };
  });

  app.post("/api/standard-setting/studies", { schema: { body: ZStudyCreate, response: { 201: ZCreated } } }, async (request, reply) => {
    const user = await authorize(request, RUN, undefined, { write: true });
    return reply.status(201).send(await createStudy(app.db, user, request.body));
  });

  app.get("/api/standard-setting/studies/:id", { schema: { params: ZStudyParams } }, async (request) => {
    await authorize(request, RUN);
    return findStudy(app.db, request.params.id);
  });

  app.post("/api/standard-setting/studies/:id/panellists", { schema: { params: ZStudyParams, body: ZPanellistsInvite } }, async (request) => {
    await authorize(request, RUN, undefined, { write: true });
    return invitePanellists(app.db, request.params.id, request.body.userIds);
  });

  app.post("/api/standard-setting/studies/:id/rounds", { schema: { params: ZStudyParams } }, async (request) => {
    await authorize(request, RUN, undefined, { write: true });
    return openNextRound(app.db, request.params.id);
  });

  app.post("/api/standard-setting/studies/:id/close", { schema: { params: ZStudyParams } }, async (request) => {
    await authorize(request, RUN, undefined, { write: true });
    return closeStudy(app.db, request.params.id);
  });

  app.get("/api/standard-setting/studies/:id/figures", { schema: { params: ZStudyParams, querystring: ZFiguresQuery } }, async (request) => {
    await authorize(request, RUN);
    return studyFigures(app.db, request.params.id, request.query.round);
  });

  app.post("/api/standard-setting/studies/:id/approve", { schema: { params: ZStudyParams, body: ZStudyApprove } }, async (request) => {
    const user = await authorize(request, RUN, undefined, { write: true });
    return approveStudy(app.db, user, request.params.id, request.body);
  });

  // The panellist's side: studies they were invited to.
  app.get("/api/standard-setting/invitations", async (request) => ({ items: await listInvitations(app.db, await requireUser(request)) }));

  app.get("/api/standard-setting/invitations/:id", { schema: { params: ZStudyParams } }, async (request) =>
    findInvitation(app.db, await requireUser(request), request.params.id),
  );

  app.put("/api/standard-setting/invitations/:id/ratings", { bodyLimit: 1024 * 1024, schema: { params: ZStudyParams, body: ZRatingsInput } }, async (request) =>
    submitRatings(app.db, await requireUser(request), request.params.id, request.body),
  );
};
