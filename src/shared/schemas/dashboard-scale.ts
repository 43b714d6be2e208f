// The dashboard on the reporting scale (issue 35; docs/decisions/0053): for the dashboard's subject and grade, when
// they have a scale with approved levels, the mean scale score and the share at each level by the dashboard's groups
// (and by gender and language background for those who may see them), the classification's consistency at each cut,
// and the mean per school year — the scale is what makes the years comparable.
import { z } from "zod";
import { ZLevelsByGroup } from "./scale";

/** Why there is no scale figure: no subject chosen, a subject with scales per grade and no grade chosen, no scale, or its levels not approved. */
export const DASHBOARD_SCALE_ABSENT = ["no_subject", "no_grade", "no_scale", "no_levels"] as const;

export const ZDashboardScaleYear = z.object({
  /** The calendar year the school year starts in (1 September); 2025 is 2025/26. */
  year: z.number().int(),
  attempts: z.number().int(),
  /** Fewer than the minimum: counted, but no mean. */
  withheld: z.boolean(),
  mean: z.number().nullable(),
  meanSe: z.number().nullable(),
});
export type TDashboardScaleYear = z.infer<typeof ZDashboardScaleYear>;

export const ZDashboardScale = z.object({
  absent: z.enum(DASHBOARD_SCALE_ABSENT).nullable(),
  scale: z
    .object({
      id: z.string(),
      nameAr: z.string(),
      nameEn: z.string(),
      grade: z.number().int(),
      decimals: z.number().int(),
      levels: z.array(z.object({ position: z.number().int(), nameAr: z.string(), nameEn: z.string(), minScore: z.number().nullable() })),
    })
    .nullable(),
  /** What the bars are by: the schools side by side, or the classes of one school; none within one class. */
  groupsBy: z.enum(["school", "class"]).nullable(),
  /** Whether the groups by gender and language background are shown (staff who manage students' profiles). */
  fairness: z.boolean(),
  levels: ZLevelsByGroup.nullable(),
  trend: z.array(ZDashboardScaleYear),
});
export type TDashboardScale = z.infer<typeof ZDashboardScale>;
