// The demo loads in one go, is not loaded twice, and tells the product's story through real service calls:
// answers that answer their questions, marks with a spread, essays marked and some still waiting, reports and
// plans for some attempts, worksheets tagged to skills.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createHarness, type THarness } from "./test/harness";
import { rowsOf } from "./db/client";
import { DEMO_PASSWORD, seedDemo, seedDemoAttempts } from "./demo-data";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const rows = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.execute(query));

describe("npm run demo", () => {
  it("loads schools, accounts, exams and the story once", async () => {
    const accounts = await seedDemo(h.db, h.app.storage);
    expect(accounts?.filter((a) => a.role === "student")).toHaveLength(60);
    const story = await seedDemoAttempts(h.db, h.app.storage);
    // 16 students × 4 published exams × 2 schools (the fourth: social studies' map and timeline, issue 36).
    expect(story).toMatchObject({ attempts: 128, reports: 48, plans: 48, files: 12 });
    expect(story!.graded).toBeGreaterThanOrEqual(96);
    expect(await seedDemo(h.db)).toBeNull();
    expect(await seedDemoAttempts(h.db, h.app.storage)).toBeNull();
  }, 180_000);

  it("sits the map and timeline exam's six item types (issue 36): marked, partly right, counted per area and gap", async () => {
    const marks = await rows<{ type: string; n: number; partial: number; right: number }>(sql`
      select q.type::text as type, count(*)::int as n, count(*) filter (where a.score > 0 and a.score < q.points)::int as partial, count(*) filter (where a.is_correct)::int as right
      from student_answers a join questions q on q.id = a.question_id join student_exams se on se.id = a.student_exam_id
      where q.interaction is not null and se.status = 'graded' group by 1 order by 1`);
    expect(marks.map((m) => m.type)).toEqual(["gap_fill", "hotspot", "inline_choice", "multiple_response", "numeric", "ordering"]);
    for (const m of marks) {
      expect(m.right, m.type).toBeGreaterThan(0);
      expect(m.right, m.type).toBeLessThan(m.n);
    }
    for (const type of ["gap_fill", "inline_choice", "multiple_response", "ordering"]) expect(marks.find((m) => m.type === type)!.partial, type).toBeGreaterThan(0);
    const [hotspot] = await rows<{ image_id: string | null }>(sql`select image_id from questions where type = 'hotspot' limit 1`);
    expect(hotspot!.image_id).toBeTruthy();
    const [kept] = await rows<{ n: number }>(sql`select count(*)::int as n from exam_option_stats where option_id like '%:%' or option_id in ('p1', 'p2', 'p3', 'p4')`);
    expect(kept!.n).toBeGreaterThan(0);
  });

  it("tags every question with a skill of its exam's subject", async () => {
    const [untagged] = await rows<{ n: number }>(sql`select count(*)::int as n from questions where skill_id is null`);
    expect(untagged!.n).toBe(0);
    const [wrong] = await rows<{ n: number }>(
      sql`select count(*)::int as n from questions q join exams e on e.id = q.exam_id join skills s on s.id = q.skill_id where s.subject_id <> e.subject_id`,
    );
    expect(wrong!.n).toBe(0);
  });

  it("gives the reading exam a real passage, its three questions after it and the word to parse underlined", async () => {
    const list = await rows<{ title_en: string; text_ar: string; questions: string[]; underlined: boolean }>(sql`
      select p.title_en, p.text_ar,
        array_agg(q.question_text_en order by q.position) as questions,
        bool_or(q.question_doc_ar::text like '%underline%') as underlined
      from passages p join questions q on q.passage_id = p.id group by p.id`);
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.title_en).toBe("A Friend in Need");
      expect(p.text_ar).toContain("الوفاء");
      expect(p.questions).toHaveLength(3);
      expect(p.underlined).toBe(true);
    }
  });

  it("underlines the word a question asks about in each language that mentions it (issue 33)", async () => {
    const asks = await rows<{ text_ar: string; text_en: string; doc_ar: string | null; doc_en: string | null }>(sql`
      select question_text_ar as text_ar, question_text_en as text_en, question_doc_ar::text as doc_ar, question_doc_en::text as doc_en
      from questions where question_text_en ilike '%underlined%' or question_text_ar like '%تحته خط%'`);
    expect(asks.length).toBeGreaterThan(0);
    for (const q of asks) {
      if (q.text_ar.includes("تحته خط")) expect(q.doc_ar ?? "", q.text_ar).toContain('"underline"');
      if (/underlined/i.test(q.text_en)) expect(q.doc_en ?? "", q.text_en).toContain('"underline"');
    }
  });

  it("names each school and its city in Arabic and in English (issue 33)", async () => {
    const list = await rows<{ name_ar: string; name_en: string; city_ar: string; city_en: string }>(sql`select name_ar, name_en, city_ar, city_en from schools order by id`);
    expect(list).toHaveLength(2);
    for (const s of list) {
      for (const ar of [s.name_ar, s.city_ar]) expect(ar).toMatch(/^[\u0600-\u06FF\s]+$/);
      for (const en of [s.name_en, s.city_en]) expect(en).toMatch(/^[A-Za-z\s]+$/);
    }
    const exams = await rows<{ d_ar: string | null; d_en: string | null }>(sql`select description_ar as d_ar, description_en as d_en from exams`);
    for (const e of exams) {
      expect(e.d_ar).toMatch(/[\u0600-\u06FF]/);
      expect(e.d_en).toMatch(/^[^\u0600-\u06FF]+$/);
    }
  });

  it("shows a map with the geography exam's first question, described in both languages, to its author", async () => {
    const [q] = await rows<{ image_id: string; image_alt_ar: string; image_alt_en: string; creator_id: string }>(sql`
      select q.image_id, q.image_alt_ar, q.image_alt_en, e.creator_id from questions q join exams e on e.id = q.exam_id
      where e.title_en = 'Geography of the UAE' and q.position = 0 limit 1`);
    expect(q!.image_id).toBeTruthy();
    expect(q!.image_alt_ar).toContain("خريطة");
    expect(q!.image_alt_en).toContain("map");
    const [media] = await rows<{ storage_key: string; width: number }>(sql`select storage_key, width from exam_media where id = ${q!.image_id}`);
    expect(media!.width).toBe(640);
    expect(await h.app.storage.get(media!.storage_key)).not.toBeNull();
  });

  it("answers each essay with a text about its own question", async () => {
    const essays = await rows<{ question: string; answer: string }>(
      sql`select q.question_text_en as question, a.answer_text as answer from student_answers a join questions q on q.id = a.question_id where q.type = 'essay' and a.answer_text is not null`,
    );
    expect(essays.length).toBeGreaterThan(0);
    const topic: Record<string, RegExp> = { friend: /صديق/, Hijrah: /الهجرة|هاجر/, oil: /النفط/ };
    for (const e of essays) {
      const key = Object.keys(topic).find((k) => e.question.includes(k))!;
      expect(e.answer, e.question).toMatch(topic[key]!);
    }
  });

  it("marks right matching answers as right although each paper shows the responses shuffled", async () => {
    const [m] = await rows<{ right: number; all: number }>(
      sql`select count(*) filter (where a.is_correct)::int as right, count(*)::int as all from student_answers a join questions q on q.id = a.question_id where q.type = 'matching' and a.matching_answer is not null`,
    );
    expect(m!.right).toBeGreaterThan(m!.all / 3);
    expect(m!.right).toBeLessThan(m!.all);
  });

  it("spreads the scores of graded attempts from weak to excellent", async () => {
    const scores = await rows<{ pct: number }>(
      sql`select round(100.0 * se.score / (select sum(points) from questions q where q.exam_id = se.exam_id))::int as pct from student_exams se where se.status = 'graded'`,
    );
    const pcts = scores.map((s) => Number(s.pct));
    expect(Math.min(...pcts)).toBeLessThan(50);
    expect(Math.max(...pcts)).toBeGreaterThanOrEqual(85);
  });

  it("gives a teacher results to read, reports to open and essays still to grade, and leaves student01 with exams to take", async () => {
    const teacher = await h.signIn("teacher1.dubai@demo.qias.ae", DEMO_PASSWORD, "school");
    const results = await h.request({ method: "GET", url: "/api/results?status=graded", cookie: teacher });
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().items.length).toBeGreaterThan(0);
    let waiting = 0;
    for (const n of [1, 2, 3]) {
      const cookie = await h.signIn(`teacher${n}.dubai@demo.qias.ae`, DEMO_PASSWORD, "school");
      const queue = await h.request({ method: "GET", url: "/api/grading/queue", cookie });
      expect(queue.statusCode, queue.body).toBe(200);
      waiting += queue.json().items.length;
    }
    expect(waiting).toBeGreaterThan(0);
    const student = await h.signIn("student01.dubai@demo.qias.ae", DEMO_PASSWORD, "student");
    const overview = await h.request({ method: "GET", url: "/api/student/overview", cookie: student });
    expect(overview.json().available.length).toBeGreaterThan(0);
    expect(overview.json().completed).toHaveLength(0);
  });

  it("lets student07 (who struggles) read a report and a plan that points to a worksheet of their school", async () => {
    const student = await h.signIn("student07.dubai@demo.qias.ae", DEMO_PASSWORD, "student");
    const overview = (await h.request({ method: "GET", url: "/api/student/overview", cookie: student })).json();
    expect(overview.completed.length).toBe(4);
    let resources = 0;
    for (const c of overview.completed) {
      const res = await h.request({ method: "GET", url: `/api/attempts/${c.attempt.id}/reports`, cookie: student });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.report).not.toBeNull();
      expect(body.plan).not.toBeNull();
      resources += JSON.stringify(body.plan).includes(".txt") ? 1 : 0;
    }
    expect(resources).toBeGreaterThan(0);
    const files = await h.request({ method: "GET", url: "/api/files", cookie: await h.signIn("teacher1.dubai@demo.qias.ae", DEMO_PASSWORD, "school") });
    expect(files.json().items.every((f: { skillIds: string[] }) => f.skillIds.length > 0)).toBe(true);
  });
});
