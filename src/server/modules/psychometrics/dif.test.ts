// Fairness (DIF) in item analysis through the API (issue 35): who sees it, groups withheld under the minimum,
// the item built to favour one gender flagged first, the school grouping for a super_admin only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../db/client";
import { refreshReliability } from "./psychometrics.service";
import { FIGURES_THREAD_ROWS, parseThreadPriority } from "../../parse-pool";
import { examResponses } from "../../psychometrics/calibrate-exam";
import { authUsers, profiles, schools, studentAnswers, studentExams } from "../../db/schema";
import { DIF_GROUPINGS, DIF_MIN_GROUP, type TDifReport } from "../../../shared/schemas/fairness";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
let examId: string;
let admin: string;
let schoolAdminA: string;
let teacherA: string;
let teacherB: string;
let schoolAdminC: string;

const N_A = 120;
const N_B = 30;

/** Bulk students with graded attempts: item 1 is answered right by most girls and few boys at every total of the
 *  other four items (a built-in DIF), the other items by a pattern that gives every total. */
async function seed(schoolId: string, n: number, prefix: string, questionIds: string[]) {
  const users = await h.db
    .insert(authUsers)
    .values(Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@dif.local`, passwordHash: "x" })))
    .returning({ id: authUsers.id });
  await h.db.insert(profiles).values(
    users.map((u, i) => ({
      id: u.id,
      email: `${prefix}${i}@dif.local`,
      username: `${prefix}${i}`,
      name: `${prefix}${i}`,
      role: "student" as const,
      schoolId,
      gender: i % 2 === 0 ? ("female" as const) : ("male" as const),
      languageBackground: i % 5 === 0 ? ("other" as const) : ("arabic" as const),
    })),
  );
  const attempts = await h.db
    .insert(studentExams)
    .values(users.map((u, i) => ({ studentId: u.id, examId, status: "graded" as const, paperLanguage: i % 3 === 0 ? ("en" as const) : ("ar" as const) })))
    .returning({ id: studentExams.id, studentId: studentExams.studentId });
  const answers = attempts.flatMap((a, i) => {
    const female = i % 2 === 0;
    const level = Math.floor(i / 2) % 5; // 0–4 right among items 2–5
    const item1 = female ? Math.floor(i / 2) % 4 !== 0 : Math.floor(i / 2) % 4 === 0;
    return questionIds.map((questionId, j) => ({ studentExamId: a.id, questionId, studentId: a.studentId, score: (j === 0 ? item1 : j <= level) ? 1 : 0 }));
  });
  await h.db.insert(studentAnswers).values(answers);
}

beforeAll(async () => {
  h = await createHarness();
  const a = await h.makeSchool("school_dif_a", "مدرسة أ");
  const b = await h.makeSchool("school_dif_b", "School B");
  const c = await h.makeSchool("school_dif_c", "School C");
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const author = await h.makeUser("teacher", { schoolId: a });
  const authorCookie = await h.signIn(author.email, author.password, "school");
  for (const [school, set] of [
    [a, (v: string) => (schoolAdminA = v)],
    [c, (v: string) => (schoolAdminC = v)],
  ] as const) {
    const u = await h.makeUser("school_admin", { schoolId: school });
    set(await h.signIn(u.email, u.password, "school"));
  }
  const ta = await h.makeUser("teacher", { schoolId: a });
  teacherA = await h.signIn(ta.email, ta.password, "school");
  const tb = await h.makeUser("teacher", { schoolId: b });
  teacherB = await h.signIn(tb.email, tb.password, "school");
  const res = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie: authorCookie,
    payload: {
      titleAr: "اختبار العدالة",
      titleEn: "Fairness test",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      questions: Array.from({ length: 5 }, (_, i) => ({ type: "true_false", questionTextAr: `س${i + 1}`, questionTextEn: `Q${i + 1}`, points: 1, options: TRUE_FALSE })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  examId = res.json().id;
  const questionIds = (res.json().questions as { id: string }[]).map((q) => q.id);
  await seed(a, N_A, "a", questionIds);
  await seed(b, N_B, "b", questionIds);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const dif = (cookie: string, qs = "") => h.request({ method: "GET", url: `/api/analytics/exams/${examId}/dif${qs}`, cookie });

describe("DIF in item analysis", () => {
  it("under the default minimum of 100 per group nothing is tested, and the groups are named with their sizes", async () => {
    const res = await dif(schoolAdminA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TDifReport;
    expect(body).toMatchObject({ grouping: "gender", minGroupSize: 100, items: [], tested: [] });
    expect(body.withheld.map((g) => [g.group, g.n]).sort()).toEqual([
      ["female", N_A / 2],
      ["male", N_A / 2],
    ]);
  });

  it("with a minimum of 20: the built-in DIF on question 1 is class C, listed first, favouring the reference (girls)", async () => {
    const res = await dif(schoolAdminA, "?grouping=gender&minGroupSize=20");
    const body = res.json() as TDifReport;
    expect(body.reference).toMatchObject({ group: "female", n: N_A / 2 });
    expect(body.tested.map((g) => g.group)).toEqual(["male"]);
    expect(body.items[0]).toMatchObject({ number: 1, focal: "male", etsClass: "C", favours: "reference" });
    // Negative: harder for the focal group (boys) at the same total.
    expect(body.items[0]!.dDif).toBeLessThan(-1.5);
    expect(body.items[0]!.se).toBeGreaterThan(0);
    // A school_admin's view is their school's students only.
    expect(body.nUsed).toBe(N_A);
  });

  it("language background: the smaller group is withheld at a minimum it does not reach", async () => {
    const body = (await dif(schoolAdminA, "?grouping=language_background&minGroupSize=30")).json() as TDifReport;
    expect(body.reference).toMatchObject({ group: "arabic", n: (N_A * 4) / 5 });
    expect(body.withheld).toEqual([{ group: "other", n: N_A / 5, nameAr: null, nameEn: null }]);
    expect(body.items).toEqual([]);
  });

  it("paper language is a grouping too", async () => {
    const body = (await dif(schoolAdminA, "?grouping=paper_language&minGroupSize=20")).json() as TDifReport;
    expect(body.reference?.group).toBe("ar");
    expect(body.tested.map((g) => g.group)).toEqual(["en"]);
  });

  it("a teacher sees their school's students only; a school without attempts of the exam is told it does not exist", async () => {
    expect(((await dif(teacherA, "?minGroupSize=20")).json() as TDifReport).nUsed).toBe(N_A);
    expect(((await dif(teacherB, "?minGroupSize=20")).json() as TDifReport).nUsed).toBe(N_B);
    const other = await dif(schoolAdminC);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("EXAM_NOT_FOUND");
  });

  it("schools are compared only by a super_admin, with their names", async () => {
    expect((await dif(schoolAdminA, "?grouping=school")).statusCode).toBe(403);
    const res = await dif(admin, "?grouping=school&minGroupSize=20");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TDifReport;
    expect(body.reference).toMatchObject({ group: "school_dif_a", n: N_A, nameAr: "مدرسة أ" });
    expect(body.tested).toMatchObject([{ group: "school_dif_b", n: N_B, nameEn: "School B" }]);
    expect(((await dif(admin, "?minGroupSize=20")).json() as TDifReport).nUsed).toBe(N_A + N_B);
  });

  it("a report kept from an earlier view follows a student's new gender, a new mark and a school's new name (decision 0065)", async () => {
    const before = (await dif(admin, "?grouping=gender&minGroupSize=20")).json() as TDifReport;
    const [girl] = await h.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.schoolId, "school_dif_b"), eq(profiles.gender, "female"))).limit(1);
    await h.db.update(profiles).set({ gender: "male" }).where(eq(profiles.id, girl!.id));
    const moved = (await dif(admin, "?grouping=gender&minGroupSize=20")).json() as TDifReport;
    const sizes = (r: TDifReport) => Object.fromEntries([r.reference!, ...r.tested, ...r.withheld].map((g) => [g.group, g.n]));
    expect(sizes(moved)).toEqual({ female: sizes(before).female! - 1, male: sizes(before).male! + 1 });
    // A mark: question 1 of one boy turned right moves the item's D-DIF.
    const [attempt] = await h.db.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.studentId, girl!.id));
    const [answer] = await h.db.select({ id: studentAnswers.id, score: studentAnswers.score }).from(studentAnswers).where(eq(studentAnswers.studentExamId, attempt!.id)).orderBy(studentAnswers.questionId);
    const regrade = await h.request({ method: "PUT", url: `/api/grading/answers/${answer!.id}`, cookie: admin, payload: { score: Number(answer!.score) ? 0 : 1 } });
    expect(regrade.statusCode, regrade.body).toBe(200);
    const marked = (await dif(admin, "?grouping=gender&minGroupSize=20")).json() as TDifReport;
    expect(marked.items.map((i) => i.dDif)).not.toEqual(moved.items.map((i) => i.dDif));
    await h.db.update(schools).set({ nameEn: "School B, renamed" }).where(eq(schools.id, "school_dif_b"));
    const named = (await dif(admin, "?grouping=school&minGroupSize=20")).json() as TDifReport;
    expect(named.tested[0]).toMatchObject({ group: "school_dif_b", nameEn: "School B, renamed" });
  });

  it.each([
    ["?minGroupSize=19", "DIF_MIN_GROUP_INVALID"],
    ["?minGroupSize=10001", "DIF_MIN_GROUP_INVALID"],
    ["?minGroupSize=abc", "DIF_MIN_GROUP_INVALID"],
    ["?minGroupSize=20.5", "DIF_MIN_GROUP_INVALID"],
    ["?grouping=religion", "DIF_GROUPING_INVALID"],
    ["?show=some", "DIF_SHOW_INVALID"],
    ["?show=", "DIF_SHOW_INVALID"],
  ])("%s: 400 %s in both languages", async (qs, code) => {
    const res = await dif(schoolAdminA, qs);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code === code || body.fields?.some((f: { code: string }) => f.code === code), res.body).toBe(true);
    expect(body.message.ar.length).toBeGreaterThan(0);
  });

  it("every school's report is stored under the matrix's version by the reliability job, each grouping, and read from there (decision 0066)", async () => {
    // A student's new gender moves the version: nothing kept in memory from the views above is of it.
    const [boy] = await h.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.schoolId, "school_dif_a"), eq(profiles.gender, "male"))).limit(1);
    await h.db.update(profiles).set({ gender: "female" }).where(eq(profiles.id, boy!.id));
    await h.db.execute(sql`delete from exam_dif_reports where exam_id = ${examId}`);
    await refreshReliability(h.db, examId);
    const stored = rowsOf<{ grouping: string; min_group_size: number }>(await h.db.execute(sql`select grouping, min_group_size from exam_dif_reports where exam_id = ${examId} order by grouping`));
    expect(stored).toEqual([...DIF_GROUPINGS].sort().map((grouping) => ({ grouping, min_group_size: DIF_MIN_GROUP.default })));
    // Not while the exam is being sat (a student in the middle of it): nothing stored, the views work them out.
    const sitter = await h.makeUser("student", { schoolId: "school_dif_a" });
    const [open] = await h.db.insert(studentExams).values({ studentId: sitter.id, examId, status: "in_progress" }).returning({ id: studentExams.id });
    await h.db.execute(sql`delete from exam_dif_reports where exam_id = ${examId}`);
    await refreshReliability(h.db, examId);
    expect(rowsOf(await h.db.execute(sql`select 1 from exam_dif_reports where exam_id = ${examId}`))).toEqual([]);
    await h.db.delete(studentExams).where(eq(studentExams.id, open!.id));
    await refreshReliability(h.db, examId);
    expect(rowsOf(await h.db.execute(sql`select 1 from exam_dif_reports where exam_id = ${examId}`))).toHaveLength(DIF_GROUPINGS.length);
    // What the view gives is the stored row (altered here, so that working it out again could not pass) …
    await h.db.execute(sql`update exam_dif_reports set report = jsonb_set(report, '{nExcluded}', '12345') where exam_id = ${examId} and grouping = 'gender'`);
    expect(((await dif(admin)).json() as TDifReport).nExcluded).toBe(12345);
    // A calibration's abilities (the scale's inputs) say nothing of students' groups: the stored report stays.
    await h.db.execute(sql`update scale_input_changes set changes = changes + 1`);
    expect(((await dif(admin)).json() as TDifReport).nExcluded).toBe(12345);
    // … for every school's view only: a teacher's is their school's, worked out from the matrix.
    expect(((await dif(teacherA)).json() as TDifReport).nExcluded).not.toBe(12345);
    // A minimum the job did not store is worked out on the view, and stored.
    const twenty = (await dif(admin, "?grouping=gender&minGroupSize=20")).json() as TDifReport;
    expect(twenty.tested.length).toBeGreaterThan(0);
    expect(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from exam_dif_reports where exam_id = ${examId} and min_group_size = 20`))[0]!.n).toBe(1);
    // A mark moves the version: the stored row is not read again.
    const [attempt] = await h.db.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.examId, examId)).limit(1);
    const [answer] = await h.db.select({ id: studentAnswers.id, score: studentAnswers.score }).from(studentAnswers).where(eq(studentAnswers.studentExamId, attempt!.id)).limit(1);
    expect((await h.request({ method: "PUT", url: `/api/grading/answers/${answer!.id}`, cookie: admin, payload: { score: Number(answer!.score) ? 0 : 1 } })).statusCode).toBe(200);
    expect(((await dif(admin)).json() as TDifReport).nExcluded).not.toBe(12345);
  });

  it("at the year's size the reliability job's figures and DIF's tallies are worked out in a thread, to the same figures (decision 0067)", async () => {
    const stored = async () => {
      const reliability = rowsOf<{ reach: string; figures: unknown }>(await h.db.execute(sql`select reach, figures from exam_reliability where exam_id = ${examId} order by reach`));
      const reports = rowsOf<{ grouping: string; report: unknown }>(await h.db.execute(sql`select grouping, report from exam_dif_reports where exam_id = ${examId} order by grouping`));
      return { reliability, reports };
    };
    const forget = async () => {
      await h.db.execute(sql`delete from exam_dif_reports where exam_id = ${examId}`);
      await h.db.execute(sql`update exam_reliability set version = 'old' where exam_id = ${examId}`);
    };
    await forget();
    parseThreadPriority.value = null;
    await refreshReliability(h.db, examId);
    const inline = await stored();
    expect(parseThreadPriority.value, "no thread for a small exam").toBeNull();
    expect(inline.reliability.map((r) => r.reach)).toEqual(["all", "school:school_dif_a", "school:school_dif_b"]);
    expect(inline.reports).toHaveLength(DIF_GROUPINGS.length);
    const before = FIGURES_THREAD_ROWS.value;
    FIGURES_THREAD_ROWS.value = 0;
    try {
      await forget();
      await refreshReliability(h.db, examId);
      expect(parseThreadPriority.value, "a thread ran").not.toBeNull();
      expect(await stored()).toEqual(inline);
      // A view's own working out (a minimum the job does not store, a school's reach) goes the same way.
      const viewInline = await (async () => {
        FIGURES_THREAD_ROWS.value = before;
        return (await dif(teacherA, "?minGroupSize=21")).json();
      })();
      FIGURES_THREAD_ROWS.value = 0;
      await h.db.execute(sql`update student_group_changes set changes = changes + 1`);
      expect((await dif(teacherA, "?minGroupSize=21")).json()).toEqual(viewInline);
    } finally {
      FIGURES_THREAD_ROWS.value = before;
    }
  });

  it("a school's view reads the school's own matrix: the exam's rows of its students' attempts, the same marks", async () => {
    const whole = await examResponses(h.db, examId);
    const school = await examResponses(h.db, examId, "school_dif_b");
    const theirs = rowsOf<{ id: string }>(
      await h.db.execute(sql`select se.id from student_exams se join profiles p on p.id = se.student_id where se.exam_id = ${examId} and se.status = 'graded' and p.school_id = 'school_dif_b'`),
    );
    expect(school.attemptIds.length).toBe(N_B);
    expect([...school.attemptIds].sort()).toEqual(theirs.map((r) => r.id).sort());
    expect(school.matrix.items).toEqual(whole.matrix.items);
    const k = whole.matrix.items.length;
    for (const [p, id] of school.attemptIds.entries()) {
      const q = whole.attemptIds.indexOf(id);
      expect([...school.matrix.data.subarray(p * k, (p + 1) * k)], id).toEqual([...whole.matrix.data.subarray(q * k, (q + 1) * k)]);
    }
    expect((await examResponses(h.db, examId, "school_nobody")).matrix.nPersons).toBe(0);
  });

  it("show=flagged sends the B and C comparisons only, and counts them all; a report stored before the count still shows (decision 0067)", async () => {
    // By paper language every comparison is class A; by gender every one is B or C (the fixture's built-in DIF).
    for (const grouping of ["paper_language", "gender"]) {
      const all = (await dif(admin, `?grouping=${grouping}&minGroupSize=20`)).json() as TDifReport;
      const flagged = (await dif(admin, `?grouping=${grouping}&minGroupSize=20&show=flagged`)).json() as TDifReport;
      expect(all.items.length, grouping).toBeGreaterThan(0);
      expect(flagged.items, grouping).toEqual(all.items.filter((i) => i.etsClass !== "A"));
      expect([flagged.comparisons, all.comparisons]).toEqual([all.items.length, all.items.length]);
      expect({ ...flagged, items: [] }).toEqual({ ...all, items: [] });
    }
    expect(((await dif(admin, "?grouping=paper_language&minGroupSize=20&show=flagged")).json() as TDifReport).items).toEqual([]);
    // A row stored by an earlier version of the code has no count: the view counts its items.
    await h.db.execute(sql`update exam_dif_reports set report = report - 'comparisons' where exam_id = ${examId}`);
    await h.db.execute(sql`update student_group_changes set changes = changes + 1`);
    await refreshReliability(h.db, examId);
    await h.db.execute(sql`update exam_dif_reports set report = report - 'comparisons' where exam_id = ${examId}`);
    const old = await dif(admin);
    expect(old.statusCode, old.body).toBe(200);
    expect((old.json() as TDifReport).comparisons).toBe((old.json() as TDifReport).items.length);
  });

  it("a student may not see it; a malformed exam id is not found", async () => {
    const s = await h.makeUser("student", { schoolId: "school_dif_a" });
    const cookie = await h.signIn(s.email, s.password, "student");
    expect((await dif(cookie)).statusCode).toBe(403);
    expect((await h.request({ method: "GET", url: "/api/analytics/exams/nope/dif", cookie: admin })).statusCode).toBe(404);
  });
});
