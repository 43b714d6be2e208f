// A cohort big enough to calibrate (issue 35; docs/decisions/0045): the demo's own class (16 students per school) is
// below a calibration's minimum of 30 responses per question, so one demo exam — Dubai's "Geography of the UAE" —
// gets 150 more students' marked attempts (60 left a 2PL of its three right/wrong
// questions unsettled), answering as a 2PL would (abilities N(0, 1), each question its own
// difficulty), from a fixed seed so every run is the same. Seeded where the demo's attempts are (e2e/server.ts with
// E2E_DEMO_ATTEMPTS; `npm run demo`), after them.
import { rebuildFigures } from "./modules/analytics/figures";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { TDb } from "./db/client";
import { authUsers, examSchools, exams, profiles, proficiencyLevels, questionOptions, questions, reportingScales, studentAnswers, studentExams } from "./db/schema";
import { calibrateExam, storeExamCalibration } from "./psychometrics/calibrate-exam";
import { hashPassword } from "./auth/password";
import { DEMO_PASSWORD } from "./demo-data";

export const CALIBRATION_DEMO_EXAM = { titleEn: "Geography of the UAE", schoolId: "school_dubai" } as const;
export const CALIBRATION_DEMO_STUDENTS = 150;

/** mulberry32: a small generator with a seed, so the cohort is the same on every seeding. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds the cohort once; answers how many attempts it added (0 when the exam is missing or the cohort is there). */
export async function seedCalibrationCohort(db: TDb): Promise<number> {
  const [exam] = await db
    .select({ id: exams.id })
    .from(exams)
    .innerJoin(examSchools, eq(examSchools.examId, exams.id))
    .where(and(eq(exams.titleEn, CALIBRATION_DEMO_EXAM.titleEn), eq(examSchools.schoolId, CALIBRATION_DEMO_EXAM.schoolId)));
  if (!exam) return 0;
  const [already] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles).where(sql`${profiles.email} like 'cohort%@demo.qias.ae'`);
  if (Number(already?.n ?? 0) > 0) return 0;

  const qs = await db.select().from(questions).where(eq(questions.examId, exam.id)).orderBy(questions.position);
  const options = await db.select().from(questionOptions).where(inArray(questionOptions.questionId, qs.map((q) => q.id))).orderBy(questionOptions.position);
  const possible = qs.reduce((s, q) => s + q.points, 0);
  const rand = random(35);
  const normal = () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
  // Difficulties spread from easy to hard along the paper, discriminations 0.8–1.8.
  const items = qs.map((q, i) => ({ q, b: -1.2 + (2.4 * i) / Math.max(1, qs.length - 1), a: 0.8 + rand() }));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    for (let p = 0; p < CALIBRATION_DEMO_STUDENTS; p++) {
      const n = String(p + 1).padStart(2, "0");
      const email = `cohort${n}.dubai@demo.qias.ae`;
      const [account] = await tx.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
      const studentId = account!.id;
      await tx.insert(profiles).values({ id: studentId, email, username: `dubai-c${n}`, name: `طالب ${n}`, role: "student", schoolId: CALIBRATION_DEMO_EXAM.schoolId, grade: 8, className: p % 2 ? "8/ب" : "8/أ" });
      const theta = normal();
      const marks = items.map(({ q, a, b }) => {
        const right = rand() < 1 / (1 + Math.exp(-a * (theta - b)));
        // Right/wrong questions score all or nothing; the others by how far the student is above the question.
        if (q.type === "multiple_choice" || q.type === "true_false") return { q, score: right ? q.points : 0, right };
        const share = Math.min(1, Math.max(0, 0.5 + (theta - b) / 3 + (rand() - 0.5) / 2));
        return { q, score: Math.round(share * q.points), right };
      });
      const score = marks.reduce((s, m) => s + m.score, 0);
      const startedAt = new Date(Date.now() - (p + 1) * 60_000);
      const [attempt] = await tx
        .insert(studentExams)
        .values({ studentId, examId: exam.id, status: "graded", startedAt, completedAt: startedAt, markedAt: startedAt, score, totalPossibleScore: possible, grade: 8, className: p % 2 ? "8/ب" : "8/أ" })
        .returning({ id: studentExams.id });
      await tx.insert(studentAnswers).values(
        marks.map(({ q, score: s, right }) => {
          const mine = options.filter((o) => o.questionId === q.id);
          const chosen = mine.length ? (right ? mine.find((o) => o.isCorrect) : mine.find((o) => !o.isCorrect)) : undefined;
          return { studentExamId: attempt!.id, questionId: q.id, studentId, score: s, isCorrect: s >= q.points, selectedOptionId: chosen?.id ?? null, answerText: chosen || q.type === "matching" ? null : "—" };
        }),
      );
    }
    // Written in bulk, not through the marking: the exam's figures (analytics/figures.ts) are worked out from them.
    await rebuildFigures(tx, [exam.id]);
  });
  return CALIBRATION_DEMO_STUDENTS;
}

/**
 * The demo's reporting scale (issue 35, decision 0049): the cohort's exam calibrated (GPCM: its right/wrong and its
 * partly marked questions together), that run the reference of a grade-8 scale of the exam's subject (mean 500,
 * SD 100 on the cohort, as the scale area sets it: the grade's EAP mean and SD), with four approved levels. So a
 * visitor of `npm run demo` sees scale scores and levels on results, reports and the dashboard. Once; answers
 * whether it added the scale.
 */
export async function seedDemoScale(db: TDb): Promise<boolean> {
  const [exam] = await db
    .select({ id: exams.id, subjectId: exams.subjectId })
    .from(exams)
    .innerJoin(examSchools, eq(examSchools.examId, exams.id))
    .where(and(eq(exams.titleEn, CALIBRATION_DEMO_EXAM.titleEn), eq(examSchools.schoolId, CALIBRATION_DEMO_EXAM.schoolId)));
  if (!exam) return false;
  const [existing] = await db.select({ id: reportingScales.id }).from(reportingScales).where(and(eq(reportingScales.subjectId, exam.subjectId), eq(reportingScales.grade, 8)));
  if (existing) return false;
  const calibration = await calibrateExam(db, exam.id, "gpcm");
  if (calibration.persons === 0) return false;
  const eaps = calibration.abilities.map((a) => a.eap).filter((x): x is number => Number.isFinite(x));
  const mean = eaps.reduce((s, x) => s + x, 0) / eaps.length;
  const sd = Math.sqrt(eaps.reduce((s, x) => s + (x - mean) ** 2, 0) / eaps.length) || 1;
  await db.transaction(async (tx) => {
    const runId = await storeExamCalibration(tx, calibration, null);
    const [scale] = await tx
      .insert(reportingScales)
      .values({ subjectId: exam.subjectId, grade: 8, nameAr: "مقياس الصف الثامن", nameEn: "Grade 8 scale", mean: 500, sd: 100, thetaMean: mean, thetaSd: sd, lowest: 100, highest: 900, referenceExamId: exam.id, referenceCalibrationId: runId })
      .returning({ id: reportingScales.id });
    const now = new Date();
    await tx.insert(proficiencyLevels).values([
      { scaleId: scale!.id, position: 0, nameAr: "دون الأساسي", nameEn: "Below basic", approvedAt: now },
      { scaleId: scale!.id, position: 1, nameAr: "أساسي", nameEn: "Basic", minScore: 420, approvedAt: now },
      { scaleId: scale!.id, position: 2, nameAr: "متمكّن", nameEn: "Proficient", minScore: 520, approvedAt: now },
      { scaleId: scale!.id, position: 3, nameAr: "متقدّم", nameEn: "Advanced", minScore: 620, approvedAt: now },
    ]);
  });
  return true;
}
