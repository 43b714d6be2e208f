// vitest's global setup (vite.config.ts): the migrated database every harness starts from, made once per run.
import { makeTestTemplate } from "./template";

export default async function setup(): Promise<() => Promise<void>> {
  return makeTestTemplate();
}
