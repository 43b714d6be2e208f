// The search column of items the migration made (docs/decisions/0036): the Arabic folding is the short-answer
// marker's JavaScript (normalizeAnswer), which SQL cannot run, so the app fills it at start — once, for items
// whose column is still empty. Items made since are written with it.
import { and, eq } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { bankItems, bankItemVersions } from "../../db/schema";
import { searchTextOf } from "./content";

const BATCH = 500;

export async function fillSearchText(db: TDbOrTx): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: bankItems.id, content: bankItemVersions.content })
      .from(bankItems)
      .innerJoin(bankItemVersions, and(eq(bankItemVersions.itemId, bankItems.id), eq(bankItemVersions.version, bankItems.currentVersion)))
      .where(eq(bankItems.searchText, ""))
      .limit(BATCH);
    let changed = 0;
    for (const r of rows) {
      const text = searchTextOf(r.content);
      // An item with nothing to fold keeps "" and is not read again in this loop.
      if (!text) continue;
      await db.update(bankItems).set({ searchText: text }).where(eq(bankItems.id, r.id));
      changed++;
    }
    filled += changed;
    if (rows.length < BATCH || changed === 0) return filled;
  }
}
