// QTI imports beside the exam morning's lobby (issue 33, docs/decisions/0029): bench:exam-day's QTI_BESIDE runs
// them back to back through the second half of the lobby, so the lobby's waits can be read with and without one.
//   QTI_BESIDE=large    a large, legitimate package: QTI_TESTS tests of QTI_ITEMS items each (QTI 2.1, as other
//                       tools export; default 10 × 200, every item read and saved as a draft exam)
//   QTI_BESIDE=hostile  a package whose entry claims 1,000 bytes and inflates to 2 GiB (refused: QTI_ZIP_BOMB)
//   QTI_BESIDE=both     the two in turn
import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { zipBomb } from "../src/server/test/zip-bomb";

const FIXTURE = path.join(import.meta.dirname, "../src/server/modules/qti/fixtures/qti21-bank/items");
/** The fixture bank's items that show no picture (a picture would be stored once per question). */
const TEXT_ITEMS = ["rivers.xml", "strait.xml", "climate.xml"].map((f) => fs.readFileSync(path.join(FIXTURE, f), "utf8"));

export type TQtiBeside = "large" | "hostile" | "both";

/** `tests` assessment tests of `items` items each, every item a file of its own, and the manifest naming them all. */
export function largePackage(tests: number, items: number): Buffer {
  const files: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  for (let t = 0; t < tests; t++) {
    const refs: string[] = [];
    for (let i = 0; i < items; i++) {
      const href = `items/t${t}-i${i}.xml`;
      files[href] = strToU8(TEXT_ITEMS[i % TEXT_ITEMS.length]!.replace(/identifier="([a-z]+)" title="/, `identifier="$1-${t}-${i}" title="`));
      refs.push(`<assessmentItemRef identifier="t${t}-i${i}" href="${href}"/>`);
      resources.push(`<resource identifier="t${t}-i${i}" type="imsqti_item_xmlv2p1" href="${href}"><file href="${href}"/></resource>`);
    }
    files[`test-${t}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><assessmentTest xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="test-${t}" title="Bench bank ${t + 1}"><testPart identifier="p" navigationMode="nonlinear" submissionMode="simultaneous"><assessmentSection identifier="s" title="S" visible="true">${refs.join("")}</assessmentSection></testPart></assessmentTest>`,
    );
    resources.unshift(`<resource identifier="test-${t}" type="imsqti_test_xmlv2p1" href="test-${t}.xml"><file href="test-${t}.xml"/></resource>`);
  }
  files["imsmanifest.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="bench"><organizations/><resources>${resources.join("")}</resources></manifest>`);
  return Buffer.from(zipSync(files));
}

export const hostilePackage = () => zipBomb({ "imsmanifest.xml": strToU8('<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><organizations/><resources/></manifest>') }, { name: "bank.xml", mib: 2048 });

/** One import of `bytes` by the holder of `cookie`: its status and error code, and how long it took. */
async function importOnce(base: string, cookie: string, bytes: Buffer, subjectId: string, tests: number): Promise<{ status: number; code: string; ms: number }> {
  const form = new FormData();
  // The form names a subject for each of the package's tests (issue 33 item 12); one for all was refused after reading.
  for (let n = 0; n < tests; n++) form.append("subjectId", subjectId);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/zip" }), "bank.zip");
  const started = performance.now();
  const res = await fetch(`${base}/api/exams/import/qti`, { method: "POST", headers: { cookie }, body: form });
  const text = await res.text();
  return { status: res.status, code: /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? "", ms: performance.now() - started };
}

/**
 * Imports back to back from `from` until `until` (epoch ms); `importing()` says whether one is under way (the
 * lobby's waits are told apart by it). Resolves, once the last has answered, to what each was and how long it took.
 */
export function importsBeside(kind: TQtiBeside, base: string, cookie: string, subjectId: string, from: number, until: number) {
  const tests = Number(process.env.QTI_TESTS ?? 10);
  const items = Number(process.env.QTI_ITEMS ?? 200);
  const packages = { large: kind === "hostile" ? null : largePackage(tests, items), hostile: kind === "large" ? null : hostilePackage() };
  console.log(`QTI_BESIDE=${kind}: ${packages.large ? `a package of ${tests} × ${items} items (${(packages.large.length / 1e6).toFixed(1)} MB)` : ""}${packages.large && packages.hostile ? " and " : ""}${packages.hostile ? `a 2 GiB bomb (${(packages.hostile.length / 1e6).toFixed(1)} MB)` : ""}, imported back to back from ${((from - Date.now()) / 1000).toFixed(0)} s on`);
  let busy = false;
  const done = (async () => {
    const results: string[] = [];
    while (Date.now() < from) await new Promise((r) => setTimeout(r, 100));
    for (let n = 0; Date.now() < until; n++) {
      const which = packages.large && packages.hostile ? (n % 2 ? "hostile" : "large") : packages.large ? "large" : "hostile";
      busy = true;
      const r = await importOnce(base, cookie, packages[which]!, subjectId, which === "large" ? tests : 1).catch((err: unknown) => ({ status: 0, code: String(err), ms: 0 }));
      busy = false;
      results.push(`${which} ${r.status}${r.code ? ` ${r.code}` : ""} in ${(r.ms / 1000).toFixed(1)} s`);
    }
    return results;
  })();
  return { importing: () => busy, done };
}
