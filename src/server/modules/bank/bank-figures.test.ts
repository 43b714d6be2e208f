// The bank's search reads an item's students, exposure and facility from the maintained figures (exam_item_stats,
// docs/decisions/0054 "The bank's figures"), never from every answer: after marks arrive and change — auto-marking,
// an essay marked later, a regrade, a student deleted — the search shows what a recount from the answers gives,
// pooled over the exams that used a version of the item (Σ points earned / Σ points offered), a facility bound keeps
// the same items, and the last start of each use is the newest attempt given the row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineParams } from "../../test/inline-params";
import { sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TBankItemSummary } from "../../../shared/schemas/bank";
import { expectFiguresEqualRecount } from "../../test/figures-recount";
import { trueFalse } from "../../test/questions";

let h: THarness;
let schoolA: string;
let schoolB: string;
const cookie = {} as Record<"admin" | "teacher", string>;

beforeAll(async () => {
  h = await createHarness();
  schoolA = await h.makeSchool("bank_fig_a");
  schoolB = await h.makeSchool("bank_fig_b");
  cookie.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const t = await h.makeUser("teacher", { schoolId: schoolA });
  cookie.teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, c: string, payload?: object) => h.request({ method, url, cookie: c, ...(payload ? { payload } : {}) });


/** A true/false question of 1 point and an essay of 3, sat by two schools. */
const EXAM: TExamInput = {
  titleAr: "اختبار أرقام البنك",
  titleEn: "Bank figures",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: [
    { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 1, options: trueFalse(true) },
    { type: "essay", questionTextAr: "م١", questionTextEn: "E1", points: 3 },
  ],
};

type TExam = { id: string; questions: { id: string; points: number; options: { id: string; isCorrect: boolean }[] }[] };

async function makeExam(input: TExamInput): Promise<TExam> {
  const res = await req("POST", "/api/exams", cookie.admin, { ...input, schoolIds: [schoolA, schoolB] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}

async function sit(exam: TExam, school: string, picks: (number | string | null)[]): Promise<{ userId: string; attemptId: string }> {
  const u = await h.makeUser("student", { schoolId: school, grade: 8, className: "8A" });
  const c = await h.signIn(u.email, u.password, "student");
  const attempt = await req("POST", `/api/student/exams/${exam.id}/attempt`, c, {});
  expect(attempt.statusCode, attempt.body).toBeLessThan(300);
  const attemptId = (attempt.json() as { id: string }).id;
  for (const [i, p] of picks.entries()) {
    if (p === null) continue;
    const q = exam.questions[i]!;
    const body = typeof p === "string" ? { answerText: p } : { selectedOptionId: q.options[p]!.id };
    expect((await req("PUT", `/api/attempts/${attemptId}/answers/${q.id}`, c, { examId: exam.id, clientSeq: 1, ...body })).statusCode).toBe(200);
  }
  expect((await req("POST", `/api/attempts/${attemptId}/submit`, c, {})).statusCode).toBe(200);
  return { userId: u.id, attemptId };
}

type TRecount = { item_id: string; exposure: number; facility: number | null };
type TUseRecount = { item_id: string; exam_id: string; version: number; students: number; facility: number | null; last_started: string | null };

/** The yardstick: from every attempt and answer, as the search read them before (graded attempts given a row of the item). */
async function recount(itemIds: string[]) {
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`), sql`, `);
  const seen = sql`select v.item_id, q.exam_id, v.version, se.id as attempt, se.status, se.started_at, coalesce(sa.score, 0)::float8 as x, q.points
    from questions q join bank_item_versions v on v.id = q.item_version_id
    join student_exams se on se.exam_id = q.exam_id and (q.replaced_at is null or q.replaced_at > se.started_at) and (q.current_from is null or q.current_from <= se.started_at)
      and (se.form_id is null or q.id in (select question_id from exam_form_questions where form_id = se.form_id))
    left join student_answers sa on sa.student_exam_id = se.id and sa.question_id = q.id
    where v.item_id in (${ids})`;
  const items = rowsOf<TRecount>(
    await h.db.execute(sql`with seen as (${seen}) select item_id, (count(*) filter (where status = 'graded'))::int as exposure,
      (sum(x) filter (where status = 'graded')) / nullif(sum(points) filter (where status = 'graded'), 0) as facility from seen group by item_id`),
  );
  const uses = rowsOf<TUseRecount>(
    await h.db.execute(sql`with seen as (${seen}) select item_id, exam_id, version, (count(*) filter (where status = 'graded'))::int as students,
      (sum(x) filter (where status = 'graded')) / nullif(sum(points) filter (where status = 'graded'), 0) as facility, max(started_at)::text as last_started
      from seen group by 1, 2, 3`),
  );
  return { items, uses };
}

async function search(query = ""): Promise<TBankItemSummary[]> {
  const res = await req("GET", `/api/bank?pageSize=100${query}`, cookie.admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: TBankItemSummary[] }).items;
}

async function expectSearchEqualsRecount(itemIds: string[]) {
  await expectFiguresEqualRecount(h.db);
  const { items, uses } = await recount(itemIds);
  const found = (await search()).filter((i) => itemIds.includes(i.id));
  expect(found.length).toBe(itemIds.length);
  for (const item of found) {
    const want = items.find((r) => r.item_id === item.id);
    expect(item.exposure, item.id).toBe(want?.exposure ?? 0);
    if (want?.facility == null) expect(item.facility).toBeNull();
    else expect(item.facility).toBeCloseTo(Number(want.facility), 9);
    for (const u of item.uses) {
      const w = uses.find((r) => r.item_id === item.id && r.exam_id === u.examId && Number(r.version) === u.version)!;
      expect(u.students, `${item.id} ${u.examId}`).toBe(Number(w.students));
      if (w.facility === null) expect(u.facility).toBeNull();
      else expect(u.facility).toBeCloseTo(Number(w.facility), 9);
      expect(u.lastStartedAt === null ? null : new Date(u.lastStartedAt).getTime()).toBe(w.last_started === null ? null : new Date(w.last_started).getTime());
    }
  }
  // A facility bound keeps exactly the items whose pooled facility is within it.
  const bounded = new Set((await search("&facilityMin=0.3&facilityMax=0.7")).map((i) => i.id));
  for (const want of items) {
    const f = want.facility === null ? null : Number(want.facility);
    expect(bounded.has(want.item_id), `${want.item_id} ${f}`).toBe(f !== null && f >= 0.3 - 1e-12 && f <= 0.7 + 1e-12);
  }
}

describe("the bank's figures from the maintained rows", () => {
  let first: TExam;
  let second: TExam;
  let itemIds: string[];
  const sat: { userId: string; attemptId: string }[] = [];

  it("auto-marked and waiting essays, in two schools and two exams holding the same items", async () => {
    first = await makeExam(EXAM);
    const rows = rowsOf<{ item_id: string; question_id: string }>(
      await h.db.execute(sql`select v.item_id, q.id as question_id from questions q join bank_item_versions v on v.id = q.item_version_id where q.exam_id = ${first.id} order by q.position`),
    );
    itemIds = rows.map((r) => r.item_id);
    // A second exam holding the same items (the bank's "add to exam"): the item's figures pool both exams.
    second = await makeExam({ ...EXAM, titleEn: "Bank figures 2", questions: [EXAM.questions![0]!] });
    const added = await req("POST", `/api/exams/${second.id}/bank-items`, cookie.admin, { itemIds });
    expect(added.statusCode, added.body).toBe(200);
    second = added.json() as TExam;
    sat.push(await sit(first, schoolA, [0, "جواب"]));
    sat.push(await sit(first, schoolB, [1, "answer"]));
    sat.push(await sit(first, schoolA, [null, null]));
    sat.push(await sit(second, schoolB, [1, 0, "نص"]));
    await expectSearchEqualsRecount(itemIds);
  });

  it("an essay marked later, then regraded, and a true/false mark changed by a teacher", async () => {
    const essays = rowsOf<{ id: string; attempt: string }>(
      await h.db.execute(sql`select sa.id, sa.student_exam_id as attempt from student_answers sa where sa.answer_text is not null order by sa.id`),
    );
    for (const [i, e] of essays.entries()) expect((await req("PUT", `/api/grading/answers/${e.id}`, cookie.admin, { score: i + 0.5 })).statusCode).toBe(200);
    await expectSearchEqualsRecount(itemIds);
    expect((await req("PUT", `/api/grading/answers/${essays[0]!.id}`, cookie.admin, { score: 3 })).statusCode).toBe(200);
    await expectSearchEqualsRecount(itemIds);
  });

  it("a student deleted takes their attempt out of the item's figures", async () => {
    expect((await req("DELETE", `/api/users/${sat[1]!.userId}`, cookie.admin)).statusCode).toBe(204);
    await expectSearchEqualsRecount(itemIds);
    const [essay] = (await search()).filter((i) => i.id === itemIds[1]);
    // Graded attempts only: the true/false was given to the three attempts left, the essay's use counts them too.
    expect(essay!.exposure).toBe(3);
  });
});

describe("the search's statistics read no answer", () => {
  it("neither the page's uses nor a facility bound reads student_answers", async () => {
    const { PgDialect } = await import("drizzle-orm/pg-core");
    const { useRowsOf, bankSearchQuery } = await import("./bank.service");
    const { ZBankQuery } = await import("../../../shared/schemas/bank");
    const [admin] = rowsOf<{ id: string; role: "super_admin"; school_id: string | null; email: string }>(await h.db.execute(sql`select id, role, school_id, email from profiles where role = 'super_admin' limit 1`));
    const actor = { id: admin!.id, role: admin!.role, schoolId: admin!.school_id, email: admin!.email, username: "", name: "", grade: null };
    const ids = sql.join(rowsOf<{ id: string }>(await h.db.execute(sql`select id from bank_items limit 25`)).map((r) => sql`${r.id}::uuid`), sql`, `);
    const uses = new PgDialect().sqlToQuery(useRowsOf(ids));
    const bounded = bankSearchQuery(h.db, actor, ZBankQuery.parse({ facilityMin: "0.2" })).toSQL();
    for (const q of [uses, bounded]) {
      const text = inlineParams(q.sql, q.params);
      const plan = rowsOf<Record<string, unknown>>(await h.db.execute(sql.raw(`explain ${text}`)))
        .map((r) => String(Object.values(r)[0]))
        .join("\n");
      expect(plan).not.toMatch(/student_answers/);
    }
  });
});
