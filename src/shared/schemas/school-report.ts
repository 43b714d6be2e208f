// The school report page (SPEC §2 /school/report/{studentExamId}): who, which exam, the score, and the report
// and plan when they exist.
import { z } from "zod";
import { ZReportedScaleScore } from "./scale";
import { ATTEMPT_STATUSES } from "./attempt";
import { ZSubject } from "./exam";
import { ZPlanView, ZReportView } from "./report";

export const ZSchoolReport = z.object({
  school: z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), cityAr: z.string().nullable(), cityEn: z.string().nullable() }).nullable(),
  student: z.object({ id: z.string(), name: z.string(), username: z.string() }),
  exam: z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string(), subject: ZSubject }),
  attempt: z.object({
    id: z.string(),
    status: z.enum(ATTEMPT_STATUSES),
    score: z.number().nullable(),
    totalPossibleScore: z.number().int(),
    completedAt: z.string().nullable(),
    /** On the reporting scale (issue 35, decision 0049); null when not. */
    scaleScore: ZReportedScaleScore.nullable(),
  }),
  report: ZReportView.nullable(),
  plan: ZPlanView.nullable(),
});
export type TSchoolReport = z.infer<typeof ZSchoolReport>;
