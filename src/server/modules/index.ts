// Every area's routes, registered by app.ts. Add one line per module.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "../auth/auth.routes";
import { publicRoutes } from "./public/public.routes";

export const modules: FastifyPluginAsyncZod[] = [authRoutes, publicRoutes];
