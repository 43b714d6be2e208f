// The school and class dashboard (issue 15): what a group of students did — all schools side by side, the
// classes of one school, or the students of one class — per exam or subject, with mastery per skill and the
// trend across the subject's exams. One query shape for the three levels; the page drills down by the address.
import { z } from "zod";
import { ZClassFilter, ZGradeFilter } from "./grade";
import { ZFormFilter } from "./analytics";
import { MASTERY_LEVELS } from "./report";

const id = (max = 64) => z.string({ error: "VALIDATION_FAILED" }).trim().min(1, { error: "VALIDATION_FAILED" }).max(max, { error: "VALIDATION_FAILED" });

export const ZDashboardQuery = z
  .object({
    /** super_admin: a school, or none for every school side by side. Anyone else: their own school only. */
    schoolId: id().optional(),
    subjectId: id().optional(),
    examId: z.uuid({ error: "EXAM_NOT_FOUND" }).optional(),
    /** One parallel form of the exam (issue 34), by its number; none: all its forms together. */
    form: ZFormFilter,
    grade: ZGradeFilter,
    /** One class of the grade: its students are the rows. */
    className: ZClassFilter,
  })
  .refine((q) => q.className === undefined || q.grade !== undefined, { error: "CLASS_NEEDS_GRADE", path: ["grade"] })
  .refine((q) => q.form === undefined || q.examId !== undefined, { error: "FORM_NOT_FOUND", path: ["form"] });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/** What the rows are: schools, the classes of a school, or the students of a class. */
export const DASHBOARD_LEVELS = ["school", "class", "student"] as const;
export type TDashboardLevel = (typeof DASHBOARD_LEVELS)[number];

/**
 * A heatmap cell resting on fewer students than this is greyed and left out of a group's weakest skills: below
 * five, one student's answers move the share by 20 points or more, so it says more about that student than about
 * the group (the usual small-cell threshold in school statistics). A class's student rows rest on one student by
 * design and are never greyed.
 */
export const MIN_CELL_STUDENTS = 5;

/** Tenths of the percentage scale; 100 % is in the last. */
export const HISTOGRAM_BINS = 10;

export const ZDashboardGroup = z.object({
  /** Stable within one answer: the school id, "grade|class", or the student id. */
  key: z.string(),
  schoolId: z.string().nullable(),
  schoolNameAr: z.string().nullable(),
  schoolNameEn: z.string().nullable(),
  grade: z.number().int().nullable(),
  className: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  /** The student's attempt at the chosen exam, for a link to their result and report. */
  attemptId: z.string().nullable(),
  /** Submitted attempts (graded or waiting for marks). */
  attempts: z.number().int(),
  graded: z.number().int(),
  meanPercent: z.number().nullable(),
  /** Share (0–1) of the graded attempts at PASS_PERCENT or more. */
  passRate: z.number().nullable(),
  histogram: z.array(z.number().int()).length(HISTOGRAM_BINS),
});
export type TDashboardGroup = z.infer<typeof ZDashboardGroup>;

export const ZDashboard = z.object({
  level: z.enum(DASHBOARD_LEVELS),
  scope: z.object({
    schoolId: z.string().nullable(),
    schoolNameAr: z.string().nullable(),
    schoolNameEn: z.string().nullable(),
    subjectId: z.string().nullable(),
    examId: z.string().nullable(),
    form: z.number().int().nullable(),
    grade: z.number().int().nullable(),
    className: z.string().nullable(),
  }),
  /** Choices for the filters, within what the reader may see. */
  choices: z.object({
    schools: z.array(z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string() })),
    exams: z.array(z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string(), subjectId: z.string() })),
    classes: z.array(z.object({ grade: z.number().int(), className: z.string().nullable() })),
    /** The chosen exam's parallel forms by number (empty without forms or without an exam). */
    forms: z.array(z.number().int()),
  }),
  groups: z.array(ZDashboardGroup),
  /** Everyone in scope together: the line the groups are compared with. */
  overall: ZDashboardGroup,
  skills: z.array(z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), subjectId: z.string() })),
  /**
   * Share of a skill's points earned by a group, over graded attempts (the report's mastery, summed), and how many
   * attempts and distinct students it rests on.
   */
  mastery: z.array(
    z.object({ key: z.string(), skillId: z.string(), percent: z.number(), level: z.enum(MASTERY_LEVELS), attempts: z.number().int(), students: z.number().int() }),
  ),
  /** Exams of the chosen subject in the order they were sat, with each group's mean. */
  trend: z.array(
    z.object({
      examId: z.string(),
      titleAr: z.string(),
      titleEn: z.string(),
      at: z.string(),
      meanPercent: z.number().nullable(),
      groups: z.array(z.object({ key: z.string(), meanPercent: z.number() })),
    }),
  ),
  /** Exams left out of mastery: shared exams still open, whose marks per question this reader may not see yet. */
  withheldExams: z.number().int(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
