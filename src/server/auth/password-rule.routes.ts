// The staff password rule (issue 33, docs/decisions/0031): anyone signed in may read it (the forms say what it asks
// before a password is refused), only a super_admin may set it.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZStaffPasswordRule, ZStaffPasswordRuleView } from "../../shared/schemas/password-rule";
import { requireUser } from "../http/context";
import { getStaffPasswordRule, setStaffPasswordRule } from "./password-rule";

export const STAFF_PASSWORD_RULE_URL = "/api/settings/staff-password-rule";

export const passwordRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(STAFF_PASSWORD_RULE_URL, { schema: { response: { 200: ZStaffPasswordRuleView } } }, async (request, reply) => {
    await requireUser(request);
    reply.header("cache-control", "no-store");
    return getStaffPasswordRule(app.db);
  });

  app.put(STAFF_PASSWORD_RULE_URL, { schema: { body: ZStaffPasswordRule, response: { 200: ZStaffPasswordRuleView } } }, async (request) => {
    return setStaffPasswordRule(app.db, await requireUser(request), request.body);
  });
};
