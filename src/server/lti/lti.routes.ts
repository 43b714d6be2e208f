// LTI 1.3 tool endpoints (issue 38, docs/decisions/0051): the tool's public keys, and the super_admin's platforms.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZLtiPlatform, ZLtiPlatformInput } from "../../shared/schemas/lti";
import { requireUser } from "../http/context";
import { toolJwks } from "./keys";
import { listPlatforms, registerPlatform } from "./platforms";

export const LTI_JWKS_URL = "/api/lti/jwks";
export const LTI_PLATFORMS_URL = "/api/lti/platforms";

const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LTI_JWKS_URL, { schema: { response: { 200: ZJwks } } }, async (_request, reply) => {
    // Platforms cache it; a short max-age lets a new key reach them soon.
    reply.header("cache-control", "public, max-age=300");
    return toolJwks(app.db);
  });

  app.get(LTI_PLATFORMS_URL, { schema: { response: { 200: z.array(ZLtiPlatform) } } }, async (request) => {
    return listPlatforms(app.db, await requireUser(request));
  });

  app.post(LTI_PLATFORMS_URL, { schema: { body: ZLtiPlatformInput, response: { 201: ZLtiPlatform } } }, async (request, reply) => {
    const platform = await registerPlatform(app.db, await requireUser(request), request.body);
    return reply.status(201).send(platform);
  });
};
