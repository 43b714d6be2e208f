// Standard setting (issue 35; docs/decisions/0048): the requests the server accepts and the views it answers with.
import { z } from "zod";
import type { TItemContent } from "./bank";

export const STANDARD_SETTING_METHODS = ["angoff", "bookmark"] as const;
export type TStandardSettingMethod = (typeof STANDARD_SETTING_METHODS)[number];
export const STUDY_STATUSES = ["draft", "open", "closed", "approved"] as const;
export type TStudyStatus = (typeof STUDY_STATUSES)[number];

/** Panellists invited in one request; ratings in one submission (9 cuts × 300 items is far above any study). */
export const MAX_PANELLISTS_PER_INVITE = 100;
export const MAX_RATINGS = 5000;

const uuid = (code: "STUDY_NOT_FOUND" | "USER_NOT_FOUND" | "VALIDATION_FAILED") => z.uuid({ error: code });
const position = z.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(9, { error: "VALIDATION_FAILED" });
const finite = z.number({ error: "VALIDATION_FAILED" }).refine(Number.isFinite, { error: "VALIDATION_FAILED" });

export const ZStudyParams = z.object({ id: uuid("STUDY_NOT_FOUND") });

export const ZStudyCreate = z.object({
  scaleId: z.uuid({ error: "STUDY_SCALE_NOT_FOUND" }),
  method: z.enum(STANDARD_SETTING_METHODS, { error: "VALIDATION_FAILED" }),
  calibrationId: z.uuid({ error: "STUDY_CALIBRATION_NOT_FOUND" }),
  /** Bookmark's response probability; Angoff ignores it. */
  responseProbability: z.number({ error: "VALIDATION_FAILED" }).gt(0.5, { error: "VALIDATION_FAILED" }).lt(1, { error: "VALIDATION_FAILED" }).optional(),
});
export type TStudyCreate = z.input<typeof ZStudyCreate>;

export const ZPanellistsInvite = z.object({
  userIds: z.array(uuid("USER_NOT_FOUND"), { error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(MAX_PANELLISTS_PER_INVITE, { error: "VALIDATION_FAILED" }),
});

/** A panellist's whole submission for the open round: Angoff's grid, or Bookmark's one page per level. */
export const ZRatingsInput = z.object({
  ratings: z
    .array(z.object({ position, itemVersionId: uuid("VALIDATION_FAILED"), value: finite }, { error: "VALIDATION_FAILED" }), { error: "VALIDATION_FAILED" })
    .max(MAX_RATINGS, { error: "VALIDATION_FAILED" })
    .optional(),
  bookmarks: z
    .array(z.object({ position, page: z.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }) }, { error: "VALIDATION_FAILED" }), { error: "VALIDATION_FAILED" })
    .max(9, { error: "VALIDATION_FAILED" })
    .optional(),
});
export type TRatingsInput = z.input<typeof ZRatingsInput>;

export const ZFiguresQuery = z.object({
  round: z.coerce.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(1000, { error: "VALIDATION_FAILED" }).optional(),
});

/** The approved cuts: absent means the last round's medians; given, one per level above the lowest. */
export const ZStudyApprove = z.object({
  cuts: z
    .array(z.object({ position, minScore: finite }, { error: "STUDY_CUTS_INVALID" }), { error: "STUDY_CUTS_INVALID" })
    .max(9, { error: "STUDY_CUTS_INVALID" })
    .optional(),
});
export type TStudyApprove = z.input<typeof ZStudyApprove>;

export type TStudyLevel = { position: number; nameAr: string; nameEn: string; minScore: number | null };

export type TStudySummary = {
  id: string;
  scaleId: string;
  scaleNameAr: string;
  scaleNameEn: string;
  method: TStandardSettingMethod;
  status: TStudyStatus;
  round: number;
  responseProbability: number;
  panellists: number;
  createdAt: string;
  approvedAt: string | null;
};

export type TStudyPanellist = { userId: string; name: string; email: string; role: "teacher" | "school_admin"; schoolId: string | null; submittedRound: number };

export type TStudyDetail = TStudySummary & {
  calibrationId: string;
  model: string;
  items: number;
  levels: TStudyLevel[];
  panellistList: TStudyPanellist[];
  approvedCuts: { position: number; minScore: number }[] | null;
};

export type TLevelFigures = {
  position: number;
  nameAr: string;
  nameEn: string;
  cuts: { userId: string; name: string; theta: number; score: number }[];
  median: number | null;
  sd: number | null;
  /** The share of the scale's reference cohort at or above the median cut; null without a reference cohort. */
  impact: number | null;
};

export type TStudyFigures = { round: number; submitted: number; panellists: number; cohort: number; levels: TLevelFigures[] };

export type TBookletItem = {
  itemVersionId: string;
  /** Bookmark: the page (1-based) and the score point it stands for; Angoff lists items in the run's order. */
  page: number | null;
  scorePoint: number;
  maxScore: number;
  content: TItemContent;
};

export type TPanellistStudy = {
  id: string;
  scaleNameAr: string;
  scaleNameEn: string;
  method: TStandardSettingMethod;
  status: TStudyStatus;
  round: number;
  submittedRound: number;
  levels: TStudyLevel[];
  items: TBookletItem[];
  ratings: { position: number; itemVersionId: string; value: number }[];
  bookmarks: { position: number; page: number }[];
};

export type TInvitation = { id: string; scaleNameAr: string; scaleNameEn: string; method: TStandardSettingMethod; status: TStudyStatus; round: number; submittedRound: number };

export type TStudyOptions = {
  scales: { id: string; nameAr: string; nameEn: string; levels: number; runs: { id: string; model: string; items: number; createdAt: string; reference: boolean }[] }[];
};
