// What every route can reach: the database, the config, the mailer, and the signed-in user.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TConfig } from "../config";
import type { TDb } from "../db/client";
import type { TMailer } from "../mail/mailer";
import type { TStorage } from "../storage/storage";
import { AppError } from "./errors";
import { can, type TCapability, type TResourceRef, type TSessionUser } from "../../shared/permissions";

declare module "fastify" {
  interface FastifyInstance {
    db: TDb;
    config: TConfig;
    mailer: TMailer;
    storage: TStorage;
    jobs: import("../jobs/jobs").TJobRunner;
    /** Every route registered, with its declared schemas. */
    routeTable: readonly import("../app").TRouteEntry[];
  }
  interface FastifyRequest {
    /** The signed-in user, looked up once per request (null when signed out). */
    getUser(): Promise<TSessionUser | null>;
    sessionToken: string | null;
  }
}

export const SESSION_COOKIE = "qias_session";

export async function requireUser(request: FastifyRequest): Promise<TSessionUser> {
  const user = await request.getUser();
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

/** requireUser + the capability check of shared/permissions.ts; 403 when the user's scope does not reach. */
export async function authorize(
  request: FastifyRequest,
  capability: TCapability,
  resource?: TResourceRef,
  options: { write?: boolean } = {},
): Promise<TSessionUser> {
  const user = await requireUser(request);
  if (!can(user, capability, resource, options)) throw new AppError("FORBIDDEN");
  return user;
}

export function requestMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}

export function setSessionCookie(reply: FastifyReply, config: TConfig, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}
