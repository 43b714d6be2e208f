// A PostgreSQL array sent as one parameter ("{1.5,NULL,\"x\"}" cast to int[], float8[], uuid[], text[]): a column of
// thousands of values is one bind parameter, not one each (PostgreSQL stops at 65,535), and `unnest` of a few such
// columns writes rows a statement at a time (calibrate-exam.ts storeCalibration: decision 0068).

/**
 * A number is written as JavaScript's shortest text that reads back to the same double (Infinity and NaN as
 * PostgreSQL spells them); a text is quoted, its quotes and backslashes escaped; null is NULL.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const item = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`);
  return `{${values.map(item).join(",")}}`;
}
