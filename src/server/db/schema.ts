// One schema for PGlite and PostgreSQL. The rules of SPEC §3 live in the database too: foreign keys, enums,
// points ≥ 1, one attempt per (student, exam), one answer per (attempt, question), one report and one plan
// per attempt. Column names are snake_case in SQL, camelCase in TypeScript.
import { sql } from "drizzle-orm";
import type { TLanguage } from "../../shared/limits";
import type { TRichDoc } from "../../shared/rich-text";
import type { TItemContent } from "../../shared/schemas/bank";
import type { TInteraction, TResponse } from "../../shared/item-types";
import type { TBlueprint } from "../../shared/schemas/blueprint";
import type { TAnalysis, TFallbackReason, TGenerator, TPlanContent, TReportContent } from "../../shared/schemas/report";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  date,
  pgView,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ["super_admin", "school_admin", "teacher", "student"]);
export const examStatusEnum = pgEnum("exam_status", ["draft", "published", "archived"]);
// The item types of issue 36 (docs/decisions/0057) are appended: PostgreSQL adds enum values only at the end.
export const questionTypeEnum = pgEnum("question_type", ["multiple_choice", "true_false", "essay", "short_answer", "matching", "multiple_response", "numeric", "ordering", "gap_fill", "inline_choice", "hotspot"]);
export const attemptStatusEnum = pgEnum("attempt_status", ["in_progress", "completed", "graded"]);
/** How an exam with parallel forms gives them out (issue 34): to each student at random, balanced within a sitting, or one form per class. */
export const formAssignmentEnum = pgEnum("form_assignment", ["random", "class"]);

// ---- sign-in

/** The account: what signing in needs. The profile (below) is what the app shows. */
export const authUsers = pgTable(
  "auth_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("auth_users_email_lower_idx").on(sql`lower(${t.email})`)],
);

/** Sessions are rows, so any app instance can read them; the cookie holds a token whose hash is the id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** A session begun through a school's identity provider (issue 38): which one, and its id_token (sealed) as the
     *  hint its logout asks for. Nothing else of the provider's tokens is kept. */
    identityProviderId: uuid("identity_provider_id").references((): AnyPgColumn => identityProviders.id, { onDelete: "set null" }),
    idTokenSealed: text("id_token_sealed"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/**
 * Counters per key in a window, shared by all instances (src/server/throttle.ts): failed sign-ins per account and
 * per address ("account:<email>", "address:<ip>"), reset requests, contact messages. `pending` counts sign-ins
 * being checked right now, so that checking and counting are one step however many arrive at once.
 */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the server keeps for itself and shares between its instances (created at first start). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * A staff member's second factor (issue 38, docs/decisions/0043): the authenticator's secret, encrypted with a key
 * derived from a server secret (auth/two-factor.ts), on once a code has confirmed it (`enabled_at`), and the last
 * time step used so that no code is taken twice.
 */
export const twoFactors = pgTable("two_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Recovery codes of a second factor: ten, shown once, kept hashed, each spent by its use. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Half a sign-in: the password was right, the second factor is still asked for. The id is the hash of its token. */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_challenges_user_idx").on(t.userId)],
);

/** Whether super_admins and school_admins must have a second factor (one row, set by a super_admin). */
export const twoFactorRule = pgTable(
  "two_factor_rule",
  {
    id: boolean("id").primaryKey().default(true),
    requiredForAdmins: boolean("required_for_admins").notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [check("two_factor_rule_one_row", sql`${t.id}`)],
);

/**
 * The school's identity provider (issue 38, docs/decisions/0050): OpenID Connect by discovery (issuer) or plain
 * OAuth 2.0 with a userinfo endpoint (UAE PASS's shape). The client secret is sealed (secrets.ts) and never returned.
 * `school_ids` null: every school; `create_students_school_id` null: no account is ever made by a sign-in.
 */
export const identityProviders = pgTable(
  "identity_providers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<"oidc" | "oauth2">().notNull(),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    issuer: text("issuer").notNull(),
    authorizationEndpoint: text("authorization_endpoint"),
    tokenEndpoint: text("token_endpoint"),
    userinfoEndpoint: text("userinfo_endpoint"),
    /** Where the provider ends its own session: OAuth 2.0 providers (UAE PASS) say it here; OIDC ones by discovery. */
    logoutEndpoint: text("logout_endpoint"),
    clientId: text("client_id").notNull(),
    clientSecret: text("client_secret"),
    scopes: text("scopes").notNull().default("openid email profile"),
    uiLocales: boolean("ui_locales").notNull().default(false),
    /** The provider verifies every email it returns (UAE PASS): its emails count as verified without an email_verified claim. */
    emailsVerified: boolean("emails_verified").notNull().default(false),
    schoolIds: text("school_ids").array(),
    roles: text("roles").array().$type<("super_admin" | "school_admin" | "teacher" | "student")[]>().notNull(),
    createStudentsSchoolId: text("create_students_school_id").references(() => schools.id, { onDelete: "set null" }),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("identity_providers_kind", sql`${t.kind} IN ('oidc', 'oauth2')`),
    check(
      "identity_providers_oauth2_endpoints",
      sql`${t.kind} = 'oidc' OR (${t.authorizationEndpoint} IS NOT NULL AND ${t.tokenEndpoint} IS NOT NULL AND ${t.userinfoEndpoint} IS NOT NULL)`,
    ),
  ],
);

/** Who a provider's subject is here: matched on every sign-in after the first. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => identityProviders.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    email: text("email"),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_identities_provider_subject_idx").on(t.providerId, t.subject), index("user_identities_user_idx").on(t.userId)],
);

/**
 * A sign-in sent to a provider and not yet back: the state's hash, the PKCE verifier and nonce, and the hash of the
 * browser cookie it is bound to. Spent (deleted) by the callback; a few minutes long.
 */
export const oidcStates = pgTable("oidc_states", {
  id: text("id").primaryKey(),
  providerId: uuid("provider_id")
    .notNull()
    .references(() => identityProviders.id, { onDelete: "cascade" }),
  bindingHash: text("binding_hash").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  loginType: text("login_type").$type<"student" | "school" | "admin">().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// ---- schools and people

/** Name and city in both languages, as exam titles are (issue 33): each language's pages show their own. */
export const schools = pgTable("schools", {
  id: text("id").primaryKey(),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
  cityAr: text("city_ar"),
  cityEn: text("city_en"),
  /** Its people sign in only through an identity provider (issue 38): the password form refuses them. */
  passwordSignInOff: boolean("password_sign_in_off").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    role: roleEnum("role").notNull(),
    // RESTRICT: a school cannot be deleted while anyone belongs to it (SPEC §4).
    schoolId: text("school_id").references(() => schools.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /** A student's grade (1–12) and class within it, e.g. 8 and "8B" (issue 15; docs/decisions/0014). */
    grade: integer("grade"),
    className: text("class_name"),
    /** A student's extra-time accommodation (issue 16; docs/decisions/0016): a share of the exam's duration and/or minutes. */
    extraTimePercent: integer("extra_time_percent").notNull().default(0),
    extraTimeMinutes: integer("extra_time_minutes").notNull().default(0),
    /** A student who cannot hear: their paper's listening clips come with their transcripts (issue 18). */
    clipTranscripts: boolean("clip_transcripts").notNull().default(false),
    /**
     * A student's reading accommodations (issue 37; docs/decisions/0052): questions read aloud on every exam (even one
     * whose author left read-aloud out), and the take page opening in high contrast and/or at a larger text size.
     */
    readAloud: boolean("read_aloud").notNull().default(false),
    highContrast: boolean("high_contrast").notNull().default(false),
    textScale: integer("text_scale").notNull().default(100),
    /** The language of the emails this person receives (issue 19: my account). */
    emailLang: text("email_lang").$type<TLanguage>().notNull().default("ar"),
    /**
     * A student's gender and language background (issue 35; docs/decisions/0044): optional, shown only to staff, used
     * only in aggregate (DIF, levels by group), never sent to a language model.
     */
    gender: text("gender").$type<"female" | "male">(),
    /** "arabic": Arabic is the student's first language; "other": it is not (SPEC §1 serves both). */
    languageBackground: text("language_background").$type<"arabic" | "other">(),
    /**
     * What a search for a person reads (db/like.ts personMatches; decision 0067): name, email and username in lower
     * case, kept by the database. A case-sensitive LIKE over it is a fifth of ILIKE's cost over the three columns
     * (Arabic text folded per character on every row: 160 ms for the year's 200,000 people, per statement), and goes
     * through its trigram index (decision 0068).
     */
    searchKey: text("search_key").generatedAlwaysAs(sql`lower(name) || chr(31) || lower(email) || chr(31) || lower(username)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    index("profiles_role_school_idx").on(t.role, t.schoolId),
    // The dashboard's version (dashboard.service.ts findDashboard): the latest edit of a student, found from the end of
    // the index, not by reading every student (39 ms at a ministry's 200,000; decision 0068).
    index("profiles_role_updated_idx").on(t.role, t.updatedAt),
    index("profiles_school_grade_class_idx").on(t.schoolId, t.grade, t.className),
    // A person searched ("contains") through trigrams, as the bank's texts are (pg_trgm; decisions 0039, 0068).
    index("profiles_search_key_trgm_idx").using("gin", t.searchKey.op("gin_trgm_ops")),
    // SPEC §5: the school is stored only for student, teacher and school_admin.
    check("profiles_super_admin_no_school", sql`${t.role} <> 'super_admin' OR ${t.schoolId} IS NULL`),
    // Only students have a grade and class; a class belongs to a grade.
    check("profiles_class_students_only", sql`${t.role} = 'student' OR (${t.grade} IS NULL AND ${t.className} IS NULL)`),
    check("profiles_grade_range", sql`${t.grade} IS NULL OR ${t.grade} BETWEEN 1 AND 12`),
    check("profiles_class_needs_grade", sql`${t.className} IS NULL OR ${t.grade} IS NOT NULL`),
    check("profiles_extra_time_range", sql`${t.extraTimePercent} BETWEEN 0 AND 200 AND ${t.extraTimeMinutes} BETWEEN 0 AND 600`),
    check("profiles_extra_time_students_only", sql`${t.role} = 'student' OR (${t.extraTimePercent} = 0 AND ${t.extraTimeMinutes} = 0)`),
    check("profiles_clip_transcripts_students_only", sql`${t.role} = 'student' OR NOT ${t.clipTranscripts}`),
    check("profiles_text_scale", sql`${t.textScale} IN (100, 125, 150, 175, 200)`),
    check("profiles_reading_students_only", sql`${t.role} = 'student' OR (NOT ${t.readAloud} AND NOT ${t.highContrast} AND ${t.textScale} = 100)`),
    check("profiles_email_lang", sql`${t.emailLang} IN ('ar', 'en')`),
    check("profiles_gender", sql`${t.gender} IS NULL OR (${t.role} = 'student' AND ${t.gender} IN ('female', 'male'))`),
    check(
      "profiles_language_background",
      sql`${t.languageBackground} IS NULL OR (${t.role} = 'student' AND ${t.languageBackground} IN ('arabic', 'other'))`,
    ),
  ],
);

/**
 * The password rule for staff accounts a super_admin sets (issue 33, docs/decisions/0031): at most one row; none
 * means SPEC's rule (6 characters, no list). Students always keep SPEC's rule.
 */
export const staffPasswordRule = pgTable(
  "staff_password_rule",
  {
    id: boolean("id").primaryKey().default(true),
    minLength: integer("min_length").notNull(),
    refuseCommon: boolean("refuse_common").notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [check("staff_password_rule_one_row", sql`${t.id}`), check("staff_password_rule_min_length", sql`${t.minLength} BETWEEN 6 AND 64`)],
);

// ---- exams

export const subjects = pgTable("subjects", {
  id: text("id").primaryKey(),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
});

/** What a question measures (docs/decisions/0011). Never deleted: a retired skill stays on old questions and reports. */
export const skills = pgTable(
  "skills",
  {
    /** "<subject>.<name>", e.g. arabic.grammar: readable in exports. */
    id: text("id").primaryKey(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    /** What to practise when it is not mastered: the report's recommendation and the plan's step. */
    guidanceAr: text("guidance_ar"),
    guidanceEn: text("guidance_en"),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("skills_subject_idx").on(t.subjectId)],
);

/**
 * A school year (issue 39, docs/decisions/0059): the ministry's calendar, kept by super_admins. Closing it archives its
 * exams (read-only) and moves their answers to archived_student_answers; reopening moves them back.
 */
export const schoolYearStatusEnum = pgEnum("school_year_status", ["open", "closed"]);
export const schoolYears = pgTable(
  "school_years",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    status: schoolYearStatusEnum("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("school_years_dates", sql`${t.startsOn} < ${t.endsOn}`)],
);

export const exams = pgTable(
  "exams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    titleAr: text("title_ar").notNull(),
    titleEn: text("title_en").notNull(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    descriptionAr: text("description_ar"),
    descriptionEn: text("description_en"),
    durationMinutes: integer("duration_minutes").default(60),
    status: examStatusEnum("status").notNull().default("draft"),
    /** The grades offered it, or null for every grade (with the schools of exam_schools: both must match). */
    grades: integer("grades").array(),
    /** How its parallel forms (exam_forms) are given out; unused while it has none. */
    formAssignment: formAssignmentEnum("form_assignment").notNull().default("random"),
    /** The blueprint its forms were last assembled from (issue 34), kept so that its author can assemble again. */
    blueprint: jsonb("blueprint").$type<TBlueprint>(),
    /**
     * The test-taker tools its author allows (issue 37): read-aloud and the answer eliminator, both by default; a
     * reading test leaves read-aloud out. Text size, high contrast and flags are for every exam.
     */
    allowedTools: text("allowed_tools").array().notNull().default(sql`'{read_aloud,eliminator}'::text[]`),
    // SET NULL: an exam outlives its author's account; it is shown as written by a deleted user.
    creatorId: uuid("creator_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Its school year (decision 0059), set at creation; RESTRICT: a year with exams is closed, not deleted. */
    schoolYearId: uuid("school_year_id").references(() => schoolYears.id, { onDelete: "restrict" }),
    /** The status it had when its year was closed (it is archived then), given back on reopening; null otherwise. */
    statusBeforeClose: examStatusEnum("status_before_close"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("exams_creator_idx").on(t.creatorId),
    index("exams_school_year_idx").on(t.schoolYearId),
    index("exams_status_idx").on(t.status),
    check("exams_duration_positive", sql`${t.durationMinutes} IS NULL OR ${t.durationMinutes} > 0`),
    check("exams_allowed_tools", sql`${t.allowedTools} <@ '{read_aloud,eliminator}'::text[]`),
  ],
);

/**
 * The schools whose students are offered an exam. A teacher's exam has one row, the teacher's school; a
 * super_admin's exam has the schools chosen in the editor, or no rows for every school.
 */
export const examSchools = pgTable(
  "exam_schools",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.examId, t.schoolId] })],
);

/** A pair's pictures live in its JSON (issue 18); pairs saved before them have none. */
export type TPairImage = { id: string; altAr: string; altEn: string } | null;
export type TMatchingPair = { premise_ar: string; premise_en: string; response_ar: string; response_en: string; premiseImage?: TPairImage; responseImage?: TPairImage };

/**
 * An image an exam shows (issue 18): uploaded by its author before the exam refers to it (exam_id null), then the
 * exam's own. Its type and size were read from its bytes, never from its name. The alt texts live where it is shown
 * (a question, an option, a passage), since one picture may say different things in two places.
 */
export const examMedia = pgTable(
  "exam_media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    // SET NULL: a deleted exam leaves its images unattached, and the sweep that removes unused images (with their
    // stored bytes, which a cascade would have lost track of) takes them a day later.
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "set null" }),
    /** A picture (with its size) or a listening clip. */
    kind: text("kind").$type<"image" | "audio">().notNull().default("image"),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** A clip's length as its bytes state it (inspect.ts audioSeconds), in milliseconds: how long one play's address
     *  lives (decision 0034). Null for a picture, a clip whose length could not be read, and clips stored before. */
    durationMs: integer("duration_ms"),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("exam_media_exam_idx").on(t.examId),
    index("exam_media_owner_idx").on(t.ownerId, t.createdAt),
    check("exam_media_kind", sql`${t.kind} IN ('image', 'audio')`),
    check("exam_media_image_size", sql`${t.kind} <> 'image' OR (${t.width} > 0 AND ${t.height} > 0)`),
  ],
);

/** A listening clip with a question or a passage: how often a student may play it, and what it says (for staff). */
const audioColumns = () => ({
  audioId: uuid("audio_id").references(() => examMedia.id, { onDelete: "set null" }),
  audioMaxPlays: integer("audio_max_plays"),
  audioTranscriptAr: text("audio_transcript_ar").notNull().default(""),
  audioTranscriptEn: text("audio_transcript_en").notNull().default(""),
});

/** Where an image is shown, with what it says to a student who cannot see it. */
const imageColumns = () => ({
  imageId: uuid("image_id").references(() => examMedia.id, { onDelete: "set null" }),
  imageAltAr: text("image_alt_ar").notNull().default(""),
  imageAltEn: text("image_alt_en").notNull().default(""),
});

/**
 * A text several questions of one exam share (issue 18): a reading passage, a source, a case. Its text is in
 * Arabic and/or English, formatted (shared/rich-text.ts); the plain text beside it serves search and exports.
 * A question points at a passage of its own exam only — the pair (id, exam_id) is what questions refer to.
 */
export const passages = pgTable(
  "passages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    titleAr: text("title_ar").notNull().default(""),
    titleEn: text("title_en").notNull().default(""),
    textAr: text("text_ar").notNull().default(""),
    textEn: text("text_en").notNull().default(""),
    docAr: jsonb("doc_ar").$type<TRichDoc>(),
    docEn: jsonb("doc_en").$type<TRichDoc>(),
    ...imageColumns(),
    ...audioColumns(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("passages_id_exam_idx").on(t.id, t.examId), index("passages_exam_idx").on(t.examId, t.position)],
);

/**
 * A bank item (issue 34; docs/decisions/0036): a question's identity, outliving any exam that uses it. A school's
 * items are its staff's; a system item (school_id null) is super_admin's and every school's staff may read it.
 * `search_text` is its current version's texts folded as the short-answer marker folds (normalizeAnswer: Arabic
 * with and without diacritics, hamza and alef forms, ta marbuta / ha, alef maqsura / ya; English lower case), so a
 * search is one query over one column.
 */
export const bankItems = pgTable(
  "bank_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    schoolId: text("school_id").references(() => schools.id, { onDelete: "restrict" }),
    subjectId: text("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    grade: integer("grade"),
    createdById: uuid("created_by_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The newest version: what a search shows and what "take the new version" takes. */
    currentVersion: integer("current_version").notNull().default(1),
    /** Hidden from search, kept for history and for the exams that hold it. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** Its current version's type and skill, beside the content, for the search's filters. */
    type: questionTypeEnum("type").notNull(),
    skillId: text("skill_id").references(() => skills.id, { onDelete: "restrict" }),
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bank_items_school_subject_idx").on(t.schoolId, t.subjectId),
    index("bank_items_skill_idx").on(t.skillId),
    // The search's "contains" (LIKE '%…%') through trigrams (pg_trgm; docs/decisions/0039).
    index("bank_items_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check("bank_items_grade_range", sql`${t.grade} IS NULL OR ${t.grade} BETWEEN 1 AND 12`),
  ],
);

/**
 * One version of a bank item: its whole content (shared/schemas/bank.ts TItemContent) as one JSON. Never changed
 * once a student has seen it (an exam's row holding it was in an attempt's view); until then it is edited in place.
 */
export const bankItemVersions = pgTable(
  "bank_item_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => bankItems.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: jsonb("content").$type<TItemContent>().notNull(),
    createdById: uuid("created_by_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bank_item_versions_item_version_idx").on(t.itemId, t.version)],
);

/**
 * An exam's use of one bank item version, at its position with its points (issue 34). Every read path — the paper,
 * saves, marking, results, reports, analytics — reads these rows. A row's content is never changed once an attempt
 * has seen it: taking a newer version into an exam that has attempts sets `replaced_at` on the old row (its answers
 * keep pointing at it) and adds a row with `current_from`; an attempt's view is the rows current when it started
 * (bank/views.ts).
 */
export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    itemVersionId: uuid("item_version_id")
      .notNull()
      .references(() => bankItemVersions.id, { onDelete: "restrict" }),
    /** When a newer version's row took its place in this exam (null: current). */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    /** When it took the place of an older row (null: from the start). */
    currentFrom: timestamp("current_from", { withTimezone: true }),
    position: integer("position").notNull().default(0),
    questionTextAr: text("question_text_ar").notNull(),
    questionTextEn: text("question_text_en").notNull(),
    /** The texts' formatting (issue 18), or null when they are plain; the plain texts above are derived from them. */
    questionDocAr: jsonb("question_doc_ar").$type<TRichDoc>(),
    questionDocEn: jsonb("question_doc_en").$type<TRichDoc>(),
    /** The passage it is asked about, of the same exam (see passages). */
    passageId: uuid("passage_id"),
    ...imageColumns(),
    ...audioColumns(),
    type: questionTypeEnum("type").notNull(),
    points: integer("points").notNull().default(1),
    correctAnswerText: text("correct_answer_text"),
    matchingPairs: jsonb("matching_pairs").$type<TMatchingPair[]>(),
    /** The content and key of the item types of issue 36 (shared/item-types, decision 0057); null for the first five. */
    interaction: jsonb("interaction").$type<TInteraction>(),
    /** The skill it measures (optional, of the exam's subject); never shown in the student's copy. */
    skillId: text("skill_id").references(() => skills.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("questions_exam_idx").on(t.examId, t.position),
    index("questions_skill_idx").on(t.skillId),
    index("questions_passage_idx").on(t.passageId),
    index("questions_item_version_idx").on(t.itemVersionId),
    check("questions_points_min", sql`${t.points} >= 1`),
    // A passage of another exam cannot be named; a passage is removed only once no question points at it.
    foreignKey({ name: "questions_passage_same_exam_fk", columns: [t.passageId, t.examId], foreignColumns: [passages.id, passages.examId] }),
  ],
);

/**
 * Parallel forms of one exam (issue 34): each a subset of the exam's questions, given to some of its students. An
 * exam without forms gives every student every question, as before. Numbered 1, 2, … ("Form 1") within the exam.
 */
export const examForms = pgTable(
  "exam_forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("exam_forms_exam_number_idx").on(t.examId, t.number), check("exam_forms_number_min", sql`${t.number} >= 1`)],
);

/**
 * The questions of a form, in the exam's order. Anchor items (the blueprint's, carried by every form) are marked so
 * that linking forms to one scale (issue 35) knows them. Taking a newer version of an item copies its row here to the
 * new question row (bank/views.ts's rule: the attempt sees the rows current when it started).
 */
export const examFormQuestions = pgTable(
  "exam_form_questions",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => examForms.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    isAnchor: boolean("is_anchor").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.formId, t.questionId] }), index("exam_form_questions_question_idx").on(t.questionId)],
);

/**
 * One calibration run (issue 35; docs/decisions/0044): of an exam's graded attempts (all forms together) or of the
 * bank. Its items' parameters are item_calibrations, its students' abilities attempt_abilities; `linking` is the
 * transformation (A, B and how they were found) that puts it on its scale's reference θ, null for the reference itself.
 */
export const calibrations = pgTable(
  "calibrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "set null" }),
    scope: text("scope").notNull().default("exam"),
    model: text("model").notNull(),
    students: integer("students").notNull().default(0),
    items: integer("items").notNull().default(0),
    /** Convergence, log-likelihood, latent mean/SD: what the run reports about itself. */
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    linking: jsonb("linking").$type<Record<string, unknown>>(),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("calibrations_exam_idx").on(t.examId, t.createdAt),
    check("calibrations_scope", sql`${t.scope} in ('exam', 'bank')`),
    check("calibrations_model", sql`${t.model} in ('rasch', '2pl', '3pl', 'gpcm')`),
  ],
);

/**
 * IRT parameters of an item version from one calibration (issue 35, decision 0041), kept as history: each run adds
 * one row per item version with the run's `calibration_id`, model and number of persons; an item that got no numbers
 * keeps its reason (`problem`) instead of parameters. `params` holds {a, b, c, d} and, for the GPCM, the steps;
 * `se` their standard errors; `fit` infit, outfit and the χ².
 */
export const itemCalibrations = pgTable(
  "item_calibrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    calibrationId: uuid("calibration_id")
      .notNull()
      .references(() => calibrations.id, { onDelete: "cascade" }),
    itemVersionId: uuid("item_version_id")
      .notNull()
      .references(() => bankItemVersions.id, { onDelete: "cascade" }),
    /** The exam whose attempts were calibrated; null for a calibration over the bank. */
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "set null" }),
    model: text("model").notNull(),
    n: integer("n").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>(),
    se: jsonb("se").$type<Record<string, unknown>>(),
    fit: jsonb("fit").$type<Record<string, unknown>>(),
    problem: jsonb("problem").$type<{ reason: string; detail: string }>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("item_calibrations_version_idx").on(t.itemVersionId, t.createdAt),
    index("item_calibrations_calibration_idx").on(t.calibrationId),
    index("item_calibrations_exam_idx").on(t.examId),
    check("item_calibrations_model", sql`${t.model} in ('rasch', '2pl', '3pl', 'gpcm')`),
    check("item_calibrations_params_or_problem", sql`(${t.params} is null) <> (${t.problem} is null)`),
  ],
);

/** Each graded attempt's ability in a calibration (θ on that calibration's own scale; EAP with its posterior SD, ML). */
export const attemptAbilities = pgTable(
  "attempt_abilities",
  {
    calibrationId: uuid("calibration_id")
      .notNull()
      .references(() => calibrations.id, { onDelete: "cascade" }),
    studentExamId: uuid("student_exam_id")
      .notNull()
      .references(() => studentExams.id, { onDelete: "cascade" }),
    /** Calibrated items the attempt was presented. */
    items: integer("items").notNull(),
    eap: doublePrecision("eap"),
    eapSe: doublePrecision("eap_se"),
    ml: doublePrecision("ml"),
    mlSe: doublePrecision("ml_se"),
    /** Why ML is infinite: all_lowest, all_highest, unbounded. */
    extreme: text("extreme"),
  },
  (t) => [primaryKey({ columns: [t.calibrationId, t.studentExamId] }), index("attempt_abilities_attempt_idx").on(t.studentExamId)],
);

/**
 * A count of the changes to what the scale's figures are made of besides the calibrations and the scales themselves
 * (one row; docs/decisions/0053): abilities written or removed (cascades from a deleted attempt included), an attempt
 * with an ability moved to another exam, grade, class or student or its completion time changed, an exam's subject, a
 * student's school, gender or language background. Bumped by the database's triggers (migration 0041), once per
 * writing transaction at its commit (0045, `scale_input_pending`), so no writer can forget it; the levels' cache keys
 * on it instead of reading every ability.
 */
export const scaleInputChanges = pgTable(
  "scale_input_changes",
  {
    id: boolean("id").primaryKey().default(true),
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("scale_input_changes_one_row", sql`${t.id}`)],
);

/**
 * How many times a student's group has changed — a gender, a language background, a school (migration 0049): the part
 * of DIF's version (decision 0066) that is not the exam's own. One row, bumped by a deferred trigger at the commit of
 * a transaction that changed a profile's group, so it takes its lock only then. Unlike `scale_input_changes`, no
 * ability or submission moves it: a calibration or a morning's sittings elsewhere leave every stored DIF report valid.
 */
export const studentGroupChanges = pgTable(
  "student_group_changes",
  {
    id: boolean("id").primaryKey().default(true),
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("student_group_changes_one_row", sql`${t.id}`)],
);

/**
 * The transactions that changed the scale's inputs and have not yet committed, one row each (its transaction id):
 * the triggers note the change here, and a deferred constraint trigger on this table bumps `scale_input_changes` once,
 * at the commit, and takes the row out again (migration 0045, decision 0053). So the one row's lock is the last any
 * transaction takes and is held only through its commit: a writer never waits for it holding a row another writer
 * wants, and two writers never deadlock over it. Empty but for transactions under way.
 */
export const scaleInputPending = pgTable("scale_input_pending", {
  txid: bigint("txid", { mode: "number" }).primaryKey(),
});

/**
 * How many students of a sitting each form has been given (issue 34, docs/decisions/0038): a start gives the least
 * given form of its sitting and adds to its count, so 20,000 starts never count attempts. `sitting_key` is the
 * sitting's id, or '' for an exam without sittings.
 */
export const examFormTally = pgTable(
  "exam_form_tally",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => examForms.id, { onDelete: "cascade" }),
    sittingKey: text("sitting_key").notNull(),
    given: integer("given").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.sittingKey] })],
);

/**
 * The form each class sits, for an exam that gives its forms out by class (issue 34): the first of a class to start
 * claims it, and every classmate is given the same. `class_key` is the JSON array [school id, grade, class name].
 */
export const examFormClasses = pgTable(
  "exam_form_classes",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    classKey: text("class_key").notNull(),
    formId: uuid("form_id")
      .notNull()
      .references(() => examForms.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.examId, t.classKey] }), index("exam_form_classes_form_idx").on(t.formId)],
);

export const questionOptions = pgTable(
  "question_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    optionTextAr: text("option_text_ar").notNull(),
    optionTextEn: text("option_text_en").notNull(),
    optionDocAr: jsonb("option_doc_ar").$type<TRichDoc>(),
    optionDocEn: jsonb("option_doc_en").$type<TRichDoc>(),
    ...imageColumns(),
    isCorrect: boolean("is_correct").notNull().default(false),
  },
  (t) => [index("question_options_question_idx").on(t.questionId)],
);

/**
 * When an exam is sat (issue 16; docs/decisions/0016): nobody receives the paper before `starts_at`, nobody
 * enters after `entry_closes_at`, and every attempt ends by `ends_at` (plus the student's own extra time). For the
 * students of one school (null: every school of the exam's audience) and one grade (null: every grade). An exam
 * without sittings is open from publication, as before. Sittings whose students overlap never overlap in time.
 */
export const sittings = pgTable(
  "sittings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id").references(() => schools.id, { onDelete: "cascade" }),
    grade: integer("grade"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    entryClosesAt: timestamp("entry_closes_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdById: uuid("created_by_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sittings_exam_idx").on(t.examId, t.startsAt),
    check("sittings_times_ordered", sql`${t.startsAt} < ${t.entryClosesAt} AND ${t.entryClosesAt} <= ${t.endsAt}`),
    check("sittings_grade_range", sql`${t.grade} IS NULL OR ${t.grade} BETWEEN 1 AND 12`),
  ],
);

/**
 * A student's printed ticket for a sitting (issue 38): the code is an HMAC of (sitting, student, issue) with a
 * server secret (modules/sittings/tickets.ts), so only the issue is kept — reissuing a lost ticket counts it up and
 * the old code stops working. `signed_in_at`: the last time the code signed the student in (the live view shows it).
 */
export const sittingTickets = pgTable(
  "sitting_tickets",
  {
    sittingId: uuid("sitting_id")
      .notNull()
      .references(() => sittings.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    issue: integer("issue").notNull().default(1),
    /** The hash of the code in force, to find its ticket; the code itself is checked against the HMAC again. */
    lookup: text("lookup").notNull(),
    signedInAt: timestamp("signed_in_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.sittingId, t.studentId] }), uniqueIndex("sitting_tickets_lookup_idx").on(t.lookup)],
);

// ---- attempts, answers, reports, plans

/** An attempt's score as a percentage of its total (0 when the total is 0): every figure's and the results list's. */
export const attemptPercentOf = (t: { score: AnyPgColumn; totalPossibleScore: AnyPgColumn }) =>
  sql`(case when ${t.totalPossibleScore} > 0 then coalesce(${t.score}, 0)::float8 * 100 / ${t.totalPossibleScore} else 0 end)`;

/**
 * The results list's "score" sort key (results.service sortKeys): a graded attempt's percentage negated, so that the
 * highest comes first while the key ascends with the student's name and the attempt's id after it — the three one
 * row comparison, which an index starts at exactly; an attempt not graded is +1, after every graded one. One
 * expression for the indexes below and the query, so that the planner matches them.
 */
export const attemptScoreSortKey = (t: { status: AnyPgColumn; score: AnyPgColumn; totalPossibleScore: AnyPgColumn }) =>
  sql`(-coalesce(case when ${t.status} = 'graded' then ${attemptPercentOf(t)} end, -1))`;

export const studentExams = pgTable(
  "student_exams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // RESTRICT: an exam with attempts cannot be deleted, so no result is lost (archive it instead).
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "restrict" }),
    status: attemptStatusEnum("status").notNull().default("in_progress"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** started_at + duration, fixed when the attempt starts; null when the exam has no duration. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    score: numeric("score", { precision: 8, scale: 2, mode: "number" }),
    totalPossibleScore: integer("total_possible_score").notNull().default(0),
    reportGenerated: boolean("report_generated").notNull().default(false),
    developmentPlanGenerated: boolean("development_plan_generated").notNull().default(false),
    /** When it was last submitted or marked: the version item analysis caches its figures under (issue 15). */
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
    /** The student's grade and class when the attempt started, so last year's results stay with last year's class. */
    grade: integer("grade"),
    className: text("class_name"),
    /** The sitting it was started in (issue 16); null for an exam without sittings. */
    sittingId: uuid("sitting_id").references(() => sittings.id, { onDelete: "set null" }),
    /** The parallel form it was given (issue 34), kept for the attempt's life; null for an exam without forms. */
    // RESTRICT: a form that was sat cannot be removed (its attempts' questions are its questions).
    formId: uuid("form_id").references(() => examForms.id, { onDelete: "restrict" }),
    /** The language the paper was read in when the attempt started (issue 35: DIF by it); null before it was recorded. */
    paperLanguage: text("paper_language").$type<TLanguage>(),
    /** The student's accommodation when the attempt started, in minutes, and the minutes granted during it. */
    extraMinutes: integer("extra_minutes").notNull().default(0),
    grantedMinutes: integer("granted_minutes").notNull().default(0),
    /** The take page's last sign of life (a heartbeat every 30 s): the live view tells who is offline. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** Answers in the device's journal not yet acknowledged, as its last heartbeat said (issue 37); null: not said. */
    pendingAnswers: integer("pending_answers"),
    /** Late answers came in (issue 37, decision 0056): mark the attempt again once none has come for a moment. */
    remarkAfter: timestamp("remark_after", { withTimezone: true }),
    /**
     * The student's name (profiles.name), copied so that the results list's score and name sorts, whose ties go by
     * it, have an index (issue 39, decision 0054). Kept by the database, never by a writer: a trigger sets it on
     * insert from the profile and a trigger on profiles follows a rename (migration 0044). The default is never kept.
     */
    studentName: text("student_name").notNull().default(""),
  },
  (t) => [
    uniqueIndex("student_exams_student_exam_idx").on(t.studentId, t.examId),
    index("student_exams_remark_idx").on(t.remarkAfter).where(sql`${t.remarkAfter} is not null`),
    index("student_exams_exam_idx").on(t.examId, t.status),
    // The newest attempt given a bank item's row (bank.service.ts useRowsOf): the exam's attempts newest first.
    index("student_exams_exam_started_idx").on(t.examId, t.startedAt),
    index("student_exams_form_idx").on(t.formId),
    index("student_exams_deadline_idx").on(t.deadlineAt).where(sql`${t.status} = 'in_progress'`),
    // The results list's default order, newest submission first (results.service sortKeys "recent"): a page, the
    // first or a deep one (keyset), reads its own rows from here, for all exams or one (issue 39).
    index("student_exams_recent_idx").on(sql`(coalesce(${t.completedAt}, '-infinity'::timestamptz)) desc`, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("student_exams_exam_recent_idx").on(t.examId, sql`(coalesce(${t.completedAt}, '-infinity'::timestamptz)) desc`, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The score and name sorts, likewise: the score's keys all ascend (one row comparison from a cursor); the name's
    // run name ↑, start ↓, id ↑, so a page after a cursor starts at the cursor's name (its namesakes' rows before it).
    index("student_exams_score_idx").on(attemptScoreSortKey(t), t.studentName, t.id),
    index("student_exams_exam_score_idx").on(t.examId, attemptScoreSortKey(t), t.studentName, t.id),
    index("student_exams_name_idx").on(t.studentName, t.startedAt.desc().nullsFirst(), t.id),
    index("student_exams_exam_name_idx").on(t.examId, t.studentName, t.startedAt.desc().nullsFirst(), t.id),
  ],
);

export const ATTEMPT_EVENT_KINDS = [
  "lobby",
  "started",
  "resumed",
  "offline",
  "online",
  "submitted",
  "auto_submitted",
  "time_granted",
  // Issue 37 (decision 0056): an answer stamped before the deadline arrived after the grace and was kept, and the
  // proctor's decision on it.
  "answer_held",
  "held_accepted",
  "held_refused",
] as const;
export const attemptEventKindEnum = pgEnum("attempt_event_kind", ATTEMPT_EVENT_KINDS);

/**
 * What happened during a student's sitting of an exam, in order (issue 16). Keyed by exam and student, not by
 * attempt: a student waits in the lobby before any attempt exists.
 */
export const attemptEvents = pgTable(
  "attempt_events",
  {
    // A sequence, not a random id: two events in the same instant stay in the order they happened.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: attemptEventKindEnum("kind").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who did it when it was not the student (time granted). */
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    minutes: integer("minutes"),
    reason: text("reason"),
  },
  (t) => [index("attempt_events_exam_student_idx").on(t.examId, t.studentId, t.at)],
);

/**
 * Who is waiting in a sitting's lobby now (issue 33 item 7): the lobby page asks again every HEARTBEAT_SECONDS and
 * each ask moves `seen_at`, so presence expires as the exam's heartbeat does (OFFLINE_AFTER_SECONDS). The trail keeps
 * the first entry (`attempt_events`, kind 'lobby'); this keeps only the last sign, one row per exam and student.
 */
export const lobbyPresence = pgTable(
  "lobby_presence",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.studentId] })],
);

/**
 * How many times a student has started a listening clip limited to a number of plays (issue 18), per attempt: kept
 * by the server, so a reload or another device does not give the plays back.
 */
export const mediaPlays = pgTable(
  "media_plays",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => studentExams.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => examMedia.id, { onDelete: "cascade" }),
    plays: integer("plays").notNull().default(0),
    /** The latest counted play's address (decision 0034): a hash of its token, so a copy of the table opens nothing,
     *  and when it stops being served. Each play replaces them, so an earlier play's address is refused. */
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.mediaId] }), uniqueIndex("media_plays_token_idx").on(t.tokenHash)],
);

export const studentAnswers = pgTable(
  "student_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentExamId: uuid("student_exam_id")
      .notNull()
      .references(() => studentExams.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The attempt's exam, copied by the database on insert (migration 0046, decision 0065): an exam's response
     *  matrix is read through student_answers_exam_idx in the heap's order, not probed cell by cell. Writers leave it
     *  out (the trigger fills it from the attempt; a bulk loader may give it); no foreign key: the attempt's is enough. */
    examId: uuid("exam_id")
      .notNull()
      .$defaultFn(() => sql`null`),
    selectedOptionId: uuid("selected_option_id").references(() => questionOptions.id, { onDelete: "set null" }),
    answerText: text("answer_text"),
    /** For matching: the response chosen for each premise, by premise index. */
    matchingAnswer: jsonb("matching_answer").$type<(number | null)[]>(),
    /** The response to an item type of issue 36 (shared/item-types, decision 0057), stored as sent; marked at submit. */
    response: jsonb("response").$type<TResponse>(),
    isCorrect: boolean("is_correct"),
    score: numeric("score", { precision: 8, scale: 2, mode: "number" }),
    teacherComment: text("teacher_comment"),
    /** The browser's counter for this answer: a retried or late-arriving older save never overwrites a newer one. */
    clientSeq: integer("client_seq").notNull().default(0),
    gradedById: uuid("graded_by_id").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("student_answers_attempt_question_idx").on(t.studentExamId, t.questionId), index("student_answers_exam_idx").on(t.examId)],
);

/**
 * The answers of a closed year's attempts (decision 0059): the same columns and keys as student_answers, moved here
 * when the year closes so the working table holds open years only. Nothing writes to them but closing and reopening.
 */
export const archivedStudentAnswers = pgTable(
  "archived_student_answers",
  {
    id: uuid("id").primaryKey(),
    studentExamId: uuid("student_exam_id")
      .notNull()
      .references(() => studentExams.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** As student_answers.exam_id, filled by the same trigger for a writer that leaves it out. */
    examId: uuid("exam_id")
      .notNull()
      .$defaultFn(() => sql`null`),
    selectedOptionId: uuid("selected_option_id").references(() => questionOptions.id, { onDelete: "set null" }),
    answerText: text("answer_text"),
    matchingAnswer: jsonb("matching_answer").$type<(number | null)[]>(),
    response: jsonb("response").$type<TResponse>(),
    isCorrect: boolean("is_correct"),
    score: numeric("score", { precision: 8, scale: 2, mode: "number" }),
    teacherComment: text("teacher_comment"),
    clientSeq: integer("client_seq").notNull().default(0),
    gradedById: uuid("graded_by_id").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("archived_student_answers_attempt_question_idx").on(t.studentExamId, t.questionId), index("archived_student_answers_exam_idx").on(t.examId)],
);

/**
 * Every answer, open years' and closed years' (decision 0059): what readers of an attempt's answers read, so a closed
 * year's result pages, reports and figures stay the same. Created by hand in the migration (student_answers UNION ALL
 * archived_student_answers); writers use student_answers.
 */
export const allStudentAnswers = pgView("all_student_answers", {
  id: uuid("id").notNull(),
  studentExamId: uuid("student_exam_id").notNull(),
  questionId: uuid("question_id").notNull(),
  studentId: uuid("student_id").notNull(),
  examId: uuid("exam_id").notNull(),
  selectedOptionId: uuid("selected_option_id"),
  answerText: text("answer_text"),
  matchingAnswer: jsonb("matching_answer").$type<(number | null)[]>(),
  response: jsonb("response").$type<TResponse>(),
  isCorrect: boolean("is_correct"),
  score: numeric("score", { precision: 8, scale: 2, mode: "number" }),
  teacherComment: text("teacher_comment"),
  clientSeq: integer("client_seq").notNull(),
  gradedById: uuid("graded_by_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}).existing();

export const HELD_DECISIONS = ["pending", "accepted", "refused"] as const;
export const heldDecisionEnum = pgEnum("held_decision", HELD_DECISIONS);

/**
 * Answers stamped before their attempt's deadline that arrived after the offline grace (issue 37, decision 0056):
 * kept, not applied, until a proctor accepts (applied as a save and the attempt marked again) or refuses them. At
 * most one waits per attempt and question (the newest the device sent); decided ones stay as the record.
 */
export const heldAnswers = pgTable(
  "held_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => studentExams.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** The answer as it would have been stored (student_answers' columns). */
    selectedOptionId: uuid("selected_option_id").references(() => questionOptions.id, { onDelete: "set null" }),
    answerText: text("answer_text"),
    matchingAnswer: jsonb("matching_answer").$type<(number | null)[]>(),
    response: jsonb("response").$type<TResponse>(),
    clientSeq: integer("client_seq").notNull().default(0),
    /** When the student made it, in server time, as the device stamped it. */
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull().defaultNow(),
    decision: heldDecisionEnum("decision").notNull().default("pending"),
    decidedById: uuid("decided_by_id").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("held_answers_pending_idx").on(t.attemptId, t.questionId).where(sql`${t.decision} = 'pending'`)],
);

// Figures maintained as marks arrive (issue 39, docs/decisions/0054): sums over an exam's attempts per school (the
// student's, now) and form, written by analytics/figures.ts in the transaction that changes a mark. No foreign key
// on the school or form: a row is moved by the module, never by a cascade. Nulls are one key (no school, no form).

/** Per question, over the graded attempts given it: n, Σx, Σx², Σx·T, ΣT, ΣT², omitted (x its mark, T the total). */
export const examItemStats = pgTable(
  "exam_item_stats",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id"),
    formId: uuid("form_id"),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    n: integer("n").notNull().default(0),
    sx: doublePrecision("sx").notNull().default(0),
    sxx: doublePrecision("sxx").notNull().default(0),
    sxt: doublePrecision("sxt").notNull().default(0),
    st: doublePrecision("st").notNull().default(0),
    stt: doublePrecision("stt").notNull().default(0),
    omitted: integer("omitted").notNull().default(0),
  },
  // By question: a bank item's figures sum the rows of the questions holding its versions (bank.service.ts).
  (t) => [unique("exam_item_stats_key").on(t.examId, t.schoolId, t.formId, t.questionId).nullsNotDistinct(), index("exam_item_stats_question_idx").on(t.questionId)],
);

/**
 * Per question and total score (issue 39, decision 0061), over the graded attempts given it: with no option, how many
 * attempts (n) and their marks (sx, Σx); with an option, how many chose it (sx 0). Kelley's 27 % groups are the
 * totals above and below the cut scores, so item analysis sums these rows and reads answers only of the attempts
 * tied at a cut score.
 */
export const examItemScoreStats = pgTable(
  "exam_item_score_stats",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id"),
    formId: uuid("form_id"),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** Null: the item's row; else a key of exam_option_stats, or ":omitted" (analytics/entry-distractors.ts OMITTED_KEY). */
    optionId: text("option_id"),
    total: doublePrecision("total").notNull(),
    n: integer("n").notNull().default(0),
    sx: doublePrecision("sx").notNull().default(0),
  },
  (t) => [unique("exam_item_score_stats_key").on(t.examId, t.schoolId, t.formId, t.questionId, t.optionId, t.total).nullsNotDistinct()],
);

/**
 * A closed year's rows by total score (decision 0059, amended): the same columns and keys as exam_item_score_stats,
 * moved here by the close and back by a reopen, so the working table holds only open years' rows (~0.48 per answer).
 * figures.ts writes an exam's rows where they live; item analysis reads both through all_exam_item_score_stats.
 */
export const archivedExamItemScoreStats = pgTable(
  "archived_exam_item_score_stats",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id"),
    formId: uuid("form_id"),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    optionId: text("option_id"),
    total: doublePrecision("total").notNull(),
    n: integer("n").notNull().default(0),
    sx: doublePrecision("sx").notNull().default(0),
  },
  (t) => [unique("archived_exam_item_score_stats_key").on(t.examId, t.schoolId, t.formId, t.questionId, t.optionId, t.total).nullsNotDistinct()],
);

/** exam_item_score_stats UNION ALL archived_exam_item_score_stats: what item analysis reads. Created by hand in the migration. */
export const allExamItemScoreStats = pgView("all_exam_item_score_stats", {
  examId: uuid("exam_id").notNull(),
  schoolId: text("school_id"),
  formId: uuid("form_id"),
  questionId: uuid("question_id").notNull(),
  optionId: text("option_id"),
  total: doublePrecision("total").notNull(),
  n: integer("n").notNull(),
  sx: doublePrecision("sx").notNull(),
}).existing();

/** Per option chosen, over graded attempts: the distractor table's counts. */
export const examOptionStats = pgTable(
  "exam_option_stats",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id"),
    formId: uuid("form_id"),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** A multiple-choice option's id; a hotspot's area id; an inline choice's "gap:choice" (decision 0058, "Distractors per gap and area"). */
    optionId: text("option_id").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [unique("exam_option_stats_key").on(t.examId, t.schoolId, t.formId, t.questionId, t.optionId).nullsNotDistinct()],
);

/**
 * Per grade and class at the time of the attempt: attempts submitted (completed or graded), graded, Σ%, Σ%², ΣT,
 * ΣT², passed, ten tenths of the percentage scale, the first graded completion (the trend's order), and a count of
 * the changes.
 */
export const examGroupStats = pgTable(
  "exam_group_stats",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id"),
    formId: uuid("form_id"),
    grade: integer("grade"),
    className: text("class_name"),
    attempts: integer("attempts").notNull().default(0),
    graded: integer("graded").notNull().default(0),
    sumPct: doublePrecision("sum_pct").notNull().default(0),
    sumPctSq: doublePrecision("sum_pct_sq").notNull().default(0),
    sumTotal: doublePrecision("sum_total").notNull().default(0),
    sumTotalSq: doublePrecision("sum_total_sq").notNull().default(0),
    passed: integer("passed").notNull().default(0),
    histogram: integer("histogram").array().notNull(),
    firstAt: timestamp("first_at", { withTimezone: true }),
    /** How many times an attempt was counted in or out: only grows, so the readers' caches key on it (version-cache.ts). */
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (t) => [unique("exam_group_stats_key").on(t.examId, t.schoolId, t.formId, t.grade, t.className).nullsNotDistinct(), index("exam_group_stats_school_idx").on(t.schoolId)],
);

/** Per grade, class and skill, over graded attempts: the points earned on the skill's questions (mastery). */
export const examSkillStats = pgTable(
  "exam_skill_stats",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id"),
    formId: uuid("form_id"),
    grade: integer("grade"),
    className: text("class_name"),
    skillId: text("skill_id").notNull(),
    earned: doublePrecision("earned").notNull().default(0),
  },
  (t) => [unique("exam_skill_stats_key").on(t.examId, t.schoolId, t.formId, t.grade, t.className, t.skillId).nullsNotDistinct(), index("exam_skill_stats_school_idx").on(t.schoolId)],
);

/**
 * Per student, the exam, form, grade and class of each of their graded attempts ("exam/form/grade/class", sorted):
 * the dashboard's distinct students per group and skill (decision 0061) grouped from a row per student instead of
 * a row per attempt and skill. School is the student's now, as in the other maintained rows. Kept by figures.ts.
 */
export const studentGradedExams = pgTable(
  "student_graded_exams",
  {
    studentId: uuid("student_id").primaryKey(),
    schoolId: text("school_id"),
    entries: text("entries").array().notNull(),
  },
  (t) => [index("student_graded_exams_school_idx").on(t.schoolId)],
);

/**
 * An exam's classical reliability (alpha, λ2, Feldt–Gilmer, SEM, over the attempts a reader may see), worked out by
 * the "reliability.exam" job once marks settle (decision 0061) and read by the page: "all" (every school's
 * attempts) or "school:<id>". `version` is the exam's figures' count of changes and last edit when it was worked out.
 */
export const examReliabilityFigures = pgTable(
  "exam_reliability",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    reach: text("reach").notNull(),
    version: text("version").notNull(),
    figures: jsonb("figures").$type<Record<string, unknown>>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
    /** How long the job's run that stored these took, in ms (null: worked out by the page): spaces the next run. */
    runMs: integer("run_ms"),
  },
  (t) => [primaryKey({ columns: [t.examId, t.reach] })],
);

/**
 * An exam's item analysis sums over every school's attempts, all forms together (the super_admin's and the author's
 * view; analytics/item-analysis.service.ts's allSchoolsSums, decision 0066): stored by the reliability job once marks
 * settle, or by the view that worked them out, and read only under the same `version` (the exam's figures' count of
 * changes and last edit), so they are never stale. One row per exam.
 */
export const examItemSums = pgTable("exam_item_sums", {
  examId: uuid("exam_id")
    .primaryKey()
    .references(() => exams.id, { onDelete: "cascade" }),
  version: text("version").notNull(),
  sums: jsonb("sums").$type<Record<string, unknown>>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An exam's DIF report over every school's attempts (psychometrics/fairness.service.ts's allSchoolsDif, decision 0066),
 * per grouping and smallest group tested: stored by the reliability job (the default minimum, every grouping) from
 * the matrix it has just read, or by the view that worked it out, and read only under the same `version` (the
 * matrix's and the count of changes to students' groups).
 */
export const examDifReports = pgTable(
  "exam_dif_reports",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    grouping: text("grouping").notNull(),
    minGroupSize: integer("min_group_size").notNull(),
    version: text("version").notNull(),
    report: jsonb("report").$type<Record<string, unknown>>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.grouping, t.minGroupSize] })],
);

export const reports = pgTable("reports", {
  id: uuid("id").primaryKey().defaultRandom(),
  // UNIQUE with the version: one version 1 per attempt, whoever asks and however many times at once (SPEC §4),
  // and one version n+1 however many ask to generate it again (docs/decisions/0032).
  studentExamId: uuid("student_exam_id")
    .notNull()
    .references(() => studentExams.id, { onDelete: "cascade" }),
  /** 1 for the first; a report generated again is a new row with the next number, the old one kept. */
  version: integer("version").notNull().default(1),
  /**
   * What the figures it quotes were (figuresFingerprint of the analysis): when the attempt's marks or the
   * averages and counts it compares with change, the fingerprint of today's analysis differs and it is stale.
   */
  fingerprint: text("fingerprint"),
  studentId: uuid("student_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  schoolId: text("school_id").references(() => schools.id, { onDelete: "set null" }),
  /** SPEC §3 report_data: summary, strengths[], areas_for_improvement[], recommendations[] — each in both languages. */
  reportData: jsonb("report_data").$type<TReportContent>().notNull(),
  /** The figures it was written from (score, band, mastery per skill, comparisons). */
  analysis: jsonb("analysis").$type<TAnalysis>(),
  generator: text("generator").$type<TGenerator>().notNull().default("rules"),
  model: text("model"),
  /** Why the language model's text was not used, when it was asked and the rules wrote it instead. */
  fallbackReason: text("fallback_reason").$type<TFallbackReason>(),
  generatedById: uuid("generated_by_id").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("reports_attempt_version_idx").on(t.studentExamId, t.version)]);

export const developmentPlans = pgTable("development_plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  // As a report's: one row per version (docs/decisions/0032).
  studentExamId: uuid("student_exam_id")
    .notNull()
    .references(() => studentExams.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(1),
  /** The fingerprint of the analysis it was written from; null for a plan from before versions (never marked stale). */
  fingerprint: text("fingerprint"),
  studentId: uuid("student_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  schoolId: text("school_id").references(() => schools.id, { onDelete: "set null" }),
  /** SPEC §3 plan_data: goal, steps[] (action, timeline), resources[], ai_suggestion — each in both languages. */
  planData: jsonb("plan_data").$type<TPlanContent>().notNull(),
  /** SPEC §3: true only when a language model wrote its prose. */
  generatedByAi: boolean("generated_by_ai").notNull().default(false),
  generator: text("generator").$type<TGenerator>().notNull().default("rules"),
  model: text("model"),
  fallbackReason: text("fallback_reason").$type<TFallbackReason>(),
  generatedById: uuid("generated_by_id").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("development_plans_attempt_version_idx").on(t.studentExamId, t.version)]);

// ---- files

export const qiasFiles = pgTable(
  "qias_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    pathInBucket: text("path_in_bucket").notNull().unique(),
    fileType: text("file_type"),
    sizeBytes: integer("size_bytes"),
    uploaderId: uuid("uploader_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("qias_files_uploader_idx").on(t.uploaderId, t.createdAt)],
);

export const studentFiles = pgTable(
  "student_files",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => qiasFiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.fileId] }), index("student_files_file_idx").on(t.fileId)],
);

/** Files tagged with the skills they help with, so a plan can point a student to material the school has. */
export const fileSkills = pgTable(
  "file_skills",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => qiasFiles.id, { onDelete: "cascade" }),
    skillId: text("skill_id")
      .notNull()
      .references(() => skills.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.skillId] }), index("file_skills_skill_idx").on(t.skillId)],
);

// ---- the public site and the record of changes

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    readById: uuid("read_by_id").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_ip_idx").on(t.ip, t.createdAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Kept as text so the record survives the actor's deletion. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

// ---- background work

export const jobStatusEnum = pgEnum("job_status", ["queued", "running", "done", "failed"]);

/**
 * Work done after answering (a mail, a batch of reports): claimed with FOR UPDATE SKIP LOCKED by any instance,
 * retried with backoff, and kept with its outcome and progress so a page can follow it (src/server/jobs).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: jobStatusEnum("status").notNull().default("queued"),
    /** While queued or running, at most one job per key (a double click starts one job). */
    dedupeKey: text("dedupe_key"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    progressDone: integer("progress_done").notNull().default(0),
    progressFailed: integer("progress_failed").notNull().default(0),
    progressTotal: integer("progress_total"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    lastError: text("last_error"),
    createdById: uuid("created_by_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex("jobs_dedupe_idx").on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt),
  ],
);

/**
 * A group development plan (issue 15; docs/decisions/0015): for one exam and a class (grade and class name) or a
 * whole school, the students grouped by shared weakness and a plan per group. Versions per (exam, school, class):
 * generating again adds the next one when the figures have changed (docs/decisions/0032). Student ids, not names, are stored; names are read when it is shown.
 */
export const groupPlans = pgTable(
  "group_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    grade: integer("grade"),
    className: text("class_name"),
    /** "<grade>|<class name, lower case>", empty parts for a whole school or grade: the unique key's class part. */
    scopeKey: text("scope_key").notNull(),
    /** 1 for the first; generated again, a plan is a new row with the next number, the old one kept (decision 0032). */
    version: integer("version").notNull().default(1),
    /** fingerprintOfAll of the analyses it was written from; null for a plan from before versions (never known stale). */
    fingerprint: text("fingerprint"),
    content: jsonb("content").notNull(),
    generatedById: uuid("generated_by_id").references(() => profiles.id, { onDelete: "set null" }),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One version n per scope, however many ask to generate it at once.
  (t) => [uniqueIndex("group_plans_scope_version_idx").on(t.examId, t.schoolId, t.scopeKey, t.version)],
);

/**
 * A reporting scale (issue 35; docs/decisions/0044): one per subject and grade, chosen by a super_admin, e.g. mean 500
 * and SD 100 on the reference cohort. A student's ability θ on the linked IRT scale reports as
 * mean + sd × (θ − theta_mean) / theta_sd, rounded to `decimals` and kept within [lowest, highest].
 */
export const reportingScales = pgTable(
  "reporting_scales",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    grade: integer("grade").notNull(),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    mean: doublePrecision("mean").notNull().default(500),
    sd: doublePrecision("sd").notNull().default(100),
    /** The reference cohort's ability mean and SD on the IRT scale (θ), from its calibration. */
    thetaMean: doublePrecision("theta_mean").notNull().default(0),
    thetaSd: doublePrecision("theta_sd").notNull().default(1),
    /** The exam and calibration (item_calibrations.calibration_id) whose cohort defines the scale; null until chosen. */
    referenceExamId: uuid("reference_exam_id").references(() => exams.id, { onDelete: "set null" }),
    referenceCalibrationId: uuid("reference_calibration_id").references(() => calibrations.id, { onDelete: "set null" }),
    decimals: integer("decimals").notNull().default(0),
    lowest: doublePrecision("lowest"),
    highest: doublePrecision("highest"),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reporting_scales_subject_grade_idx").on(t.subjectId, t.grade),
    check("reporting_scales_grade_range", sql`${t.grade} BETWEEN 1 AND 12`),
    check("reporting_scales_sd_positive", sql`${t.sd} > 0 AND ${t.thetaSd} > 0`),
    check("reporting_scales_decimals", sql`${t.decimals} BETWEEN 0 AND 2`),
    check("reporting_scales_bounds", sql`${t.lowest} IS NULL OR ${t.highest} IS NULL OR ${t.lowest} < ${t.highest}`),
  ],
);

/**
 * The proficiency levels of a scale (issue 35), lowest first: level `position` begins at `min_score` on the scale
 * (the lowest level has none). Cuts come from a standard-setting study or are typed by a super_admin; either way who
 * approved them and when is kept.
 */
export const proficiencyLevels = pgTable(
  "proficiency_levels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scaleId: uuid("scale_id")
      .notNull()
      .references(() => reportingScales.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    minScore: doublePrecision("min_score"),
    /** The standard-setting study whose approved cut this is; null for a cut typed in. */
    studyId: uuid("study_id").references(() => standardSettingStudies.id, { onDelete: "set null" }),
    approvedBy: uuid("approved_by").references(() => profiles.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("proficiency_levels_scale_position_idx").on(t.scaleId, t.position),
    check("proficiency_levels_position", sql`${t.position} BETWEEN 0 AND 9`),
    check("proficiency_levels_lowest_has_no_cut", sql`(${t.position} = 0) = (${t.minScore} IS NULL)`),
  ],
);

/**
 * A standard-setting study (issue 35; docs/decisions/0048): panellists set the cuts of a scale's levels by the
 * modified Angoff or the Bookmark method over the items of one calibration run, in rounds, until a super_admin
 * approves the cuts (written to proficiency_levels in the same transaction).
 */
export const standardSettingStudies = pgTable(
  "standard_setting_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scaleId: uuid("scale_id")
      .notNull()
      .references(() => reportingScales.id, { onDelete: "cascade" }),
    method: text("method").$type<"angoff" | "bookmark">().notNull(),
    /** The run whose items (those with parameters) are rated: the scale's reference run or one linked to it. */
    calibrationId: uuid("calibration_id")
      .notNull()
      .references(() => calibrations.id, { onDelete: "cascade" }),
    status: text("status").$type<"draft" | "open" | "closed" | "approved">().notNull().default("draft"),
    /** 0 while a draft; the round being (or last) rated after. */
    round: integer("round").notNull().default(0),
    /** Bookmark: the response probability that orders the booklet (RP67). */
    responseProbability: doublePrecision("response_probability").notNull().default(0.67),
    /** What was approved: [{ position, minScore }] for every level above the lowest. */
    approvedCuts: jsonb("approved_cuts").$type<{ position: number; minScore: number }[]>(),
    approvedBy: uuid("approved_by").references(() => profiles.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("standard_setting_studies_scale_idx").on(t.scaleId),
    check("standard_setting_studies_method", sql`${t.method} in ('angoff', 'bookmark')`),
    check("standard_setting_studies_status", sql`${t.status} in ('draft', 'open', 'closed', 'approved')`),
    check("standard_setting_studies_round", sql`${t.round} >= 0 AND (${t.status} = 'draft') = (${t.round} = 0)`),
    check("standard_setting_studies_rp", sql`${t.responseProbability} > 0.5 AND ${t.responseProbability} < 1`),
  ],
);

/** Who rates in a study: teachers and school admins of any school, invited by a super_admin. */
export const standardSettingPanellists = pgTable(
  "standard_setting_panellists",
  {
    studyId: uuid("study_id")
      .notNull()
      .references(() => standardSettingStudies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The last round this panellist submitted (0: none yet). */
    submittedRound: integer("submitted_round").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.userId] }), index("standard_setting_panellists_user_idx").on(t.userId)],
);

/**
 * One panellist's rating in one round for one level: Angoff, per item version, the borderline student's probability
 * of a right answer (or expected score of a partial-credit item); Bookmark, the page (1-based) of the ordered booklet.
 * Earlier rounds' rows are kept.
 */
export const standardSettingRatings = pgTable(
  "standard_setting_ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studyId: uuid("study_id").notNull(),
    userId: uuid("user_id").notNull(),
    round: integer("round").notNull(),
    position: integer("position").notNull(),
    itemVersionId: uuid("item_version_id").references(() => bankItemVersions.id, { onDelete: "cascade" }),
    value: doublePrecision("value"),
    page: integer("page"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.studyId, t.userId], foreignColumns: [standardSettingPanellists.studyId, standardSettingPanellists.userId] }).onDelete("cascade"),
    uniqueIndex("standard_setting_ratings_angoff_idx").on(t.studyId, t.round, t.userId, t.position, t.itemVersionId).where(sql`${t.itemVersionId} IS NOT NULL`),
    uniqueIndex("standard_setting_ratings_bookmark_idx").on(t.studyId, t.round, t.userId, t.position).where(sql`${t.itemVersionId} IS NULL`),
    check("standard_setting_ratings_kind", sql`(${t.itemVersionId} IS NOT NULL AND ${t.value} IS NOT NULL AND ${t.page} IS NULL) OR (${t.itemVersionId} IS NULL AND ${t.value} IS NULL AND ${t.page} IS NOT NULL)`),
    check("standard_setting_ratings_range", sql`${t.round} >= 1 AND ${t.position} BETWEEN 1 AND 9 AND (${t.value} IS NULL OR ${t.value} >= 0) AND (${t.page} IS NULL OR ${t.page} >= 1)`),
  ],
);

/**
 * LTI 1.3 (issue 38, docs/decisions/0051): a learning platform (Moodle, Canvas, …) that launches Qias as a tool.
 * One registration per (issuer, client id); the students it launches belong to `school_id`.
 */
export const ltiPlatforms = pgTable(
  "lti_platforms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    /** The deployment ids the platform may launch with; a launch with another one is refused. */
    deploymentIds: jsonb("deployment_ids").$type<string[]>().notNull(),
    authLoginUrl: text("auth_login_url").notNull(),
    tokenUrl: text("token_url").notNull(),
    jwksUrl: text("jwks_url").notNull(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("lti_platforms_issuer_client_idx").on(t.issuer, t.clientId)],
);

/** The tool's own signing key pair; the private JWK is encrypted at rest with a key derived from an app secret. */
export const ltiToolKeys = pgTable("lti_tool_keys", {
  kid: text("kid").primaryKey(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateJwkEncrypted: text("private_jwk_encrypted").notNull(),
  createdAt: createdAt(),
});

/** Nonces of launches already accepted, kept until the token would have expired anyway: a replay is refused. */
export const ltiNonces = pgTable(
  "lti_nonces",
  {
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.nonce] }), index("lti_nonces_expires_idx").on(t.expiresAt)],
);

/**
 * A resource link of a platform's course (context) and the Qias exam it opens, with the AGS line item the
 * scores of its attempts go to.
 */
export const ltiResourceLinks = pgTable(
  "lti_resource_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
    contextId: text("context_id"),
    resourceLinkId: text("resource_link_id").notNull(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    lineItemUrl: text("line_item_url"),
    /** The context's NRPS memberships URL, when the platform offers it. */
    membershipsUrl: text("memberships_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("lti_resource_links_link_idx").on(t.platformId, t.deploymentId, t.resourceLinkId)],
);

/** Which Qias user a platform's `sub` is. */
export const ltiUserLinks = pgTable(
  "lti_user_links",
  {
    platformId: uuid("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    sub: text("sub").notNull(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub] }), index("lti_user_links_profile_idx").on(t.profileId)],
);
