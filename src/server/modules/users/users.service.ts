// Users of the four roles (SPEC §2 "User management", §5 "User dialog", §6). Who may touch whom is decided by
// shared/permissions.ts through `reach`; creating and deleting are single transactions, audited.
import { recountFigures } from "../analytics/figures";
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { personMatches } from "../../db/like";
import type { TDb, TDbOrTx } from "../../db/client";
import { authUsers, exams, profiles, qiasFiles, schools, sessions, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { accountDefaults, createAccount } from "../../auth/accounts";
import { generatePassword, hashPassword } from "../../auth/password";
import { assertPasswordAllowed, getStaffPasswordRule, passwordProblem, problemMessage } from "../../auth/password-rule";
import { endResetLinks, forgetSessionsOf } from "../../auth/auth.service";
import { writeAudit } from "../audit/audit.service";
import { isUniqueViolation } from "../../db/errors";
import { can, type TRole, type TSessionUser } from "../../../shared/permissions";
import {
  GROUP_CAPABILITY,
  groupOfRole,
  USER_GROUPS,
  ZUserCreate,
  type TDeleteImpact,
  type TUser,
  type TUserGroup,
  type TUserPage,
} from "../../../shared/schemas/user";
import type { z } from "zod";
import type { ZImportRequest, ZUserListQuery, ZUserUpdate, TImportPreview, TImportResult, TImportRow } from "../../../shared/schemas/user";
import { IMPORT_MAX_ROWS, importColumnOf, importEmailLanguage, importGender, importLanguageBackground, importTextScale, importYesNo, type TGender, type TImportColumn, type TLanguageBackground } from "../../../shared/schemas/user";
import { readCsvTable, readTable } from "../../http/table";
import { ERRORS, type TErrorCode, type TText } from "../../../shared/errors";
import type { TLanguage } from "../../../shared/limits";
import { stripBidiControls } from "../../../shared/text";

const userColumns = {
  id: profiles.id,
  username: profiles.username,
  email: profiles.email,
  role: profiles.role,
  schoolId: profiles.schoolId,
  schoolNameAr: schools.nameAr,
  schoolNameEn: schools.nameEn,
  name: profiles.name,
  grade: profiles.grade,
  className: profiles.className,
  extraTimePercent: profiles.extraTimePercent,
  extraTimeMinutes: profiles.extraTimeMinutes,
  clipTranscripts: profiles.clipTranscripts,
  readAloud: profiles.readAloud,
  highContrast: profiles.highContrast,
  textScale: profiles.textScale,
  emailLang: profiles.emailLang,
  gender: profiles.gender,
  languageBackground: profiles.languageBackground,
  createdAt: profiles.createdAt,
};

type TUserRow = {
  id: string;
  username: string;
  email: string;
  role: TRole;
  schoolId: string | null;
  schoolNameAr: string | null;
  schoolNameEn: string | null;
  name: string;
  grade: number | null;
  className: string | null;
  extraTimePercent: number;
  extraTimeMinutes: number;
  clipTranscripts: boolean;
  readAloud: boolean;
  highContrast: boolean;
  textScale: number;
  emailLang: TLanguage;
  gender: TGender | null;
  languageBackground: TLanguageBackground | null;
  createdAt: Date;
};

function presentUser(row: TUserRow): TUser {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Whether `actor` may see (write = false) or change (write = true) a user of `role` in `schoolId`. */
function reach(actor: TSessionUser, role: TRole, schoolId: string | null, write: boolean): boolean {
  return can(actor, GROUP_CAPABILITY[groupOfRole(role)], { schoolId }, { write });
}

async function loadUser(db: TDbOrTx, id: string): Promise<TUserRow | undefined> {
  const [row] = await db.select(userColumns).from(profiles).leftJoin(schools, eq(schools.id, profiles.schoolId)).where(eq(profiles.id, id)).limit(1);
  return row;
}

/** The target, if the actor may see it; someone outside their reach is "not found", not "forbidden",
 *  so ids of other schools' users reveal nothing. */
async function loadVisibleUser(db: TDbOrTx, actor: TSessionUser, id: string, write: boolean): Promise<TUserRow> {
  const row = await loadUser(db, id);
  if (!row || !reach(actor, row.role, row.schoolId, false)) throw new AppError("USER_NOT_FOUND");
  if (write && !reach(actor, row.role, row.schoolId, true)) throw new AppError("FORBIDDEN");
  return row;
}

// ---- list

export async function findUsers(db: TDbOrTx, actor: TSessionUser, query: z.output<typeof ZUserListQuery>): Promise<TUserPage> {
  const capability = GROUP_CAPABILITY[query.group];
  if (!can(actor, capability)) throw new AppError("FORBIDDEN");
  const roles = USER_GROUPS[query.group] as readonly TRole[];
  const conditions: (SQL | undefined)[] = [inArray(profiles.role, [...roles])];
  // A role whose reach is its own school sees only that school, whatever it asks for.
  if (actor.role !== "super_admin") conditions.push(eq(profiles.schoolId, actor.schoolId ?? "\u0000"));
  else if (query.schoolId) conditions.push(eq(profiles.schoolId, query.schoolId));
  if (query.grade !== undefined) conditions.push(eq(profiles.grade, query.grade));
  if (query.className) conditions.push(sql`lower(${profiles.className}) = lower(${query.className})`);
  if (query.q) {
    conditions.push(personMatches(query.q));
  }
  const where = and(...conditions);
  const items = await db
    .select(userColumns)
    .from(profiles)
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(where)
    .orderBy(asc(profiles.name), asc(profiles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  return { items: items.map(presentUser), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

// ---- create

/** The school a new user goes to: a school_admin's own (the selector is fixed), or the one chosen. */
async function resolveSchool(db: TDbOrTx, actor: TSessionUser, role: TRole, requested: string | null): Promise<string | null> {
  if (role === "super_admin") return null;
  const schoolId = actor.role === "super_admin" ? requested : (requested ?? actor.schoolId);
  if (!schoolId) throw new AppError("SCHOOL_REQUIRED");
  if (actor.role !== "super_admin" && schoolId !== actor.schoolId) throw new AppError("SCHOOL_OUT_OF_SCOPE");
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!school) throw new AppError("SCHOOL_NOT_FOUND");
  return schoolId;
}

function conflictCode(constraint: string): TErrorCode {
  return constraint.includes("username") ? "USERNAME_TAKEN" : "EMAIL_TAKEN";
}

export async function createUser(db: TDb, actor: TSessionUser, input: z.output<typeof ZUserCreate>): Promise<TUser> {
  if (!can(actor, GROUP_CAPABILITY[groupOfRole(input.role)], undefined, { write: true })) throw new AppError("FORBIDDEN");
  try {
    return await db.transaction(async (tx) => {
      const schoolId = await resolveSchool(tx, actor, input.role, input.schoolId);
      // After who-may-where: a password is judged for an account the actor may create.
      await assertPasswordAllowed(tx, input.role, input.password!);
      const { id } = await createAccount(tx, { ...input, password: input.password!, schoolId });
      if (input.role === "student" && (input.extraTimePercent || input.extraTimeMinutes || input.clipTranscripts || input.gender || input.languageBackground || input.readAloud || input.highContrast || input.textScale !== 100)) {
        await tx
          .update(profiles)
          .set({
            extraTimePercent: input.extraTimePercent,
            extraTimeMinutes: input.extraTimeMinutes,
            clipTranscripts: input.clipTranscripts,
            readAloud: input.readAloud,
            highContrast: input.highContrast,
            textScale: input.textScale,
            gender: input.gender,
            languageBackground: input.languageBackground,
          })
          .where(eq(profiles.id, id));
      }
      const user = presentUser((await loadUser(tx, id))!);
      await writeAudit(tx, actor, { action: "create", entity: "user", entityId: id, after: user });
      return user;
    });
  } catch (err) {
    const constraint = isUniqueViolation(err);
    if (constraint !== null) throw new AppError(conflictCode(constraint));
    throw err;
  }
}

// ---- update

export async function updateUser(db: TDb, actor: TSessionUser, id: string, input: z.output<typeof ZUserUpdate>): Promise<{ user: TUser; passwordChanged: boolean }> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const updated = await db.transaction(async (tx) => {
      const before = await loadVisibleUser(tx, actor, id, true);
      if (input.password) await assertPasswordAllowed(tx, before.role, input.password);
      const changes: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
      let classGiven: { grade: number; className: string | null } | null = null;
      if (input.username !== undefined) changes.username = input.username;
      if (input.name !== undefined) changes.name = input.name;
      // The language of the user's mail counts from the next mail (a reset link asked for now).
      if (input.emailLang !== undefined) changes.emailLang = input.emailLang;
      if (input.schoolId !== undefined && before.role !== "super_admin" && input.schoolId !== before.schoolId) {
        changes.schoolId = await resolveSchool(tx, actor, before.role, input.schoolId);
      }
      if (before.role === "student" && changes.username === "") throw new AppError("USERNAME_REQUIRED_FOR_STUDENT");
      if (before.role === "student" && (input.grade !== undefined || input.className !== undefined)) {
        const grade = input.grade === undefined ? before.grade : input.grade;
        // Clearing the grade clears the class; a class is always within a grade.
        const className = grade === null ? null : input.className === undefined ? before.className : input.className;
        if (input.className && grade === null) throw new AppError("CLASS_NEEDS_GRADE");
        changes.grade = grade;
        changes.className = className;
        // Attempts started before the student had a class take the one given now; attempts that already have
        // one keep it, so last year's results stay with last year's class (docs/decisions/0014).
        if (grade !== null) classGiven = { grade, className };
      }
      // An accommodation counts from the next attempt the student starts; attempts under way keep theirs.
      if (before.role === "student" && input.extraTimePercent !== undefined) changes.extraTimePercent = input.extraTimePercent;
      if (before.role === "student" && input.extraTimeMinutes !== undefined) changes.extraTimeMinutes = input.extraTimeMinutes;
      // Transcripts count at once: a student's next look at their paper brings them.
      if (before.role === "student" && input.clipTranscripts !== undefined) changes.clipTranscripts = input.clipTranscripts;
      // Reading accommodations count from the student's next look at their paper, like the transcripts.
      if (before.role === "student" && input.readAloud !== undefined) changes.readAloud = input.readAloud;
      if (before.role === "student" && input.highContrast !== undefined) changes.highContrast = input.highContrast;
      if (before.role === "student" && input.textScale !== undefined) changes.textScale = input.textScale;
      // Only a student has them (the database says so too); for other roles they are dropped, like the grade.
      if (before.role === "student" && input.gender !== undefined) changes.gender = input.gender;
      if (before.role === "student" && input.languageBackground !== undefined) changes.languageBackground = input.languageBackground;
      // A student's attempts are counted in the figures by school and class (analytics/figures.ts): a new school or
      // a class given moves them, in this transaction.
      const moved =
        before.role === "student" && (changes.schoolId !== undefined || classGiven)
          ? (await tx.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.studentId, id)).orderBy(asc(studentExams.id)).for("update")).map((a) => a.id)
          : [];
      await recountFigures(tx, moved, async () => {
        if (classGiven) {
          await tx
            .update(studentExams)
            // marked_at moves too: figures cached under it (analytics) are worked out again.
            .set({ ...classGiven, markedAt: new Date() })
            .where(and(eq(studentExams.studentId, id), sql`${studentExams.grade} is null`));
        }
        await tx.update(profiles).set(changes).where(eq(profiles.id, id));
      }, changes.schoolId);
      if (passwordHash) {
        await tx.update(authUsers).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(authUsers.id, id));
        // A password set by an administrator ends the user's sessions and reset links, as a reset does.
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await endResetLinks(tx, id);
      }
      const user = presentUser((await loadUser(tx, id))!);
      await writeAudit(tx, actor, { action: "update", entity: "user", entityId: id, before: presentUser(before), after: { ...user, ...(passwordHash ? { passwordChanged: true } : {}) } });
      return { user, passwordChanged: !!passwordHash };
    });
    // A remembered session carries the old name, school or password; let the next request read the new ones.
    await forgetSessionsOf(db, [id]);
    return updated;
  } catch (err) {
    const constraint = isUniqueViolation(err);
    if (constraint !== null) throw new AppError("USERNAME_TAKEN");
    throw err;
  }
}

// ---- delete

export async function findDeleteImpact(db: TDbOrTx, actor: TSessionUser, id: string): Promise<TDeleteImpact> {
  await loadVisibleUser(db, actor, id, true);
  const [[a], [e], [f]] = [
    await db.select({ n: count() }).from(studentExams).where(eq(studentExams.studentId, id)),
    await db.select({ n: count() }).from(exams).where(eq(exams.creatorId, id)),
    await db.select({ n: count() }).from(qiasFiles).where(eq(qiasFiles.uploaderId, id)),
  ];
  return { attempts: a?.n ?? 0, exams: e?.n ?? 0, files: f?.n ?? 0 };
}

/**
 * Deletes the account and its profile in one transaction. A student's attempts and answers go with them; a
 * teacher's exams and an uploader's files stay, shown as by a deleted user (the foreign keys say so).
 */
export async function deleteUser(db: TDb, actor: TSessionUser, id: string): Promise<void> {
  if (id === actor.id) throw new AppError("CANNOT_DELETE_SELF");
  await db.transaction(async (tx) => {
    // Only a super_admin may delete a super_admin, and never themselves, so one always remains.
    const before = await loadVisibleUser(tx, actor, id, true);
    // A student's attempts go with them: out of the figures first (analytics/figures.ts), in this transaction.
    const attempts = (await tx.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.studentId, id)).orderBy(asc(studentExams.id)).for("update")).map((a) => a.id);
    await recountFigures(tx, attempts, () => tx.delete(authUsers).where(eq(authUsers.id, id)));
    await writeAudit(tx, actor, { action: "delete", entity: "user", entityId: id, before: presentUser(before) });
  });
  await forgetSessionsOf(db, [id]);
}

// ---- roster import

type TPlannedRow = TImportRow & { password: string };

function rowError(field: string, code: TErrorCode, message: TText = ERRORS[code].message) {
  return { field, code, message };
}

/** The file's column a field of the user schema came from. */
function importField(path: string): string {
  return path === "className" ? "class" : path === "schoolId" ? "school_id" : path === "emailLang" ? "email_language" : path === "languageBackground" ? "language_background" : path === "readAloud" ? "read_aloud" : path === "highContrast" ? "high_contrast" : path === "textScale" ? "text_size" : path;
}

/** Reads and checks every row without writing anything; the import runs the same checks again. */
async function planImport(db: TDbOrTx, actor: TSessionUser, input: TImportInput): Promise<TPlannedRow[]> {
  const { role } = input;
  if (!can(actor, GROUP_CAPABILITY[groupOfRole(role)], undefined, { write: true })) throw new AppError("FORBIDDEN");
  const [header, ...lines] = input.file ? await readTable(Buffer.from(input.file, "base64")) : readCsvTable(input.csv ?? "");
  if (!header) throw new AppError("IMPORT_EMPTY");
  // Headers in English or Arabic (shared/schemas/user.ts: importColumnOf); an unknown one refuses the file.
  const columns = header.map(importColumnOf);
  if (!columns.includes("email") || columns.some((c) => c === undefined)) throw new AppError("IMPORT_BAD_HEADER");
  if (lines.length === 0) throw new AppError("IMPORT_EMPTY");
  if (lines.length > IMPORT_MAX_ROWS) throw new AppError("IMPORT_TOO_MANY_ROWS");
  // A teacher's password, given or generated, meets the staff rule (decision 0031); a student's, SPEC's.
  const rule = role === "teacher" ? await getStaffPasswordRule(db) : null;

  const rows: TPlannedRow[] = lines.map((fields, i) => {
    const cell = (name: TImportColumn) => (fields[columns.indexOf(name)] ?? "").trim();
    const given = cell("password");
    const password = given || generatePassword(Math.max(10, rule?.minLength ?? 0));
    const schoolId = cell("school_id") || (actor.role === "super_admin" ? "" : (actor.schoolId ?? ""));
    // A language as a spreadsheet names it ("ar", "English", "العربية"); what is none of them, the schema refuses.
    const emailLang = importEmailLanguage(cell("email_language")) ?? cell("email_language");
    // Gender and language background likewise, in either language; a teacher's file has no such columns.
    const gender = role === "student" ? (importGender(cell("gender")) ?? cell("gender")) : null;
    const languageBackground = role === "student" ? (importLanguageBackground(cell("language_background")) ?? cell("language_background")) : null;
    // The reading accommodations (issue 37): yes/no and a size, in either language; a teacher's file has none.
    const readAloud = role === "student" ? (importYesNo(cell("read_aloud")) ?? cell("read_aloud")) : false;
    const highContrast = role === "student" ? (importYesNo(cell("high_contrast")) ?? cell("high_contrast")) : false;
    const textScale = role === "student" ? importTextScale(cell("text_size")) : 100;
    const parsed = ZUserCreate.safeParse({
      email: cell("email"),
      username: cell("username"),
      name: cell("name"),
      password,
      role,
      schoolId,
      grade: cell("grade"),
      className: cell("class"),
      emailLang,
      gender,
      languageBackground,
      readAloud,
      highContrast,
      textScale,
    });
    const errors: ReturnType<typeof rowError>[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => rowError(importField(issue.path.join(".")), (issue.message in ERRORS ? issue.message : "VALIDATION_FAILED") as TErrorCode));
    const problem = rule && given && !errors.some((e) => e.field === "password") ? passwordProblem(rule, role, given) : null;
    if (problem) errors.push(rowError("password", problem.code, problemMessage(problem)));
    const defaults = accountDefaults({
      email: cell("email"),
      username: cell("username") || undefined,
      // The schema's name (bidi controls stripped); a refused row still shows its name in the preview, stripped too.
      name: parsed.data?.name ?? (stripBidiControls(cell("name")) || undefined),
      role,
      schoolId: schoolId || null,
      grade: parsed.data?.grade ?? null,
      className: parsed.data?.className ?? null,
      emailLang: parsed.data?.emailLang,
    });
    return {
      line: i + 2,
      email: defaults.email,
      username: defaults.username,
      name: defaults.name,
      schoolId: defaults.schoolId,
      grade: defaults.grade,
      className: defaults.className,
      emailLang: defaults.emailLang,
      gender: parsed.data?.gender ?? null,
      languageBackground: parsed.data?.languageBackground ?? null,
      readAloud: parsed.data?.readAloud ?? false,
      highContrast: parsed.data?.highContrast ?? false,
      textScale: parsed.data?.textScale ?? 100,
      passwordGenerated: !given,
      password,
      errors,
    };
  });

  // Duplicates within the file: every occurrence after the first.
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of [`e:${row.email.toLowerCase()}`, `u:${row.username.toLowerCase()}`]) {
      if (seen.has(key) && !row.errors.some((e) => e.code === "IMPORT_DUPLICATE_IN_FILE")) row.errors.push(rowError(key.startsWith("e") ? "email" : "username", "IMPORT_DUPLICATE_IN_FILE"));
      seen.add(key);
    }
  }

  // Against the database: taken emails and usernames, unknown schools, schools out of the actor's reach.
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()))];
  const usernames = [...new Set(rows.map((r) => r.username.toLowerCase()))];
  const takenEmails = new Set(
    emails.length ? (await db.select({ e: sql<string>`lower(${authUsers.email})` }).from(authUsers).where(inArray(sql`lower(${authUsers.email})`, emails))).map((r) => r.e) : [],
  );
  const takenUsernames = new Set(
    usernames.length ? (await db.select({ u: sql<string>`lower(${profiles.username})` }).from(profiles).where(inArray(sql`lower(${profiles.username})`, usernames))).map((r) => r.u) : [],
  );
  const schoolIds = [...new Set(rows.map((r) => r.schoolId).filter((s): s is string => !!s))];
  const knownSchools = new Set(schoolIds.length ? (await db.select({ id: schools.id }).from(schools).where(inArray(schools.id, schoolIds))).map((r) => r.id) : []);
  for (const row of rows) {
    if (takenEmails.has(row.email.toLowerCase())) row.errors.push(rowError("email", "EMAIL_TAKEN"));
    if (takenUsernames.has(row.username.toLowerCase())) row.errors.push(rowError("username", "USERNAME_TAKEN"));
    if (row.schoolId && !knownSchools.has(row.schoolId)) row.errors.push(rowError("school_id", "SCHOOL_NOT_FOUND"));
    else if (row.schoolId && actor.role !== "super_admin" && row.schoolId !== actor.schoolId) row.errors.push(rowError("school_id", "SCHOOL_OUT_OF_SCOPE"));
  }
  return rows;
}

type TImportInput = z.output<typeof ZImportRequest>;

export async function previewImport(db: TDbOrTx, actor: TSessionUser, input: TImportInput): Promise<TImportPreview> {
  const rows = await planImport(db, actor, input);
  const invalid = rows.filter((r) => r.errors.length).length;
  return { rows: rows.map(({ password: _password, ...row }) => row), valid: rows.length - invalid, invalid };
}

/** All rows or none: any bad row refuses the whole file. Passwords left blank are generated and returned once. */
export async function runImport(db: TDb, actor: TSessionUser, input: TImportInput): Promise<TImportResult> {
  const rows = await planImport(db, actor, input);
  const bad = rows.filter((r) => r.errors.length);
  if (bad.length) {
    throw new AppError("IMPORT_INVALID", {
      fields: bad.slice(0, 50).map((r) => ({ path: `line ${r.line}`, code: r.errors[0]!.code, message: r.errors[0]!.message })),
    });
  }
  // Hashing is the slow part: do it before the transaction, a few at a time (libuv runs four at once).
  const hashes: string[] = [];
  for (let i = 0; i < rows.length; i += 8) hashes.push(...(await Promise.all(rows.slice(i, i + 8).map((r) => hashPassword(r.password)))));

  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        const created = await tx
          .insert(authUsers)
          .values(chunk.map((r, j) => ({ email: r.email, passwordHash: hashes[i + j]! })))
          .returning({ id: authUsers.id, email: authUsers.email });
        const idByEmail = new Map(created.map((c) => [c.email, c.id]));
        await tx.insert(profiles).values(chunk.map((r) => ({ id: idByEmail.get(r.email)!, email: r.email, username: r.username, name: r.name, role: input.role, schoolId: r.schoolId, grade: r.grade, className: r.className, emailLang: r.emailLang, gender: r.gender, languageBackground: r.languageBackground, readAloud: r.readAloud, highContrast: r.highContrast, textScale: r.textScale })));
      }
      await writeAudit(tx, actor, { action: "import", entity: "user", entityId: `import:${input.role}`, after: { role: input.role, count: rows.length, emails: rows.map((r) => r.email) } });
    });
  } catch (err) {
    const constraint = isUniqueViolation(err);
    if (constraint !== null) throw new AppError(conflictCode(constraint));
    throw err;
  }
  return { created: rows.length, credentials: rows.map((r) => ({ email: r.email, username: r.username, name: r.name, password: r.password, schoolId: r.schoolId, grade: r.grade, className: r.className, emailLang: r.emailLang })) };
}

export function isGroup(value: string): value is TUserGroup {
  return value in USER_GROUPS;
}
