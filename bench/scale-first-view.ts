// The scale's figures at a ministry's year without its answers (issue 39, decision 0053 "the first view"): the
// students, attempts, calibrations and abilities of bench/ministry.ts's year (SCALE=1: 200,000 students in 800
// schools, grades 6–8 in classes of 25, six exams, every student at every exam: 1.2 M attempts), built by INSERT …
// SELECT with no answers (the figures read none), a 2PL run per exam, the parallel form's run linked to the grade-8
// Arabic scale and a concurrent run over both forms (1.6 M abilities); then the first computation of the scale's
// figures (levels by group, and the dashboard's scopes) timed by the new query and, once, by the per-attempt path it
// replaced (attemptScaleScores over the candidates' ids, 5,000 a query), with EXPLAIN ANALYZE of the new query.
//
//   DATABASE_URL=postgres://… SCALE=1 npx tsx bench/scale-first-view.ts   # a database of its own: it is left seeded
//   SEEDED=1 times it again over the year a run seeded before; OLD=0 skips the old path (seconds at the year).
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { openBench } from "./setup";
import { getScale } from "../src/server/modules/scales/scales.service";
import { scaleTalliesQuery, scoredAttempts, summarizeLevels } from "../src/server/modules/scales/levels-by-group";
import { attemptScaleScores } from "../src/server/psychometrics/scale";

const SCALE = Number(process.env.SCALE ?? 1);
const STUDENTS = Math.max(60, Math.round(200_000 * SCALE));
const SCHOOLS = Math.max(2, Math.round(800 * SCALE));
const CLASS_SIZE = 25;
const { tag, db, passwordHash, close } = await openBench("scale-first-view");
const exec = async (label: string, q: ReturnType<typeof sql>) => {
  const t = performance.now();
  const r = rowsOf<Record<string, unknown>>(await db.execute(q));
  console.log(`  seed: ${label} — ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return r;
};
// SEEDED=1 times the pages again over the year a run seeded before (the seed takes minutes).
const seeded = process.env.SEEDED === "1" ? rowsOf<{ id: string; name_en: string }>(await db.execute(sql`select id, name_en from reporting_scales where name_en like 'Scale %' order by created_at desc limit 1`))[0] : undefined;
let scaleId: string;
let examNo: (n: number) => string;
let seedTag = tag;
if (seeded) {
  scaleId = seeded.id;
  seedTag = seeded.name_en.slice("Scale ".length);
  const titled = rowsOf<{ id: string; title_en: string }>(await db.execute(sql`select e.id, e.title_en from exams e where e.title_en like 'Exam %' and e.subject_id = 'arabic' and e.id in (select exam_id from calibrations)`));
  examNo = (n) => titled.find((e) => e.title_en === `Exam ${n}`)!.id;
  console.log(`Reusing the year seeded with tag ${seedTag}.`);
} else {
  console.log(`${STUDENTS} students, ${SCHOOLS} schools, ${STUDENTS * 6} attempts`);
  await exec("schools", sql`insert into schools (id, name_ar, name_en) select ${sql.raw(`'y${tag}_'`)} || g, 'مدرسة ' || g, 'School ' || g from generate_series(1, ${SCHOOLS}::int) g`);
  await exec("accounts", sql`insert into auth_users (email, password_hash) select 's' || g || '-' || ${tag} || '@y.local', ${passwordHash} from generate_series(1, ${STUDENTS}::int) g`);
  await exec(
    "profiles",
    sql`insert into profiles (id, username, email, role, school_id, name, grade, class_name, gender, language_background)
        select u.id, split_part(u.email, '@', 1), u.email, 'student', ${sql.raw(`'y${tag}_'`)} || (1 + u.n % ${SCHOOLS}::int), 'طالب ' || u.n,
               6 + (u.n / ${SCHOOLS}::int) % 3, (6 + (u.n / ${SCHOOLS}::int) % 3) || chr(65 + (u.n / ${SCHOOLS * 3}::int / ${CLASS_SIZE}::int) % 6),
               case when u.n % 2 = 0 then 'female' else 'male' end, case when u.n % 7 = 0 then 'other' else 'arabic' end
        from (select id, email, substring(email from 2 for position('-' in email) - 2)::int as n from auth_users where email like ${"%-" + tag + "@y.local"}) u`,
  );
  const exams = await exec(
    "exams",
    sql`insert into exams (title_ar, title_en, subject_id, status, grades) select 'اختبار ' || g, 'Exam ' || g, (array['arabic', 'islamic', 'social'])[1 + (g - 1) % 3], 'published', array[6, 7, 8]
        from generate_series(1, 6) g returning id, subject_id, title_en`,
  );
  examNo = (n: number) => String(exams.find((e) => e.title_en === `Exam ${n}`)!.id);
  const ids = sql.join(exams.map((e) => sql`${String(e.id)}::uuid`), sql`, `);
  await exec(
    "attempts",
    sql`insert into student_exams (student_id, exam_id, status, grade, class_name, completed_at, started_at)
        select p.id, e.id, 'graded', p.grade, p.class_name, t, t - interval '40 minutes'
        from profiles p cross join exams e
        cross join lateral (select case when e.title_en in ('Exam 4', 'Exam 5', 'Exam 6') then timestamptz '2027-03-10 09:00Z' else timestamptz '2026-10-10 09:00Z' end as t) at
        where p.email like ${"%-" + tag + "@y.local"} and e.id in (${ids})`,
  );
  const cal = async (examId: string | null, linking: object | null) =>
    String((await exec("a run", sql`insert into calibrations (exam_id, model, linking) values (${examId}, '2pl', ${linking ? JSON.stringify(linking) : null}::jsonb) returning id`))[0]!.id);
  const abilities = async (calibrationId: string, examIds: string[], shift: number) =>
    exec(
      "abilities",
      sql`insert into attempt_abilities (calibration_id, student_exam_id, items, eap, eap_se)
          select ${calibrationId}::uuid, se.id, 40, (random() + random() + random() - 1.5) * 2 + ${shift}::float8, 0.25 + random() * 0.2
          from student_exams se where se.exam_id in (${sql.join(examIds.map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
  const runs: string[] = [];
  for (let n = 1; n <= 6; n++) {
    runs[n] = await cal(examNo(n), null);
    await abilities(runs[n]!, [examNo(n)], n >= 4 ? 0.25 : 0);
  }
  const [scale] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into reporting_scales (subject_id, grade, name_ar, name_en, mean, sd, theta_mean, theta_sd, reference_exam_id, reference_calibration_id)
      values ('arabic', 8, ${"مقياس " + tag}, ${"Scale " + tag}, 500, 100, 0, 1, ${examNo(1)}::uuid, ${runs[1]}::uuid) returning id`),
  );
  scaleId = scale!.id;
  await db.execute(sql`update calibrations set linking = ${JSON.stringify({ scaleId, A: 1.006, B: 0.251, method: "stocking-lord" })}::jsonb where id = ${runs[4]}::uuid`);
  const concurrent = await cal(examNo(4), { scaleId, A: 0.994, B: 0.012, method: "concurrent" });
  await abilities(concurrent, [examNo(1), examNo(4)], 0);
  await db.execute(sql`insert into proficiency_levels (scale_id, position, name_ar, name_en, min_score, approved_at)
    values (${scaleId}, 0, 'أ', 'Below basic', null, now()), (${scaleId}, 1, 'ب', 'Basic', 450, now()), (${scaleId}, 2, 'ج', 'Proficient', 530, now()), (${scaleId}, 3, 'د', 'Advanced', 620, now())`);
  await exec("analyze", sql`analyze`);
  
  }
const s = await getScale(db, scaleId);
const aSchool = { id: `y${seedTag}_1` };
const scopes = [
  ["every attempt (levels by group)", {}],
  ["the parallel form (the dashboard)", { examId: examNo(4) }],
  ["one school, the parallel form (a principal's dashboard)", { schoolId: aSchool.id, examId: examNo(4) }],
] as const;
for (let round = 0; round < 3; round++)
  for (const [name, scope] of scopes) {
    const t = performance.now();
    const tallies = await scoredAttempts(db, s, scope);
    const q = performance.now() - t;
    const figures = summarizeLevels(s, tallies, 10, "en");
    console.log(`new, round ${round}, ${name}: ${figures.attempts} attempts, query ${q.toFixed(0)} ms + summary ${(performance.now() - t - q).toFixed(0)} ms (${tallies.scores.length} histogram rows, ${tallies.class.length} classes)`);
  }
if (process.env.OLD !== "0") {
  const t = performance.now();
  const cand = rowsOf<{ id: string }>(
    await db.execute(sql`select distinct se.id from student_exams se join exams e on e.id = se.exam_id join profiles p on p.id = se.student_id
      join attempt_abilities aa on aa.student_exam_id = se.id where e.subject_id = 'arabic' and se.grade = 8`),
  );
  const tc = performance.now() - t;
  const scores = await attemptScaleScores(db, cand.map((r) => r.id));
  console.log(`old, every attempt: candidates ${tc.toFixed(0)} ms, attemptScaleScores ${(performance.now() - t - tc).toFixed(0)} ms for ${scores.size} attempts (before any summary)`);
}
// The new query's plan.
const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql`explain (analyze, buffers) ${scaleTalliesQuery(s, {})}`)).map((r) => r["QUERY PLAN"]);
console.log(`\nEXPLAIN ANALYZE, every attempt:\n${plan.join("\n")}`);
await close();
