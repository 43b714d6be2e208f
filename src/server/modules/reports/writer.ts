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

/** After this many model failures in a row (it timed out or could not be reached), a job stops asking it. */
export const MODEL_FAILURES_BEFORE_RULES = 3;

/**
 * For a long job (a whole exam's reports): when the language model keeps timing out or cannot be reached, every
 * attempt would wait the timeout twice. After MODEL_FAILURES_BEFORE_RULES such failures in a row, the rest of the
 * job is written by the rules straight away, saying the model was unavailable. A model that answers resets it.
 */
export function withBreaker(writer: TContentWriter): TContentWriter {
  if (writer.kind !== "llm") return writer;
  let failuresInARow = 0;
  let model: string | null = null;
  const guard = async <T>(ask: () => Promise<TWritten<T>>, rules: () => Promise<TWritten<T>>): Promise<TWritten<T>> => {
    if (failuresInARow >= MODEL_FAILURES_BEFORE_RULES) return { ...(await rules()), model, fallbackReason: "unavailable" };
    const written = await ask();
    model = written.model;
    if (written.fallbackReason === "timeout" || written.fallbackReason === "unavailable") failuresInARow++;
    else failuresInARow = 0;
    return written;
  };
  return {
    kind: writer.kind,
    writeReport: (input) => guard(() => writer.writeReport(input), () => rulesWriter.writeReport(input)),
    writePlan: (input, files) => guard(() => writer.writePlan(input, files), () => rulesWriter.writePlan(input, files)),
  };
}
