// The psychometrics command line, for a ministry's psychometricians to check our numbers against their own tools:
//   npm run psychometrics -- calibrate --model rasch|2pl|3pl|gpcm [--min-responses N] [--max-iterations N]
//                             [--tolerance X] [--abilities] FILE.csv
//   npm run psychometrics -- calibrate --concurrent … REFERENCE.csv OTHER.csv…   (groups matched by item names)
//   npm run psychometrics -- link --method stocking-lord|haebara|mean-mean|mean-sigma FROM.csv TO.csv
// prints JSON on stdout. Bad input (CliError) is one line on stderr and exit code 2, never a stack trace.
// Infinite ML abilities are printed as the strings "Infinity" / "-Infinity" (JSON has no infinity).

import { pathToFileURL } from "node:url";
import { calibrate, CalibrationInputError } from "./calibrate";
import { parseResponsesCsv, readCsvText } from "./calibrate-csv";
import { mergeMatrices } from "./concurrent";
import { CliError, IRT_MODELS, type IrtModel } from "./types";

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const USAGE = `usage:
  psychometrics calibrate --model rasch|2pl|3pl|gpcm [--min-responses N] [--max-iterations N] [--tolerance X] [--abilities] FILE.csv
  psychometrics calibrate --concurrent [the same options] REFERENCE.csv OTHER.csv…  (one group per file, items matched by name)
  psychometrics link --method stocking-lord|haebara|mean-mean|mean-sigma FROM.csv TO.csv`;

/** Runs one command; returns the exit code (0 done, 2 bad input, 1 an unexpected failure). */
export async function main(argv: string[], output: Output = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }): Promise<number> {
  try {
    const [command, ...rest] = argv;
    let result: object;
    if (command === "calibrate") result = await calibrateCommand(rest);
    else if (command === "link") {
      // Loaded only when asked for, so that calibrate does not pay for it.
      const { linkCommand } = await import("./link-cli");
      result = await linkCommand(rest);
    } else if (command === undefined || command === "help" || command === "--help") {
      output.out(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    } else throw new CliError(`unknown command "${command}"\n${USAGE}`);
    output.out(`${JSON.stringify(result, jsonNumbers, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof CalibrationInputError || (error instanceof Error && error.name === "CliError")) {
      output.err(`psychometrics: ${error.message}\n`);
      return 2;
    }
    output.err(`psychometrics: failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function jsonNumbers(_key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) return Number.isNaN(value) ? null : String(value);
  return value;
}

interface Flags {
  values: Map<string, string>;
  switches: Set<string>;
  positional: string[];
}

function parseFlags(argv: string[], valued: string[], switches: string[]): Flags {
  const flags: Flags = { values: new Map(), switches: new Set(), positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      flags.positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (switches.includes(name)) flags.switches.add(name);
    else if (valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith("--"))) throw new CliError(`--${name} needs a value`);
      flags.values.set(name, value);
    } else throw new CliError(`unknown option --${name}\n${USAGE}`);
  }
  return flags;
}

function positiveNumber(flags: Flags, name: string, integer: boolean): number | undefined {
  const text = flags.values.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new CliError(`--${name} must be a positive ${integer ? "whole number" : "number"}, not "${text}"`);
  }
  return value;
}

async function calibrateCommand(argv: string[]): Promise<object> {
  const flags = parseFlags(argv, ["model", "min-responses", "max-iterations", "tolerance"], ["abilities", "concurrent"]);
  const model = (flags.values.get("model") ?? "2pl").toLowerCase();
  if (!IRT_MODELS.includes(model as IrtModel)) throw new CliError(`--model must be one of ${IRT_MODELS.join(", ")}, not "${model}"`);
  const concurrent = flags.switches.has("concurrent");
  if (concurrent ? flags.positional.length < 2 : flags.positional.length !== 1) {
    throw new CliError(`${concurrent ? "calibrate --concurrent needs two or more CSV files, one per group" : "calibrate needs exactly one CSV file"}\n${USAGE}`);
  }
  const options = {
    minResponses: positiveNumber(flags, "min-responses", true),
    maxIterations: positiveNumber(flags, "max-iterations", true),
    tolerance: positiveNumber(flags, "tolerance", false),
  };
  const matrices = [];
  for (const file of flags.positional) matrices.push(parseResponsesCsv(await readCsvText(file)));
  const { matrix, groups } = concurrent ? mergeMatrices(matrices) : { matrix: matrices[0]!, groups: undefined };
  const result = calibrate(matrix, model as IrtModel, { ...options, groups });
  const { abilities, ...rest } = result;
  const named = rest.groups ? { ...rest, groups: rest.groups.map((g, i) => ({ file: flags.positional[i], ...g })) } : rest;
  return flags.switches.has("abilities") ? { ...named, abilities } : named;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
