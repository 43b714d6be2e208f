// The contact form's messages: stored so they reach someone, read by a super_admin in the dashboard inbox.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { contactMessages, profiles } from "../../db/schema";
import { AppError } from "../../http/errors";
import { countAndCheck } from "../../throttle";
import {
  CONTACT_MAX_PER_WINDOW,
  CONTACT_PAGE_SIZE,
  CONTACT_PREVIEW_LENGTH,
  CONTACT_WINDOW_MINUTES,
  type TContactInput,
  type TContactListResponse,
  type TContactMessageView,
} from "../../../shared/schemas/contact";

export type TCreateContactResult = { status: "stored"; id: string } | { status: "dropped" } | { status: "throttled"; retryAfterSeconds: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores a message from the public form.
 * - The honeypot (`website`) filled in: a bot; nothing is stored, and the caller answers as if it were.
 * - More than CONTACT_MAX_PER_WINDOW messages from one address within the window: throttled. Counted and checked
 *   in one statement (throttle.ts), so messages sent at once cannot all slip under the limit.
 */
export async function createContactMessage(db: TDbOrTx, input: TContactInput, meta: { ip: string }): Promise<TCreateContactResult> {
  if (input.website && input.website.trim() !== "") return { status: "dropped" };

  const throttled = await countAndCheck(db, `contact:${meta.ip}`, CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES);
  if (throttled) return { status: "throttled", retryAfterSeconds: throttled.retryAfterSeconds };

  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip: meta.ip })
    .returning({ id: contactMessages.id });
  return { status: "stored", id: row!.id };
}

export async function findContactMessages(db: TDbOrTx, query: { page: number; unreadOnly: boolean }): Promise<TContactListResponse> {
  const where = query.unreadOnly ? isNull(contactMessages.readAt) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        preview: sql<string>`left(${contactMessages.message}, ${CONTACT_PREVIEW_LENGTH})`,
        createdAt: contactMessages.createdAt,
        readAt: contactMessages.readAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(CONTACT_PAGE_SIZE)
      .offset((query.page - 1) * CONTACT_PAGE_SIZE),
    db
      .select({
        total: query.unreadOnly ? sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(Number) : count(),
        unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(Number),
      })
      .from(contactMessages),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null })),
    page: query.page,
    pageSize: CONTACT_PAGE_SIZE,
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
  };
}

export async function findContactMessage(db: TDbOrTx, id: string): Promise<TContactMessageView> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ message: contactMessages, readByName: profiles.name })
    .from(contactMessages)
    .leftJoin(profiles, eq(profiles.id, contactMessages.readById))
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return presentMessage(row.message, row.readByName);
}

/** Marks a message read by `userId`. Idempotent: the first reader and time are kept. */
export async function markContactMessageRead(db: TDbOrTx, id: string, userId: string): Promise<TContactMessageView> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  await db
    .update(contactMessages)
    .set({ readAt: new Date(), readById: userId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  return findContactMessage(db, id);
}

function presentMessage(m: typeof contactMessages.$inferSelect, readByName: string | null): TContactMessageView {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
    readBy: m.readById ? { id: m.readById, name: readByName ?? "" } : null,
  };
}
