// Every area's routes, registered by app.ts. Add one line per module.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "../auth/auth.routes";
import { oidcRoutes } from "../auth/oidc.routes";
import { accountRoutes } from "../auth/account.routes";
import { passwordRuleRoutes } from "../auth/password-rule.routes";
import { publicRoutes } from "./public/public.routes";
import { schoolsRoutes } from "./schools/schools.routes";
import { usersRoutes } from "./users/users.routes";
import { auditRoutes } from "./audit/audit.routes";
import { filesRoutes } from "./files/files.routes";
import { examsRoutes } from "./exams/exams.routes";
import { attemptsRoutes } from "./attempts/attempts.routes";
import { resultsRoutes } from "./results/results.routes";
import { contactRoutes } from "./contact/contact.routes";
import { skillsRoutes } from "./skills/skills.routes";
import { reportsRoutes } from "./reports/reports.routes";
import { analyticsRoutes } from "./analytics/analytics.routes";
import { sittingsRoutes } from "./sittings/sittings.routes";
import { mediaRoutes } from "./media/media.routes";
import { qtiRoutes } from "./qti/qti.routes";
import { bankRoutes } from "./bank/bank.routes";
import { psychometricsRoutes } from "./psychometrics/psychometrics.routes";
import { difRoutes } from "./psychometrics/dif.routes";
import { scalesRoutes } from "./scales/scales.routes";
import { standardSettingRoutes } from "./standard-setting/standard-setting.routes";
import { ltiRoutes } from "../lti/lti.routes";

export const modules: FastifyPluginAsyncZod[] = [authRoutes, oidcRoutes, accountRoutes, passwordRuleRoutes, publicRoutes, schoolsRoutes, usersRoutes, auditRoutes, filesRoutes, examsRoutes, attemptsRoutes, resultsRoutes, contactRoutes, skillsRoutes, reportsRoutes, analyticsRoutes, sittingsRoutes, mediaRoutes, qtiRoutes, bankRoutes, psychometricsRoutes, difRoutes, scalesRoutes, standardSettingRoutes, ltiRoutes];
