import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const ZPublicConfig = z.object({ contactPhone: z.string(), contactEmail: z.string(), siteDomain: z.string() });

/** Settings the public pages show (SPEC §9 shows the phone as {phone}: it is configured, not hard-coded). */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/public/config", { schema: { security: [], response: { 200: ZPublicConfig } } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    const { phone, email, siteDomain } = app.config.contact;
    return { contactPhone: phone, contactEmail: email, siteDomain };
  });
};
