// Standard setting through the real app (issue 35; docs/decisions/0048): a super_admin creates a study on a scale's
// reference run, invites panellists, opens rounds; panellists rate (Angoff grid, Bookmark pages); the figures between
// rounds; closing; approval writing the levels' cuts in one transaction; and every refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { attemptAbilities, calibrations, itemCalibrations, proficiencyLevels, questions, reportingScales, standardSettingRatings, studentExams } from "../../db/schema";
import type { TPanellistStudy, TStudyDetail, TStudyFigures } from "../../../shared/schemas/standard-setting";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
const c = {} as Record<"admin" | "p1" | "p2" | "outsider" | "student", string>;
const ids = {} as Record<"p1" | "p2" | "student" | "scale" | "run" | "otherRun" | "oneLevelScale", string>;
let versions: string[] = [];

const req = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });


beforeAll(async () => {
  h = await createHarness();
  const a = await h.makeSchool("ss_a");
  const b = await h.makeSchool("ss_b");
  c.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const p1 = await h.makeUser("teacher", { schoolId: a, name: "Panellist One" });
  const p2 = await h.makeUser("school_admin", { schoolId: b, name: "Panellist Two" });
  const outsider = await h.makeUser("teacher", { schoolId: a });
  const student = await h.makeUser("student", { schoolId: a, grade: 8 });
  Object.assign(ids, { p1: p1.id, p2: p2.id, student: student.id });
  c.p1 = await h.signIn(p1.email, p1.password, "school");
  c.p2 = await h.signIn(p2.email, p2.password, "school");
  c.outsider = await h.signIn(outsider.email, outsider.password, "school");
  c.student = await h.signIn(student.email, student.password, "student");

  const exam = await req(c.p1, "POST", "/api/exams", {
    titleAr: "اختبار المعايير",
    titleEn: "Standards test",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    schoolIds: [],
    questions: [1, 2, 3].map((n) => ({ type: "true_false", questionTextAr: `س${n}`, questionTextEn: `Q${n}`, points: 1, options: TRUE_FALSE })),
  });
  expect(exam.statusCode, exam.body).toBe(201);
  const examId = exam.json().id as string;
  versions = (await h.db.select({ v: questions.itemVersionId }).from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.position))).map((r) => r.v);

  // A hand-made reference run: three Rasch-like items at b = −1, 0, 1, and a cohort of five at θ = −1.5 … 1.5.
  const [run] = await h.db.insert(calibrations).values({ examId, model: "2pl", students: 5, items: 3 }).returning();
  const [otherRun] = await h.db.insert(calibrations).values({ examId, model: "2pl", students: 5, items: 3 }).returning();
  Object.assign(ids, { run: run!.id, otherRun: otherRun!.id });
  for (const runId of [run!.id, otherRun!.id]) {
    await h.db.insert(itemCalibrations).values(versions.map((v, i) => ({ calibrationId: runId, itemVersionId: v, examId, model: "2pl", n: 5, params: { a: 1, b: i - 1, c: 0, d: -(i - 1) } })));
  }
  for (const theta of [-1.5, -0.5, 0, 0.5, 1.5]) {
    const s = await h.makeUser("student", { schoolId: a, grade: 8 });
    const [attempt] = await h.db.insert(studentExams).values({ studentId: s.id, examId, status: "graded" }).returning();
    await h.db.insert(attemptAbilities).values({ calibrationId: run!.id, studentExamId: attempt!.id, items: 3, eap: theta, eapSe: 0.5 });
  }
  const [scale] = await h.db.insert(reportingScales).values({ subjectId: "arabic", grade: 8, nameAr: "العربية ٨", nameEn: "Arabic 8", referenceExamId: examId, referenceCalibrationId: run!.id }).returning();
  ids.scale = scale!.id;
  await h.db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "مبتدئ", nameEn: "Beginning" },
    { scaleId: scale!.id, position: 1, nameAr: "متوسط", nameEn: "Developing", minScore: 450 },
    { scaleId: scale!.id, position: 2, nameAr: "متقدم", nameEn: "Advanced", minScore: 650 },
  ]);
  const [oneLevel] = await h.db.insert(reportingScales).values({ subjectId: "arabic", grade: 9, nameAr: "العربية ٩", nameEn: "Arabic 9", referenceCalibrationId: run!.id }).returning();
  ids.oneLevelScale = oneLevel!.id;
  await h.db.insert(proficiencyLevels).values({ scaleId: oneLevel!.id, position: 0, nameAr: "واحد", nameEn: "One" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function newStudy(method: "angoff" | "bookmark"): Promise<TStudyDetail> {
  const res = await req(c.admin, "POST", "/api/standard-setting/studies", { scaleId: ids.scale, method, calibrationId: ids.run });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const grid = (level1: number[], level2: number[]) => ({
  ratings: [
    ...versions.map((itemVersionId, i) => ({ position: 1, itemVersionId, value: level1[i]! })),
    ...versions.map((itemVersionId, i) => ({ position: 2, itemVersionId, value: level2[i]! })),
  ],
});

describe("creating a study", () => {
  it("refuses what cannot be a study, bilingually", async () => {
    const cases: [object, number, string][] = [
      [{ scaleId: "nope", method: "angoff", calibrationId: ids.run }, 404, "STUDY_SCALE_NOT_FOUND"],
      [{ scaleId: ids.scale, method: "contrasting", calibrationId: ids.run }, 400, "VALIDATION_FAILED"],
      [{ scaleId: ids.scale, method: "bookmark", calibrationId: ids.run, responseProbability: 0.5 }, 400, "VALIDATION_FAILED"],
      [{ scaleId: ids.scale, method: "bookmark", calibrationId: ids.run, responseProbability: "0.67" }, 400, "VALIDATION_FAILED"],
      [{ scaleId: "00000000-0000-4000-8000-000000000000", method: "angoff", calibrationId: ids.run }, 404, "STUDY_SCALE_NOT_FOUND"],
      [{ scaleId: ids.scale, method: "angoff", calibrationId: "00000000-0000-4000-8000-000000000000" }, 404, "STUDY_CALIBRATION_NOT_FOUND"],
      [{ scaleId: ids.scale, method: "angoff", calibrationId: ids.otherRun }, 409, "STUDY_RUN_NOT_ON_SCALE"],
      [{ scaleId: ids.oneLevelScale, method: "angoff", calibrationId: ids.run }, 409, "STUDY_NEEDS_LEVELS"],
    ];
    for (const [payload, status, code] of cases) {
      const res = await req(c.admin, "POST", "/api/standard-setting/studies", payload);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code]);
      expect(res.json().title.ar).toBeTruthy();
    }
  });

  it("offers each scale with the runs on it", async () => {
    const res = await req(c.admin, "GET", "/api/standard-setting/options");
    expect(res.statusCode, res.body).toBe(200);
    const scale = res.json().scales.find((s: { id: string }) => s.id === ids.scale);
    expect(scale).toMatchObject({ levels: 3, runs: [{ id: ids.run, reference: true, items: 3 }] });
    expect((await req(c.p1, "GET", "/api/standard-setting/options")).statusCode).toBe(403);
  });

  it("is the super_admin's: staff and students are refused", async () => {
    for (const cookie of [c.p1, c.student]) {
      expect((await req(cookie, "GET", "/api/standard-setting/studies")).statusCode).toBe(403);
      expect((await req(cookie, "POST", "/api/standard-setting/studies", { scaleId: ids.scale, method: "angoff", calibrationId: ids.run })).statusCode).toBe(403);
    }
  });

  it("a linked run is on the scale; its items are put on the reference θ", async () => {
    await h.db.update(calibrations).set({ linking: { scaleId: ids.scale, A: 1, B: 0 } }).where(eq(calibrations.id, ids.otherRun));
    const res = await req(c.admin, "POST", "/api/standard-setting/studies", { scaleId: ids.scale, method: "angoff", calibrationId: ids.otherRun });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: "draft", round: 0, items: 3, responseProbability: 0.67 });
  });
});

describe("a modified Angoff study, round by round", () => {
  let study: TStudyDetail;
  const url = () => `/api/standard-setting/studies/${study.id}`;
  const mine = () => `/api/standard-setting/invitations/${study.id}`;

  it("cannot open round 1 without panellists; invites only teachers and school admins", async () => {
    study = await newStudy("angoff");
    expect((await req(c.admin, "POST", `${url()}/rounds`)).json().code).toBe("STUDY_NO_PANELLISTS");
    expect((await req(c.admin, "POST", `${url()}/panellists`, { userIds: [ids.student] })).json().code).toBe("STUDY_PANELLIST_NOT_STAFF");
    expect((await req(c.admin, "POST", `${url()}/panellists`, { userIds: ["00000000-0000-4000-8000-000000000000"] })).statusCode).toBe(404);
    expect((await req(c.admin, "POST", `${url()}/panellists`, { userIds: [] })).statusCode).toBe(400);
    const res = await req(c.admin, "POST", `${url()}/panellists`, { userIds: [ids.p1, ids.p2, ids.p1] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TStudyDetail).panellistList.map((p) => p.name).sort()).toEqual(["Panellist One", "Panellist Two"]);
  });

  it("a panellist sees only studies they were invited to; rating waits for the round to open", async () => {
    const list = await req(c.p1, "GET", "/api/standard-setting/invitations");
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(study.id);
    expect((await req(c.outsider, "GET", "/api/standard-setting/invitations")).json().items).toEqual([]);
    expect((await req(c.outsider, "GET", mine())).statusCode).toBe(404);
    expect((await req(c.outsider, "PUT", `${mine()}/ratings`, grid([0.5, 0.5, 0.5], [0.9, 0.9, 0.9]))).statusCode).toBe(404);
    expect((await req(c.student, "GET", mine())).statusCode).toBe(403);
    expect((await req(c.p1, "PUT", `${mine()}/ratings`, grid([0.5, 0.5, 0.5], [0.9, 0.9, 0.9]))).json().code).toBe("STUDY_NOT_OPEN");
    const view = (await req(c.p1, "GET", mine())).json() as TPanellistStudy;
    expect(view.items.map((i) => i.itemVersionId)).toEqual(versions);
    expect(view.levels.every((l) => l.minScore === null)).toBe(true); // the current cuts are not shown to panellists
  });

  it("round 1: bad ratings are refused, good ones kept", async () => {
    expect((await req(c.admin, "POST", `${url()}/rounds`)).json()).toMatchObject({ status: "open", round: 1 });
    const bad: [object, number, string][] = [
      [grid([0.5, 1.2, 0.5], [0.9, 0.9, 0.9]), 409, "STUDY_RATING_OUT_OF_RANGE"],
      [grid([0.5, -0.1, 0.5], [0.9, 0.9, 0.9]), 409, "STUDY_RATING_OUT_OF_RANGE"],
      [{ ratings: grid([0.5, 0.5, 0.5], [0.9, 0.9, 0.9]).ratings.slice(1) }, 400, "STUDY_RATINGS_INCOMPLETE"],
      [{ ratings: [...grid([0.5, 0.5, 0.5], [0.9, 0.9, 0.9]).ratings.slice(1), { position: 1, itemVersionId: versions[1]!, value: 0.5 }] }, 400, "STUDY_RATINGS_INCOMPLETE"],
      [{ ratings: [{ position: 3, itemVersionId: versions[0]!, value: 0.5 }] }, 400, "STUDY_RATING_UNKNOWN_ITEM"],
      [{ ratings: [{ position: 1, itemVersionId: "00000000-0000-4000-8000-000000000000", value: 0.5 }] }, 400, "STUDY_RATING_UNKNOWN_ITEM"],
      [{ ratings: [{ position: 1, itemVersionId: versions[0]!, value: "half" }] }, 400, "VALIDATION_FAILED"],
      [{ ratings: "all" }, 400, "VALIDATION_FAILED"],
    ];
    for (const [payload, status, code] of bad) {
      const res = await req(c.p1, "PUT", `${mine()}/ratings`, payload);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code]);
    }
    // Panellist one: level 1 sums to 1.5 (θ = 0, score 500); level 2 to 2.111856 (θ = 1, score 600).
    const ok = await req(c.p1, "PUT", `${mine()}/ratings`, grid([0.6, 0.5, 0.4], [0.9, 0.7, 0.511856]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TPanellistStudy).submittedRound).toBe(1);
    // Panellist two: level 1 at θ = 1 (600); level 2 at the σ(1.5)… sums: 0.924142 + 0.817574 + 0.622459 = 2.364175, θ = 1.5 (650).
    const two = await req(c.p2, "PUT", `${mine()}/ratings`, grid([0.880797, 0.731059, 0.5], [0.924142, 0.817574, 0.622459]));
    expect(two.statusCode, two.body).toBe(200);
  });

  it("the figures between rounds: each panellist's cut, the median, the SD and the impact on the reference cohort", async () => {
    const res = await req(c.admin, "GET", `${url()}/figures`);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json() as TStudyFigures;
    expect(f).toMatchObject({ round: 1, submitted: 2, panellists: 2, cohort: 5 });
    expect(f.levels.map((l) => l.cuts.map((x) => x.score))).toEqual([
      [500, 600],
      [600, 650],
    ]);
    // Medians 550 and 625; SD of (500, 600) = 70.71; the cohort scores 350, 450, 500, 550, 650.
    expect(f.levels.map((l) => [l.median, l.sd, l.impact])).toEqual([
      [550, 70.71, 0.4],
      [625, 35.36, 0.2],
    ]);
    expect((await req(c.admin, "GET", `${url()}/figures?round=2`)).statusCode).toBe(400);
    expect((await req(c.admin, "GET", `${url()}/figures?round=x`)).statusCode).toBe(400);
    expect((await req(c.p1, "GET", `${url()}/figures`)).statusCode).toBe(403);
  });

  it("round 2 keeps round 1's ratings; approval waits for the close", async () => {
    expect((await req(c.admin, "POST", `${url()}/rounds`)).json()).toMatchObject({ status: "open", round: 2 });
    // The form starts from the panellist's round-1 ratings.
    const view = (await req(c.p1, "GET", mine())).json() as TPanellistStudy;
    expect(view.ratings).toHaveLength(6);
    // Panellist one moves level 1 to θ = 0.5… σ(1.5) + σ(0.5) + σ(−0.5) = 0.817574 + 0.622459 + 0.377541 = 1.817574.
    expect((await req(c.p1, "PUT", `${mine()}/ratings`, grid([0.817574, 0.622459, 0.377541], [0.9, 0.7, 0.511856]))).statusCode).toBe(200);
    const round1 = (await req(c.admin, "GET", `${url()}/figures?round=1`)).json() as TStudyFigures;
    expect(round1.levels[0]!.median).toBe(550);
    const round2 = (await req(c.admin, "GET", `${url()}/figures`)).json() as TStudyFigures;
    expect(round2).toMatchObject({ round: 2, submitted: 1 });
    expect(round2.levels.map((l) => l.median)).toEqual([550, 600]);
    expect((await req(c.admin, "POST", `${url()}/approve`, {})).json().code).toBe("STUDY_WRONG_STEP");
  });

  it("after the close no one rates; bad cuts are refused and change nothing", async () => {
    expect((await req(c.admin, "POST", `${url()}/close`)).json()).toMatchObject({ status: "closed", round: 2 });
    expect((await req(c.admin, "POST", `${url()}/close`)).json().code).toBe("STUDY_WRONG_STEP");
    expect((await req(c.p2, "PUT", `${mine()}/ratings`, grid([0.6, 0.5, 0.4], [0.9, 0.7, 0.511856]))).json().code).toBe("STUDY_NOT_OPEN");
    for (const cuts of [
      [{ position: 1, minScore: 600 }, { position: 2, minScore: 600 }],
      [{ position: 1, minScore: 600 }],
      [{ position: 1, minScore: 500 }, { position: 3, minScore: 700 }],
      [{ position: 1, minScore: 500 }, { position: 1, minScore: 700 }],
    ]) {
      const res = await req(c.admin, "POST", `${url()}/approve`, { cuts });
      expect([res.statusCode, res.json().code], JSON.stringify(cuts)).toEqual([400, "STUDY_CUTS_INVALID"]);
    }
    expect((await req(c.admin, "POST", `${url()}/approve`, { cuts: [{ position: 1, minScore: "x" }] })).statusCode).toBe(400);
    const levels = await h.db.select().from(proficiencyLevels).where(eq(proficiencyLevels.scaleId, ids.scale)).orderBy(asc(proficiencyLevels.position));
    expect(levels.map((l) => [l.minScore, l.studyId])).toEqual([
      [null, null],
      [450, null],
      [650, null],
    ]);
  });

  it("approval writes the levels and the study in one transaction: a failure after the levels leaves them as they were", async () => {
    // A trigger fails the study's own update, which comes after the levels' in the transaction.
    await h.db.execute(sql`create function ss_fail() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`);
    await h.db.execute(sql`create trigger ss_fail before update on standard_setting_studies for each row when (new.status = 'approved') execute function ss_fail()`);
    const failed = await req(c.admin, "POST", `${url()}/approve`, {});
    expect(failed.statusCode).toBe(500);
    await h.db.execute(sql`drop trigger ss_fail on standard_setting_studies`);
    await h.db.execute(sql`drop function ss_fail()`);
    const levels = await h.db.select().from(proficiencyLevels).where(eq(proficiencyLevels.scaleId, ids.scale)).orderBy(asc(proficiencyLevels.position));
    expect(levels.map((l) => l.minScore)).toEqual([null, 450, 650]);
  });

  it("approval: the last round's medians, or the super_admin's edits, become the levels' cuts", async () => {
    const res = await req(c.admin, "POST", `${url()}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", approvedCuts: [{ position: 1, minScore: 550 }, { position: 2, minScore: 600 }] });
    const levels = await h.db.select().from(proficiencyLevels).where(eq(proficiencyLevels.scaleId, ids.scale)).orderBy(asc(proficiencyLevels.position));
    expect(levels.map((l) => [l.minScore, l.studyId, l.approvedBy !== null, l.approvedAt !== null])).toEqual([
      [null, study.id, true, true],
      [550, study.id, true, true],
      [600, study.id, true, true],
    ]);
    expect((await req(c.admin, "POST", `${url()}/approve`, {})).json().code).toBe("STUDY_WRONG_STEP");
    expect((await req(c.admin, "POST", `${url()}/rounds`)).json().code).toBe("STUDY_WRONG_STEP");
    expect((await req(c.admin, "POST", `${url()}/panellists`, { userIds: [ids.p1] })).json().code).toBe("STUDY_WRONG_STEP");
    // Every round's ratings are kept.
    const rounds = await h.db.select({ round: standardSettingRatings.round }).from(standardSettingRatings).where(eq(standardSettingRatings.studyId, study.id));
    expect(new Set(rounds.map((r) => r.round))).toEqual(new Set([1, 2]));
  });

  it("edited cuts are approved as given", async () => {
    const other = await newStudy("angoff");
    await req(c.admin, "POST", `/api/standard-setting/studies/${other.id}/panellists`, { userIds: [ids.p1] });
    await req(c.admin, "POST", `/api/standard-setting/studies/${other.id}/rounds`);
    await req(c.admin, "POST", `/api/standard-setting/studies/${other.id}/close`);
    expect((await req(c.admin, "POST", `/api/standard-setting/studies/${other.id}/approve`, {})).json().code).toBe("STUDY_NO_RATINGS");
    const res = await req(c.admin, "POST", `/api/standard-setting/studies/${other.id}/approve`, { cuts: [{ position: 2, minScore: 640 }, { position: 1, minScore: 480 }] });
    expect(res.statusCode, res.body).toBe(200);
    const levels = await h.db.select().from(proficiencyLevels).where(and(eq(proficiencyLevels.scaleId, ids.scale))).orderBy(asc(proficiencyLevels.position));
    expect(levels.map((l) => [l.minScore, l.studyId])).toEqual([
      [null, other.id],
      [480, other.id],
      [640, other.id],
    ]);
  });
});

describe("a Bookmark study", () => {
  it("the booklet is ordered by RP67 location; one bookmark per level, in order, on a page of the booklet", async () => {
    const study = await newStudy("bookmark");
    const base = `/api/standard-setting/studies/${study.id}`;
    const mine = `/api/standard-setting/invitations/${study.id}`;
    await req(c.admin, "POST", `${base}/panellists`, { userIds: [ids.p1, ids.p2] });
    await req(c.admin, "POST", `${base}/rounds`);
    const view = (await req(c.p1, "GET", mine)).json() as TPanellistStudy;
    expect(view.items.map((i) => [i.page, i.itemVersionId])).toEqual(versions.map((v, i) => [i + 1, v]));
    const bad: [object, number, string][] = [
      [{ bookmarks: [{ position: 1, page: 0 }, { position: 2, page: 3 }] }, 409, "STUDY_BOOKMARK_OUT_OF_BOOKLET"],
      [{ bookmarks: [{ position: 1, page: 1 }, { position: 2, page: 4 }] }, 409, "STUDY_BOOKMARK_OUT_OF_BOOKLET"],
      [{ bookmarks: [{ position: 1, page: 3 }, { position: 2, page: 2 }] }, 400, "STUDY_BOOKMARKS_ORDER"],
      [{ bookmarks: [{ position: 1, page: 2 }, { position: 2, page: 2 }] }, 400, "STUDY_BOOKMARKS_ORDER"],
      [{ bookmarks: [{ position: 1, page: 2 }] }, 400, "STUDY_RATINGS_INCOMPLETE"],
      [{ bookmarks: [{ position: 1, page: 1.5 }, { position: 2, page: 3 }] }, 400, "VALIDATION_FAILED"],
    ];
    for (const [payload, status, code] of bad) {
      const res = await req(c.p1, "PUT", `${mine}/ratings`, payload);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect((await req(c.p1, "PUT", `${mine}/ratings`, { bookmarks: [{ position: 1, page: 2 }, { position: 2, page: 3 }] })).statusCode).toBe(200);
    expect((await req(c.p2, "PUT", `${mine}/ratings`, { bookmarks: [{ position: 2, page: 3 }, { position: 1, page: 1 }] })).statusCode).toBe(200);
    const f = (await req(c.admin, "GET", `${base}/figures`)).json() as TStudyFigures;
    // Pages at b + 0.708185: page 1 → θ −0.29 → 471; page 2 → 571; page 3 → 671.
    expect(f.levels.map((l) => l.cuts.map((x) => x.score))).toEqual([
      [471, 571],
      [671, 671],
    ]);
    expect(f.levels.map((l) => l.median)).toEqual([521, 671]);
  });
});
