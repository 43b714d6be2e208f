// Printed sitting codes (issue 38, docs/decisions/0043): a ticket per student for a sitting, whose code signs that
// student in to that sitting only, from SITTING_CODE_OPENS_MINUTES before its start to its end. The code is an HMAC
// of (sitting, student, issue) with a server secret — microseconds, where a password's scrypt takes the cores for
// tens of milliseconds — so tickets print the same every time without keeping the code; reissuing counts the issue
// up and the old code stops working. The ticket's row keeps the hash of the code in force only to find the ticket.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { profiles, sittings, sittingTickets } from "../../db/schema";
import { AppError } from "../../http/errors";
import { writeAudit } from "../audit/audit.service";
import { getSecret } from "../../secrets";
import { checkUnderThrottle, createSession, sessionUserColumns, type TRequestMeta } from "../../auth/auth.service";
import { hashToken } from "../../auth/tokens";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ADDRESS } from "../../../shared/limits";
import { formatSittingCode, isSittingCodeShape, normalizeSittingCode, SITTING_CODE_ALPHABET, SITTING_CODE_LENGTH } from "../../../shared/sitting-code";
import type { TSessionUser } from "../../../shared/permissions";
import { ticketAudience } from "./sittings.service";

export const SITTING_CODE_SECRET = "sitting-codes";
/** How long before a sitting's start its codes sign in: the lobby is the place to wait, and a class arrives early. */
export const SITTING_CODE_OPENS_MINUTES = 30;

/** The code of (sitting, student, issue): HMAC-SHA256 read as 8 characters of the alphabet. */
export function ticketCode(secret: string, sittingId: string, studentId: string, issue: number): string {
  const mac = createHmac("sha256", secret).update(`${sittingId}:${studentId}:${issue}`).digest();
  // 64 bits read 8 times in base 28: what is left is far more than the 38 bits taken, so the bias is nil.
  let n = mac.readBigUInt64BE(0);
  let code = "";
  const base = BigInt(SITTING_CODE_ALPHABET.length);
  for (let i = 0; i < SITTING_CODE_LENGTH; i++) {
    code += SITTING_CODE_ALPHABET[Number(n % base)];
    n /= base;
  }
  return code;
}

/** What a ticket's row keeps of its code: the hash it is found by. */
export const ticketLookup = (code: string) => hashToken(`sitting-code:${code}`);

export type TTicket = { studentId: string; name: string; className: string | null; schoolNameAr: string | null; schoolNameEn: string | null; code: string; issue: number; signedIn: boolean };

/** The sitting's tickets, each student's code in force (a ticket is made at its first print). */
export async function listTickets(db: TDb, actor: TSessionUser, sittingId: string) {
  const { sitting, exam, students } = await ticketAudience(db, actor, sittingId);
  const secret = await getSecret(db, SITTING_CODE_SECRET);
  let byStudent = new Map<string, typeof sittingTickets.$inferSelect>();
  // A ticket is made at its first print. Two codes of 38 bits can still coincide (about once in 1,400 sittings of
  // 20,000): the unique lookup refuses the second, and that student's ticket is made at the next issue instead.
  for (let issue = 1; issue <= 5; issue++) {
    const missing = students.filter((s) => !byStudent.has(s.studentId));
    if (!missing.length) break;
    await db
      .insert(sittingTickets)
      .values(missing.map((s) => ({ sittingId, studentId: s.studentId, issue, lookup: ticketLookup(ticketCode(secret, sittingId, s.studentId, issue)) })))
      .onConflictDoNothing();
    const rows = await db.select().from(sittingTickets).where(eq(sittingTickets.sittingId, sittingId));
    byStudent = new Map(rows.map((r) => [r.studentId, r]));
  }
  const tickets: TTicket[] = students.map((s) => {
    const row = byStudent.get(s.studentId)!;
    return {
      studentId: s.studentId,
      name: s.name,
      className: s.className,
      schoolNameAr: s.schoolNameAr,
      schoolNameEn: s.schoolNameEn,
      code: formatSittingCode(ticketCode(secret, sittingId, s.studentId, row.issue)),
      issue: row.issue,
      signedIn: !!row.signedInAt,
    };
  });
  return { sitting, exam, tickets };
}

/** A lost ticket: the student's issue counts up, so the printed code stops working and a new one is given. */
export async function reissueTicket(db: TDb, actor: TSessionUser, sittingId: string, studentId: string): Promise<TTicket> {
  const { tickets } = await listTickets(db, actor, sittingId);
  const ticket = tickets.find((t) => t.studentId === studentId);
  if (!ticket) throw new AppError("USER_NOT_FOUND");
  const secret = await getSecret(db, SITTING_CODE_SECRET);
  // The next issue whose code no other ticket holds (see listTickets: codes can coincide, rarely).
  let issue = ticket.issue + 1;
  let code = ticketCode(secret, sittingId, studentId, issue);
  while (issue < ticket.issue + 5 && (await db.select({ n: sittingTickets.issue }).from(sittingTickets).where(eq(sittingTickets.lookup, ticketLookup(code)))).length) {
    code = ticketCode(secret, sittingId, studentId, ++issue);
  }
  return db.transaction(async (tx) => {
    // Only from the issue just read: two reissues at once give one new code, not two racing for the row.
    const [row] = await tx
      .update(sittingTickets)
      .set({ issue, lookup: ticketLookup(code), signedInAt: null })
      .where(and(eq(sittingTickets.sittingId, sittingId), eq(sittingTickets.studentId, studentId), eq(sittingTickets.issue, ticket.issue)))
      .returning({ issue: sittingTickets.issue });
    if (!row) throw new AppError("SITTING_TICKET_CHANGED");
    await writeAudit(tx, actor, { action: "update", entity: "sitting_ticket", entityId: `${sittingId}:${studentId}`, before: { issue: ticket.issue }, after: { issue } });
    return { ...ticket, code: formatSittingCode(code), issue, signedIn: false };
  });
}

/**
 * Signs a student in with their ticket's code: throttled per code and per address as passwords are, then the
 * ticket found by its hash, the code checked against the HMAC in constant time, and the sitting's window. The
 * session is a student's ordinary session; the ticket remembers the sign-in for the live view.
 */
export async function signInWithCode(db: TDbOrTx, typed: string, meta: TRequestMeta, now = Date.now()) {
  const code = normalizeSittingCode(typed);
  const keys = [
    { key: `sitting-code:${isSittingCodeShape(code) ? code : "malformed"}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT, clearOnSuccess: true },
    { key: `address:${meta.ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS },
  ];
  const refuse = (t: { retryAfterSeconds: number }) => new AppError("SITTING_CODE_THROTTLED", { headers: { "retry-after": String(t.retryAfterSeconds) } });
  let found: { sittingId: string; studentId: string; examId: string; user: TSessionUser } | undefined;
  const ok = await checkUnderThrottle(db, keys, refuse, async () => {
    if (!isSittingCodeShape(code)) return false;
    const [row] = await db
      .select({
        sittingId: sittingTickets.sittingId,
        studentId: sittingTickets.studentId,
        issue: sittingTickets.issue,
        examId: sittings.examId,
        startsAt: sittings.startsAt,
        endsAt: sittings.endsAt,
        user: sessionUserColumns,
      })
      .from(sittingTickets)
      .innerJoin(sittings, eq(sittings.id, sittingTickets.sittingId))
      .innerJoin(profiles, eq(profiles.id, sittingTickets.studentId))
      .where(eq(sittingTickets.lookup, ticketLookup(code)))
      .limit(1);
    if (!row || row.user.role !== "student") return false;
    const expected = Buffer.from(ticketCode(await getSecret(db, SITTING_CODE_SECRET), row.sittingId, row.studentId, row.issue));
    if (!timingSafeEqual(expected, Buffer.from(code))) return false;
    if (now < row.startsAt.getTime() - SITTING_CODE_OPENS_MINUTES * 60_000 || now > row.endsAt.getTime()) return false;
    found = { ...row, user: { ...row.user, username: row.user.username || row.user.email } };
    return true;
  });
  if (!ok || !found) throw new AppError("SITTING_CODE_WRONG");
  await db.update(sittingTickets).set({ signedInAt: new Date() }).where(and(eq(sittingTickets.sittingId, found.sittingId), eq(sittingTickets.studentId, found.studentId)));
  const session = await createSession(db, found.studentId, meta);
  return { ...session, user: found.user, examId: found.examId, sittingId: found.sittingId };
}
