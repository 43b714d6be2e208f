// Calibration inside the app through the real API and database (issue 35; decision 0045): who may run and read an
// exam's calibrations (item analysis' rule), bad input, one run at a time per exam, the stored run equal to what
// calibrate.ts gives on the same responses, a bank item's parameter history, and the reliability figures equal to
// reliability.ts's on the same matrix.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { bankItemVersions, questions as questionsTable, studentAnswers, studentExams } from "../../db/schema";
import { calibrateExam, examResponses } from "../../psychometrics/calibrate-exam";
import { classicalReliability, lordConditionalSem, marginalReliability } from "../../psychometrics/reliability";
import type { TCalibrationDetail, TCalibrationRun, TExamReliability, TItemCalibrations } from "../../../shared/schemas/psychometrics";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
let own: string;
let other: string;
let examId: string;
let questionIds: string[];
const cookie = {} as Record<"super_admin" | "teacher" | "colleague" | "otherTeacher" | "schoolAdmin" | "otherAdmin" | "student", string>;

const req = (method: "GET" | "POST", url: string, c?: string, payload?: unknown) => h.request({ method, url, cookie: c, ...(payload !== undefined ? { payload: payload as object } : {}) });


/** A small deterministic generator (mulberry32), so that the simulated cohort is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const normal = (rand: () => number) => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());

const DIFFICULTY = [-1.5, -0.75, 0, 0.5, 1, 1.5];
const STUDENTS = 60;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_psy_own", "مدرسة القياس");
  other = await h.makeSchool("school_psy_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["colleague", "teacher", own],
    ["otherTeacher", "teacher", other],
    ["schoolAdmin", "school_admin", own],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
  const s = await h.makeUser("student", { schoolId: own });
  cookie.student = await h.signIn(s.email, s.password, "student");

  const res = await req("POST", "/api/exams", cookie.teacher, {
    titleAr: "اختبار المعايرة",
    titleEn: "Calibration exam",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    schoolIds: [],
    questions: DIFFICULTY.map((_, i) => ({ type: "true_false", questionTextAr: `س${i + 1}`, questionTextEn: `Q${i + 1}`, points: 1, options: TRUE_FALSE })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const exam = res.json() as { id: string; questions: { id: string }[] };
  examId = exam.id;
  questionIds = exam.questions.map((q) => q.id);

  // 60 simulated students of the own school, answering by a 2PL (a = 1.5), all graded.
  const rand = random(35);
  const started = new Date(Date.now() + 60_000);
  for (let p = 0; p < STUDENTS; p++) {
    const student = await h.makeUser("student", { schoolId: own });
    const theta = normal(rand);
    const [attempt] = await h.db.insert(studentExams).values({ studentId: student.id, examId, status: "graded", startedAt: started }).returning();
    const marks = DIFFICULTY.map((b) => (rand() < 1 / (1 + Math.exp(-1.5 * (theta - b))) ? 1 : 0));
    await h.db.insert(studentAnswers).values(marks.map((score, i) => ({ studentExamId: attempt!.id, questionId: questionIds[i]!, studentId: student.id, score })));
  }
});
afterAll(async () => {
  await h?.close();
});

describe("who may calibrate and read calibrations", () => {
  it("a student is refused; another school's staff do not find the exam", async () => {
    expect((await req("POST", `/api/exams/${examId}/calibrations`, cookie.student, { model: "2pl" })).statusCode).toBe(403);
    expect((await req("GET", `/api/exams/${examId}/calibrations`, cookie.student)).statusCode).toBe(403);
    for (const who of ["otherTeacher", "otherAdmin"] as const) {
      const post = await req("POST", `/api/exams/${examId}/calibrations`, cookie[who], { model: "2pl" });
      expect(post.statusCode, who).toBe(404);
      expect(post.json().code).toBe("EXAM_NOT_FOUND");
      expect((await req("GET", `/api/exams/${examId}/calibrations`, cookie[who])).statusCode).toBe(404);
      expect((await req("GET", `/api/analytics/exams/${examId}/reliability`, cookie[who])).statusCode).toBe(404);
    }
    expect((await req("POST", `/api/exams/${examId}/calibrations`, undefined, { model: "2pl" })).statusCode).toBe(401);
  });

  it("bad input: unknown model, wrong types, too-long strings, non-uuid ids — 400/404 with the catalogue's codes", async () => {
    const url = `/api/exams/${examId}/calibrations`;
    for (const body of [{ model: "4pl" }, { model: 2 }, {}, { model: "x".repeat(10_000) }, { model: "2pl", minResponses: "30" }, { model: "2pl", minResponses: 0 }, { model: "2pl", minResponses: 1.5 }]) {
      const res = await req("POST", url, cookie.teacher, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const badExam = await req("POST", "/api/exams/not-a-uuid/calibrations", cookie.teacher, { model: "2pl" });
    expect([badExam.statusCode, badExam.json().code]).toEqual([404, "EXAM_NOT_FOUND"]);
    const badRun = await req("GET", "/api/calibrations/not-a-uuid", cookie.teacher);
    expect([badRun.statusCode, badRun.json().code]).toEqual([404, "CALIBRATION_NOT_FOUND"]);
    const noRun = await req("GET", "/api/calibrations/00000000-0000-4000-8000-000000000000", cookie.teacher);
    expect([noRun.statusCode, noRun.json().code]).toEqual([404, "CALIBRATION_NOT_FOUND"]);
    const badItem = await req("GET", "/api/bank/not-a-uuid/calibrations", cookie.teacher);
    expect([badItem.statusCode, badItem.json().code]).toEqual([404, "BANK_ITEM_NOT_FOUND"]);
  });
});

describe("a calibration run", () => {
  let run: TCalibrationDetail;

  it("the school's admin runs a 2PL: 201 with the stored run, equal to calibrate.ts on the same responses", async () => {
    const res = await req("POST", `/api/exams/${examId}/calibrations`, cookie.schoolAdmin, { model: "2pl" });
    expect(res.statusCode, res.body).toBe(201);
    run = res.json() as TCalibrationDetail;
    const direct = await calibrateExam(h.db, examId, "2pl", { minResponses: 30 });
    expect(run).toMatchObject({ examId, model: "2pl", students: STUDENTS, items: direct.items.length, converged: direct.converged, minResponses: 30 });
    expect(run.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const q of run.questions) {
      const item = direct.items.find((x) => x.item === q.questionId);
      const problem = direct.problems.find((x) => x.item === q.questionId);
      if (item) {
        expect(q.a).toBeCloseTo(item.a, 9);
        expect(q.b).toBeCloseTo(item.b, 9);
        expect(q.se?.a).toBeCloseTo(item.se.a!, 9);
        expect(q.fit?.p ?? null).toEqual(item.fit.chiSquare?.p ?? null);
        expect(q.problem).toBeNull();
      } else expect(q.problem?.reason).toBe(problem!.reason);
    }
    expect(direct.items.length).toBeGreaterThanOrEqual(4);
  });

  it("a too-high minimum names the problem per question, with the counts", async () => {
    const res = await req("POST", `/api/exams/${examId}/calibrations`, cookie.teacher, { model: "rasch", minResponses: 61 });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as TCalibrationDetail;
    expect(detail.minResponses).toBe(61);
    expect(detail.questions.every((q) => q.problem?.reason === "too_few_responses" && q.n === STUDENTS && q.a === null)).toBe(true);
  });

  it("one at a time per exam: a second request while one runs is 409", async () => {
    const [a, b] = await Promise.all([
      req("POST", `/api/exams/${examId}/calibrations`, cookie.teacher, { model: "rasch" }),
      req("POST", `/api/exams/${examId}/calibrations`, cookie.colleague, { model: "rasch" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe("CALIBRATION_RUNNING");
    // And free again afterwards.
    expect((await req("POST", `/api/exams/${examId}/calibrations`, cookie.teacher, { model: "2pl" })).statusCode).toBe(201);
  });

  it("the runs, newest first, for the exam's readers; a run for its readers only", async () => {
    const res = await req("GET", `/api/exams/${examId}/calibrations`, cookie.colleague);
    expect(res.statusCode, res.body).toBe(200);
    const runs = (res.json() as { runs: TCalibrationRun[] }).runs;
    expect(runs.map((r) => r.model)).toEqual(["2pl", "rasch", "rasch", "2pl"]);
    expect(runs.at(-1)).toMatchObject({ id: run.id, createdByName: "schoolAdmin", students: STUDENTS });
    expect((await req("GET", `/api/calibrations/${run.id}`, cookie.super_admin)).statusCode).toBe(200);
    const foreign = await req("GET", `/api/calibrations/${run.id}`, cookie.otherAdmin);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, "CALIBRATION_NOT_FOUND"]);
    expect((await req("GET", `/api/calibrations/${run.id}`, cookie.student)).statusCode).toBe(403);
  });

  it("a bank item's parameter history: each calibration of its version; not for another school", async () => {
    const [row] = await h.db.select({ itemId: bankItemVersions.itemId }).from(questionsTable).innerJoin(bankItemVersions, eq(bankItemVersions.id, questionsTable.itemVersionId)).where(eq(questionsTable.id, questionIds[2]!));
    const res = await req("GET", `/api/bank/${row!.itemId}/calibrations`, cookie.colleague);
    expect(res.statusCode, res.body).toBe(200);
    const history = (res.json() as TItemCalibrations).calibrations;
    expect(history.map((c) => c.model)).toEqual(["2pl", "rasch", "rasch", "2pl"]);
    const first = history.at(-1)!;
    const q3 = run.questions[2]!;
    expect(first).toMatchObject({ calibrationId: run.id, version: 1, n: STUDENTS, a: q3.a, b: q3.b, exam: { id: examId, titleEn: "Calibration exam" } });
    expect((await req("GET", `/api/bank/${row!.itemId}/calibrations`, cookie.otherTeacher)).statusCode).toBe(404);
    expect((await req("GET", `/api/bank/${row!.itemId}/calibrations`, cookie.student)).statusCode).toBe(403);
  });

  it("reliability: the figures reliability.ts gives on the same matrix, and the latest run's information", async () => {
    const res = await req("GET", `/api/analytics/exams/${examId}/reliability`, cookie.schoolAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TExamReliability;
    const { matrix } = await examResponses(h.db, examId);
    const expected = classicalReliability(matrix);
    expect(r).toMatchObject({ attempts: STUDENTS, complete: STUDENTS, items: 6 });
    expect(r.alpha).toBeCloseTo(expected.alpha, 12);
    expect(r.lambda2).toBeCloseTo(expected.lambda2, 12);
    expect(r.feldtGilmer).toBeCloseTo(expected.feldtGilmer!, 12);
    expect(r.sem).toBeCloseTo(expected.sem!, 12);
    expect(r.csem).toEqual(lordConditionalSem(6));
    expect(r.csemApproximate).toBe(false);
    // The latest run is the 2PL just above.
    const latest = (await req("GET", `/api/exams/${examId}/calibrations`, cookie.teacher)).json().runs[0] as TCalibrationRun;
    const detail = (await req("GET", `/api/calibrations/${latest.id}`, cookie.teacher)).json() as TCalibrationDetail;
    const items = detail.questions.filter((q) => q.a !== null).map((q) => ({ a: q.a!, b: q.b!, c: q.c ?? 0 }));
    expect(r.irt).toMatchObject({ calibrationId: latest.id, model: "2pl" });
    expect(r.irt!.marginalReliability).toBeCloseTo(marginalReliability(items), 12);
    expect(r.irt!.curve).toHaveLength(33);
    expect(r.irt!.curve.every((c) => c.information > 0 && c.sem! > 0)).toBe(true);
  });

  it("an exam nobody has sat: 409 with nothing to calibrate, and empty reliability", async () => {
    const res = await req("POST", "/api/exams", cookie.teacher, {
      titleAr: "فارغ",
      titleEn: "Empty",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      questions: [{ type: "true_false", questionTextAr: "س", questionTextEn: "Q", points: 1, options: TRUE_FALSE }],
    });
    const empty = (res.json() as { id: string }).id;
    const post = await req("POST", `/api/exams/${empty}/calibrations`, cookie.teacher, { model: "2pl" });
    expect([post.statusCode, post.json().code]).toEqual([409, "CALIBRATION_NO_ATTEMPTS"]);
    const rel = await req("GET", `/api/analytics/exams/${empty}/reliability`, cookie.teacher);
    expect(rel.statusCode, rel.body).toBe(200);
    expect(rel.json()).toMatchObject({ attempts: 0, alpha: null, csem: null, irt: null });
  });
});
