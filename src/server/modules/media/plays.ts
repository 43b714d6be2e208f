// A clip limited to a number of plays is heard only through a play the server has counted (issue 33 item 21,
// decision 0034): counting a play (attempts.service startPlay) gives a short-lived address of its own, bound to the
// student, the attempt and the clip, which serves the byte ranges one play needs and nothing once it has expired or
// a later play has replaced it. The plain media address refuses such a clip to students (findReadableMedia).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { examMedia, mediaPlays, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { ANSWER_GRACE_SECONDS } from "../../../shared/limits";
import type { TSessionUser } from "../../../shared/permissions";

/** How long a play's address outlives the clip's length: pauses, a slow network, a browser that fetches late. */
export const PLAY_MARGIN_SECONDS = 300;
/** A clip whose length its bytes do not state is given the time it would last at this low bit rate… */
const UNKNOWN_LENGTH_KBPS = 16;
/** …and never longer than this (a 20 MB clip at 16 kbit/s would be almost three hours). */
const MAX_PLAY_SECONDS = 60 * 60;

/** How long one play's address lives, in whole seconds. */
export function playWindowSeconds(clip: { durationMs: number | null; sizeBytes: number }): number {
  const length = clip.durationMs !== null ? clip.durationMs / 1000 : (clip.sizeBytes * 8) / (UNKNOWN_LENGTH_KBPS * 1000);
  return Math.ceil(Math.min(length, MAX_PLAY_SECONDS) + PLAY_MARGIN_SECONDS);
}

/** A new play's token (unguessable, 256 bits) and the hash the database keeps of it. */
export function newPlayToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashPlayToken(token) };
}

export const hashPlayToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where the play's bytes are served from. */
export const playUrl = (token: string) => `/api/media/plays/${token}`;

/**
 * The clip a play's token opens, for the student it was given to: only the latest play of that clip in that attempt,
 * before it expires, while the attempt is under way. Anything else — expired, replaced, another student's, a finished
 * attempt, a made-up token — is the same refusal, so a token says nothing about anyone else's.
 */
export async function findPlayedMedia(db: TDbOrTx, user: TSessionUser, token: string): Promise<typeof examMedia.$inferSelect> {
  const [row] = await db
    .select({ media: examMedia })
    .from(mediaPlays)
    .innerJoin(studentExams, eq(studentExams.id, mediaPlays.attemptId))
    .innerJoin(examMedia, eq(examMedia.id, mediaPlays.mediaId))
    .where(
      and(
        eq(mediaPlays.tokenHash, hashPlayToken(token)),
        gt(mediaPlays.expiresAt, sql`now()`),
        eq(studentExams.studentId, user.id),
        eq(studentExams.status, "in_progress"),
        or(isNull(studentExams.deadlineAt), gt(sql`${studentExams.deadlineAt} + make_interval(secs => ${ANSWER_GRACE_SECONDS})`, sql`now()`)),
      ),
    );
  if (!row) throw new AppError("CLIP_PLAY_ENDED");
  return row.media;
}
