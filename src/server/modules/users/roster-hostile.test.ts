// A hostile .xlsx roster (issue 33) through the real route: a workbook whose entry claims 1,000 bytes and inflates
// to half a gigabyte is refused quickly, read in a parse thread (docs/decisions/0029), while the server goes on
// answering others; a true workbook is still read.
import { unzipSync } from "fflate";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../../test/harness";
import { zipBomb } from "../../test/zip-bomb";
import { parseThreadPriority } from "../../parse-pool";

let h: THarness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("school_own");
  const a = await h.makeUser("school_admin", { schoolId: school });
  admin = await h.signIn(a.email, a.password, "school");
});
afterAll(async () => {
  await h?.close();
});

const preview = (file: Buffer) => h.request({ method: "POST", url: "/api/users/import/preview", cookie: admin, payload: { role: "student", file: file.toString("base64") } });

describe("a hostile .xlsx roster (issue 33)", () => {
  it("refuses a workbook that inflates to 512 MiB quickly, answering other requests meanwhile, and still reads a true one", async () => {
    const roster = unzipSync(new Uint8Array(await writeXlsxFile([[{ value: "email" }], [{ value: "a@school.ae" }]]).toBuffer()));
    const bomb = zipBomb(roster, { name: "xl/media/pad.bin", mib: 512 });
    const started = Date.now();
    let refusedAt = 0;
    const refused = preview(bomb).then((res) => ((refusedAt = Date.now()), res));
    // Once the workbook is being read, a timer and another request: on the event loop (before this issue) neither
    // ran until the half gigabyte had been inflated.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ready = await h.request({ method: "GET", url: "/readyz" });
    const readyAt = Date.now();
    expect(ready.statusCode).toBe(200);
    const res = await refused;
    expect([res.statusCode, res.json().code]).toEqual([400, "IMPORT_UNREADABLE"]);
    expect(readyAt).toBeLessThanOrEqual(refusedAt);
    expect(refusedAt - started).toBeLessThan(20_000);
    console.log(`workbook bomb refused in ${refusedAt - started} ms; /readyz answered in ${readyAt - started} ms meanwhile`);

    const fine = await preview(Buffer.from(await writeXlsxFile([[{ value: "email" }, { value: "name" }], [{ value: "a@school.ae" }, { value: "مريم" }]]).toBuffer()));
    expect(fine.statusCode, fine.body).toBe(200);
    // Read below everything else, where the system lets a thread lower its own (Linux; parse-pool.test.ts checks which).
    if (process.platform === "linux") expect(parseThreadPriority.value).not.toBe("normal");
  });
});
