// `npm run psychometrics -- link --method stocking-lord|haebara|mean-mean|mean-sigma [--d 1|1.7]
//   [--drift-threshold 0.5] [--quadrature Q.csv] FROM.csv TO.csv` (issue 35; decision 0042).
// FROM.csv holds the new form's anchor parameters, TO.csv the reference scale's: a header `item,a,b,c` (any
// order, any case; c may be left out for 0) and one row per item. Anchors are paired by item name. --d is the
// logistic scaling constant of both files' parameters (default 1; 1.7 for the normal metric). --quadrature gives
// the θ points and each group's weights as `theta,from,to` (default: N(0, 1) on 41 points over [−4, 4] for both).
// Prints A, B and each anchor's drift as JSON; every fault in a file or an option is a CliError (exit code 2).

import { parseCsvRows, readCsvText } from "./calibrate-csv";
import { LINK_METHODS, linkForms, type LinkMethod, type Quadrature } from "./link";
import { CliError, type NamedItemParams } from "./types";

const USAGE = "usage: psychometrics link --method stocking-lord|haebara|mean-mean|mean-sigma [--d 1|1.7] [--drift-threshold 0.5] [--quadrature Q.csv] FROM.csv TO.csv";

/** Columns by header name; each listed column required unless it has a default. */
function table(text: string, file: string, columns: string[], optional: Record<string, number> = {}) {
  const rows = parseCsvRows(text, file);
  if (rows.length === 0) throw new CliError(`${file} is empty: it needs a header row ${columns.join(",")}`);
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const index = new Map(columns.map((c) => [c, header.indexOf(c)]));
  const missing = columns.filter((c) => index.get(c) === -1 && !(c in optional));
  if (missing.length > 0) throw new CliError(`${file}, line 1: no column ${missing.join(", ")} (the header must name ${columns.join(",")})`);
  if (rows.length === 1) throw new CliError(`${file} has a header but no rows`);
  return rows.slice(1).map((row, r) => {
    const line = r + 2;
    if (row.length !== header.length) throw new CliError(`${file}, line ${line}: ${row.length} cells where the header has ${header.length}`);
    return { line, cell: (c: string) => (index.get(c)! === -1 ? undefined : row[index.get(c)!]!.trim()) };
  });
}

function number(text: string | undefined, fallback: number | undefined, where: string): number {
  if ((text === undefined || text === "") && fallback !== undefined) return fallback;
  const value = Number(text);
  if (text === undefined || text === "" || !Number.isFinite(value)) throw new CliError(`${where}: "${text ?? ""}" is not a number`);
  return value;
}

export function parseItemParamsCsv(text: string, file: string): NamedItemParams[] {
  const seen = new Set<string>();
  return table(text, file, ["item", "a", "b", "c"], { c: 0 }).map(({ line, cell }) => {
    const item = cell("item")!;
    if (item === "") throw new CliError(`${file}, line ${line}: the item has no name`);
    if (seen.has(item)) throw new CliError(`${file}, line ${line}: the item "${item}" appears twice`);
    seen.add(item);
    const where = (c: string) => `${file}, line ${line}, column ${c}`;
    const a = number(cell("a"), undefined, where("a"));
    const b = number(cell("b"), undefined, where("b"));
    const c = number(cell("c"), 0, where("c"));
    if (a <= 0) throw new CliError(`${where("a")}: the slope must be above 0, not ${a}`);
    if (c < 0 || c >= 1) throw new CliError(`${where("c")}: the guessing parameter must be at least 0 and below 1, not ${c}`);
    return { item, a, b, c };
  });
}

export function parseQuadratureCsv(text: string, file: string): { from: Quadrature; to: Quadrature } {
  const from: Quadrature = { points: [], weights: [] };
  const to: Quadrature = { points: [], weights: [] };
  for (const { line, cell } of table(text, file, ["theta", "from", "to"])) {
    const where = (c: string) => `${file}, line ${line}, column ${c}`;
    const theta = number(cell("theta"), undefined, where("theta"));
    const wf = number(cell("from"), undefined, where("from"));
    const wt = number(cell("to"), undefined, where("to"));
    if (wf < 0 || wt < 0) throw new CliError(`${file}, line ${line}: a weight cannot be negative`);
    from.points.push(theta);
    from.weights.push(wf);
    to.points.push(theta);
    to.weights.push(wt);
  }
  if (!from.weights.some((w) => w > 0) || !to.weights.some((w) => w > 0)) throw new CliError(`${file}: each group needs a weight above 0`);
  return { from, to };
}

function parseArgs(argv: string[]) {
  const values = new Map<string, string>();
  const files: string[] = [];
  const known = ["method", "d", "drift-threshold", "quadrature"];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      files.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!known.includes(name)) throw new CliError(`unknown option --${name}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) throw new CliError(`--${name} needs a value`);
    values.set(name, value);
  }
  return { values, files };
}

function positive(values: Map<string, string>, name: string): number | undefined {
  const text = values.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new CliError(`--${name} must be a positive number, not "${text}"`);
  return value;
}

export async function linkCommand(argv: string[]): Promise<object> {
  const { values, files } = parseArgs(argv);
  const method = (values.get("method") ?? "stocking-lord").toLowerCase();
  if (!LINK_METHODS.includes(method as LinkMethod)) throw new CliError(`--method must be one of ${LINK_METHODS.join(", ")}, not "${method}"`);
  if (files.length !== 2) throw new CliError(`link needs two CSV files, FROM (the new form) and TO (the reference scale)\n${USAGE}`);
  const D = positive(values, "d") ?? 1;
  const driftThreshold = positive(values, "drift-threshold");
  const quadratureFile = values.get("quadrature");
  const quadrature = quadratureFile ? parseQuadratureCsv(await readCsvText(quadratureFile), quadratureFile) : undefined;
  const [fromFile, toFile] = files as [string, string];
  const from = parseItemParamsCsv(await readCsvText(fromFile), fromFile);
  const to = parseItemParamsCsv(await readCsvText(toFile), toFile);
  const common = to.filter((i) => from.some((f) => f.item === i.item)).length;
  if (common < 2) throw new CliError(`${fromFile} and ${toFile} share ${common} item name${common === 1 ? "" : "s"}: linking needs at least two common anchors`);
  try {
    const report = linkForms(from, to, {
      method: method as LinkMethod, D, driftThreshold, fromQuadrature: quadrature?.from, toQuadrature: quadrature?.to,
    });
    return { D, ...report };
  } catch (error) {
    // The linking's own refusals (e.g. anchors whose difficulties do not vary) are bad input too.
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
}
