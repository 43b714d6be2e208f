// Concurrent calibration onto a scale (issue 35, decision 0053): a new exam sharing eight items with the scale's
// reference exam, sat by an abler cohort (θ ~ N(0.6, 1)), is calibrated together with the reference exam's
// students (N(0, 1)); the run is on the scale as it stands (A = 1, B = 0), its anchors are the shared items, and the
// new cohort's mean ability comes out near 0.6 — the shift a separate calibration of its own would have hidden.
// Refusals: the reference exam itself, another subject, too few shared items, unknown exam, bad model, extra field,
// another role.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { attemptAbilities, auditLog, authUsers, profiles, questions, studentAnswers, studentExams } from "../../db/schema";
import { attemptScaleScores } from "../../psychometrics/scale";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
let admin: string;
let teacher: string;
let school: string;
let scaleId: string;
const exams = {} as Record<"ref" | "next" | "few" | "other", string>;
const attempts = { ref: [] as string[], next: [] as string[] };

const SHARED = [
  { a: 1.0, b: -1.2 },
  { a: 1.4, b: -0.6 },
  { a: 0.9, b: -0.2 },
  { a: 1.6, b: 0.1 },
  { a: 1.1, b: 0.4 },
  { a: 1.3, b: 0.8 },
  { a: 0.8, b: 1.1 },
  { a: 1.2, b: -0.9 },
];
const OWN = [
  { a: 1.0, b: 0.0 },
  { a: 1.2, b: 0.6 },
];
const N = 400;

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(53);
const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

async function makeExam(subjectId: string, n: number): Promise<{ id: string; questionIds: string[] }> {
  const res = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie: teacher,
    payload: { titleAr: "اختبار", titleEn: "Exam", subjectId, durationMinutes: 30, status: "published", schoolIds: [], questions: Array.from({ length: n }, (_, k) => ({ type: "true_false", questionTextAr: `س${k}`, questionTextEn: `Q${k}`, points: 1, options: TRUE_FALSE })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const exam = res.json() as { id: string; questions: { id: string }[] };
  return { id: exam.id, questionIds: exam.questions.map((q) => q.id) };
}

/** The reference exam's first `count` questions, as the same item versions, appended to another exam. */
async function share(fromExam: string, toExam: string, count: number, after: number) {
  const rows = await h.db.select().from(questions).where(eq(questions.examId, fromExam)).orderBy(questions.position);
  const copied = await h.db
    .insert(questions)
    .values(rows.slice(0, count).map(({ id: _id, examId: _e, position, createdAt: _c, ...rest }) => ({ ...rest, examId: toExam, position: after + position })))
    .returning({ id: questions.id });
  return copied.map((c) => c.id);
}

/** `n` graded attempts at the exam, answering its questions (items, in order) by a 2PL at θ ~ N(mean, 1). */
async function sit(examId: string, questionIds: string[], items: { a: number; b: number }[], mean: number, tag: string): Promise<string[]> {
  const hash = (await h.db.select({ hash: authUsers.passwordHash }).from(authUsers).limit(1))[0]!.hash;
  const users = await h.db.insert(authUsers).values(Array.from({ length: N }, (_, p) => ({ email: `${tag}${p}@concurrent.test`, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
  await h.db.insert(profiles).values(users.map((u) => ({ id: u.id, email: u.email, username: u.email, name: u.email, role: "student" as const, schoolId: school, grade: 8, className: "8A" })));
  const rows = await h.db.insert(studentExams).values(users.map((u) => ({ studentId: u.id, examId, status: "graded" as const, grade: 8, className: "8A" }))).returning({ id: studentExams.id, studentId: studentExams.studentId });
  const answers = rows.flatMap((r) => {
    const theta = mean + normal();
    return items.map((it, i) => ({ studentExamId: r.id, questionId: questionIds[i]!, studentId: r.studentId, score: rand() < 1 / (1 + Math.exp(-it.a * (theta - it.b))) ? 1 : 0 }));
  });
  for (let i = 0; i < answers.length; i += 2000) await h.db.insert(studentAnswers).values(answers.slice(i, i + 2000));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  school = await h.makeSchool("school_concurrent", "مدرسة المعايرة المتزامنة");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");

  const ref = await makeExam("arabic", SHARED.length);
  exams.ref = ref.id;
  attempts.ref = await sit(ref.id, ref.questionIds, SHARED, 0, "ref");
  const next = await makeExam("arabic", OWN.length);
  exams.next = next.id;
  const copied = await share(ref.id, next.id, SHARED.length, OWN.length);
  attempts.next = await sit(next.id, [...next.questionIds, ...copied], [...OWN, ...SHARED], 0.6, "next");
  const few = await makeExam("arabic", 1);
  exams.few = few.id;
  const fewCopied = await share(ref.id, few.id, 3, 1);
  await sit(few.id, [...few.questionIds, ...fewCopied], [OWN[0]!, ...SHARED.slice(0, 3)], 0, "few");
  exams.other = (await makeExam("islamic", 1)).id;

  // The scale, its reference the reference exam's own 2PL calibration.
  const calibrated = await h.request({ method: "POST", url: `/api/exams/${ref.id}/calibrations`, cookie: admin, payload: { model: "2pl" } });
  expect(calibrated.statusCode, calibrated.body).toBe(201);
  const created = await h.request({ method: "POST", url: "/api/scales", cookie: admin, payload: { subjectId: "arabic", grade: 8, nameAr: "مقياس", nameEn: "Scale" } });
  scaleId = created.json().id;
  const set = await h.request({ method: "PATCH", url: `/api/scales/${scaleId}`, cookie: admin, payload: { referenceCalibrationId: calibrated.json().id, mean: 500, sd: 100 } });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await h?.close();
});

const post = (payload: unknown, cookie = admin) => h.request({ method: "POST", url: `/api/scales/${scaleId}/concurrent`, cookie, payload: payload as object });

describe("concurrent calibration onto a scale", () => {
  it("refuses the reference exam, another subject, too few shared items, an unknown exam, bad input and other roles", async () => {
    const expectCode = async (payload: unknown, status: number, code: string) => {
      const res = await post(payload);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code]);
    };
    await expectCode({ examId: exams.ref }, 400, "SCALE_LINK_REFERENCE");
    await expectCode({ examId: exams.other }, 400, "SCALE_CALIBRATION_WRONG_SUBJECT");
    await expectCode({ examId: exams.few }, 400, "SCALE_TOO_FEW_ANCHORS");
    await expectCode({ examId: "00000000-0000-4000-8000-000000000000" }, 404, "EXAM_NOT_FOUND");
    await expectCode({ examId: "not-an-id" }, 404, "EXAM_NOT_FOUND");
    await expectCode({ examId: exams.next, model: "4pl" }, 400, "VALIDATION_FAILED");
    expect((await post({ examId: exams.next, extra: 1 })).statusCode).toBe(400);
    expect((await post({})).json().code).toBe("EXAM_NOT_FOUND");
    expect((await post({ examId: exams.next }, teacher)).statusCode).toBe(403);
    expect((await h.request({ method: "POST", url: "/api/scales/00000000-0000-4000-8000-000000000000/concurrent", cookie: admin, payload: { examId: exams.next } })).json().code).toBe("SCALE_NOT_FOUND");
  });

  it("calibrates the two cohorts together: on the scale as it stands, through the shared items, the abler cohort found abler", async () => {
    const res = await post({ examId: exams.next, model: "2pl" });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({ method: "concurrent", A: 1, B: 0, dropped: [], drift: [] });
    expect(link.anchors).toHaveLength(SHARED.length);
    // The new cohort's abilities in the run: their mean near the 0.6 they were drawn at (EAPs shrink a little).
    const scores = await attemptScaleScores(h.db, [...attempts.next, ...attempts.ref]);
    const run = scores.get(attempts.next[0]!)!.calibrationId;
    const rows = await h.db.select().from(attemptAbilities).where(eq(attemptAbilities.calibrationId, run));
    const mean = (ids: string[]) => {
      const set = new Set(ids);
      const eaps = rows.filter((r) => set.has(r.studentExamId)).map((r) => Number(r.eap));
      return eaps.reduce((s, x) => s + x, 0) / eaps.length;
    };
    expect(mean(attempts.next) - mean(attempts.ref)).toBeGreaterThan(0.4);
    expect(mean(attempts.next) - mean(attempts.ref)).toBeLessThan(0.8);
    expect(Math.abs(mean(attempts.ref))).toBeLessThan(0.15);
    // Every attempt of both exams is now on the scale through this run.
    expect(scores.size).toBe(2 * N);
    expect(scores.get(attempts.ref[0]!)!.calibrationId).toBe(run);
    // Listed among the scale's runs as linked concurrently; audited.
    const runs = (await h.request({ method: "GET", url: `/api/scales/${scaleId}/runs`, cookie: admin })).json().items as { id: string; linking: { method: string } | null }[];
    expect(runs.find((r) => r.id === run)?.linking?.method).toBe("concurrent");
    expect((await h.db.select().from(auditLog).where(eq(auditLog.entityId, run))).map((a) => a.entity)).toEqual(["calibration_link"]);
  });
});
