// Searching text with ILIKE: what the user typed is matched literally, its % _ and \ escaped.

/** "50%_off" → "%50\%\_off%" (contains, case-insensitive with ilike). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
