// The reliability job's spacing (decision 0061, amended issue 39 stop 9): a mark queues the exam's job due once
// marks settle (20 s) and no sooner than RELIABILITY_SPACING times its last run's duration after that run ended;
// marks meanwhile add no second job; and the spaced run still stores what classicalReliability gives. Due times are
// checked as the database wrote them against explicit last runs (no clock is waited for).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import type { TExamInput } from "../../../shared/schemas/exam";
import { examResponses } from "../../psychometrics/calibrate-exam";
import { classicalReliability } from "../../psychometrics/reliability";
import { queueReliabilityOfExam, RELIABILITY_JOB, RELIABILITY_SETTLE_SECONDS, RELIABILITY_SPACING } from "./figures";
import { reliabilityJob } from "../psychometrics/psychometrics.service";
import { trueFalse } from "../../test/questions";

let h: THarness;
let school: string;
let admin: string;
let exam: { id: string; questions: { id: string; options: { id: string }[] }[] };

const EXAM: TExamInput = {
  titleAr: "اختبار الثبات",
  titleEn: "Reliability spacing",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: [0, 1, 2].map((i) => ({ type: "true_false" as const, questionTextAr: `س${i}`, questionTextEn: `Q${i}`, points: 1, options: trueFalse(i !== 1) })),
};

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_rs", "مدرسة الثبات");
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: admin, payload: { ...EXAM, schoolIds: [school] } });
  expect(res.statusCode, res.body).toBe(201);
  exam = res.json();
});
afterAll(async () => {
  await h?.close();
});

/** A student of the school sits the exam (auto-marked at submission: the marking transaction queues the job). */
let sat = 0;
async function sit(picks: number[]) {
  const u = await h.makeUser("student", { schoolId: school, grade: 8, className: "8A", name: `student ${++sat}` });
  const c = await h.signIn(u.email, u.password, "student");
  const attempt = await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c, payload: {} });
  expect(attempt.statusCode, attempt.body).toBeLessThan(300);
  const id = (attempt.json() as { id: string }).id;
  for (const [i, p] of picks.entries()) {
    const q = exam.questions[i]!;
    const res = await h.request({ method: "PUT", url: `/api/attempts/${id}/answers/${q.id}`, cookie: c, payload: { examId: exam.id, clientSeq: 1, selectedOptionId: q.options[p]!.id } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const done = await h.request({ method: "POST", url: `/api/attempts/${id}/submit`, cookie: c, payload: {} });
  expect(done.statusCode, done.body).toBe(200);
}

/** The exam's queued jobs, with how far after its creation (the marking transaction's now()) and after the last run's end each is due. */
const queued = async () =>
  rowsOf<{ id: string; after_mark: number; after_end: number | null }>(
    await h.db.execute(sql`select j.id, extract(epoch from j.run_at - j.created_at)::float8 as after_mark,
        extract(epoch from j.run_at - (select computed_at from exam_reliability where exam_id = ${exam.id} and reach = 'all'))::float8 as after_end
      from jobs j where j.kind = ${RELIABILITY_JOB} and j.dedupe_key = ${`reliability:${exam.id}`} and j.status = 'queued'`),
  );

/** The job made due now and run. */
async function runJob() {
  await h.db.execute(sql`update jobs set run_at = now() where kind = ${RELIABILITY_JOB} and status = 'queued'`);
  await h.drainJobs();
}

describe("the reliability job's spacing", () => {
  it("a run records its duration; a short last run leaves the settle time alone", async () => {
    await sit([0, 1, 0]);
    await sit([1, 0, 0]);
    await sit([0, 1, 1]);
    expect(await queued()).toHaveLength(1);
    await runJob();
    const [row] = rowsOf<{ run_ms: number | null }>(await h.db.execute(sql`select run_ms from exam_reliability where exam_id = ${exam.id} and reach = 'all'`));
    expect(row!.run_ms).not.toBeNull();
    expect(row!.run_ms).toBeGreaterThanOrEqual(0);
    // A run of 1 s: 3 s of spacing, under the settle time, which decides.
    await h.db.execute(sql`update exam_reliability set run_ms = 1000, computed_at = now() where exam_id = ${exam.id}`);
    await sit([0, 0, 0]);
    const [job] = await queued();
    expect(job!.after_mark).toBe(RELIABILITY_SETTLE_SECONDS);
  });

  it("after a long run the next is due its duration × RELIABILITY_SPACING after it ended, and marks meanwhile add no job", async () => {
    await runJob();
    // The last run took 30 s and ended now: the next no sooner than 90 s after it (not 20 s after the mark).
    await h.db.execute(sql`update exam_reliability set run_ms = 30000, computed_at = now() where exam_id = ${exam.id}`);
    await sit([1, 1, 0]);
    const [first, ...more] = await queued();
    expect(more).toHaveLength(0);
    expect(first!.after_end).toBe(30 * RELIABILITY_SPACING);
    expect(first!.after_mark).toBeGreaterThan(RELIABILITY_SETTLE_SECONDS);
    // Three more marks while it waits: the same one job, due when it was.
    await sit([0, 1, 0]);
    await sit([1, 1, 1]);
    await sit([0, 0, 1]);
    const after = await queued();
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual(first);
    // A run that ended long ago spaces nothing: the settle time again.
    await h.db.execute(sql`update exam_reliability set computed_at = now() - interval '10 minutes' where exam_id = ${exam.id}`);
    await runJob();
    await h.db.execute(sql`update exam_reliability set run_ms = 30000, computed_at = now() - interval '10 minutes' where exam_id = ${exam.id}`);
    await sit([1, 0, 1]);
    expect((await queued())[0]!.after_mark).toBe(RELIABILITY_SETTLE_SECONDS);
  });

  it("a mark that lands while the job runs queues the next run itself, spaced from it, and that run counts the mark", async () => {
    await runJob();
    await sit([0, 1, 1]);
    expect(await queued()).toHaveLength(1);
    // The mark lands once the run has read the matrix (its sign of life), while its row is running with the key.
    let during: number | null = null;
    h.app.jobs.register(RELIABILITY_JOB, (ctx) =>
      reliabilityJob({
        ...ctx,
        progress: async (p) => {
          await ctx.progress(p);
          if (during !== null) return;
          await sit([1, 0, 1]);
          during = (await queued()).length;
        },
      }),
    );
    try {
      await runJob();
    } finally {
      h.app.jobs.register(RELIABILITY_JOB, reliabilityJob);
    }
    // The mark itself queued nothing (the running job held the key); the run queued the next, due as any.
    expect(during).toBe(0);
    const next = await queued();
    expect(next).toHaveLength(1);
    expect(next[0]!.after_mark).toBe(RELIABILITY_SETTLE_SECONDS);
    const attemptsStored = async () =>
      rowsOf<{ n: number }>(await h.db.execute(sql`select (figures ->> 'attempts')::int as n from exam_reliability where exam_id = ${exam.id} and reach = 'all'`))[0]!.n;
    expect(await attemptsStored()).toBe(sat - 1);
    await runJob();
    expect(await attemptsStored()).toBe(sat);
    expect(await queued()).toHaveLength(0);
  });

  it("the spaced run stores what classicalReliability gives on the matrix, and its own duration", async () => {
    await h.db.execute(sql`update exam_reliability set run_ms = 30000, computed_at = now() where exam_id = ${exam.id}`);
    await sit([1, 0, 0]);
    expect(await queued()).toHaveLength(1);
    await runJob();
    expect(await queued()).toHaveLength(0);
    const [stored] = rowsOf<{ figures: Record<string, number | null>; run_ms: number }>(
      await h.db.execute(sql`select figures, run_ms from exam_reliability where exam_id = ${exam.id} and reach = 'all'`),
    );
    expect(stored!.run_ms).toBeLessThan(30000);
    const want = classicalReliability((await examResponses(h.db, exam.id)).matrix);
    // The picks give a coefficient (not a null compared with a null).
    expect(want.alpha).not.toBeNull();
    for (const [name, value] of [["alpha", want.alpha], ["lambda2", want.lambda2], ["feldtGilmer", want.feldtGilmer], ["sem", want.sem], ["meanScore", want.mean]] as const) {
      expect(Math.abs(Number(stored!.figures[name]) - Number(value)), name).toBeLessThan(1e-9);
    }
    expect(stored!.figures.attempts).toBe(sat);
    const page = await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/reliability`, cookie: admin });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as { alpha: number }).alpha).toBe(stored!.figures.alpha);
  });

  it("a job that finds every reach already stored under the exam's version reads nothing; one reach missing, it runs", async () => {
    const stamps = async () =>
      rowsOf<{ reach: string; at: string }>(await h.db.execute(sql`select reach, computed_at::text as at from exam_reliability where exam_id = ${exam.id} order by reach`));
    const before = await stamps();
    expect(before.map((r) => r.reach)).toEqual(["all", `school:${school}`]);
    await queueReliabilityOfExam(h.db, exam.id);
    expect(await queued()).toHaveLength(1);
    await runJob();
    expect(await queued()).toHaveLength(0);
    expect(await stamps()).toEqual(before);
    // The school's figures gone (nothing else changed): the job works them out again.
    await h.db.execute(sql`delete from exam_reliability where exam_id = ${exam.id} and reach <> 'all'`);
    await queueReliabilityOfExam(h.db, exam.id);
    await runJob();
    const after = await stamps();
    expect(after.map((r) => r.reach)).toEqual(["all", `school:${school}`]);
    expect(after[0]!.at).not.toBe(before[0]!.at);
  });
});
