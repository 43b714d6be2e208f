// The parse threads (docs/decisions/0029): a refusal made in the thread arrives as the same AppError, with its
// values; a file that outruns its CPU time has its thread ended and is refused as the caller says, and one that waited
// too long for an idle core is sent back with a request to try later.
import { spawnSync } from "node:child_process";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "./http/errors";
import { parseInThread, parseThreadPriority } from "./parse-pool";

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
});
