// LTI 1.3 tool endpoints (issue 38, docs/decisions/0051). So far: the tool's public keys.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { toolJwks } from "./keys";

export const LTI_JWKS_URL = "/api/lti/jwks";

const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LTI_JWKS_URL, { schema: { response: { 200: ZJwks } } }, async (_request, reply) => {
    // Platforms cache it; a short max-age lets a new key reach them soon.
    reply.header("cache-control", "public, max-age=300");
    return toolJwks(app.db);
  });
};
