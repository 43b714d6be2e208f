// The writer chosen by configuration (docs/decisions/0012): the rules, unless LLM_BASE_URL names an
// OpenAI-compatible server. (The language-model writer is being built; until then, always the rules.)
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../../config";
import { rulesWriter, type TContentWriter } from "./writer";

export function createWriter(llm: TConfig["llm"], log: FastifyBaseLogger): TContentWriter {
  if (llm) log.warn("LLM_BASE_URL is set, but this build writes reports with the rules");
  return rulesWriter;
}
