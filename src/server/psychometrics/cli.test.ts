// The psychometrics command line (issue 35): JSON for a good file, a one-line message and exit code 2 for a bad one.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LSAT7_FREQUENCIES } from "./calibrate-lsat7";
import { parseCsvRows } from "./calibrate-csv";
import { main } from "./cli";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "qias-psychometrics-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

function lsat7Csv(): string {
  const lines = ['"Item 1",Item.2,Item.3,Item.4,Item.5'];
  LSAT7_FREQUENCIES.forEach((f, pattern) => {
    const row = [4, 3, 2, 1, 0].map((bit) => (pattern >> bit) & 1).join(",");
    for (let r = 0; r < f; r++) lines.push(row);
  });
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

describe("psychometrics calibrate", () => {
  it("prints each item's a, b, c, standard errors and fit as JSON", async () => {
    const { code, out, err } = await run(["calibrate", "--model", "2pl", await file("lsat7.csv", lsat7Csv())]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.model).toBe("2pl");
    expect(json.items.map((x: { item: string }) => x.item)).toEqual(["Item 1", "Item.2", "Item.3", "Item.4", "Item.5"]);
    expect(json.items[2].a).toBeCloseTo(1.706, 2);
    expect(json.items[2]).toHaveProperty("se.b");
    expect(json.items[2]).toHaveProperty("fit.chiSquare.p");
    expect(json).not.toHaveProperty("abilities");
  });

  it("reads the file as an Excel in an Arabic locale saves it: UTF-16 with semicolons gives the same items as UTF-8 with commas", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lsat7Csv().replace(/^\uFEFF/, "").replaceAll(",", ";"), "utf16le")]);
    const path = join(dir, "lsat7-utf16.csv");
    await writeFile(path, utf16);
    const [a, b] = [await run(["calibrate", "--model", "2pl", path]), await run(["calibrate", "--model", "2pl", await file("lsat7-again.csv", lsat7Csv())])];
    expect(a.err).toBe("");
    expect(JSON.parse(a.out).items).toEqual(JSON.parse(b.out).items);
  });

  it("with --abilities, prints infinite ML abilities as strings and blanks as not presented", async () => {
    const csv = "a,b,c\n1,1,\n0,0,0\n1,0,1\n0,1,0\n1,1,1\n";
    const { code, out } = await run(["calibrate", "--model=rasch", "--min-responses", "2", "--abilities", await file("small.csv", csv)]);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.items.find((x: { item: string }) => x.item === "c").n).toBe(4);
    expect(json.abilities[0]).toMatchObject({ items: 2, ml: "Infinity", mlSe: "Infinity", extreme: "all_highest" });
    expect(json.abilities[1]).toMatchObject({ ml: "-Infinity", extreme: "all_lowest" });
  });

  it.each([
    ["missing header", "1,0,1\n0,1,1\n", /line 1 holds numbers/],
    ["a non-number", "q1,q2\n1,0\n1,x\n", /line 3, column 2 \(q2\): "x" is not a score/],
    ["a fraction", "q1,q2\n1,0.5\n", /line 2, column 2 \(q2\): "0.5" is not a score/],
    ["a negative score", "q1,q2\n1,-1\n", /"-1" is not a score/],
    ["ragged rows", "q1,q2,q3\n1,0,1\n1,0\n", /line 3: 2 cells where the header has 3 items/],
    ["an empty file", "", /the file is empty/],
    ["only a header", "q1,q2\n", /no students/],
    ["a duplicated item", "q1,q1\n1,0\n", /"q1" appears twice/],
    ["an unnamed item", "q1,,q3\n1,0,1\n", /column 2: an item has no name/],
    ["an unclosed quote", '"q1,q2\n1,0\n', /never closed/],
    ["scores above 1 for the 2PL", "q1,q2\n2,0\n1,1\n", null],
  ])("%s → a clear message and exit code 2", async (name, csv, message) => {
    const { code, out, err } = await run(["calibrate", await file(`${name}.csv`, csv)]);
    if (message === null) {
      // Not a file fault: the item is named in the problems instead.
      expect(code).toBe(0);
      expect(JSON.parse(out).problems[0]).toMatchObject({ item: "q1", reason: "scores_above_one" });
      return;
    }
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
    expect(err).not.toMatch(/\n\s+at /);
  });

  it.each([
    [["calibrate", "--model", "4pl", "x.csv"], /--model must be one of rasch, 2pl, 3pl, gpcm/],
    [["calibrate", "--model"], /--model needs a value/],
    [["calibrate", "--min-responses", "ten", "x.csv"], /--min-responses must be a positive whole number/],
    [["calibrate", "--colour", "x.csv"], /unknown option --colour/],
    [["calibrate"], /exactly one CSV file/],
    [["calibrate", "/nonexistent/answers.csv"], /no such file: \/nonexistent\/answers.csv/],
    [["calibrate", "/tmp"], /is a folder/],
    [["grade", "x.csv"], /unknown command "grade"/],
  ])("%j → exit code 2 with a message", async (argv, message) => {
    const { code, err } = await run(argv);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });

  it("--concurrent calibrates one group per file, items matched by name, and names each group's distribution", async () => {
    const { simulate } = await import("./calibrate-simulate");
    const items = Array.from({ length: 8 }, (_, i) => ({ a: 1 + i / 10, b: -1.5 + (3 * i) / 7, c: 0 }));
    const csv = (group: number) => {
      const { matrix } = simulate(items, 600, 50 + group, () => true, () => ({ mean: group * 0.6, sd: 1 }));
      const keep = group === 0 ? [0, 1, 2, 3, 4, 5] : [2, 3, 4, 5, 6, 7];
      const rows = Array.from({ length: matrix.nPersons }, (_, p) => keep.map((i) => matrix.data[p * items.length + i]).join(","));
      return [keep.map((i) => `item${i}`).join(","), ...rows].join("\n");
    };
    const [last, next] = [await file("last-year.csv", csv(0)), await file("this-year.csv", csv(1))];
    const r = await run(["calibrate", "--concurrent", "--model", "2pl", last, next]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { items: { item: string; n: number }[]; groups: { file: string; n: number; mean: number }[] };
    expect(json.items.map((x) => [x.item, x.n])).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => [`item${i}`, i >= 2 && i <= 5 ? 1200 : 600]));
    expect(json.groups.map((g) => [g.file, g.n])).toEqual([
      [last, 600],
      [next, 600],
    ]);
    expect(json.groups[1]!.mean).toBeGreaterThan(0.3);
    expect(json.groups[1]!.mean).toBeLessThan(0.9);
    const one = await run(["calibrate", "--concurrent", last]);
    expect([one.code, one.err.split("\n")[0]]).toEqual([2, "psychometrics: calibrate --concurrent needs two or more CSV files, one per group"]);
  });

  it("dispatches link to the linking command", async () => {
    const { code, err } = await run(["link", "--method", "stocking-lord"]);
    expect(code).toBe(2);
    expect(err).toMatch(/^psychometrics: /);
  });

  it("runs as `npm run psychometrics`: tsx in a child process, exit code 2 and no stack trace for a ragged file", async () => {
    const path = await file("ragged.csv", "q1,q2\n1\n");
    const error = await promisify(execFile)("node_modules/.bin/tsx", ["src/server/psychometrics/cli.ts", "calibrate", path]).then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toBe("psychometrics: line 2: 1 cells where the header has 2 items\n");
    expect(error?.stdout).toBe("");
  }, 30_000);
});

describe("CSV rows", () => {
  it("reads quoted cells with commas, doubled quotes and CRLF, and skips blank lines", () => {
    expect(parseCsvRows('"a,b","say ""hi""",c\r\n\r\n1,,2\n')).toEqual([["a,b", 'say "hi"', "c"], ["1", "", "2"]]);
  });
});
