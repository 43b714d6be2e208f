// The scale score beside the raw score wherever a result shows (issue 35, decision 0049): the results list, one
// result, and the CSV export, in both languages — always through psychometrics/scale.ts; null (never 0) for an
// attempt not on a scale; and who may see which rows unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { attemptAbilities, calibrations, examSchools, exams, proficiencyLevels, reportingScales, studentExams } from "../../db/schema";
import { attemptScaleScores } from "../../psychometrics/scale";

let h: THarness;
let admin: string;
let examId: string;
const attempts: Record<"onScale" | "low" | "otherGrade" | "notCalibrated" | "inProgress", { id: string; email: string; password: string }> = {} as never;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const school = await h.makeSchool("school_scale_results", "مدرسة الدرجات المعيارية");
  const [exam] = await h.db.insert(exams).values({ titleAr: "اختبار المقياس", titleEn: "Scale exam", subjectId: "arabic", status: "published" }).returning();
  examId = exam!.id;
  await h.db.insert(examSchools).values({ examId, schoolId: school });
  const make = async (grade: number, status: "graded" | "in_progress" = "graded") => {
    const student = await h.makeUser("student", { schoolId: school });
    const [row] = await h.db.insert(studentExams).values({ studentId: student.id, examId, status, grade, score: 3, totalPossibleScore: 5, completedAt: status === "graded" ? new Date() : null }).returning();
    return { id: row!.id, email: student.email, password: student.password };
  };
  attempts.onScale = await make(8);
  attempts.low = await make(8);
  attempts.otherGrade = await make(7);
  attempts.notCalibrated = await make(8);
  attempts.inProgress = await make(8, "in_progress");
  const [run] = await h.db.insert(calibrations).values({ examId, model: "2pl" }).returning();
  const [scale] = await h.db
    .insert(reportingScales)
    .values({ subjectId: "arabic", grade: 8, nameAr: "مقياس العربية للصف الثامن", nameEn: "Grade 8 Arabic scale", thetaMean: 0.2, thetaSd: 0.8, lowest: 100, highest: 900, referenceCalibrationId: run!.id })
    .returning();
  await h.db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "أساسي", nameEn: "Basic" },
    { scaleId: scale!.id, position: 1, nameAr: "متمكّن", nameEn: "Proficient", minScore: 550 },
  ]);
  await h.db.insert(attemptAbilities).values([
    { calibrationId: run!.id, studentExamId: attempts.onScale.id, items: 5, eap: 1.0, eapSe: 0.3 },
    { calibrationId: run!.id, studentExamId: attempts.low.id, items: 5, eap: -0.6, eapSe: 0.4 },
    // An ability for the grade-7 attempt: grade 7 has no scale, so still none.
    { calibrationId: run!.id, studentExamId: attempts.otherGrade.id, items: 5, eap: 0.5, eapSe: 0.3 },
    // In progress: an ability (a calibration of an earlier run, say) shows nothing until graded.
    { calibrationId: run!.id, studentExamId: attempts.inProgress.id, items: 5, eap: 0.5, eapSe: 0.3 },
  ]);
});
afterAll(async () => {
  await h.close();
});

const get = (url: string, cookie: string) => h.request({ method: "GET", url, cookie });
// θ 1.0, SE 0.3 → 500 + 100·(1 − 0.2)/0.8 = 600, SE 100·0.3/0.8 = 37.5 → 38, at or above 550: Proficient.
const PROFICIENT = { score: 600, se: 38, level: { position: 1, nameAr: "متمكّن", nameEn: "Proficient" }, scaleNameAr: "مقياس العربية للصف الثامن", scaleNameEn: "Grade 8 Arabic scale" };
// θ −0.6, SE 0.4 → 500 − 100 = 400, SE 50: Basic.
const BASIC = { score: 400, se: 50, level: { position: 0, nameAr: "أساسي", nameEn: "Basic" } };

describe("scale scores on results", () => {
  it("the list shows each graded attempt's scale score, SE and level beside its raw score; none where it is not on a scale", async () => {
    const res = await get(`/api/results?examId=${examId}&pageSize=50`, admin);
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json().items as { attemptId: string; score: number | null; scaleScore: unknown }[]).map((r) => [r.attemptId, r]));
    expect(byId.get(attempts.onScale.id)).toMatchObject({ score: 3, scaleScore: PROFICIENT });
    expect(byId.get(attempts.low.id)!.scaleScore).toMatchObject(BASIC);
    for (const none of [attempts.otherGrade, attempts.notCalibrated, attempts.inProgress]) expect(byId.get(none.id)!.scaleScore, none.id).toBeNull();
  });

  it("a student sees their own on their result and in their list; another student's result stays refused", async () => {
    const cookie = await h.signIn(attempts.onScale.email, attempts.onScale.password, "student");
    const mine = await get(`/api/attempts/${attempts.onScale.id}/result`, cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().attempt.scaleScore).toEqual(PROFICIENT);
    const list = await get("/api/results", cookie);
    expect(list.json().items.map((r: { attemptId: string }) => r.attemptId)).toEqual([attempts.onScale.id]);
    expect(list.json().items[0].scaleScore).toEqual(PROFICIENT);
    expect([403, 404]).toContain((await get(`/api/attempts/${attempts.low.id}/result`, cookie)).statusCode);
    const other = await h.signIn(attempts.notCalibrated.email, attempts.notCalibrated.password, "student");
    expect((await get(`/api/attempts/${attempts.notCalibrated.id}/result`, other)).json().attempt.scaleScore).toBeNull();
  });

  it("the school report (a principal's printable report of one attempt) carries it too", async () => {
    const principal = await h.makeUser("school_admin", { schoolId: "school_scale_results" });
    const cookie = await h.signIn(principal.email, principal.password, "school");
    const report = await get(`/api/school-reports/${attempts.onScale.id}`, cookie);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().attempt.scaleScore).toEqual(PROFICIENT);
    expect((await get(`/api/school-reports/${attempts.inProgress.id}`, cookie)).json().attempt.scaleScore).toBeNull();
  });

  it("another school's principal sees none of these rows", async () => {
    const outsider = await h.makeUser("school_admin");
    const cookie = await h.signIn(outsider.email, outsider.password, "school");
    expect((await get(`/api/results?examId=${examId}`, cookie)).json().items).toEqual([]);
    expect([403, 404]).toContain((await get(`/api/attempts/${attempts.onScale.id}/result`, cookie)).statusCode);
  });

  it("the CSV export has the scale score, SE and level columns in the export's language", async () => {
    const en = await get(`/api/results/export.csv?examId=${examId}&lang=en`, admin);
    expect(en.statusCode).toBe(200);
    const lines = en.body.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    const header = lines[0]!.split(",");
    expect(header.slice(7, 12)).toEqual(["Score", "Total", "Scale score", "SE", "Level"]);
    const row = lines.find((l) => l.includes(",600,"))!;
    expect(row).toContain(",3,5,600,38,Proficient,");
    // Not on a scale: empty cells, never 0.
    expect(lines.filter((l) => /,3,5,,,,/.test(l))).toHaveLength(3);
    const ar = await get(`/api/results/export.csv?examId=${examId}&lang=ar`, admin);
    expect(ar.body).toContain("الدرجة المعيارية,الخطأ المعياري,المستوى");
    expect(ar.body).toContain(",600,38,متمكّن,");
  });

  it("reads any number of attempts in batches under PostgreSQL's parameter limit", async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const scores = await attemptScaleScores(h.db, [...many, attempts.onScale.id]);
    expect([...scores.keys()]).toEqual([attempts.onScale.id]);
  });
});
