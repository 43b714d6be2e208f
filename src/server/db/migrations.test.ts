// Migrations that move data: a database at the migration before, with values in it, comes out with the values
// where the new schema keeps them (PGlite; the SQL is plain PostgreSQL).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPGlite } from "./pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const MIGRATIONS = path.join(import.meta.dirname, "migrations");
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

type TJournal = { entries: { idx: number; tag: string }[] };

/** A migrations folder holding only the migrations before `tag`: the database as it was. */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as TJournal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `migration ${tag}`).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-migrations-"));
  temp.push(dir);
  fs.mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, at);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe("0010 bilingual names", () => {
  it("fills both languages of a school's name and city and an exam's description from the one value there was", async () => {
    const client = await createPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0010_bilingual_names") });
    await client.exec(`
      insert into subjects (id, name_ar, name_en) values ('arabic', 'اللغة العربية', 'Arabic') on conflict do nothing;
      insert into schools (id, name, city) values ('school_a', 'مدرسة النهضة', 'دبي'), ('school_b', 'Al Ain Academy', null);
      insert into exams (title_ar, title_en, subject_id, description) values ('ع', 'A', 'arabic', 'وصف الاختبار'), ('ب', 'B', 'arabic', null);
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const schools = await client.query("select id, name_ar, name_en, city_ar, city_en from schools order by id");
    expect(schools.rows).toEqual([
      { id: "school_a", name_ar: "مدرسة النهضة", name_en: "مدرسة النهضة", city_ar: "دبي", city_en: "دبي" },
      { id: "school_b", name_ar: "Al Ain Academy", name_en: "Al Ain Academy", city_ar: null, city_en: null },
    ]);
    const exams = await client.query("select title_en, description_ar, description_en from exams order by title_en");
    expect(exams.rows).toEqual([
      { title_en: "A", description_ar: "وصف الاختبار", description_en: "وصف الاختبار" },
      { title_en: "B", description_ar: null, description_en: null },
    ]);
    // The old single-language columns are gone, and a school's name stays required in both languages.
    const old = await client.query("select column_name from information_schema.columns where (table_name = 'schools' and column_name in ('name', 'city')) or (table_name = 'exams' and column_name = 'description')");
    expect(old.rows).toEqual([]);
    await expect(client.query("insert into schools (id, name_ar) values ('school_c', 'م')")).rejects.toThrow(/name_en/);
    await client.close();
  });
});

describe("0014 group plan versions", () => {
  it("keeps a stored group plan as version 1 with no fingerprint, and lets a scope hold the next versions", async () => {
    const client = await createPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0014_group_plan_versions") });
    await client.exec(`
      insert into subjects (id, name_ar, name_en) values ('arabic', 'اللغة العربية', 'Arabic') on conflict do nothing;
      insert into schools (id, name_ar, name_en) values ('school_a', 'مدرسة النهضة', 'Al Nahda');
      insert into exams (id, title_ar, title_en, subject_id) values ('00000000-0000-4000-8000-000000000001', 'ع', 'A', 'arabic');
      insert into group_plans (exam_id, school_id, grade, class_name, scope_key, content) values ('00000000-0000-4000-8000-000000000001', 'school_a', 8, '8A', '8|8a', '{"students":1,"skills":[],"groups":[]}');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    expect((await client.query("select scope_key, version, fingerprint from group_plans")).rows).toEqual([{ scope_key: "8|8a", version: 1, fingerprint: null }]);
    const insert = (version: number) =>
      client.query(`insert into group_plans (exam_id, school_id, scope_key, version, fingerprint, content) values ('00000000-0000-4000-8000-000000000001', 'school_a', '8|8a', ${version}, 'f', '{}')`);
    await insert(2);
    await expect(insert(2)).rejects.toThrow(/group_plans_scope_version_idx/);
    await client.close();
  });
});

describe("0027 item types", () => {
  // drizzle's migrator applies every pending migration in ONE transaction; PostgreSQL (12+) allows ALTER TYPE … ADD
  // VALUE there but not using the new value before it commits. So no migration may use a new type in the same run;
  // this one only adds them, and they are usable once it has run.
  it("adds the new item types after the old ones, and the interaction and response columns empty", async () => {
    const client = await createPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0027_item_types") });
    await client.exec(`
      insert into subjects (id, name_ar, name_en) values ('arabic', 'اللغة العربية', 'Arabic') on conflict do nothing;
      insert into bank_items (id, subject_id, type) values ('00000000-0000-4000-8000-000000000001', 'arabic', 'matching');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const values = await client.query<{ v: string }>("select unnest(enum_range(null::question_type))::text as v");
    expect(values.rows.map((r) => r.v)).toEqual(["multiple_choice", "true_false", "essay", "short_answer", "matching", "multiple_response", "numeric", "ordering", "gap_fill", "inline_choice", "hotspot"]);
    // 0029 (decision 0058) adds three more the same way; they too are usable once the run has committed.
    await client.exec("insert into bank_items (subject_id, type) values ('arabic', 'ordering'), ('arabic', 'numeric'), ('arabic', 'multiple_response'), ('arabic', 'gap_fill'), ('arabic', 'inline_choice'), ('arabic', 'hotspot')");
    expect((await client.query("select type from bank_items where id = '00000000-0000-4000-8000-000000000001'")).rows).toEqual([{ type: "matching" }]);
    const columns = await client.query("select table_name, column_name, data_type from information_schema.columns where column_name in ('interaction', 'response') and table_name in ('questions', 'student_answers') order by table_name");
    expect(columns.rows).toEqual([
      { table_name: "questions", column_name: "interaction", data_type: "jsonb" },
      { table_name: "student_answers", column_name: "response", data_type: "jsonb" },
    ]);
    await client.close();
  });
});

describe("0044 the student's name on the attempt", () => {
  it("copies each attempt's student's name, then keeps it on insert and through a rename", async () => {
    const client = await createPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0044_results_sort_name") });
    await client.exec(`
      insert into subjects (id, name_ar, name_en) values ('arabic', 'اللغة العربية', 'Arabic') on conflict do nothing;
      insert into exams (id, title_ar, title_en, subject_id) values ('00000000-0000-4000-8000-000000000001', 'ع', 'A', 'arabic'), ('00000000-0000-4000-8000-000000000002', 'ب', 'B', 'arabic');
      insert into auth_users (id, email, password_hash) values ('00000000-0000-4000-8000-0000000000a1', 'a@test.local', 'x'), ('00000000-0000-4000-8000-0000000000b1', 'b@test.local', 'x');
      insert into profiles (id, email, username, name, role) values ('00000000-0000-4000-8000-0000000000a1', 'a@test.local', 'a', 'أحمد', 'student'), ('00000000-0000-4000-8000-0000000000b1', 'b@test.local', 'b', 'Badr', 'student');
      insert into student_exams (student_id, exam_id) values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001'),
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000002'), ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000001');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const names = async () => (await client.query("select se.student_name, p.name from student_exams se join profiles p on p.id = se.student_id order by se.student_name, se.exam_id")).rows;
    expect(await names()).toEqual([
      { student_name: "Badr", name: "Badr" },
      { student_name: "أحمد", name: "أحمد" },
      { student_name: "أحمد", name: "أحمد" },
    ]);
    // A new attempt takes its student's name whatever it is given; a rename moves every attempt of the student.
    await client.query("insert into student_exams (student_id, exam_id, student_name) values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000002', 'forged')");
    await client.query("update profiles set name = 'Ahmad' where id = '00000000-0000-4000-8000-0000000000a1'");
    expect(await names()).toEqual([
      { student_name: "Ahmad", name: "Ahmad" },
      { student_name: "Ahmad", name: "Ahmad" },
      { student_name: "Badr", name: "Badr" },
      { student_name: "Badr", name: "Badr" },
    ]);
    await client.close();
  });
});

describe("0046 the exam on each answer", () => {
  it("copies each answer's exam, open and archived alike, then fills it on insert for a writer that leaves it out", async () => {
    const client = await createPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0046_answers_exam_id") });
    const exam1 = "00000000-0000-4000-8000-000000000001";
    const exam2 = "00000000-0000-4000-8000-000000000002";
    // The questions' item versions (the bank's) are beside the point: foreign keys are not checked while loading.
    await client.exec(`
      set session_replication_role = replica;
      insert into subjects (id, name_ar, name_en) values ('arabic', 'اللغة العربية', 'Arabic') on conflict do nothing;
      insert into exams (id, title_ar, title_en, subject_id) values ('${exam1}', 'ع', 'A', 'arabic'), ('${exam2}', 'ب', 'B', 'arabic');
      insert into questions (id, item_version_id, exam_id, type, question_text_ar, question_text_en, points, position) values
        ('00000000-0000-4000-8000-0000000000c1', gen_random_uuid(), '${exam1}', 'essay', 'س', 'Q', 1, 1), ('00000000-0000-4000-8000-0000000000c2', gen_random_uuid(), '${exam2}', 'essay', 'س', 'Q', 1, 1);
      insert into auth_users (id, email, password_hash) values ('00000000-0000-4000-8000-0000000000a1', 'a@test.local', 'x');
      insert into profiles (id, email, username, name, role) values ('00000000-0000-4000-8000-0000000000a1', 'a@test.local', 'a', 'أحمد', 'student');
      insert into student_exams (id, student_id, exam_id) values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000a1', '${exam1}'),
        ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000a1', '${exam2}');
      insert into student_answers (student_exam_id, question_id, student_id, score) values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000a1', 1);
      insert into archived_student_answers (id, student_exam_id, question_id, student_id, score, updated_at) values
        (gen_random_uuid(), '00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000a1', 1, now());
      set session_replication_role = origin;
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const exams = async () => (await client.query("select student_exam_id::text as attempt, exam_id::text as exam from all_student_answers order by 1, 2")).rows;
    expect(await exams()).toEqual([
      { attempt: "00000000-0000-4000-8000-0000000000e1", exam: exam1 },
      { attempt: "00000000-0000-4000-8000-0000000000e2", exam: exam2 },
    ]);
    // A writer that leaves it out (the app's, a test's) gets the attempt's exam; one that gives it (a bulk loader) keeps it.
    await client.query("delete from student_answers");
    await client.query(
      "insert into student_answers (student_exam_id, question_id, student_id) values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000a1')",
    );
    await client.query(
      `insert into student_answers (student_exam_id, question_id, student_id, exam_id) values ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000a1', '${exam2}')`,
    );
    expect((await client.query("select exam_id::text as exam from student_answers order by 1")).rows).toEqual([{ exam: exam1 }, { exam: exam2 }]);
    // An answer of no attempt has no exam, and the column refuses it before the foreign key is asked.
    await expect(
      client.query("insert into student_answers (student_exam_id, question_id, student_id) values (gen_random_uuid(), '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000a1')"),
    ).rejects.toThrow(/exam_id/);
    await client.close();
  });
});
