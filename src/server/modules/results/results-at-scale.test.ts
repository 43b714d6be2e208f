// The results list at a ministry's scale (issue 39, docs/decisions/0054 "Results list at scale"): its summary comes
// from the maintained figures and equals a recount over the attempts after every way a mark changes; where the
// figures cannot answer (a name searched) the attempts are counted up to a cap; pages are walked by keyset cursors
// (none missed or twice, forwards and backwards, bad cursors refused in both languages); and a page of each sort
// (newest first, score, name) reads its rows from an index, not every attempt.
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { personMatches } from "../../db/like";
import { inlineParams } from "../../test/inline-params";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { profiles, studentAnswers } from "../../db/schema";
import { RESULTS_COUNT_CAP, type TResultsSummary } from "../../../shared/schemas/attempt";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TSessionUser } from "../../../shared/permissions";
import { rebuildFigures } from "../analytics/figures";
import { encodeCursor, listParts, resultsPageQuery, streamResults } from "./results.service";

let h: THarness;
let schoolA: string;
let schoolB: string;
const cookie = {} as Record<"admin" | "teacher" | "adminA", string>;
const ids = {} as Record<"admin" | "teacher", string>;

beforeAll(async () => {
  h = await createHarness();
  schoolA = await h.makeSchool("school_rs_a", "مدرسة أ");
  schoolB = await h.makeSchool("school_rs_b", "School B");
  cookie.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  ids.admin = (await h.db.select().from(profiles).where(eq(profiles.email, ADMIN.email)))[0]!.id;
  const t = await h.makeUser("teacher", { schoolId: schoolA, name: "teacher" });
  ids.teacher = t.id;
  cookie.teacher = await h.signIn(t.email, t.password, "school");
  const a = await h.makeUser("school_admin", { schoolId: schoolA, name: "adminA" });
  cookie.adminA = await h.signIn(a.email, a.password, "school");
});
afterAll(async () => {
  await h?.close();
});

const req = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, c?: string, payload?: object) => h.request({ method, url, cookie: c, ...(payload ? { payload } : {}) });
type TPage = { items: { attemptId: string; studentName: string }[]; total: number; summary: TResultsSummary; next: string | null; prev: string | null };
const list = async (c: string, qs: string): Promise<TPage> => {
  const res = await req("GET", `/api/results?${qs}`, c);
  expect(res.statusCode, `${qs}: ${res.body}`).toBe(200);
  return res.json() as TPage;
};

const tf = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];
const EXAM: TExamInput = {
  titleAr: "ملخص النتائج",
  titleEn: "Results summary",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: [
    { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 1, options: tf(true) },
    { type: "true_false", questionTextAr: "س٢", questionTextEn: "Q2", points: 2, options: tf(false) },
    { type: "essay", questionTextAr: "م١", questionTextEn: "E1", points: 3 },
  ],
};

describe("the summary from the maintained figures", () => {
  type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
  let exam: TExam;
  let objective: TExam;
  const students: { id: string; cookie: string; attemptId: string }[] = [];

  /** The old summary: every filtered attempt, counted one by one (the yardstick, in plain SQL). */
  async function recount(who: "admin" | "teacher" | "adminA", filters: Record<string, string>) {
    const reach = who === "admin" ? sql`true` : who === "adminA" ? sql`p.school_id = ${schoolA}` : sql`(e.creator_id = ${ids.teacher} or p.school_id = ${schoolA})`;
    const f = [reach];
    if (filters.examId) f.push(sql`se.exam_id = ${filters.examId}`);
    if (filters.status) f.push(sql`se.status = ${filters.status}`);
    if (filters.schoolId) f.push(sql`p.school_id = ${filters.schoolId}`);
    if (filters.subjectId) f.push(sql`e.subject_id = ${filters.subjectId}`);
    if (filters.grade) f.push(sql`se.grade = ${Number(filters.grade)}`);
    if (filters.className) f.push(sql`lower(se.class_name) = lower(${filters.className})`);
    if (filters.q) f.push(sql`p.name ilike ${`%${filters.q}%`}`);
    const [r] = rowsOf<{ attempts: number; graded: number; mean: number | null; sd: number | null; passed: number }>(
      await h.db.execute(sql`select count(*)::int as attempts, count(*) filter (where se.status = 'graded')::int as graded,
          avg(x.pct) filter (where se.status = 'graded') as mean, stddev_samp(x.pct) filter (where se.status = 'graded') as sd,
          count(*) filter (where se.status = 'graded' and x.pct >= 50)::int as passed
        from student_exams se join exams e on e.id = se.exam_id join profiles p on p.id = se.student_id
        cross join lateral (select case when se.total_possible_score > 0 then coalesce(se.score, 0)::float8 * 100 / se.total_possible_score else 0 end as pct) x
        where ${sql.join(f, sql` and `)}`),
    );
    return {
      attempts: r!.attempts,
      capped: false,
      graded: r!.graded,
      meanPercent: r!.mean === null ? null : expect.closeTo(Number(r!.mean), 9),
      sdPercent: r!.sd === null ? null : expect.closeTo(Number(r!.sd), 6),
      passRate: r!.graded ? expect.closeTo(r!.passed / r!.graded, 12) : null,
    };
  }

  async function expectSummariesEqualRecount() {
    const filterSets: Record<string, string>[] = [
      {},
      { examId: exam.id },
      { examId: exam.id, status: "graded" },
      { examId: exam.id, status: "completed" },
      { status: "in_progress" },
      { schoolId: schoolA },
      { subjectId: "arabic", grade: "8" },
      { grade: "8", className: "8a" },
      { examId: objective.id, schoolId: schoolB },
      { q: "rs-student" },
    ];
    let graded = 0;
    for (const who of ["admin", "teacher", "adminA"] as const) {
      for (const filters of filterSets) {
        const page = await list(cookie[who], new URLSearchParams(filters).toString());
        expect(page.summary, `${who} ${JSON.stringify(filters)}`).toEqual(await recount(who, filters));
        expect(page.total).toBe(page.summary.attempts);
        graded += page.summary.graded;
      }
    }
    expect(graded).toBeGreaterThan(0);
  }

  async function sit(e: TExam, school: string, className: string, picks: (number | null)[], submit = true) {
    const u = await h.makeUser("student", { schoolId: school, grade: 8, className, name: `rs-student ${students.length}` });
    const c = await h.signIn(u.email, u.password, "student");
    const attempt = await req("POST", `/api/student/exams/${e.id}/attempt`, c, {});
    expect(attempt.statusCode, attempt.body).toBeLessThan(300);
    const attemptId = (attempt.json() as { id: string }).id;
    for (const [i, p] of picks.entries()) {
      const q = e.questions[i]!;
      const body = q.options.length ? (p === null ? null : { selectedOptionId: q.options[p]!.id }) : { answerText: "جواب" };
      if (body) expect((await req("PUT", `/api/attempts/${attemptId}/answers/${q.id}`, c, { examId: e.id, clientSeq: 1, ...body })).statusCode).toBe(200);
    }
    if (submit) expect((await req("POST", `/api/attempts/${attemptId}/submit`, c, {})).statusCode).toBe(200);
    students.push({ id: u.id, cookie: c, attemptId });
  }

  beforeAll(async () => {
    const make = async (input: TExamInput) => {
      const res = await req("POST", "/api/exams", cookie.admin, { ...input, schoolIds: [schoolA, schoolB] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as TExam;
    };
    exam = await make(EXAM);
    objective = await make({ ...EXAM, titleEn: "Results summary, objective", questions: EXAM.questions!.slice(0, 2) });
  });

  it("after submissions (auto-marked, waiting for an essay's mark, one still in progress)", async () => {
    await sit(objective, schoolA, "8A", [0, 1]);
    await sit(objective, schoolA, "8B", [1, 1]);
    await sit(objective, schoolB, "8A", [0, null]);
    await sit(objective, schoolB, "8a", [1, 0]);
    await sit(exam, schoolA, "8A", [0, 1, null]);
    await sit(exam, schoolB, "8A", [1, 1, null]);
    await sit(exam, schoolA, "8A", [0, null], false);
    await expectSummariesEqualRecount();
  });

  it("after a teacher's mark, a regrade and a deletion", async () => {
    const essays = await h.db.select({ id: studentAnswers.id }).from(studentAnswers).where(sql`${studentAnswers.answerText} is not null and ${studentAnswers.score} is null`);
    expect(essays.length).toBeGreaterThanOrEqual(2);
    expect((await req("PUT", `/api/grading/answers/${essays[0]!.id}`, cookie.admin, { score: 2 })).statusCode).toBe(200);
    await expectSummariesEqualRecount();
    expect((await req("PUT", `/api/grading/answers/${essays[0]!.id}`, cookie.admin, { score: 0.5 })).statusCode).toBe(200);
    expect((await req("PUT", `/api/grading/answers/${essays[1]!.id}`, cookie.admin, { score: 3 })).statusCode).toBe(200);
    await expectSummariesEqualRecount();
    expect((await req("DELETE", `/api/users/${students[0]!.id}`, cookie.admin)).statusCode).toBe(204);
    await expectSummariesEqualRecount();
  });

  it("reads the figures, not the attempts: a figure changed behind the module's back shows", async () => {
    // The proof that the figures answer: a group's rows edited by hand move the summary; a recount would not see it.
    const before = (await list(cookie.admin, `examId=${objective.id}&status=graded`)).summary;
    await h.db.execute(sql`update exam_group_stats set graded = graded + 100 where exam_id = ${objective.id} and school_id = ${schoolA} and class_name = '8A'`);
    expect((await list(cookie.admin, `examId=${objective.id}&status=graded`)).summary.graded).toBe(before.graded + 100);
    await rebuildFigures(h.db, [objective.id]);
    expect((await list(cookie.admin, `examId=${objective.id}&status=graded`)).summary).toEqual(before);
  });
});

describe("a year's worth of attempts: the cap, the cursors, the plan", () => {
  let examId: string;
  let super_: TSessionUser;
  const N = RESULTS_COUNT_CAP + 15;

  beforeAll(async () => {
    const [me] = await h.db.select().from(profiles).where(eq(profiles.email, ADMIN.email));
    super_ = { id: me!.id, username: me!.username ?? "", email: ADMIN.email, role: "super_admin", schoolId: null, name: me!.name, grade: null };
    const school = await h.makeSchool("school_rs_bulk", "مدرسة كبيرة");
    // In SQL, as the bench does: N students with few distinct names, N attempts that tie on times and scores.
    const [e] = rowsOf<{ id: string }>(
      await h.db.execute(sql`insert into exams (title_ar, title_en, subject_id, status) values ('سنة', 'A year', 'social', 'published') returning id`),
    );
    examId = e!.id;
    await h.db.execute(sql`insert into auth_users (email, password_hash) select 'bulk' || g || '@test.local', 'unused' from generate_series(1, ${N}::int) g`);
    await h.db.execute(sql`insert into profiles (id, email, username, name, role, school_id, grade, class_name)
      select u.id, u.email, split_part(u.email, '@', 1), 'bulk ' || (g.n % 7) || case when g.n % 40 = 0 then ' few' else '' end, 'student', ${school}, 8, chr(65 + g.n % 3)
      from auth_users u cross join lateral (select substring(u.email from 'bulk(\\d+)@')::int as n) g where u.email like 'bulk%@test.local'`);
    await h.db.execute(sql`insert into student_exams (student_id, exam_id, status, grade, class_name, score, total_possible_score, started_at, completed_at)
      select p.id, ${examId}, case when g.n % 50 = 0 then 'in_progress' else 'graded' end::attempt_status, 8, p.class_name,
        case when g.n % 50 = 0 then null else g.n % 11 end, 10, timestamptz '2026-10-01 08:00:00+00' + (g.n % 13) * interval '1 minute',
        case when g.n % 50 = 0 then null else timestamptz '2026-10-01 09:00:00.000001+00' + (g.n % 17) * interval '1 second' end
      from profiles p cross join lateral (select substring(p.email from 'bulk(\\d+)@')::int as n) g where p.email like 'bulk%@test.local'`);
    await rebuildFigures(h.db, [examId]);
    await h.db.execute(sql`analyze`);
  });

  it("a name searched is counted one by one up to the cap, and said to be more", async () => {
    const many = await list(cookie.admin, "q=bulk");
    expect(many.summary).toEqual({ attempts: RESULTS_COUNT_CAP, capped: true, graded: 0, meanPercent: null, sdPercent: null, passRate: null });
    expect(many.total).toBe(RESULTS_COUNT_CAP);
    expect(many.items).toHaveLength(50);
    const few = await list(cookie.admin, "q=few");
    expect(few.summary).toMatchObject({ attempts: Math.floor(N / 40), capped: false });
    // In any case, and from what the database keeps (profiles.search_key, migration 0050): the same attempts whatever
    // the case typed; % is a character, not a wildcard; a renamed student is found by the new name, not the old.
    expect((await list(cookie.admin, "q=FeW")).summary).toEqual(few.summary);
    expect((await list(cookie.admin, "q=%25")).total).toBe(0);
    await h.db.execute(sql`update profiles set name = 'Zubayda Renamed' where email = 'bulk40@test.local'`);
    expect((await list(cookie.admin, "q=zubayda")).total).toBe(1);
    expect((await list(cookie.admin, "q=few")).total).toBe(Math.floor(N / 40) - 1);
    // The username is found too, as the users list finds it.
    await h.db.execute(sql`update profiles set username = 'zz-only-here' where email = 'bulk40@test.local'`);
    expect((await list(cookie.admin, "q=ZZ-ONLY")).items.map((r: { studentName: string }) => r.studentName)).toEqual(["Zubayda Renamed"]);
    // Through the trigram index (migration 0051, decision 0068), Arabic or English: the planner is told to avoid
    // reading the table whole, which a test's few thousand people would otherwise be read by.
    for (const q of ["zubayda", "طالبة"]) {
      const plan = await h.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { sql: text, params } = new PgDialect().sqlToQuery(sql`select id from profiles where ${personMatches(q)}`);
        return rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`explain ${inlineParams(text, params)}`)))
          .map((r) => String(Object.values(r)[0]))
          .join("\n");
      });
      expect(plan, q).toContain("profiles_search_key_trgm_idx");
    }
    // The figures answer without a cap: every attempt of the exam, the in-progress ones counted apart.
    expect((await list(cookie.admin, `examId=${examId}`)).summary).toMatchObject({ attempts: N, capped: false, graded: N - Math.floor(N / 50) });
  });

  it("walks every row by cursor, forwards and backwards, in each sort, as the export orders them", async () => {
    for (const sort of ["recent", "score", "name"] as const) {
      const filters = `examId=${examId}&className=B&sort=${sort}&pageSize=187`;
      const forwards: string[] = [];
      const cursors: (string | null)[] = [];
      let page = await list(cookie.admin, filters);
      expect(page.prev).toBeNull();
      for (;;) {
        forwards.push(...page.items.map((r) => r.attemptId));
        if (!page.next) break;
        cursors.push(page.next);
        page = await list(cookie.admin, `${filters}&after=${page.next}`);
        expect(page.prev).not.toBeNull();
      }
      const exported: string[] = [];
      for await (const batch of streamResults(h.db, super_, { examId, className: "B", sort })) exported.push(...batch.map((r) => r.attemptId));
      expect(forwards, sort).toEqual(exported);
      expect(new Set(forwards).size).toBe(forwards.length);
      expect(forwards.length).toBeGreaterThan(3000);
      // Back from the last page by its `prev` cursors: the same rows in the same pages.
      const backwards: string[] = [...page.items.map((r) => r.attemptId)];
      while (page.prev) {
        page = await list(cookie.admin, `${filters}&before=${page.prev}`);
        expect(page.items.length).toBe(187);
        backwards.unshift(...page.items.map((r) => r.attemptId));
      }
      expect(backwards, sort).toEqual(forwards);
    }
  });

  it("refuses a garbled, forged or foreign cursor, and bad paging, with a code in both languages", async () => {
    const good = (await list(cookie.admin, `examId=${examId}&pageSize=5`)).next!;
    const bad = [
      "after=not-a-cursor!",
      `after=${Buffer.from("{").toString("base64url")}`,
      `after=${Buffer.from('{"a":1}').toString("base64url")}`,
      `after=${good}&sort=score`,
      `after=${good}&before=${good}`,
      `after=${encodeCursor("recent", ["2026-13-45 08:00:00+00", "2026-10-01 08:00:00+00", "00000000-0000-4000-8000-000000000000"])}`,
      `after=${encodeCursor("recent", ["-infinity", "2026-10-01 08:00:00+00", "nope"])}`,
      `after=${encodeCursor("score", ["NaN", "x", "00000000-0000-4000-8000-000000000000"])}`,
      `after=${encodeCursor("name", ["a\u0000b", "-infinity", "00000000-0000-4000-8000-000000000000"])}`,
      `after=${Buffer.from(JSON.stringify(["recent", 1, 2, 3])).toString("base64url")}`,
      `after=${"A".repeat(2001)}`,
      `after=${good}&after=${good}`,
    ];
    for (const qs of bad) {
      const res = await req("GET", `/api/results?${qs}`, cookie.admin);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code, qs).toBe("RESULTS_CURSOR_INVALID");
      expect(res.json().message.ar, qs).toBeTruthy();
    }
    for (const qs of ["pageSize=0", "pageSize=201", "pageSize=abc", "pageSize=2.5"]) {
      const res = await req("GET", `/api/results?${qs}`, cookie.admin);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code, qs).toBe("VALIDATION_FAILED");
    }
    // A cursor past the end is a page of nothing, not an error.
    expect((await list(cookie.admin, `after=${encodeCursor("recent", ["-infinity", "1970-01-01 00:00:00+00", "00000000-0000-4000-8000-000000000000"])}`)).items).toEqual([]);
  });

  /** Rows of student_exams the plan's nodes read (returned or filtered out), from EXPLAIN ANALYZE. */
  async function attemptsRead(query: Parameters<typeof resultsPageQuery>[2], actor = super_): Promise<number> {
    const [row] = rowsOf<Record<string, unknown>>(await h.db.execute(sql`explain (analyze, format json) ${resultsPageQuery(h.db, actor, query, await listParts(h.db, actor, query))}`));
    const plan = Object.values(row!)[0];
    const root = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: TNode }[];
    type TNode = { "Relation Name"?: string; "Actual Rows"?: number; "Actual Loops"?: number; "Rows Removed by Filter"?: number; Plans?: TNode[] };
    const walk = (n: TNode): number =>
      (n["Relation Name"] === "student_exams" ? ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1) : 0) + (n.Plans ?? []).reduce((s, c) => s + walk(c), 0);
    return walk(root[0]!.Plan);
  }

  /** Rows of student_exams read by scans (sequential and by index) while `run` runs, from the statistics views. */
  async function attemptsTouched(run: () => Promise<unknown>): Promise<number> {
    const read = async () => {
      await h.db.execute(sql`select pg_stat_force_next_flush()`);
      await h.db.execute(sql`select pg_stat_clear_snapshot()`);
      const [r] = rowsOf<{ n: string }>(await h.db.execute(sql`select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text as n from pg_stat_user_tables where relname = 'student_exams'`));
      return Number(r?.n ?? 0);
    };
    const before = await read();
    await run();
    return (await read()) - before;
  }

  it("the whole request — page, summary, in-progress count — touches a page's worth of attempts, not the year's", async () => {
    const touched = await attemptsTouched(() => list(cookie.admin, "pageSize=25"));
    expect(touched).toBeGreaterThan(0);
    // The old summary counted every attempt on every page: 10,017 rows read here (a count over the attempts).
    expect(touched).toBeLessThan(N / 10);
  });

  it("every attempt carries its student's name, whoever inserted it (here plain SQL), for the score and name sorts", async () => {
    const [r] = rowsOf<{ n: number; wrong: number }>(
      await h.db.execute(sql`select count(*)::int as n, count(*) filter (where se.student_name is distinct from p.name)::int as wrong from student_exams se join profiles p on p.id = se.student_id`),
    );
    expect(r!.n).toBeGreaterThan(N);
    expect(r!.wrong).toBe(0);
  });

  it("a page sorted by score or by name reads about a page of attempts from an index, the first or a deep one, all exams or one", async () => {
    for (const sort of ["score", "name"] as const) {
      const first = await list(cookie.admin, `examId=${examId}&sort=${sort}&pageSize=200`);
      const second = await list(cookie.admin, `examId=${examId}&sort=${sort}&pageSize=200&after=${first.next}`);
      const deeper = second.next!;
      // The name sort's keys run name ↑, start ↓: a page after a cursor starts at the cursor's name, so it may also
      // read that name's attempts before the cursor (a student's own, and namesakes': here a seventh of the year).
      const [namesakes] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from student_exams where student_name = ${second.items.at(-1)!.studentName}`));
      for (const query of [{}, { examId }, { after: deeper }, { examId, after: deeper }, { examId, before: deeper }]) {
        const read = await attemptsRead({ sort, pageSize: 25, ...query });
        const bound = 26 + 5 + (sort === "name" && (query.after ?? query.before) ? namesakes!.n : 0);
        expect(read, `${sort} ${JSON.stringify(query)}`).toBeLessThanOrEqual(bound);
      }
    }
  });

  it("a student renamed moves in the name sort and among the score's ties", async () => {
    const first = await list(cookie.admin, `examId=${examId}&sort=name&pageSize=3`);
    const top = first.items[0]!;
    const [student] = rowsOf<{ id: string }>(await h.db.execute(sql`select student_id as id from student_exams where id = ${top.attemptId}`));
    const res = await req("PATCH", `/api/users/${student!.id}`, cookie.admin, { name: "zz renamed last" });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(cookie.admin, `examId=${examId}&sort=name&pageSize=3`);
    expect(after.items.map((r) => r.attemptId)).not.toContain(top.attemptId);
    const last = await list(cookie.admin, `examId=${examId}&sort=name&pageSize=3&before=${encodeCursor("name", ["zzzz", "-infinity", "00000000-0000-4000-8000-000000000000"])}`);
    expect(last.items.at(-1)).toMatchObject({ attemptId: top.attemptId, studentName: "zz renamed last" });
    // Among the attempts of its score, it now comes after every other name.
    const [mine] = rowsOf<{ k: string; n: number }>(
      await h.db.execute(sql`select (-coalesce(case when status = 'graded' then coalesce(score, 0)::float8 * 100 / total_possible_score end, -1))::text as k,
          (select count(*)::int from student_exams o where o.exam_id = se.exam_id and o.status = se.status and o.score is not distinct from se.score) as n
        from student_exams se where id = ${top.attemptId}`),
    );
    const tieEnd = await list(cookie.admin, `examId=${examId}&sort=score&pageSize=1&before=${encodeCursor("score", [mine!.k, "zzzz", "00000000-0000-4000-8000-000000000000"])}`);
    expect(tieEnd.items[0]!.attemptId).toBe(top.attemptId);
    expect(mine!.n).toBeGreaterThan(1);
  });

  it("a teacher's page — their school's attempts or those of the exams they wrote — reads those, not the year's, in every sort", async () => {
    const [me] = await h.db.select().from(profiles).where(eq(profiles.id, ids.teacher));
    const teacher: TSessionUser = { id: me!.id, username: me!.username ?? "", email: me!.email, role: "teacher", schoolId: schoolA, name: me!.name, grade: null };
    const written = (await listParts(h.db, teacher, {})).written!;
    const [own] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from student_exams se join profiles p on p.id = se.student_id where p.school_id = ${schoolA}`));
    // As one OR (school or writer), the newest-first index was walked through the year's attempts (N here).
    for (const sort of ["recent", "score", "name"] as const) {
      const read = await attemptsRead({ sort, pageSize: 25 }, teacher);
      expect(read, sort).toBeLessThanOrEqual(own!.n + written.length * 26 + 26 * 2 + 5);
    }
    // The exam they wrote that the year's school sat too: its page is each part's first rows.
    await h.db.execute(sql`update exams set creator_id = ${teacher.id} where id = ${examId}`);
    try {
      const mine = await list(cookie.teacher, "pageSize=25");
      expect(mine.total).toBeGreaterThan(N);
      expect(await attemptsRead({ sort: "recent", pageSize: 25 }, teacher)).toBeLessThanOrEqual(own!.n + (written.length + 1) * 26 + 26 * 2 + 5);
      // That exam filtered on: its own page, and the school's attempts of it.
      const one = await list(cookie.teacher, `examId=${examId}&pageSize=25`);
      expect(one.items).toHaveLength(25);
      expect(await attemptsRead({ sort: "recent", pageSize: 25, examId }, teacher)).toBeLessThanOrEqual(own!.n + 26 * 2 + 5);
    } finally {
      await h.db.execute(sql`update exams set creator_id = null where id = ${examId}`);
    }
  });

  it("a page of one subject reads that subject's exams' pages, not the other subjects' attempts that come first in its order", async () => {
    // Three Islamic-education attempts a month older than the year's N (social studies): newest first, all N come
    // before them; by score or name they are spread among them.
    const [e] = rowsOf<{ id: string }>(await h.db.execute(sql`insert into exams (title_ar, title_en, subject_id, status) values ('تربية', 'Older', 'islamic', 'published') returning id`));
    await h.db.execute(sql`insert into student_exams (student_id, exam_id, status, grade, class_name, score, total_possible_score, started_at, completed_at)
      select p.id, ${e!.id}, 'graded', 8, p.class_name, 5, 10, timestamptz '2026-09-01 08:00:00+00', timestamptz '2026-09-01 09:00:00+00'
      from profiles p where p.email like 'bulk%@test.local' order by p.email limit 3`);
    await rebuildFigures(h.db, [e!.id]);
    for (const sort of ["recent", "score", "name"] as const) {
      const read = await attemptsRead({ sort, pageSize: 25, subjectId: "islamic" });
      // As one condition on the exam's subject, the order's index was walked through the other subjects' N.
      expect(read, sort).toBeLessThanOrEqual(3 + 5);
      expect((await list(cookie.admin, `subjectId=islamic&sort=${sort}`)).items).toHaveLength(3);
    }
  });

  it("a page of the newest first reads its rows from an index, the first page or a deep one, all exams or one", async () => {
    const deep = (await list(cookie.admin, `examId=${examId}&pageSize=200`)).next!;
    const deeper = (await list(cookie.admin, `examId=${examId}&pageSize=200&after=${deep}`)).next!;
    for (const query of [{}, { examId }, { after: deeper }, { examId, after: deeper }, { examId, before: deeper }]) {
      const read = await attemptsRead({ sort: "recent", pageSize: 25, ...query });
      expect(read, JSON.stringify(query)).toBeLessThanOrEqual(26 + 5);
    }
  });
});
