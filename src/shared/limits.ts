// Business constants of SPEC §9, plus the bounds the spec left open and we chose (see docs/decisions).
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/** How far a super_admin may raise the minimum length of staff passwords (issue 33, docs/decisions/0031). */
export const MAX_STAFF_PASSWORD_MIN_LENGTH = 64;
export const DEFAULT_EXAM_MINUTES = 60;
export const MIN_QUESTION_POINTS = 1;
export const MIN_CHOICE_OPTIONS = 2;
export const MIN_MATCHING_PAIRS = 1;

export const TIMER_TICK_MS = 1000;
export const TIMER_WARNING_SECONDS = 5 * 60;
export const PASSWORD_UPDATE_REDIRECT_MS = 3000;
export const ESSAY_ROWS = 6;
export const SHORT_ANSWER_ROWS = 3;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const STORAGE_KEY_LANGUAGE = "language";
export const STORAGE_KEY_DARK_MODE = "darkMode";
export const DEFAULT_LANGUAGE = "ar" as const;
export const LANGUAGES = ["ar", "en"] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** Each language named in itself, whatever the page's language (the account page, the user dialog, the audit). */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { ar: "العربية", en: "English" };

// Text bounds the spec does not give; generous for real content, small enough to refuse abuse.
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 120;
export const MAX_SHORT_TEXT_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 5000;

/** School grades a student can be in (1–12; docs/decisions/0014), and how long a class's name may be ("8B", "٨/ب"). */
export const MIN_GRADE = 1;
export const MAX_GRADE = 12;
export const GRADES = Array.from({ length: MAX_GRADE - MIN_GRADE + 1 }, (_, i) => MIN_GRADE + i);
export const MAX_CLASS_NAME_LENGTH = 20;

// Sign-in throttling: per account and per client address, in a sliding window.
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;

export const SESSION_DAYS = 7;
export const PASSWORD_RESET_TOKEN_MINUTES = 60;

/** Saves that arrive this long after the deadline are still accepted (requests in flight when time ran out). */
export const ANSWER_GRACE_SECONDS = 30;
/** The default of OFFLINE_GRACE_MINUTES (decision 0056): answers made offline before the deadline, accepted until then after it. */
export const OFFLINE_GRACE_MINUTES = 15;
/**
 * How often the server closes attempts whose time is over, when their students never come back. An attempt is due
 * at its deadline plus the grace, so the latest is closed up to grace + this + the closing itself after its
 * deadline: at 30 s the full morning closed its last ones 55–58 s after, against a promise of 60 (issue 17). A round
 * that finds nothing due is one indexed query.
 */
export const ATTEMPT_SWEEP_SECONDS = 10;
export const MAX_ANSWER_TEXT_LENGTH = 20_000;

// ---- exam day in the room (issue 16; docs/decisions/0016)
/** A student's extra-time accommodation: the choices offered, and the bounds the database keeps. */
export const EXTRA_TIME_PERCENTS = [0, 25, 50, 100] as const;
export const MAX_EXTRA_TIME_PERCENT = 200;
export const MAX_EXTRA_TIME_MINUTES = 600;
/** The take page's text sizes (issue 37), in per cent; a student's accommodation may open it at one of them. */
export const TEXT_SCALES = [100, 125, 150, 175, 200] as const;
export type TTextScale = (typeof TEXT_SCALES)[number];
/** Minutes a proctor may grant one student at a time during a sitting (after a power cut, say). */
export const MAX_GRANT_MINUTES = 240;
export const MAX_REASON_LENGTH = 300;
/** The longest a sitting may last, from its start to its end. */
export const MAX_SITTING_HOURS = 12;
/** How far ahead a sitting may be scheduled, and how late a new (or moved) start may be: a sitting set up as the
 *  students arrive starts a few minutes ago; an hour ago is a typo (issue 33 item 22). */
export const MAX_SITTING_YEARS_AHEAD = 2;
export const SITTING_START_GRACE_MINUTES = 15;
/** The take page's sign of life; a student not heard from for OFFLINE_AFTER_SECONDS is shown offline. */
export const HEARTBEAT_SECONDS = 30;
export const OFFLINE_AFTER_SECONDS = 90;
/** At the start, each lobby asks for the paper at a random moment within this window, not all in one millisecond. */
export const LOBBY_SPREAD_MS = 2000;
/** How often the live view asks again; the server answers a sitting's view from memory for LIVE_VIEW_CACHE_MS. */
export const LIVE_VIEW_REFRESH_SECONDS = 5;
export const LIVE_VIEW_CACHE_MS = 2000;
/** Events (offline, back online) one attempt may report: enough for a bad connection, not a flood. */
export const MAX_CLIENT_EVENTS_PER_ATTEMPT = 200;
/** The most students the live view lists (the counts cover everyone). */
export const MAX_LIVE_VIEW_ROWS = 2000;

/** Images in exams (issue 18): PNG, JPEG or WebP, up to 5 MB and 8000 px a side; their descriptions (alt texts). */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
export const MAX_IMAGE_SIDE_PX = 8000;
/** Pixels a picture may have (issue 33): drawn, each takes 4 bytes of a student's device — 16.8 million, 64 MB. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
export const MAX_ALT_LENGTH = 300;
export const IMAGE_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
/** Listening clips (issue 18): MP3, M4A or OGG up to 20 MB; an author may limit a student to a few plays. */
export const MAX_AUDIO_MB = 20;
export const MAX_AUDIO_BYTES = MAX_AUDIO_MB * 1024 * 1024;
export const MAX_AUDIO_PLAYS = 5;
export const MAX_TRANSCRIPT_LENGTH = 20_000;

/** A QTI package (issue 19): the largest upload, and the most it may unpack to (more is a zip bomb, not a bank). */
export const MAX_QTI_MB = 100;
export const MAX_QTI_BYTES = MAX_QTI_MB * 1024 * 1024;
export const MAX_QTI_UNPACKED_MB = 300;
/** One XML file of a package that is read (the manifest, a test, an item): a 1,000-item manifest is about 1 MB. */
export const MAX_QTI_XML_MB = 5;
/** How deeply a package's XML may nest: an item's XHTML is some 15 levels deep. */
export const MAX_QTI_XML_DEPTH = 100;
/** The most exams one QTI package carries, exported or imported (one assessment test each). */
export const MAX_QTI_EXAMS = 50;
