// The device's journal of an attempt's answers (issue 37, decision 0055): what lib/answer-sync.ts keeps so that no
// answer is lost to a reload, a closed tab or a restarted browser with no network. It lives in IndexedDB, encrypted
// per attempt with AES-GCM under a random key made for that attempt, which the browser will never hand out
// (non-extractable) and which is kept in the same record as the ciphertext: wiping the record wipes the key, and
// nothing readable is left at rest. An older page kept the journal in localStorage, in the clear: it is moved here on
// the first load and removed from there. The store is an interface so the logic is tested with a Map in Node; the
// browser test covers the real IndexedDB.
import { readStorage, writeStorage } from "@web/lib/storage";

/** One answer as the journal keeps it: the whole answer value (whatever its fields), its clientSeq, the highest
 *  clientSeq the server acknowledged, and when (server time, ms) the student made the change. */
export type TJournalEntry<V = unknown> = { value: V; seq: number; acked: number; at?: number };
export type TJournalData<V = unknown> = { v: 2; examId: string; answers: Record<string, TJournalEntry<V>> };

export type TJournalRecord = { key: CryptoKey; iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

export interface TJournalStore {
  get(attemptId: string): Promise<TJournalRecord | undefined>;
  put(attemptId: string, record: TJournalRecord): Promise<void>;
  delete(attemptId: string): Promise<void>;
  /** Every attempt's record on this device. */
  clear(): Promise<void>;
}

/** Where the older page kept the journal (in the clear). */
export const LEGACY_PREFIX = "qias.attempt.";

/** lib/review-marks.ts's keys (flags and strikes of an attempt). */
const MARKS_PREFIX = "qias.marks.";

const DB_NAME = "qias-offline";
const STORE = "journal";

let dbPromise: Promise<IDBDatabase> | null = null;
function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab deleting or upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      dbPromise = null;
      reject(req.error ?? new Error("indexedDB"));
    };
  });
  return dbPromise;
}

async function run<T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = op(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result as T);
    tx.onerror = () => reject(tx.error ?? new Error("indexedDB"));
    tx.onabort = () => reject(tx.error ?? new Error("indexedDB"));
  });
}

export const indexedDbStore: TJournalStore = {
  get: (id) => run<TJournalRecord | undefined>("readonly", (s) => s.get(id)),
  put: (id, record) => run<unknown>("readwrite", (s) => s.put(record, id)).then(() => {}),
  delete: (id) => run<unknown>("readwrite", (s) => s.delete(id)).then(() => {}),
  clear: () => run<unknown>("readwrite", (s) => s.clear()).then(() => {}),
};

/** A store in memory, for the tests and for a browser without IndexedDB (the journal then lasts for this page). */
export function memoryStore(): TJournalStore & { records: Map<string, TJournalRecord> } {
  const records = new Map<string, TJournalRecord>();
  return {
    records,
    get: async (id) => records.get(id),
    put: async (id, r) => void records.set(id, r),
    delete: async (id) => void records.delete(id),
    clear: async () => records.clear(),
  };
}

let defaultStore: TJournalStore | null = null;
export function deviceStore(): TJournalStore {
  defaultStore ??= typeof indexedDB === "undefined" ? memoryStore() : indexedDbStore;
  return defaultStore;
}

const newKey = () => crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);

function isData(data: unknown, examId: string): data is TJournalData {
  const d = data as Partial<TJournalData> | null;
  return d?.v === 2 && d.examId === examId && typeof d.answers === "object" && d.answers !== null;
}

/** The older page's journal: `{ v: 1, examId, answers: { [id]: { ...value fields, seq, acked } } }`. */
function readLegacy(attemptId: string, examId: string): TJournalData | null {
  const raw = readStorage(`${LEGACY_PREFIX}${attemptId}`);
  if (!raw) return null;
  try {
    const old = JSON.parse(raw) as { v?: number; examId?: string; answers?: Record<string, Record<string, unknown>> };
    if (old?.v !== 1 || old.examId !== examId || typeof old.answers !== "object" || old.answers === null) return null;
    const answers: Record<string, TJournalEntry> = {};
    for (const [id, e] of Object.entries(old.answers)) {
      const { seq, acked, ...value } = e;
      if (Number.isInteger(seq)) answers[id] = { value, seq: seq as number, acked: Number.isInteger(acked) ? (acked as number) : 0 };
    }
    return { v: 2, examId, answers };
  } catch {
    return null;
  }
}

/** Per question, the entry with the newer change. */
function merge(a: TJournalData | null, b: TJournalData | null): TJournalData | null {
  if (!a || !b) return a ?? b;
  const answers = { ...a.answers };
  for (const [id, e] of Object.entries(b.answers)) if (!answers[id] || answers[id].seq < e.seq) answers[id] = e;
  return { ...a, answers };
}

export class AttemptJournal {
  private key: Promise<CryptoKey> | null = null;
  /** Writes go one after another, the newest last: a slow write never lands over a newer one. */
  private chain: Promise<void> = Promise.resolve();
  private wiped = false;

  constructor(
    readonly attemptId: string,
    private readonly store: TJournalStore = deviceStore(),
  ) {}

  /** What this device holds of the attempt (an older page's journal moved in), or null. */
  async read(examId: string): Promise<TJournalData | null> {
    let own: TJournalData | null = null;
    try {
      const record = await this.store.get(this.attemptId);
      if (record) {
        this.key = Promise.resolve(record.key);
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: record.iv }, record.key, record.data);
        const data: unknown = JSON.parse(new TextDecoder().decode(plain));
        if (isData(data, examId)) own = data;
      }
    } catch {
      // Unreadable (another build's format, a broken record): the server's answers stand.
    }
    const legacy = readLegacy(this.attemptId, examId);
    const data = merge(own, legacy);
    if (legacy) {
      // Moved, then removed from the clear: only once the encrypted copy is written.
      this.write(data!);
      await this.flushed();
      writeStorage(`${LEGACY_PREFIX}${this.attemptId}`, null);
    }
    return data;
  }

  /** Keeps the journal's newest state (encrypted); resolves nothing, see flushed(). */
  write(data: TJournalData<unknown>): void {
    const text = JSON.stringify(data);
    this.chain = this.chain
      .then(async () => {
        if (this.wiped) return;
        this.key ??= newKey();
        const key = await this.key;
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const cipher = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(text));
        if (!this.wiped) await this.store.put(this.attemptId, { key, iv, data: cipher });
      })
      .catch(() => {
        // Storage full or unavailable: the answers still go to the server; the page keeps them meanwhile.
      });
  }

  /** Resolves once every write so far has landed. */
  flushed(): Promise<void> {
    return this.chain;
  }

  /** Removes the record, its key with it; later writes are dropped. */
  async wipe(): Promise<void> {
    this.wiped = true;
    await this.chain;
    await wipeJournal(this.attemptId, this.store);
  }
}

/** Removes one attempt's journal (with its key) and the older page's copy. */
export async function wipeJournal(attemptId: string, store: TJournalStore = deviceStore()): Promise<void> {
  writeStorage(`${LEGACY_PREFIX}${attemptId}`, null);
  await store.delete(attemptId).catch(() => {});
}

/** Sign-out: every attempt's journal on this device goes, every older page's copy, and the review marks. */
export async function wipeAllJournals(store: TJournalStore = deviceStore()): Promise<void> {
  try {
    if (typeof window !== "undefined") {
      const ls = window.localStorage;
      for (let i = ls.length - 1; i >= 0; i--) {
        const k = ls.key(i);
        if (k?.startsWith(LEGACY_PREFIX) || k?.startsWith(MARKS_PREFIX)) ls.removeItem(k);
      }
    }
  } catch {
    // Storage unavailable: nothing kept there either.
  }
  await store.clear().catch(() => {});
}
