// LSAT7 (Bock & Lieberman 1970): 1,000 students, 5 right/wrong items — the reference data of issue 35.
import type { ResponseMatrix } from "./types";

export const LSAT7_FREQUENCIES = [12, 19, 1, 7, 3, 19, 3, 17, 10, 5, 3, 7, 7, 23, 8, 28, 7, 39, 11, 34, 14, 51, 15, 90, 6, 25, 7, 35, 18, 136, 32, 308];

/** The 32 patterns in order 00000…11111 (item 1 the leftmost digit), each repeated by its frequency. */
export function lsat7(): ResponseMatrix {
  const rows: number[][] = [];
  LSAT7_FREQUENCIES.forEach((f, pattern) => {
    const row = [4, 3, 2, 1, 0].map((bit) => (pattern >> bit) & 1);
    for (let r = 0; r < f; r++) rows.push(row);
  });
  return { items: ["Item.1", "Item.2", "Item.3", "Item.4", "Item.5"], nPersons: rows.length, data: Int8Array.from(rows.flat()) };
}

