// Every UI string exists in both languages, in every namespace, and is not left empty.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../errors";

const dir = path.dirname(new URL(import.meta.url).pathname);
const keys = (o: Record<string, unknown>, p = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`]));
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>;
const get = (o: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((a, k) => (a as Record<string, unknown>)?.[k], o);

const pairs = fs
  .readdirSync(dir)
  .filter((f) => /(^|\.)ar\.json$/.test(f))
  .map((ar) => [ar, ar.replace(/ar\.json$/, "en.json")] as const);

describe("translations", () => {
  it("has at least the main namespace", () => {
    expect(pairs.map((p) => p[0])).toContain("ar.json");
  });
  for (const [ar, en] of pairs) {
    it(`${ar} and ${en} have the same keys, none empty`, () => {
      const a = load(ar);
      const e = load(en);
      expect(keys(a).sort()).toEqual(keys(e).sort());
      for (const k of keys(a)) {
        expect(String(get(a, k)).trim(), `${ar}: ${k}`).not.toBe("");
        expect(String(get(e, k)).trim(), `${en}: ${k}`).not.toBe("");
      }
    });
  }
  it("every error has a title and a message in both languages, and the Arabic is Arabic", () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      for (const t of [entry.title, entry.message]) {
        expect(t.en.trim(), code).not.toBe("");
        expect(t.ar, code).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });
});
