// The levels' cache version (issue 39, decision 0053): one row kept by the database's triggers, not a pass over every
// ability and attempt. It moves after each way the figures' inputs change, and only then; the cached answer is a
// fresh computation's after each; and its plan reads neither attempt_abilities nor student_exams.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { attemptAbilities, calibrations, exams, profiles, studentExams } from "../../db/schema";
import { levelsByGroup, levelsVersion, levelsVersionQuery, scoredAttempts, summarizeLevels } from "./levels-by-group";
import { getScale } from "./scales.service";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
let admin: string;
let school: string;
let examId: string;
let scaleId: string;
let reference: string;
const attempts: { id: string; student: string }[] = [];


async function attempt(grade = 8) {
  const student = await h.makeUser("student", { schoolId: school, grade, className: "8A" });
  const [row] = await h.db.insert(studentExams).values({ studentId: student.id, examId, status: "graded", grade, className: "8A", completedAt: new Date("2026-03-01T08:00:00Z") }).returning();
  return { id: row!.id, student: student.id };
}

/** The figures worked out afresh, without the cache. */
async function fresh() {
  const scale = await getScale(h.db, scaleId);
  return summarizeLevels(scale, await scoredAttempts(h.db, scale), 2, "en");
}

/** The version moves with `change`, and the cached answer then equals a fresh one (and differs from before when `moves`). */
async function expectNewVersion(change: () => Promise<unknown>, moves = true) {
  const before = await levelsVersion(h.db, scaleId);
  const cachedBefore = await levelsByGroup(h.db, scaleId, 2);
  await change();
  expect(await levelsVersion(h.db, scaleId)).not.toBe(before);
  const cached = await levelsByGroup(h.db, scaleId, 2);
  expect(cached).toEqual(await fresh());
  if (moves) expect(cached).not.toEqual(cachedBefore);
}

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_version", "مدرسة النسخة");
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const teacher = await h.makeUser("teacher", { schoolId: school });
  const res = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie: await h.signIn(teacher.email, teacher.password, "school"),
    payload: {
      titleAr: "اختبار",
      titleEn: "Exam",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      questions: [{ type: "true_false", questionTextAr: "س", questionTextEn: "Q", points: 1, options: TRUE_FALSE }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  examId = res.json().id;
  for (let k = 0; k < 6; k++) attempts.push(await attempt());
  const [c] = await h.db.insert(calibrations).values({ examId, model: "2pl", students: 6, items: 1 }).returning();
  reference = c!.id;
  await h.db.insert(attemptAbilities).values(attempts.map((a, k) => ({ calibrationId: reference, studentExamId: a.id, items: 1, eap: k - 2.5, eapSe: 0.4 })));
  const req = (method: "POST" | "PATCH" | "PUT", url: string, payload: object) => h.request({ method, url, cookie: admin, payload });
  let r = await req("POST", "/api/scales", { subjectId: "arabic", grade: 8, nameAr: "مقياس", nameEn: "Scale" });
  expect(r.statusCode, r.body).toBe(201);
  scaleId = r.json().id;
  r = await req("PATCH", `/api/scales/${scaleId}`, { referenceCalibrationId: reference, mean: 500, sd: 100 });
  expect(r.statusCode, r.body).toBe(200);
  r = await req("PUT", `/api/scales/${scaleId}/levels`, {
    levels: [
      { nameAr: "أساسي", nameEn: "Basic", minScore: null },
      { nameAr: "متمكّن", nameEn: "Proficient", minScore: 500 },
    ],
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await h?.close();
});

describe("the levels' cache version", () => {
  it("reads no ability and no attempt: its plan touches neither table", async () => {
    const [row] = rowsOf<Record<string, unknown>>(await h.db.execute(sql`explain (format json) ${levelsVersionQuery(scaleId)}`));
    const plan = JSON.stringify(Object.values(row!)[0]);
    expect(plan).not.toContain("attempt_abilities");
    expect(plan).not.toContain("student_exams");
    expect(plan).not.toContain("profiles");
  });

  it("stays when nothing the figures use changes (a mark, a name), so the second view is the cached one", async () => {
    const before = await levelsVersion(h.db, scaleId);
    const first = await levelsByGroup(h.db, scaleId, 2);
    await h.db.update(studentExams).set({ score: 1 }).where(eq(studentExams.id, attempts[0]!.id));
    await h.db.update(profiles).set({ name: "Another name" }).where(eq(profiles.id, attempts[0]!.student));
    // An attempt without an ability moving class is on no scale.
    const unscored = await attempt();
    await h.db.update(studentExams).set({ className: "8B" }).where(eq(studentExams.id, unscored.id));
    expect(await levelsVersion(h.db, scaleId)).toBe(before);
    expect(await levelsByGroup(h.db, scaleId, 2)).toBe(first);
  });

  it("moves when an ability is written, changed or removed with its attempt", async () => {
    const added = await attempt();
    await expectNewVersion(() => h.db.insert(attemptAbilities).values({ calibrationId: reference, studentExamId: added.id, items: 1, eap: 2, eapSe: 0.4 }));
    await expectNewVersion(() => h.db.update(attemptAbilities).set({ eap: -2 }).where(and(eq(attemptAbilities.calibrationId, reference), eq(attemptAbilities.studentExamId, added.id))));
    // The attempt deleted: its ability goes by ON DELETE CASCADE, with no application code in between.
    await expectNewVersion(() => h.db.delete(studentExams).where(eq(studentExams.id, added.id)));
  });

  it("moves when an attempt with an ability changes class, grade or completion time", async () => {
    await expectNewVersion(() => h.db.update(studentExams).set({ className: "8C" }).where(eq(studentExams.id, attempts[1]!.id)));
    await expectNewVersion(() => h.db.update(studentExams).set({ grade: 7 }).where(eq(studentExams.id, attempts[2]!.id)));
    // The figures here do not show the completion (the dashboard's trend by year does): the version moves all the same.
    await expectNewVersion(() => h.db.update(studentExams).set({ completedAt: new Date("2025-03-01T08:00:00Z") }).where(eq(studentExams.id, attempts[3]!.id)), false);
  });

  it("moves when a student's school, gender or language background changes, even without updated_at", async () => {
    const other = await h.makeSchool("school_version_2", "مدرسة أخرى");
    await expectNewVersion(() => h.db.update(profiles).set({ gender: "female" }).where(eq(profiles.id, attempts[4]!.student)));
    await expectNewVersion(() => h.db.update(profiles).set({ languageBackground: "other" }).where(eq(profiles.id, attempts[4]!.student)));
    await expectNewVersion(() => h.db.update(profiles).set({ schoolId: other }).where(eq(profiles.id, attempts[5]!.student)));
  });

  it("moves once per writing transaction, at its commit (migration 0045): not before, and not for a rolled-back change", async () => {
    const counter = async () => Number(rowsOf<{ n: string }>(await h.db.execute(sql`select changes as n from scale_input_changes`))[0]!.n);
    const start = await counter();
    await h.db.transaction(async (tx) => {
      await tx.update(profiles).set({ gender: "male" }).where(eq(profiles.id, attempts[4]!.student));
      await tx.update(studentExams).set({ className: "8D" }).where(eq(studentExams.id, attempts[1]!.id));
      // Not yet: the one row's lock is taken at the commit, so no writer holds it while it waits for anything else.
      const [row] = rowsOf<{ n: string }>(await tx.execute(sql`select changes as n from scale_input_changes`));
      expect(Number(row!.n)).toBe(start);
    });
    expect(await counter()).toBe(start + 1);
    await expect(
      h.db.transaction(async (tx) => {
        await tx.update(profiles).set({ gender: "female" }).where(eq(profiles.id, attempts[4]!.student));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await counter()).toBe(start + 1);
    // Nothing is left waiting for a commit.
    expect(rowsOf(await h.db.execute(sql`select txid from scale_input_pending`))).toEqual([]);
  });

  it("moves when the exam changes subject (its attempts leave the scale)", async () => {
    await expectNewVersion(() => h.db.update(exams).set({ subjectId: "islamic" }).where(eq(exams.id, examId)));
    expect((await fresh()).attempts).toBe(0);
  });
});
