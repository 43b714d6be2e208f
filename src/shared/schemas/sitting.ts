// Sittings, the lobby, the live view, extra time and the event trail (issue 16; docs/decisions/0016). One schema
// for the forms and the server: messages are error codes from shared/errors.ts.
import { z } from "zod";
import { MAX_EXTRA_TIME_MINUTES, MAX_EXTRA_TIME_PERCENT, MAX_GRANT_MINUTES, MAX_REASON_LENGTH, MAX_SITTING_HOURS, MAX_SITTING_YEARS_AHEAD } from "../limits";
import { ZGradeNumber } from "./grade";

const instant = z.iso.datetime({ offset: true, error: "SITTING_TIMES_INVALID" });
const YEAR_MS = 365.25 * 24 * 3_600_000;

export const ZSittingInput = z
  .object({
    /** null: every school the exam is offered to. */
    schoolId: z.string({ error: "SCHOOL_NOT_FOUND" }).trim().min(1, { error: "SCHOOL_NOT_FOUND" }).max(64, { error: "SCHOOL_NOT_FOUND" }).nullable().default(null),
    /** null: every grade the exam is offered to. */
    grade: ZGradeNumber.nullable().default(null),
    startsAt: instant,
    entryClosesAt: instant,
    endsAt: instant,
  })
  .strict()
  .superRefine((v, ctx) => {
    const [start, entry, end] = [Date.parse(v.startsAt), Date.parse(v.entryClosesAt), Date.parse(v.endsAt)];
    if (!(start < entry)) ctx.addIssue({ code: "custom", path: ["entryClosesAt"], message: "SITTING_TIMES_INVALID" });
    else if (!(entry <= end)) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "SITTING_TIMES_INVALID" });
    else if (end - start > MAX_SITTING_HOURS * 3_600_000) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "SITTING_TOO_LONG" });
    // A sane window, checked here where the times are parsed: year 1 was accepted (and read back as 2001), and
    // so were 1970, 9999 and a sitting that ended a year ago. How late a new start may be is the service's rule
    // (a sitting under way keeps its start).
    else if (end <= Date.now()) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "SITTING_ENDED_ALREADY" });
    else if (start > Date.now() + MAX_SITTING_YEARS_AHEAD * YEAR_MS) ctx.addIssue({ code: "custom", path: ["startsAt"], message: "SITTING_TOO_FAR" });
  });
export type TSittingInput = z.input<typeof ZSittingInput>;

export const ZSitting = z.object({
  id: z.string(),
  examId: z.string(),
  schoolId: z.string().nullable(),
  schoolNameAr: z.string().nullable(),
  schoolNameEn: z.string().nullable(),
  grade: z.number().int().nullable(),
  startsAt: z.string(),
  entryClosesAt: z.string(),
  endsAt: z.string(),
  /** How many attempts were started in it: a sitting with attempts is not deleted and its start does not move. */
  attempts: z.number().int(),
  /** Whether the reader may move and delete it (decision 0028: a school_admin their own school's only). */
  canManage: z.boolean(),
});
export type TSitting = z.infer<typeof ZSitting>;

export const ZSittingList = z.object({
  exam: z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string(), status: z.string(), durationMinutes: z.number().int().nullable() }),
  /** Whether the reader may add sittings (the exam's authors; a school_admin for their school), or only watch them. */
  canManage: z.boolean(),
  /** Whether the reader may add a sitting for every school at once (the exam's authors). */
  everySchool: z.boolean(),
  /** The schools the reader may schedule for (empty: every school), for the form's school choice. */
  schools: z.array(z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string() })),
  grades: z.array(z.number().int()),
  sittings: z.array(ZSitting),
  serverNow: z.string(),
});
export type TSittingList = z.infer<typeof ZSittingList>;

/** A sitting on the staff's "Exam day" page, across exams. */
export const ZMySitting = ZSitting.omit({ attempts: true }).extend({ titleAr: z.string(), titleEn: z.string() });
export type TMySitting = z.infer<typeof ZMySitting>;

/**
 * An exam offered to a school_admin's school, listed on Exam day so they can schedule its sittings there (decision
 * 0028) — its first one included. Read-only: its title, subject, length and grades, and this school's sittings of
 * it still to come or under way (theirs and those for every school); nothing of its questions or other schools.
 */
export const ZOfferedExam = z.object({
  id: z.string(),
  titleAr: z.string(),
  titleEn: z.string(),
  subject: z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string() }),
  durationMinutes: z.number().int().nullable(),
  /** The grades it is offered to (empty: every grade). */
  grades: z.array(z.number().int()),
  upcoming: z.number().int(),
  /** When the next of those starts (or the one under way started); null when none is scheduled. */
  nextStartsAt: z.string().nullable(),
});
export type TOfferedExam = z.infer<typeof ZOfferedExam>;

/** Where a student stands with an exam's sitting, for the lobby. */
export const ZSittingWindow = z.object({ id: z.string(), startsAt: z.string(), entryClosesAt: z.string(), endsAt: z.string() });
export type TSittingWindow = z.infer<typeof ZSittingWindow>;

export const ZLobby = z.object({
  /** What the student may know before the start (as on their exam list): never a question. */
  exam: z.object({ titleAr: z.string(), titleEn: z.string(), subjectAr: z.string(), subjectEn: z.string(), durationMinutes: z.number().int().nullable(), questionCount: z.number().int() }),
  /** null: the exam has no sittings and is open now. */
  sitting: ZSittingWindow.nullable(),
  /** lobby: wait for the start; open: take it; closed: entry is over and there is no attempt; ended: the sitting is over. */
  state: z.enum(["lobby", "open", "closed", "ended"]),
  serverNow: z.string(),
});
export type TLobby = z.infer<typeof ZLobby>;

export const LIVE_STATES = ["absent", "lobby", "working", "offline", "submitted", "auto_submitted"] as const;
export type TLiveState = (typeof LIVE_STATES)[number];

export const ZLiveView = z.object({
  sitting: ZSittingWindow.extend({ schoolNameAr: z.string().nullable(), schoolNameEn: z.string().nullable(), grade: z.number().int().nullable() }),
  exam: z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string(), durationMinutes: z.number().int().nullable() }),
  counts: z.record(z.enum(LIVE_STATES), z.number().int()),
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      schoolNameAr: z.string().nullable(),
      schoolNameEn: z.string().nullable(),
      className: z.string().nullable(),
      state: z.enum(LIVE_STATES),
      attemptId: z.string().nullable(),
      startedAt: z.string().nullable(),
      lastSaveAt: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      deadlineAt: z.string().nullable(),
      completedAt: z.string().nullable(),
      answered: z.number().int(),
      /** The questions of the paper this student was given (a parallel form's); null before a form is given. */
      questionCount: z.number().int().nullable(),
      extraMinutes: z.number().int(),
      grantedMinutes: z.number().int(),
      /** Signed in with the sitting's printed code (issue 38). */
      signedInWithCode: z.boolean(),
      /** Answers waiting on a device not heard from for OFFLINE_AFTER_SECONDS, as its last heartbeat said (issue 37,
       *  decision 0056) — also after the clock closed the attempt; 0 when it is heard from or said none. */
      pendingAnswers: z.number().int(),
      /** Answers that came back after the offline grace, waiting for a proctor's decision (decision 0056). */
      heldAnswers: z.number().int(),
    }),
  ),
  truncated: z.boolean(),
  questionCount: z.number().int(),
  serverNow: z.string(),
});
export type TLiveView = z.infer<typeof ZLiveView>;

export const ZGrantInput = z
  .object({
    minutes: z.number({ error: "GRANT_MINUTES_INVALID" }).int({ error: "GRANT_MINUTES_INVALID" }).min(1, { error: "GRANT_MINUTES_INVALID" }).max(MAX_GRANT_MINUTES, { error: "GRANT_MINUTES_INVALID" }),
    reason: z.string({ error: "GRANT_REASON_REQUIRED" }).trim().min(1, { error: "GRANT_REASON_REQUIRED" }).max(MAX_REASON_LENGTH, { error: "TEXT_TOO_LONG" }),
  })
  .strict();
export type TGrantInput = z.input<typeof ZGrantInput>;

/** What the take page reports itself: the moments the connection went and came back (sent once it is back). */
export const ZClientEvent = z
  .object({
    kind: z.enum(["offline", "online"], { error: "VALIDATION_FAILED" }),
    /** When it happened, by the server's clock as the page estimates it; the server keeps it within the attempt. */
    at: z.iso.datetime({ offset: true, error: "VALIDATION_FAILED" }),
  })
  .strict();

/** The take page's heartbeat (issue 37): how many answers its journal holds that the server has not acknowledged. */
const ZPendingCount = z.number({ error: "PENDING_COUNT_INVALID" }).int({ error: "PENDING_COUNT_INVALID" }).min(0, { error: "PENDING_COUNT_INVALID" }).max(100_000, { error: "PENDING_COUNT_INVALID" });
export const ZHeartbeatInput = z
  .object({ pending: ZPendingCount.optional() })
  // An older page posts no body (null).
  .nullish()
  .transform((v) => ({ pending: v?.pending ?? null }));

/** A proctor's decision on an attempt's held answers: the ones named, or all that wait when none are. */
export const ZHeldDecision = z
  .object({
    decision: z.enum(["accept", "refuse"], { error: "HELD_DECISION_INVALID" }),
    heldIds: z.array(z.uuid({ error: "HELD_ANSWER_NOT_FOUND" })).max(1000, { error: "HELD_ANSWER_NOT_FOUND" }).optional(),
  })
  .strict();
export type THeldDecision = z.infer<typeof ZHeldDecision>;
/** The decision for every answer held in a sitting (issue 37): one transaction on the server. */
export const ZSittingHeldDecision = z.object({ decision: ZHeldDecision.shape.decision }).strict();
export const ZSittingHeldDecided = z.object({ decided: z.number().int(), attempts: z.number().int() });
/** One answer held for the proctor, as the live view lists it: the question and what the student answered. */
export const ZHeldAnswerItem = z.object({
  id: z.string(),
  questionId: z.string(),
  question: z.object({ ar: z.string(), en: z.string() }),
  /** The chosen option's text, or the written answer; both null for another kind of answer (shown as such). */
  choice: z.object({ ar: z.string(), en: z.string() }).nullable(),
  text: z.string().nullable(),
  answeredAt: z.string(),
  arrivedAt: z.string(),
});
export type THeldAnswerItem = z.infer<typeof ZHeldAnswerItem>;

export const ZHeartbeat = z.object({ deadlineAt: z.string().nullable(), serverNow: z.string(), extraMinutes: z.number().int(), grantedMinutes: z.number().int() });
export type THeartbeat = z.infer<typeof ZHeartbeat>;

export const ZAttemptEvent = z.object({
  kind: z.enum(["lobby", "started", "resumed", "offline", "online", "submitted", "auto_submitted", "time_granted", "answer_held", "held_accepted", "held_refused"]),
  at: z.string(),
  actorName: z.string().nullable(),
  minutes: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type TAttemptEvent = z.infer<typeof ZAttemptEvent>;

/** A student's accommodation, in the user dialog. */
export const ZExtraTimePercent = z.number({ error: "EXTRA_TIME_INVALID" }).int({ error: "EXTRA_TIME_INVALID" }).min(0, { error: "EXTRA_TIME_INVALID" }).max(MAX_EXTRA_TIME_PERCENT, { error: "EXTRA_TIME_INVALID" });
export const ZExtraTimeMinutes = z.number({ error: "EXTRA_TIME_INVALID" }).int({ error: "EXTRA_TIME_INVALID" }).min(0, { error: "EXTRA_TIME_INVALID" }).max(MAX_EXTRA_TIME_MINUTES, { error: "EXTRA_TIME_INVALID" });


// ---- printed sitting codes (issue 38)

export const ZTicket = z.object({
  studentId: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  schoolNameAr: z.string().nullable(),
  schoolNameEn: z.string().nullable(),
  /** As printed: two groups of four (shared/sitting-code.ts). */
  code: z.string(),
  issue: z.number().int(),
  signedIn: z.boolean(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketList = z.object({
  sitting: ZLiveView.shape.sitting,
  exam: ZLiveView.shape.exam,
  tickets: z.array(ZTicket),
});
export type TTicketList = z.infer<typeof ZTicketList>;

export const ZSittingCodeInput = z.object({
  code: z.string({ error: "SITTING_CODE_WRONG" }).min(1, { error: "SITTING_CODE_WRONG" }).max(40, { error: "SITTING_CODE_WRONG" }),
});
