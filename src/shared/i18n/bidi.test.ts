// A Latin run inside an Arabic sentence (a key name, CSV, an id) sits beside punctuation that takes the
// sentence's direction, and the run or the mark then lands at the wrong end of the line (issue 13, item 19:
// "Ctrl+Enter." on the grading screen). Every such run is isolated: by a tag the UI renders with dir or <bdi>
// (<bdi>, <ltr>, <kbd>), or by the Unicode isolates FSI … PDI where the text is shown as plain text.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.dirname(new URL(import.meta.url).pathname);
const strings = (o: unknown, p = ""): [string, string][] =>
  typeof o === "string" ? [[p, o]] : o && typeof o === "object" ? Object.entries(o).flatMap(([k, v]) => strings(v, p ? `${p}.${k}` : k)) : [];

/** Latin runs next to punctuation, left once placeholders, isolating tags and FSI … PDI are taken out. */
function unisolatedLatinRuns(text: string): string[] {
  if (!/[\u0600-\u06FF]/.test(text)) return [];
  const bare = text
    .replace(/\{\{[^}]*\}\}|\{[a-z]+\}/g, "")
    .replace(/<(bdi|ltr|kbd)>.*?<\/\1>/g, "")
    .replace(/\u2068[^\u2069]*\u2069/g, "");
  return [...bare.matchAll(/[A-Za-z][A-Za-z0-9_+-]*(?=[.،:؛()])/g)].map((m) => m[0]);
}

describe("Latin runs in Arabic texts are isolated", () => {
  it("the check finds the defect it is for", () => {
    expect(unisolatedLatinRuns("وفي خانة الملاحظة اضغط Ctrl+Enter.")).toEqual(["Ctrl+Enter"]);
    expect(unisolatedLatinRuns("اضغط <kbd>Ctrl+Enter</kbd>.")).toEqual([]);
    expect(unisolatedLatinRuns("من ملف \u2068CSV\u2069.")).toEqual([]);
  });

  for (const file of fs.readdirSync(dir).filter((f) => /(^|\.)ar\.json$/.test(f))) {
    it(file, () => {
      const found = strings(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))).flatMap(([key, text]) => unisolatedLatinRuns(text).map((run) => `${key}: ${run}`));
      expect(found).toEqual([]);
    });
  }
});
