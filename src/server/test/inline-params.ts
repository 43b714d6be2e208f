// A query's parameters written into its text, for EXPLAIN (which takes no parameters on every driver) and for tests
// that read the statements a service sent.
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
}
