// The parse threads (docs/decisions/0029): a refusal made in the thread arrives as the same AppError, with its
// values; a file that outruns the time limit has its thread ended and is refused as the caller says.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "./http/errors";
import { parseInThread } from "./parse-pool";

const refused = () => new AppError("QTI_TOO_COMPLEX");

describe("parse threads", () => {
  it("carries a refusal back as the AppError it was, values and all", async () => {
    const escape = zipSync({ "imsmanifest.xml": strToU8("<manifest/>"), "../evil.xml": strToU8("<x/>") });
    const err = await parseInThread("qti", escape, refused).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "QTI_PATH_ESCAPE", status: 400, vars: { file: "../evil.xml" } });
  });

  it("ends a thread that outruns its time and refuses the file, then reads the next one", async () => {
    const manifest = zipSync({ "imsmanifest.xml": strToU8("<manifest><resources/></manifest>") });
    await expect(parseInThread("qti", manifest, refused, 1)).rejects.toMatchObject({ code: "QTI_TOO_COMPLEX" });
    await expect(parseInThread("qti", manifest, refused)).resolves.toEqual({ tests: [expect.objectContaining({ exam: expect.objectContaining({ questions: [] }) })] });
  });
});
