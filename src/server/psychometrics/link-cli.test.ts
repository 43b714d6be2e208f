// `psychometrics link` on Kolen's STUIRT example 1 written to CSV files, and its refusals of bad files.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkCommand } from "./link-cli";
import { CliError, type NamedItemParams } from "./types";
import { stuirt1Points, stuirt1X, stuirt1XWeights, stuirt1Y, stuirt1YWeights } from "./fixtures/kolen-brennan";

let dir: string;
let fromCsv: string;
let toCsv: string;
let quadratureCsv: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "qias-link-"));
  fromCsv = await file("from.csv", params(stuirt1X));
  toCsv = await file("to.csv", params(stuirt1Y));
  quadratureCsv = await file("q.csv", ["theta,from,to",
    ...stuirt1Points.map((t, k) => `${t},${stuirt1XWeights[k]},${stuirt1YWeights[k]}`)].join("\n"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

function params(items: NamedItemParams[]): string {
  return `\uFEFFitem,a,b,c\r\n${items.map((i) => `"${i.item}",${i.a},${i.b},${i.c}`).join("\r\n")}\r\n`;
}

async function refusal(argv: string[]): Promise<string> {
  const error = await linkCommand(argv).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
}

describe("psychometrics link", () => {
  it("gives STUIRT's Stocking–Lord A and B from the files, with each anchor's drift", async () => {
    const out = (await linkCommand(["--d", "1.7", "--quadrature", quadratureCsv, fromCsv, toCsv])) as {
      method: string; A: number; B: number; anchors: { item: string; flagged: boolean }[]; relinked: { dropped: string[] } | null;
    };
    expect(out.method).toBe("stocking-lord");
    expect(Math.abs(out.A - 1.083417)).toBeLessThan(1e-6);
    expect(Math.abs(out.B - -0.487619)).toBeLessThan(1e-6);
    expect(out.anchors).toHaveLength(12);
    expect(out.relinked?.dropped).toEqual(["i7"]);
  });

  it("runs each method, the moment methods needing no quadrature", async () => {
    const hb = (await linkCommand(["--method", "haebara", "--d=1.7", "--quadrature", quadratureCsv, fromCsv, toCsv])) as { A: number };
    expect(Math.abs(hb.A - 1.0678)).toBeLessThan(1e-4);
    const mm = (await linkCommand(["--method", "mean-mean", fromCsv, toCsv])) as { method: string; A: number };
    expect(mm.method).toBe("mean-mean");
    expect(mm.A).toBeGreaterThan(1);
    const ms = (await linkCommand(["--method", "MEAN-SIGMA", "--drift-threshold", "2", fromCsv, toCsv])) as { driftThreshold: number };
    expect(ms.driftThreshold).toBe(2);
  });

  it("refuses bad options and bad files with a message naming the fault", async () => {
    expect(await refusal(["--method", "equipercentile", fromCsv, toCsv])).toMatch(/--method must be one of/);
    expect(await refusal([fromCsv])).toMatch(/two CSV files/);
    expect(await refusal(["--d", "0", fromCsv, toCsv])).toMatch(/--d must be a positive number/);
    expect(await refusal(["--speed", "1", fromCsv, toCsv])).toMatch(/unknown option --speed/);
    expect(await refusal([join(dir, "missing.csv"), toCsv])).toMatch(/no such file/);
    expect(await refusal([dir, toCsv])).toMatch(/is a folder/);
    expect(await refusal([await file("empty.csv", ""), toCsv])).toMatch(/is empty/);
    expect(await refusal([await file("nohead.csv", "i1,1,0,0.2\n"), toCsv])).toMatch(/no column item, a, b/);
    expect(await refusal([await file("text.csv", "item,a,b,c\ni1,one,0,0.2\n"), toCsv])).toMatch(/line 2, column a: "one" is not a number/);
    expect(await refusal([await file("slope.csv", "item,a,b,c\ni1,-1,0,0.2\ni2,1,0,0\n"), toCsv])).toMatch(/slope must be above 0/);
    expect(await refusal([await file("guess.csv", "item,a,b,c\ni1,1,0,1.2\n"), toCsv])).toMatch(/guessing parameter/);
    expect(await refusal([await file("ragged.csv", "item,a,b,c\ni1,1,0\n"), toCsv])).toMatch(/line 2: 3 cells/);
    expect(await refusal([await file("twice.csv", "item,a,b,c\ni1,1,0,0\ni1,1,1,0\n"), toCsv])).toMatch(/"i1" appears twice/);
    expect(await refusal([await file("other.csv", "item,a,b\nx1,1,0\ny1,1,1\n"), toCsv])).toMatch(/share 0 item names/);
    expect(await refusal([await file("flat.csv", "item,a,b\ni1,1,0\ni2,1,0\n"), toCsv, "--method", "mean-sigma"])).toMatch(/do not vary/);
    expect(await refusal(["--quadrature", await file("q-neg.csv", "theta,from,to\n0,-1,1\n"), fromCsv, toCsv])).toMatch(/negative/);
  });
});
