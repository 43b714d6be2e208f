// The "Scale and levels" API (issue 35; docs/decisions/0047): who may use it, every bad input refused in both
// languages, the reference cohort, levels, and a link whose stored A and B give a hand-worked scale score.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { and, asc, eq } from "drizzle-orm";
import { attemptAbilities, auditLog, calibrations, itemCalibrations, studentExams } from "../../db/schema";
import { attemptScaleScores } from "../../psychometrics/scale";
import type { TRole } from "../../../shared/permissions";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
const cookies = {} as Record<TRole, string>;
let adminId: string;
let school: string;
let versions: string[]; // the reference exam's item versions (8)
let examA: string;
let examB: string;
let examOther: string;

// The reference run's 2PL items (b on the reference θ), and A, B that put the new run's θ on it.
const REF = [
  { a: 1.0, b: -1.0 },
  { a: 1.2, b: -0.5 },
  { a: 0.8, b: 0.0 },
  { a: 1.5, b: 0.5 },
  { a: 0.9, b: 1.0 },
  { a: 1.1, b: 1.5 },
  { a: 1.3, b: -1.5 },
  { a: 0.7, b: 0.8 },
];
const A = 1.2;
const B = -0.3;
/** The same items as a run on its own θ would find them: a·A, (b − B)/A (Kolen & Brennan eq. 6.2–6.3, inverted). */
const onOwnScale = (i: { a: number; b: number }) => ({ a: i.a * A, b: (i.b - B) / A });


async function makeExam(cookie: string, subjectId: string, n: number) {
  const res = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie,
    payload: {
      titleAr: "اختبار",
      titleEn: "Exam",
      subjectId,
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      questions: Array.from({ length: n }, (_, k) => ({ type: "true_false", questionTextAr: `س${k}`, questionTextEn: `Q${k}`, points: 1, options: TRUE_FALSE })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const exam = res.json() as { id: string };
  const rows = await h.db.query.questions.findMany({ where: (q, { eq }) => eq(q.examId, exam.id), orderBy: (q, { asc }) => asc(q.position) });
  return { id: exam.id, versions: rows.map((r) => r.itemVersionId) };
}

async function attempt(examId: string, grade: number, extra: { gender?: "female" | "male"; className?: string } = {}) {
  const student = await h.makeUser("student", { schoolId: school, grade, className: extra.className ?? "8A" });
  const [row] = await h.db.insert(studentExams).values({ studentId: student.id, examId, status: "graded", grade, className: extra.className ?? "8A" }).returning();
  return row!.id;
}

/** A run of `examId` whose items are `items` (item version, a, b) and whose attempts have the given EAPs. */
async function run(examId: string, items: { version: string; a: number; b: number }[], abilities: { attempt: string; eap: number; se: number }[], createdAt = new Date()) {
  const [c] = await h.db.insert(calibrations).values({ examId, model: "2pl", students: abilities.length, items: items.length, createdAt }).returning();
  if (items.length) {
    await h.db.insert(itemCalibrations).values(items.map((i) => ({ calibrationId: c!.id, itemVersionId: i.version, examId, model: "2pl", n: 500, params: { a: i.a, b: i.b, c: 0, d: -i.a * i.b } })));
  }
  if (abilities.length) {
    await h.db.insert(attemptAbilities).values(abilities.map((x) => ({ calibrationId: c!.id, studentExamId: x.attempt, items: items.length, eap: x.eap, eapSe: x.se })));
  }
  return c!.id;
}

/** The audit log's actions on one entity, oldest first (the audit page's filter lists schools and users only). */
const audited = async (entity: string, entityId: string) =>
  (await h.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId))).orderBy(asc(auditLog.createdAt))).map((e) => e.action);

const req = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown, cookie = cookies.super_admin) =>
  h.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_scale", "مدرسة المقياس");
  cookies.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  adminId = (await h.db.query.profiles.findFirst({ where: (p, { eq }) => eq(p.email, ADMIN.email) }))!.id;
  for (const [role, type] of [["school_admin", "school"], ["teacher", "school"], ["student", "student"]] as const) {
    const u = await h.makeUser(role, { schoolId: school, ...(role === "student" ? { grade: 8 } : {}) });
    cookies[role] = await h.signIn(u.email, u.password, type);
  }
  const a = await makeExam(cookies.teacher, "arabic", 8);
  examA = a.id;
  versions = a.versions;
  examB = (await makeExam(cookies.teacher, "arabic", 1)).id;
  examOther = (await makeExam(cookies.teacher, "islamic", 1)).id;
});
afterAll(async () => {
  await h?.close();
});

const GOOD = { subjectId: "arabic", grade: 8, nameAr: "مقياس اللغة العربية للصف الثامن", nameEn: "Grade 8 Arabic scale" };

describe("scales: who may use them", () => {
  for (const role of ["school_admin", "teacher", "student"] as const) {
    it(`${role} is refused everywhere`, async () => {
      const id = "00000000-0000-4000-8000-000000000000";
      const c = cookies[role];
      expect((await req("GET", "/api/scales", undefined, c)).statusCode).toBe(403);
      expect((await req("POST", "/api/scales", { ...GOOD, grade: 3 }, c)).statusCode).toBe(403);
      expect((await req("GET", `/api/scales/${id}`, undefined, c)).statusCode).toBe(403);
      expect((await req("PATCH", `/api/scales/${id}`, { nameEn: "x" }, c)).statusCode).toBe(403);
      expect((await req("DELETE", `/api/scales/${id}`, undefined, c)).statusCode).toBe(403);
      expect((await req("PUT", `/api/scales/${id}/levels`, { levels: [{ nameAr: "أ", nameEn: "a", minScore: null }, { nameAr: "ب", nameEn: "b", minScore: 500 }] }, c)).statusCode).toBe(403);
      expect((await req("GET", `/api/scales/${id}/runs`, undefined, c)).statusCode).toBe(403);
      expect((await req("POST", `/api/scales/${id}/links`, { calibrationId: id }, c)).statusCode).toBe(403);
      expect((await req("GET", `/api/scales/${id}/levels-by-group`, undefined, c)).statusCode).toBe(403);
    });
  }
  it("signed out: 401", async () => {
    expect((await h.request({ method: "GET", url: "/api/scales" })).statusCode).toBe(401);
  });
});

describe("scales: bad input is refused with a bilingual reason", () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ["grade 0", { grade: 0 }, 400, "SCALE_GRADE_RANGE"],
    ["grade 13", { grade: 13 }, 400, "SCALE_GRADE_RANGE"],
    ["grade as text", { grade: "8" }, 400, "SCALE_GRADE_RANGE"],
    ["grade 8.5", { grade: 8.5 }, 400, "SCALE_GRADE_RANGE"],
    ["no Arabic name", { nameAr: undefined }, 400, "SCALE_REQUIRED_FIELDS"],
    ["a blank English name", { nameEn: "   " }, 400, "SCALE_REQUIRED_FIELDS"],
    ["a name too long", { nameEn: "x".repeat(121) }, 400, "TEXT_TOO_LONG"],
    ["an unknown subject", { subjectId: "astrology" }, 400, "SUBJECT_NOT_FOUND"],
    ["no subject", { subjectId: undefined }, 400, "SUBJECT_NOT_FOUND"],
    ["SD 0", { sd: 0 }, 400, "SCALE_SD_POSITIVE"],
    ["SD as text", { sd: "100" }, 400, "VALIDATION_FAILED"],
    ["3 decimals", { decimals: 3 }, 400, "VALIDATION_FAILED"],
    ["lowest above highest", { lowest: 800, highest: 200 }, 400, "SCALE_BOUNDS_ORDER"],
    ["an unknown field", { colour: "red" }, 400, "VALIDATION_FAILED"],
  ];
  for (const [what, change, status, code] of cases) {
    it(what, async () => {
      const res = await req("POST", "/api/scales", { ...GOOD, ...change });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().title.ar).toBeTruthy();
      expect(res.json().message.en).toBeTruthy();
    });
  }
  it("a second scale for the same subject and grade: 409; an unknown or malformed id: 404 / 400", async () => {
    expect((await req("POST", "/api/scales", { ...GOOD, grade: 5 })).statusCode).toBe(201);
    const again = await req("POST", "/api/scales", { ...GOOD, grade: 5, nameEn: "Another" });
    expect([again.statusCode, again.json().code]).toEqual([409, "SCALE_TAKEN"]);
    expect((await req("GET", "/api/scales/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await req("GET", "/api/scales/nope")).json().code).toBe("SCALE_NOT_FOUND");
  });
});

describe("a scale: reference, levels, linking", () => {
  let scaleId: string;
  let reference: string;
  let onB: string;
  const levels = [
    { nameAr: "دون الأساسي", nameEn: "Below basic", minScore: null },
    { nameAr: "أساسي", nameEn: "Basic", minScore: 450 },
    { nameAr: "متمكّن", nameEn: "Proficient", minScore: 530 },
    { nameAr: "متقدّم", nameEn: "Advanced", minScore: 620 },
  ];

  beforeAll(async () => {
    const res = await req("POST", "/api/scales", { ...GOOD, lowest: 100, highest: 900 });
    expect(res.statusCode, res.body).toBe(201);
    scaleId = res.json().id;
    const grade8 = [await attempt(examA, 8, { gender: "female" }), await attempt(examA, 8), await attempt(examA, 8)];
    const grade7 = await attempt(examA, 7);
    reference = await run(
      examA,
      REF.map((x, k) => ({ version: versions[k]!, ...x })),
      [...grade8.map((id, k) => ({ attempt: id, eap: k - 1, se: 0.4 })), { attempt: grade7, eap: 5, se: 0.4 }],
      new Date(Date.now() - 60_000),
    );
    onB = await attempt(examB, 8);
  });

  it("the reference: another subject's run, an unknown one and one without abilities of the grade are refused", async () => {
    const other = await run(examOther, [], [{ attempt: await attempt(examOther, 8), eap: 0, se: 0.3 }, { attempt: await attempt(examOther, 8), eap: 1, se: 0.3 }]);
    let res = await req("PATCH", `/api/scales/${scaleId}`, { referenceCalibrationId: other });
    expect([res.statusCode, res.json().code]).toEqual([400, "SCALE_CALIBRATION_WRONG_SUBJECT"]);
    res = await req("PATCH", `/api/scales/${scaleId}`, { referenceCalibrationId: "00000000-0000-4000-8000-000000000000" });
    expect([res.statusCode, res.json().code]).toEqual([404, "SCALE_CALIBRATION_NOT_FOUND"]);
    res = await req("PATCH", `/api/scales/${scaleId}`, { referenceCalibrationId: "not-a-uuid" });
    expect([res.statusCode, res.json().code]).toEqual([404, "SCALE_CALIBRATION_NOT_FOUND"]);
    const empty = await run(examA, [], [{ attempt: await attempt(examA, 7), eap: 0.5, se: 0.3 }]);
    res = await req("PATCH", `/api/scales/${scaleId}`, { referenceCalibrationId: empty });
    expect([res.statusCode, res.json().code]).toEqual([400, "SCALE_CALIBRATION_NO_ABILITIES"]);
  });

  it("choosing the reference stores its grade's EAP mean and SD (the grade-7 attempt left out)", async () => {
    const res = await req("PATCH", `/api/scales/${scaleId}`, { referenceCalibrationId: reference, mean: 500, sd: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ referenceCalibrationId: reference, referenceExamId: examA, thetaMean: 0 });
    expect(res.json().thetaSd).toBeCloseTo(Math.sqrt(2 / 3), 12); // EAPs −1, 0, 1: population SD
    const runs = (await req("GET", `/api/scales/${scaleId}/runs`)).json().items as { id: string; isReference: boolean; attempts: number }[];
    expect(runs.find((r) => r.id === reference)).toMatchObject({ isReference: true, attempts: 3 });
    // The counts are kept between views (decision 0067), under the scale's inputs: an attempt moved to another grade
    // by any writer (a trigger counts it) leaves the count at the next view, and comes back with it.
    const attempts = async () => ((await req("GET", `/api/scales/${scaleId}/runs`)).json().items as { id: string; attempts: number }[]).find((r) => r.id === reference)?.attempts;
    // One of the three grade-8 attempts (the run also holds a grade-7 one, which the count leaves out already).
    const [moved] = await h.db
      .select({ id: attemptAbilities.studentExamId })
      .from(attemptAbilities)
      .innerJoin(studentExams, eq(studentExams.id, attemptAbilities.studentExamId))
      .where(and(eq(attemptAbilities.calibrationId, reference), eq(studentExams.grade, 8)))
      .limit(1);
    await h.db.update(studentExams).set({ grade: 9 }).where(eq(studentExams.id, moved!.id));
    expect(await attempts()).toBe(2);
    await h.db.update(studentExams).set({ grade: 8 }).where(eq(studentExams.id, moved!.id));
    expect(await attempts()).toBe(3);
  });

  it("levels: 2–10, the lowest without a cut, cuts strictly rising and within the bounds", async () => {
    const bad: [unknown, string][] = [
      [[levels[0]], "SCALE_LEVEL_COUNT"],
      [Array.from({ length: 11 }, (_, k) => ({ nameAr: "م", nameEn: "L", minScore: k === 0 ? null : 100 + k })), "SCALE_LEVEL_COUNT"],
      [[{ ...levels[0], minScore: 100 }, levels[1]], "SCALE_CUTS_ORDER"],
      [[levels[0], { ...levels[1], minScore: null }], "SCALE_CUTS_ORDER"],
      [[levels[0], levels[2], levels[1]], "SCALE_CUTS_ORDER"],
      [[levels[0], levels[1], { ...levels[2], minScore: 450 }], "SCALE_CUTS_ORDER"],
      [[levels[0], { ...levels[1], minScore: 950 }], "SCALE_CUTS_OUT_OF_BOUNDS"],
      [[levels[0], { ...levels[1], nameAr: "" }], "SCALE_REQUIRED_FIELDS"],
      [[levels[0], { ...levels[1], minScore: "450" }], "VALIDATION_FAILED"],
      ["four", "VALIDATION_FAILED"],
    ];
    for (const [list, code] of bad) {
      const res = await req("PUT", `/api/scales/${scaleId}/levels`, { levels: list });
      expect([res.statusCode, res.json().code], JSON.stringify(list)).toEqual([400, code]);
    }
    const res = await req("PUT", `/api/scales/${scaleId}/levels`, { levels });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().levels.map((l: { minScore: number | null }) => l.minScore)).toEqual([null, 450, 530, 620]);
    expect(res.json().levels[2]).toMatchObject({ nameAr: "متمكّن", approvedBy: adminId, approvedByName: ADMIN.name });
    // Bounds that would leave a cut outside are refused.
    const narrowed = await req("PATCH", `/api/scales/${scaleId}`, { highest: 600 });
    expect([narrowed.statusCode, narrowed.json().code]).toEqual([400, "SCALE_CUTS_OUT_OF_BOUNDS"]);
    expect(await audited("proficiency_levels", scaleId)).toEqual(["update"]);
  });

  it("linking: refusals — the reference itself, another subject, too few anchors (named), an unknown method", async () => {
    let res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: reference });
    expect([res.statusCode, res.json().code]).toEqual([400, "SCALE_LINK_REFERENCE"]);
    const other = await run(examOther, [], []);
    res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: other });
    expect([res.statusCode, res.json().code]).toEqual([400, "SCALE_CALIBRATION_WRONG_SUBJECT"]);
    const few = await run(examB, REF.slice(0, 3).map((x, k) => ({ version: versions[k]!, ...onOwnScale(x) })), []);
    res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: few });
    expect([res.statusCode, res.json().code]).toEqual([400, "SCALE_TOO_FEW_ANCHORS"]);
    expect(res.json().message.en).toBe("Only 3 anchor items are shared with the scale; linking needs at least 5.");
    expect(res.json().message.ar).toContain("3");
    res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: few, method: "equipercentile" });
    expect(res.statusCode).toBe(400);
    res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: few, driftThreshold: -1 });
    expect(res.statusCode).toBe(400);
  });

  it("a scale without a reference cannot be linked to", async () => {
    const bare = (await req("POST", "/api/scales", { ...GOOD, grade: 9 })).json().id as string;
    const some = await run(examB, [], []);
    const res = await req("POST", `/api/scales/${bare}/links`, { calibrationId: some });
    expect([res.statusCode, res.json().code]).toEqual([409, "SCALE_NO_REFERENCE"]);
  });

  it("Stocking–Lord recovers A and B; stored on the run, scale.ts turns an EAP into the hand-worked score", async () => {
    const newRun = await run(examB, REF.map((x, k) => ({ version: versions[k]!, ...onOwnScale(x) })), [{ attempt: onB, eap: 0.5, se: 0.3 }]);
    const res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: newRun });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json();
    expect(link.method).toBe("stocking-lord");
    expect(link.A).toBeCloseTo(A, 4);
    expect(link.B).toBeCloseTo(B, 4);
    expect(link.anchors).toHaveLength(8);
    // The anchors are exam A's questions; exam B (the run's exam) has one question of its own, so none is numbered there.
    expect(link.labels).toEqual({});
    expect(link.drift.every((d: { flagged: boolean }) => !d.flagged)).toBe(true);
    // The same items on one θ: each number-correct score equates to itself.
    expect(link.equating).toHaveLength(9);
    for (const e of link.equating) expect(e.y).toBeCloseTo(e.x, 4);
    // θ* = 1.2·0.5 − 0.3 = 0.3 → 500 + 100·0.3/√(2/3) = 536.74 → 537; SE 100·1.2·0.3/√(2/3) = 44.09 → 44; level 2 (≥ 530).
    const score = (await attemptScaleScores(h.db, [onB])).get(onB)!;
    expect(score).toMatchObject({ calibrationId: newRun, score: 537, se: 44, level: 2 });
    const runs = (await req("GET", `/api/scales/${scaleId}/runs`)).json().items as { id: string; linking: { A: number } | null }[];
    expect(runs.find((r) => r.id === newRun)!.linking!.A).toBeCloseTo(A, 4);
  });

  it("a later run of the reference exam itself links too, its anchors named by their question numbers", async () => {
    const again = await run(examA, REF.map((x, k) => ({ version: versions[k]!, ...onOwnScale(x) })), []);
    const res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: again, method: "haebara" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().labels).toEqual(Object.fromEntries(versions.map((v, k) => [v, `Q${k + 1}`])));
    expect(res.json().A).toBeCloseTo(A, 3);
  });

  it("a drifted anchor is flagged; dropping it relinks exactly; dropping below the minimum is refused", async () => {
    const items = REF.map((x, k) => ({ version: versions[k]!, ...onOwnScale(x) }));
    items[3] = { ...items[3]!, b: items[3]!.b + 2 }; // moved two logits on its own scale
    const drifted = await run(examB, items, []);
    let res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: drifted, method: "mean-sigma", driftThreshold: 0.5 });
    expect(res.statusCode, res.body).toBe(200);
    const flagged = res.json().drift.filter((d: { flagged: boolean }) => d.flagged).map((d: { item: string }) => d.item);
    expect(flagged).toContain(versions[3]);
    res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: drifted, method: "mean-sigma", dropAnchors: [versions[3]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dropped: [versions[3]], method: "mean-sigma" });
    expect(res.json().anchors).toHaveLength(7);
    expect(res.json().A).toBeCloseTo(A, 8);
    expect(res.json().B).toBeCloseTo(B, 8);
    res = await req("POST", `/api/scales/${scaleId}/links`, { calibrationId: drifted, dropAnchors: versions.slice(0, 4) });
    expect([res.statusCode, res.json().code]).toEqual([400, "SCALE_TOO_FEW_ANCHORS"]);
    expect(res.json().message.en).toContain("Only 4 anchor items");
    expect(await audited("calibration_link", drifted)).toEqual(["update", "update"]);
  });

  it("levels by group: shares where the group is large enough, withheld below the minimum; consistency at each cut", async () => {
    let res = await req("GET", `/api/scales/${scaleId}/levels-by-group?minimum=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.attempts).toBe(4); // three grade-8 reference attempts and the one linked on exam B
    expect(body.groups.school).toHaveLength(1);
    expect(body.groups.school[0]).toMatchObject({ key: school, count: 4, withheld: false });
    expect(body.groups.school[0].shares.reduce((x: number, y: number) => x + y, 0)).toBeCloseTo(1, 12);
    expect(body.cuts.map((c: { minScore: number }) => c.minScore)).toEqual([450, 530, 620]);
    for (const c of body.cuts) expect(c.accuracy).toBeGreaterThan(0.5);
    res = await req("GET", `/api/scales/${scaleId}/levels-by-group?minimum=5`);
    expect(res.json().groups.school[0]).toMatchObject({ count: 4, withheld: true, shares: [] });
    expect(res.json().overall).toEqual([]);
    expect((await req("GET", `/api/scales/${scaleId}/levels-by-group?minimum=0`)).statusCode).toBe(400);
  });

  it("deleting a scale takes its levels and unlinks its runs; audited", async () => {
    const res = await req("DELETE", `/api/scales/${scaleId}`);
    expect(res.statusCode).toBe(204);
    expect((await attemptScaleScores(h.db, [onB])).size).toBe(0);
    expect(await audited("reporting_scale", scaleId)).toEqual(["create", "update", "delete"]);
  });
});
