// What a mark costs at the year (issue 39, docs/performance.md "A mark's cost at the year"): the statements that keep
// the figures for one attempt (figures.ts: a submission in; a mark out and in, its group's first looked up again) are
// planned for that attempt, whatever the year holds. An exam of the year's shape (40 questions, a thousand others'
// attempts, analyzed), then the planner told the year's rows and distinct values (pg_class and n_distinct, in a
// transaction rolled back: 48 M answers, 1.2 M attempts, 800 schools…, as bench/ministry.ts seeds at SCALE=1), and each
// statement EXPLAINed as figures.ts sends it: none reads a whole table of the year, none costs enough to be
// JIT-compiled. The old code failed both, on PGlite and PostgreSQL: the score rows' statement read the attempts from a
// materialized CTE and was estimated at 4 M rows for one attempt (cost 467,000 here, 386,000 at the year, where it
// was compiled on every run: 45 ms, twice a mark); the group's first, matched by "is not distinct from", read every
// group's row and every profile.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf, type TDbOrTx } from "../../db/client";
import type { TExamInput } from "../../../shared/schemas/exam";
import { applyFigures, rebuildFigures, recountFigures } from "./figures";

/** The year's rows (qias_year, SCALE=1, 2026-11-29). */
const YEAR: Record<string, number> = {
  student_answers: 48_000_000,
  student_exams: 1_200_000,
  profiles: 200_000,
  exam_item_score_stats: 22_500_000,
  exam_option_stats: 768_000,
  exam_skill_stats: 269_000,
  exam_item_stats: 192_000,
  exam_group_stats: 57_600,
  student_graded_exams: 200_000,
};

/** Its distinct values (pg_stats there): an attempt's 40 answers of all (−: a share of the rows), 800 schools, 6 exams. */
const YEAR_DISTINCT: Record<string, number> = {
  "student_answers.student_exam_id": -1 / 40,
  "profiles.school_id": 800,
  "student_exams.exam_id": 6,
  "exam_group_stats.exam_id": 6,
};

let h: THarness;
const dialect = new PgDialect();
let attemptId: string;

/** An exam as the year's: 40 questions (true/false; one in four of a skill). */
const QUESTIONS = 40;
const EXAM: TExamInput = {
  titleAr: "كلفة العلامة",
  titleEn: "A mark's cost",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: Array.from({ length: QUESTIONS }, (_, i) => ({
    type: "true_false" as const,
    questionTextAr: `س${i + 1}`,
    questionTextEn: `Q${i + 1}`,
    points: 1,
    ...(i % 4 ? {} : { skillId: "arabic.grammar" }),
    options: [
      { optionTextAr: "صح", optionTextEn: "True", isCorrect: i % 2 === 0 },
      { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: i % 2 === 1 },
    ],
  })),
};
/** The rest of the year as the statistics see it: another school's students in 20 classes, graded on the exam. */
const OTHERS = 1000;

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("school_mc", "مدرسة");
  const admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const created = await h.request({ method: "POST", url: "/api/exams", cookie: admin, payload: { ...EXAM, schoolIds: [school] } });
  expect(created.statusCode, created.body).toBe(201);
  const exam = created.json() as { id: string; questions: { id: string; options: { id: string }[] }[] };
  // Two students through the app, the second's attempt planned below.
  for (const pick of [0, 1]) {
    const u = await h.makeUser("student", { schoolId: school, grade: 8, className: "8A" });
    const cookie = await h.signIn(u.email, u.password, "student");
    const attempt = await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie, payload: {} });
    expect(attempt.statusCode, attempt.body).toBeLessThan(300);
    attemptId = (attempt.json() as { id: string }).id;
    for (const q of exam.questions) {
      const res = await h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${q.id}`, cookie, payload: { examId: exam.id, clientSeq: 1, selectedOptionId: q.options[pick]!.id } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await h.request({ method: "POST", url: `/api/attempts/${attemptId}/submit`, cookie, payload: {} })).statusCode).toBe(200);
  }
  const [a] = rowsOf<{ status: string }>(await h.db.execute(sql`select status from student_exams where id = ${attemptId}`));
  expect(a!.status).toBe("graded");
  // The others in SQL, as the bench seeds a year, and their figures by rebuildFigures (the bulk loaders' way), so
  // that one attempt's answers, one school's students and one group's rows are a sliver of their tables, as at the
  // year, not all of them. Then analyzed, as autovacuum does there.
  const bulk = await h.makeSchool("school_mc_bulk", "مدرسة كبيرة");
  await h.db.execute(sql`insert into auth_users (email, password_hash) select 'mc-bulk' || g || '@test.local', 'unused' from generate_series(1, ${OTHERS}::int) g`);
  await h.db.execute(sql`insert into profiles (id, email, username, name, role, school_id, grade, class_name)
    select u.id, u.email, split_part(u.email, '@', 1), 'bulk', 'student', ${bulk}, 8, '8' || chr(65 + substring(u.email from 'mc-bulk(\d+)@')::int % 20)
    from auth_users u where u.email like 'mc-bulk%@test.local'`);
  await h.db.execute(sql`insert into student_exams (student_id, exam_id, status, started_at, completed_at, total_possible_score, grade, class_name)
    select p.id, ${exam.id}, 'graded', now() - interval '2 hours', now() - interval '1 hour', ${QUESTIONS}, p.grade, p.class_name from profiles p where p.school_id = ${bulk}`);
  await h.db.execute(sql`insert into student_answers (student_exam_id, question_id, student_id, selected_option_id, is_correct, score)
    select se.id, q.id, se.student_id, o.id, o.is_correct, case when o.is_correct then 1 else 0 end
    from student_exams se join profiles p on p.id = se.student_id join questions q on q.exam_id = se.exam_id
    join question_options o on o.question_id = q.id and o.position = abs(hashtext(se.id::text || q.id::text)) % 2
    where p.school_id = ${bulk}`);
  await h.db.execute(sql`update student_exams se set score = (select sum(a.score) from student_answers a where a.student_exam_id = se.id)
    where se.student_id in (select id from profiles where school_id = ${bulk})`);
  await rebuildFigures(h.db, [exam.id]);
  await h.db.execute(sql`analyze`);
});
afterAll(async () => {
  await h?.close();
});

type TNode = { "Node Type": string; "Relation Name"?: string; "Total Cost": number; Plans?: TNode[] };
type TPlanned = { statement: string; plan: TNode };

/**
 * The plan of each statement `work` sends, with the planner told the year's sizes: figures.ts's functions are given a
 * transaction whose execute EXPLAINs each statement before running it (so each is planned after the ones before it
 * ran, as in a real mark). Everything is rolled back, the sizes too.
 */
async function plansAtTheYear(work: (tx: TDbOrTx) => Promise<unknown>): Promise<TPlanned[]> {
  const planned: TPlanned[] = [];
  const rollback = new Error("rollback");
  await h.db
    .transaction(async (tx) => {
      // The year's distinct values where a count here would not scale with the rows (ANALYZE keeps a count under a
      // tenth of the rows as it is: 1,002 attempts would stay 1,002 among 48 M answers), then its rows: the planner
      // scales reltuples by the table's pages now (reltuples / relpages × pages).
      for (const [column, n] of Object.entries(YEAR_DISTINCT)) {
        const [table, col] = column.split(".") as [string, string];
        await tx.execute(sql`alter table ${sql.identifier(table)} alter column ${sql.identifier(col)} set (n_distinct = ${sql.raw(String(n))})`);
        await tx.execute(sql`analyze ${sql.identifier(table)}`);
      }
      for (const [table, rows] of Object.entries(YEAR)) {
        await tx.execute(sql`update pg_class set reltuples = ${rows}, relpages = greatest(1, pg_relation_size(oid) / current_setting('block_size')::int) where oid = ${table}::regclass`);
      }
      const explaining = {
        execute: async (query: SQL) => {
          const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`explain (format json) ${query}`));
          const json = Object.values(row!)[0];
          const [root] = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: TNode }[];
          planned.push({ statement: dialect.sqlToQuery(query).sql.replace(/\s+/g, " ").slice(0, 90), plan: root!.Plan });
          return tx.execute(query);
        },
      } as unknown as TDbOrTx;
      await work(explaining);
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return planned;
}

/** The year's tables a node of the plan reads whole. */
function wholeReads(n: TNode): string[] {
  const here = n["Node Type"] === "Seq Scan" && n["Relation Name"] && n["Relation Name"] in YEAR ? [n["Relation Name"]] : [];
  return [...here, ...(n.Plans ?? []).flatMap(wholeReads)];
}

describe("one attempt's figures, planned at the year", () => {
  let jitAboveCost: number;
  beforeAll(async () => {
    const [s] = rowsOf<{ cost: number }>(await h.db.execute(sql`select current_setting('jit_above_cost')::float8 as cost`));
    jitAboveCost = Number(s!.cost);
    expect(jitAboveCost).toBeGreaterThan(0);
  });

  for (const [what, work] of [
    ["a submission (in only)", (tx: TDbOrTx) => applyFigures(tx, [attemptId], 1)],
    // The attempt is its group's first graded completion only if it came first; taken out, the first is looked up again
    // either way (the statement runs whenever the attempt was graded).
    ["a mark (out, then in, then the group's first)", (tx: TDbOrTx) => recountFigures(tx, [attemptId], async () => {})],
  ] as const) {
    it(`${what}: no statement reads a whole table of the year or costs enough to be JIT-compiled`, async () => {
      const planned = await plansAtTheYear(work);
      expect(planned.length).toBeGreaterThanOrEqual(what.startsWith("a mark") ? 17 : 8);
      for (const { statement, plan } of planned) {
        expect(wholeReads(plan), statement).toEqual([]);
        expect(plan["Total Cost"], statement).toBeLessThan(jitAboveCost);
      }
    });
  }

  it("the year's sizes reach the planner (else the test above proves nothing)", async () => {
    const [planned] = await plansAtTheYear((tx) => tx.execute(sql`select sum(score) from student_answers`));
    // A sum over every answer: a scan of the 48 M the planner was told of, far above the JIT's threshold.
    expect(wholeReads(planned!.plan)).toEqual(["student_answers"]);
    expect(planned!.plan["Total Cost"]).toBeGreaterThan(jitAboveCost);
  });
});
