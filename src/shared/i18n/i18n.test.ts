// Every UI string exists in both languages, in every namespace, and is not left empty.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../errors";
import { DASHBOARD_SECTIONS } from "../permissions";

const dir = path.dirname(new URL(import.meta.url).pathname);
const keys = (o: Record<string, unknown>, p = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`]));
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>;
const get = (o: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((a, k) => (a as Record<string, unknown>)?.[k], o);

// Plural forms follow each language's own rules (CLDR): Arabic needs all six, English needs one and other
// (and may add zero). So the two files are compared by base key, and each language's forms are checked apart.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (o: Record<string, unknown>) => [...new Set(keys(o).map((k) => k.replace(PLURAL, "")))].sort();
const formsOf = (o: Record<string, unknown>) => {
  const forms = new Map<string, Set<string>>();
  for (const k of keys(o)) {
    const m = PLURAL.exec(k);
    if (!m) continue;
    const base = k.replace(PLURAL, "");
    forms.set(base, (forms.get(base) ?? new Set()).add(m[1]!));
  }
  return forms;
};
const REQUIRED_FORMS = { ar: ["zero", "one", "two", "few", "many", "other"], en: ["one", "other"] };

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
      expect(baseKeys(a)).toEqual(baseKeys(e));
      const arForms = formsOf(a);
      const enForms = formsOf(e);
      expect([...arForms.keys()].sort()).toEqual([...enForms.keys()].sort());
      for (const [base, forms] of arForms) expect([...forms], `${ar}: ${base}`).toEqual(expect.arrayContaining(REQUIRED_FORMS.ar));
      for (const [base, forms] of enForms) expect([...forms], `${en}: ${base}`).toEqual(expect.arrayContaining(REQUIRED_FORMS.en));
      for (const k of keys(a)) {
        expect(String(get(a, k)).trim(), `${ar}: ${k}`).not.toBe("");
        expect(String(get(e, k)).trim(), `${en}: ${k}`).not.toBe("");
      }
    });
  }
  it("every dashboard section has a menu label and an overview description in both languages", () => {
    for (const lang of ["ar", "en"]) {
      const main = { ...load(`${lang}.json`), ...load(`app.${lang}.json`) }; // one namespace (addAppShellTexts)
      for (const section of DASHBOARD_SECTIONS) {
        const [ns, key] = section.labelKey.includes(":") ? section.labelKey.split(":") : [null, section.labelKey];
        const labels = ns ? load(`${ns}.${lang}.json`) : main;
        expect(String(get(labels, key!) ?? "").trim(), `${lang}: ${section.labelKey}`).not.toBe("");
        expect(String(get(main, `dashboard.sections.${section.id}`) ?? "").trim(), `${lang}: dashboard.sections.${section.id}`).not.toBe("");
      }
    }
  });
  it("every error has a title and a message in both languages, and the Arabic is Arabic", () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      for (const t of [entry.title, entry.message]) {
        expect(t.en.trim(), code).not.toBe("");
        expect(t.ar, code).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });
});
