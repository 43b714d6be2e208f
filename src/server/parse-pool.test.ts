// The parse threads (docs/decisions/0029): a refusal made in the thread arrives as the same AppError, with its
// values; a file that outruns its CPU time has its thread ended and is refused as the caller says, and one that waited
// too long for an idle core is sent back with a request to try later.
import { spawnSync } from "node:child_process";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "./http/errors";
import { calibrationLimits, FIGURES_THREAD_ROWS, figuresOffLoop, PARSE_CPU_LIMIT_MS, parseInThread, parseThreadPriority } from "./parse-pool";
import { seededRandom, simulate } from "./psychometrics/calibrate-simulate";

const refused = () => new AppError("QTI_TOO_COMPLEX");

describe("parse threads", () => {
  it("carries a refusal back as the AppError it was, values and all", async () => {
    const escape = zipSync({ "imsmanifest.xml": strToU8("<manifest/>"), "../evil.xml": strToU8("<x/>") });
    const err = await parseInThread("qti", escape, refused).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "QTI_PATH_ESCAPE", status: 400, vars: { file: "../evil.xml" } });
  });

  it("ends a thread that outruns its CPU time and refuses the file, then reads the next one", async () => {
    const manifest = zipSync({ "imsmanifest.xml": strToU8("<manifest><resources/></manifest>") });
    await expect(parseInThread("qti", manifest, refused, { cpuMs: 1, waitMs: 60_000 })).rejects.toMatchObject({ code: "QTI_TOO_COMPLEX" });
    await expect(parseInThread("qti", manifest, refused)).resolves.toEqual({ tests: [expect.objectContaining({ exam: expect.objectContaining({ questions: [] }) })] });
  });

  it("sends back a file that waited too long for an idle core, as busy rather than too complex", async () => {
    const manifest = zipSync({ "imsmanifest.xml": strToU8("<manifest><resources/></manifest>") });
    await expect(parseInThread("qti", manifest, refused, { cpuMs: 60_000, waitMs: 1 })).rejects.toMatchObject({ code: "FILE_WAITED_TOO_LONG", status: 503 });
  });

  it("runs the thread only on a core nothing else wants, where Linux lets it (SCHED_IDLE through chrt)", async ({ skip }) => {
    if (process.platform !== "linux" || spawnSync("chrt", ["--help"]).status !== 0) {
      console.log("parse-pool: SCHED_IDLE not checked — this machine has no chrt (util-linux)");
      skip();
    }
    const manifest = zipSync({ "imsmanifest.xml": strToU8("<manifest><resources/></manifest>") });
    await parseInThread("qti", manifest, refused);
    expect(parseThreadPriority.value).toBe("idle");
  });

  it("gives a calibration a minute of a core per 200,000 × 40 cells, and never less than a file's minute", () => {
    const of = (nPersons: number, items: number) => calibrationLimits({ nPersons, items: Array.from({ length: items }) }).cpuMs;
    expect(of(150, 10)).toBe(PARSE_CPU_LIMIT_MS);
    expect(of(200_000, 40)).toBe(PARSE_CPU_LIMIT_MS);
    expect(of(400_000, 70)).toBe(3.5 * PARSE_CPU_LIMIT_MS);
  });

  describe("an exam's figures (decision 0067)", () => {
    const random = seededRandom(3);
    const items = Array.from({ length: 30 }, () => ({ a: 0.8 + random(), b: -2 + 4 * random(), c: 0 }));
    const small = simulate(items, 400, 5).matrix;
    const input = { matrix: small, maxScores: items.map(() => 1), reachOf: new Int32Array(small.nPersons), reaches: 1 };

    it("go to a thread from FIGURES_THREAD_ROWS rows, to the same figures, and in a lane of their own: not behind a calibration", async () => {
      const inline = await figuresOffLoop("reliability", input, small.nPersons);
      const calibrating = parseInThread("calibrate", { matrix: simulate(items, 20_000, 6).matrix, model: "2pl", options: {} }, refused).then(() => "calibration");
      const before = FIGURES_THREAD_ROWS.value;
      FIGURES_THREAD_ROWS.value = 0;
      parseThreadPriority.value = null;
      try {
        const threaded = figuresOffLoop("reliability", input, small.nPersons).then((figures) => ({ figures }));
        // The calibration takes seconds of a core; the figures, a thread's start: in one lane they would come after it.
        const first = await Promise.race([calibrating, threaded]);
        expect(first).toEqual({ figures: inline });
        expect(parseThreadPriority.value).not.toBeNull();
      } finally {
        FIGURES_THREAD_ROWS.value = before;
      }
      await calibrating;
    });

    it("a thread that waited too long for an idle core is FIGURES_BUSY (503), not a file's message", async () => {
      await expect(figuresOffLoop("reliability", input, FIGURES_THREAD_ROWS.value, { cpuMs: 60_000, waitMs: 1 })).rejects.toMatchObject({ code: "FIGURES_BUSY", status: 503 });
    });
  });
});
