// An exam's parallel forms (issue 34, "Forms from a blueprint"; docs/decisions/0035): what the assembly page sends
// and reads. POST /api/exams/:id/assemble takes a ZBlueprint and answers ZAssembleResponse; PUT /api/exams/:id/forms
// saves forms (the exam's questions become their union); GET shows them (ZExamForms); DELETE goes back to one paper.
import { z } from "zod";
import { MAX_ANCHORS, MAX_FORMS, ZAssembleResult, ZBlueprint } from "./blueprint";
import { QUESTION_TYPES } from "./exam";

export const FORM_ASSIGNMENTS = ["random", "class"] as const;
export type TFormAssignment = (typeof FORM_ASSIGNMENTS)[number];

const ZItemId = z.uuid({ error: "BANK_ITEM_NOT_FOUND" });

/** One item as the page shows it in a form: its texts, points, skill and how it went (facility). */
export const ZFormItem = z.object({
  itemId: z.string(),
  questionTextAr: z.string(),
  questionTextEn: z.string(),
  type: z.enum(QUESTION_TYPES),
  points: z.number().int(),
  skillId: z.string().nullable(),
  facility: z.number().nullable(),
});
export type TFormItem = z.infer<typeof ZFormItem>;

/** The assembler's answer, with the items its forms use (for showing them side by side). */
export const ZAssembleResponse = z.object({ result: ZAssembleResult, items: z.array(ZFormItem) });
export type TAssembleResponse = z.infer<typeof ZAssembleResponse>;

export const ZSaveForms = z
  .object({
    forms: z
      .array(
        z.object({ itemIds: z.array(ZItemId, { error: "FORMS_EMPTY" }).min(1, { error: "FORMS_EMPTY" }) }).strict(),
        { error: "FORMS_COUNT_INVALID" },
      )
      .min(1, { error: "FORMS_COUNT_INVALID" })
      .max(MAX_FORMS, { error: "FORMS_COUNT_INVALID" }),
    /** Items every form carries (marked as anchors); each must be in every form. */
    anchors: z.array(ZItemId, { error: "BLUEPRINT_ANCHORS_INVALID" }).max(MAX_ANCHORS, { error: "BLUEPRINT_ANCHORS_INVALID" }).default([]),
    assignment: z.enum(FORM_ASSIGNMENTS, { error: "FORMS_ASSIGNMENT_INVALID" }).default("random"),
    /** The blueprint they were assembled from (kept so that the author can assemble again), or null. */
    blueprint: ZBlueprint.nullable().default(null),
  })
  .strict();
export type TSaveFormsInput = z.input<typeof ZSaveForms>;
export type TSaveForms = z.output<typeof ZSaveForms>;

export const ZExamFormSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  points: z.number().int(),
  /** Mean facility over the form's items that have one (null: none has). */
  meanFacility: z.number().nullable(),
  /** The form's items in the exam's order, anchors marked. */
  items: z.array(ZFormItem.extend({ questionId: z.string(), isAnchor: z.boolean() })),
});
export type TExamFormSummary = z.infer<typeof ZExamFormSummary>;

export const ZExamForms = z.object({
  assignment: z.enum(FORM_ASSIGNMENTS),
  blueprint: ZBlueprint.nullable(),
  forms: z.array(ZExamFormSummary),
  /** Items (anchors included) shared by each pair of forms. */
  overlap: z.array(z.object({ a: z.number().int(), b: z.number().int(), shared: z.number().int() })),
  /** Whether students have sat the exam: its forms can no longer change. */
  hasAttempts: z.boolean(),
});
export type TExamForms = z.infer<typeof ZExamForms>;
