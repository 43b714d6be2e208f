// One interface for whoever words a report and a plan (docs/decisions/0012): the rules (rules.ts), always there,
// or a language model (llm.ts) for the prose, which falls back to the rules and says why.
import type { TFallbackReason, TGenerator, TPlanContent, TReportContent } from "../../../shared/schemas/report";
import { writePlan, writeReport, type TSkillFile, type TWriteInput } from "./rules";

export type TWritten<T> = { content: T; generator: TGenerator; model: string | null; fallbackReason: TFallbackReason | null };

export type TContentWriter = {
  kind: TGenerator;
  writeReport: (input: TWriteInput) => Promise<TWritten<TReportContent>>;
  writePlan: (input: TWriteInput, files: TSkillFile[]) => Promise<TWritten<TPlanContent>>;
};

export const rulesWriter: TContentWriter = {
  kind: "rules",
  writeReport: async (input) => ({ content: writeReport(input), generator: "rules", model: null, fallbackReason: null }),
  writePlan: async (input, files) => ({ content: writePlan(input, files), generator: "rules", model: null, fallbackReason: null }),
};
