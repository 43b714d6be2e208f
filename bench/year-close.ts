// Closing a large school year (issue 39, docs/decisions/0059): the close moves every answer of the year out of the
// working table (INSERT … SELECT into archived_student_answers, then DELETE) and the reopen moves them back, each in
// one transaction through the real route. Each is printed beside a floor measured in the same run on the same rows:
// one INSERT … SELECT of them into an unindexed scratch table (what copying the rows costs at least, with no index,
// no foreign key and no delete).
//
// The year is built in the database in bulk (INSERT … SELECT over generate_series, as bench/ministry.ts builds its
// year): STUDENTS students of one school, EXAMS published exams of QUESTIONS four-option questions, every student's
// graded attempt at every exam, one answer per question (one in fifty left blank), and the maintained figures.
//
//   DATABASE_URL=postgres://… npm run bench:year-close                       # 20,000 students × 6 exams × 40 → 4.8 M answers
//   DATABASE_URL=postgres://… STUDENTS=2000 npm run bench:year-close         # a tenth
//   STUDENTS=500 npm run bench:year-close                                     # the embedded database (says so)
//
// Prints the seed time, then: rows moved, close ms, reopen ms, floor ms, and each as a multiple of the floor.
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { rebuildFigures } from "../src/server/modules/analytics/figures";
import { openBench } from "./setup";

const STUDENTS = Number(process.env.STUDENTS ?? 20_000);
const EXAMS = Number(process.env.EXAMS ?? 6);
const QUESTIONS = Number(process.env.QUESTIONS ?? 40);

const started = performance.now();
const { tag, db, passwordHash, startApp, close, schoolId } = await openBench("year-close");
const pg = !!process.env.DATABASE_URL;
if (!pg && STUDENTS > 5_000) {
  console.log(`The embedded database is for one school; ${STUDENTS} students need PostgreSQL (set DATABASE_URL). Stopping.`);
  await close();
  process.exit(0);
}
const exec = async (label: string, query: ReturnType<typeof sql>) => {
  const t = performance.now();
  const result = await db.execute(query);
  console.log(`  seed: ${label} — ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return rowsOf<Record<string, unknown>>(result);
};
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const out = await work();
  return [out, performance.now() - t];
};

console.log(`Closing a school year: ${STUDENTS} students, ${EXAMS} exams × ${QUESTIONS} questions → ${STUDENTS * EXAMS} attempts, about ${Math.round(STUDENTS * EXAMS * QUESTIONS * 0.98)} answers (${pg ? "PostgreSQL" : "embedded database"})`);

await exec("student accounts", sql`insert into auth_users (email, password_hash) select 'y' || g || '-' || ${tag} || '@bench.local', ${passwordHash} from generate_series(1, ${STUDENTS}::int) g`);
await exec(
  "student profiles",
  sql`insert into profiles (id, username, email, role, school_id, name, grade, class_name)
      select u.id, split_part(u.email, '@', 1), u.email, 'student', ${schoolId}, 'طالب ' || u.email, 8, '8' || chr(65 + (hashtext(u.email) & 7))
      from auth_users u where u.email like ${"y%-" + tag + "@bench.local"}`,
);
const examIds = (
  await exec(
    "exams",
    sql`insert into exams (title_ar, title_en, subject_id, status, grades) select 'اختبار ' || g, 'Year exam ' || g || ' ' || ${tag}, 'arabic', 'published', array[8] from generate_series(1, ${EXAMS}::int) g returning id`,
  )
).map((r) => String(r.id));
const examList = sql.join(
  examIds.map((id) => sql`${id}::uuid`),
  sql`, `,
);
await exec("exams given to the school", sql`insert into exam_schools (exam_id, school_id) select id, ${schoolId} from exams where id in (${examList})`);
// Each question is a bank item's version (as every question is), the item named "<tag>|<exam>|<position>".
await exec(
  "bank items",
  sql`insert into bank_items (school_id, subject_id, grade, type, search_text)
      select null, 'arabic', 8, 'multiple_choice', ${tag} || '|' || e.id || '|' || q from exams e, generate_series(0, ${QUESTIONS - 1}::int) q where e.id in (${examList})`,
);
await exec(
  "bank item versions",
  sql`insert into bank_item_versions (item_id, version, content)
      select b.id, 1, jsonb_build_object('type', 'multiple_choice', 'questionTextAr', 'سؤال', 'questionTextEn', 'Question', 'questionDocAr', null, 'questionDocEn', null,
             'image', null, 'audio', null, 'points', 1, 'correctAnswerText', null, 'matchingPairs', '[]'::jsonb, 'skillId', null, 'passage', null,
             'options', jsonb_build_array(jsonb_build_object('optionTextAr', 'أ', 'optionTextEn', 'A', 'isCorrect', true), jsonb_build_object('optionTextAr', 'ب', 'optionTextEn', 'B', 'isCorrect', false),
                                          jsonb_build_object('optionTextAr', 'ج', 'optionTextEn', 'C', 'isCorrect', false), jsonb_build_object('optionTextAr', 'د', 'optionTextEn', 'D', 'isCorrect', false)))
      from bank_items b where b.search_text like ${tag + "|%"}`,
);
await exec(
  "questions",
  sql`insert into questions (item_version_id, exam_id, position, question_text_ar, question_text_en, type, points)
      select v.id, split_part(b.search_text, '|', 2)::uuid, split_part(b.search_text, '|', 3)::int, 'سؤال', 'Question', 'multiple_choice', 1
      from bank_items b join bank_item_versions v on v.item_id = b.id where b.search_text like ${tag + "|%"}`,
);
await exec(
  "options",
  sql`insert into question_options (question_id, position, option_text_ar, option_text_en, is_correct) select q.id, k, chr(1571 + k), chr(65 + k), k = 0 from questions q, generate_series(0, 3) k where q.exam_id in (${examList})`,
);
await exec(
  "attempts",
  sql`insert into student_exams (student_id, exam_id, status, started_at, completed_at, marked_at, total_possible_score, grade, class_name, score)
      select p.id, e.id, 'graded', now() - interval '1 day', now() - interval '1 day' + interval '40 minutes', now() - interval '1 day' + interval '41 minutes', ${QUESTIONS}::int, p.grade, p.class_name, 0
      from profiles p cross join (select id from exams where id in (${examList})) e where p.email like ${"y%-" + tag + "@bench.local"}`,
);
await exec(
  "answers",
  sql`insert into student_answers (student_exam_id, question_id, student_id, exam_id, selected_option_id, is_correct, score)
      select se.id, q.id, se.student_id, se.exam_id, o.id, o.is_correct, case when o.is_correct then 1 else 0 end
      from student_exams se join questions q on q.exam_id = se.exam_id
      join question_options o on o.question_id = q.id and o.position = abs(hashtext(se.id::text || q.id::text)) % 4
      where se.exam_id in (${examList}) and (abs(hashtext(se.id::text || q.position::text)) % 50) <> 0`,
);
await exec(
  "scores",
  sql`update student_exams se set score = s.total from (select a.student_exam_id, sum(a.score) as total from student_answers a join student_exams x on x.id = a.student_exam_id where x.exam_id in (${examList}) group by 1) s where s.student_exam_id = se.id`,
);
{
  const t = performance.now();
  await rebuildFigures(db, examIds);
  console.log(`  seed: maintained figures — ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
await exec("analyze", sql`analyze`);
console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);

// ---- the year, closed and reopened through the real routes by the super_admin
const { app } = await startApp();
// A super_admin of the run's own (a database that earlier runs used already has its first admin, not this run's).
const adminEmail = `ya-${tag}@bench.local`;
const [adminUser] = rowsOf<{ id: string }>(await db.execute(sql`insert into auth_users (email, password_hash) values (${adminEmail}, ${passwordHash}) returning id`));
await db.execute(sql`insert into profiles (id, username, email, role, name) values (${adminUser!.id}, ${`ya-${tag}`}, ${adminEmail}, 'super_admin', 'Bench ministry')`);
const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: adminEmail, password: "bench-pass", loginType: "admin" } });
const session = login.cookies.find((c) => c.name === "qias_session");
if (!session) throw new Error(`the super_admin's sign-in failed: ${login.statusCode} ${login.body.slice(0, 200)}`);
const admin = `qias_session=${session.value}`;
// Dates of a year no other run's year overlaps (PostgreSQL keeps earlier runs' rows); the exams are given to it.
const first = 2200 + (parseInt(tag, 16) % 7000);
const created = await app.inject({ method: "POST", url: "/api/years", headers: { cookie: admin }, payload: { nameAr: `عام ${tag}`, nameEn: `Bench year ${tag}`, startsOn: `${first}-09-01`, endsOn: `${first + 1}-06-30` } });
if (created.statusCode !== 201) throw new Error(`the year was not created: ${created.body}`);
const yearId = (created.json() as { id: string }).id;
await db.execute(sql`update exams set school_year_id = ${yearId} where id in (${examList})`);

const [moved] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from student_answers a join student_exams se on se.id = a.student_exam_id where se.exam_id in (${examList})`));
const [closed, closeMs] = await timed(() => app.inject({ method: "POST", url: `/api/years/${yearId}/close`, headers: { cookie: admin } }));
if (closed.statusCode !== 200) throw new Error(`the close failed: ${closed.body}`);
const [reopened, reopenMs] = await timed(() => app.inject({ method: "POST", url: `/api/years/${yearId}/reopen`, headers: { cookie: admin } }));
if (reopened.statusCode !== 200) throw new Error(`the reopen failed: ${reopened.body}`);
// The floor: the same rows copied once, into a table with no index, no key and no delete after.
const floorMs = (
  await timed(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`create temp table year_close_floor (like student_answers) on commit drop`);
      await tx.execute(sql`insert into year_close_floor select a.* from student_answers a where a.student_exam_id in (select id from student_exams where exam_id in (${examList}))`);
    }),
  )
)[1];
const [list, listMs] = await timed(() => app.inject({ method: "GET", url: "/api/years", headers: { cookie: admin } }));
if (list.statusCode !== 200) throw new Error(`the years list failed: ${list.body}`);

const row = (label: string, ms: number) => console.log(`  ${label.padEnd(34)} ${ms.toFixed(0).padStart(8)} ms   ${(ms / floorMs).toFixed(1).padStart(5)} × floor`);
console.log(`\nAnswers moved each way: ${moved!.n.toLocaleString("en")} (${STUDENTS * EXAMS} attempts)`);
row("close (archive, move out, audit)", closeMs);
row("reopen (move back, audit)", reopenMs);
row("floor (one INSERT … SELECT)", floorMs);
console.log(`  years list (counts from the figures) ${listMs.toFixed(0).padStart(6)} ms`);
await app.close();
await close();
