// The scale form's raw values (text inputs) ↔ the shared schema's numbers: an empty bound is no bound; any other
// text must be a number (else the schema's own code lands on the field).
import type { TScale } from "@shared/schemas/scale";

export type TDefinitionValues = { nameAr: string; nameEn: string; mean: string; sd: string; decimals: string; lowest: string; highest: string };
export const DEFINITION_FIELDS = ["nameAr", "nameEn", "mean", "sd", "decimals", "lowest", "highest"] as const;

const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
const bound = (v: string) => (v.trim() === "" ? null : Number(v));

export function definitionOf(v: TDefinitionValues) {
  return { nameAr: v.nameAr, nameEn: v.nameEn, mean: num(v.mean), sd: num(v.sd), decimals: num(v.decimals), lowest: bound(v.lowest), highest: bound(v.highest) };
}

export function valuesOf(scale: TScale | null): TDefinitionValues {
  const s = (x: number | null | undefined, fallback = "") => (x === null || x === undefined ? fallback : String(x));
  return {
    nameAr: scale?.nameAr ?? "",
    nameEn: scale?.nameEn ?? "",
    mean: s(scale?.mean, "500"),
    sd: s(scale?.sd, "100"),
    decimals: s(scale?.decimals, "0"),
    lowest: s(scale?.lowest),
    highest: s(scale?.highest),
  };
}
