// Stub: helper F's link-cli.ts (linking from the command line) replaces this file at the merge.
import { CliError } from "./types";

export async function linkCommand(_argv: string[]): Promise<object> {
  throw new CliError("link is not available in this build");
}
