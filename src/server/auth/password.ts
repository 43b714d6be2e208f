// scrypt, computed by libsodium where its prebuilt addon loads and by node:crypto otherwise: the same function with
// the same parameters, so either verifies any hash; libsodium's vectorised core is about 30 % faster on an exam
// morning, when the cores are scrypt's (docs/decisions/0025, which amends 0002). The derivations run on threads of
// their own at a lower priority (scrypt-thread.mjs, docs/decisions/0026).
import { randomBytes, timingSafeEqual } from "node:crypto";
import { Worker } from "node:worker_threads";
import { engine } from "./scrypt-thread.mjs";
import { availableCores } from "../cores";

const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;
/** libsodium's scrypt takes salts of exactly 32 bytes; hashes made before 0025 have 16 and are verified by node:crypto. */
const SALT_BYTES = 32;

type TScryptParams = { N: number; r: number; p: number };

/** Which implementation computes the derivations libsodium can compute (the start-up line and the bench print it). */
export const scryptEngine = engine;

/**
 * The threads that compute passwords, and their nice value. On libuv's pool (where both implementations' async calls
 * ran) a derivation had the same priority as the event loop and as PostgreSQL: in a lobby, with every core deriving,
 * each of a sign-in's statements waited for a core behind the derivations, and so did every save and lobby call
 * (bench:exam-day). On threads of their own they take only what the rest leaves, and libuv's pool stays free for
 * what else needs it (opening a database connection, reading a file).
 *
 * As many derivations at once as the machine has cores, across all the server's processes (`shareCores`): each
 * works through 16 MiB in an order no cache foresees, and more of them than cores, taking turns on a core, compute
 * fewer in all — on the 2-core bench machine 55–57 a second with 4 or 6 at once against 63–68 with 2 (docs/
 * decisions/0027). So that a core finishing one does not wait for the event loop to hand it the next, each thread is
 * given its next derivation while it computes the one before.
 */
let threadCount = availableCores();
export const SCRYPT_NICE = 10;
/** Derivations a thread is given at once: the one it computes and the next, waiting in its port. */
const PER_THREAD = 2;

/** This process is one of `processes` sharing the machine's cores (WORKERS): it runs its share of the threads. */
export function shareCores(processes: number): void {
  threadCount = Math.max(1, Math.ceil(availableCores() / processes));
}
/** How many password threads this process runs at most. */
export const scryptThreads = () => threadCount;

type TJob = { password: string; salt: Buffer; keyLength: number; params: TScryptParams; force?: "node:crypto"; resolve: (key: Buffer) => void; reject: (err: Error) => void };
/** `jobs[0]` is being computed; the one after it waits in the thread's port. */
type TThread = { worker: Worker; jobs: TJob[] };
const threads: TThread[] = [];
/** Derivations waiting for a thread, in order of arrival. */
const queue: TJob[] = [];
/** The most derivations this process has computed at once and given to its threads at once, and the nice value its threads run at (the tests read them). */
export const scryptPeak = { computing: 0, given: 0 };
export const scryptThreadNice = { value: null as number | null };

function startThread(): TThread {
  const worker = new Worker(new URL("./scrypt-thread.mjs", import.meta.url), { workerData: { scryptThread: true, nice: SCRYPT_NICE }, execArgv: [] });
  const thread: TThread = { worker, jobs: [] };
  worker.on("message", (m: { key?: Uint8Array; error?: string; nice?: number }) => {
    const job = thread.jobs.shift();
    if (!thread.jobs.length) worker.unref();
    if (m.nice !== undefined) scryptThreadNice.value = m.nice;
    if (m.key) job?.resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
    else job?.reject(new Error(m.error ?? "scrypt failed"));
    dispatch();
  });
  // A thread that dies (out of memory) fails the derivation it computed, not the one given to it next: that goes
  // back to the head of the queue, for a new thread.
  const lost = (err: Error) => {
    const i = threads.indexOf(thread);
    if (i < 0) return;
    threads.splice(i, 1);
    const [computing, ...next] = thread.jobs.splice(0);
    computing?.reject(err);
    queue.unshift(...next);
    dispatch();
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`scrypt thread exited with ${code}`)));
  // An idle thread keeps nobody alive, one computing does (dispatch). After the listeners: adding a "message"
  // listener refs the worker again.
  worker.unref();
  return thread;
}

/** The thread for the next derivation: an idle one, a new one while there are fewer than `threadCount`, else one with room for the next. */
function threadFor(): TThread | undefined {
  const idle = threads.find((t) => !t.jobs.length);
  if (idle) return idle;
  if (threads.length < threadCount) {
    const thread = startThread();
    threads.push(thread);
    return thread;
  }
  return threads.find((t) => t.jobs.length < PER_THREAD);
}

function dispatch(): void {
  while (queue.length) {
    const thread = threadFor();
    if (!thread) return;
    const job = queue.shift()!;
    thread.jobs.push(job);
    thread.worker.ref();
    scryptPeak.computing = Math.max(scryptPeak.computing, threads.filter((t) => t.jobs.length).length);
    scryptPeak.given = Math.max(scryptPeak.given, threads.reduce((n, t) => n + t.jobs.length, 0));
    thread.worker.postMessage({ password: job.password, salt: job.salt, keyLength: job.keyLength, params: job.params, force: job.force });
  }
}

/** The key of `password` (NFKC, UTF-8), computed on the password threads in order of asking; `force` chooses node:crypto (tests, bench). */
export function scryptKey(password: string, salt: Buffer, keyLength: number, params: TScryptParams, force?: "node:crypto"): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    queue.push({ password, salt, keyLength, params: { N: params.N, r: params.r, p: params.p }, force, resolve, reject });
    dispatch();
  });
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptKey(password, salt, PARAMS.keyLength, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A stored hash's parts (the format above), or null when it is not one of ours. */
function parseHash(stored: string): { params: TScryptParams; salt: Buffer; key: Buffer } | null {
  const [algo, n, r, p, saltB64, keyB64] = stored.split("$");
  if (algo !== "scrypt" || !saltB64 || !keyB64) return null;
  return { params: { N: Number(n), r: Number(r), p: Number(p) }, salt: Buffer.from(saltB64, "base64url"), key: Buffer.from(keyB64, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const actual = await scryptKey(password, hash.salt, hash.key.length, hash.params);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/**
 * A hash worth making again at the next right password: made with other parameters than today's, or with a salt
 * libsodium cannot take (16 bytes, before decision 0025) while libsodium is here to compute the new one faster.
 */
export function needsRehash(stored: string): boolean {
  const hash = parseHash(stored);
  if (!hash) return false;
  const { N, r, p } = hash.params;
  const sameParams = N === PARAMS.N && r === PARAMS.r && p === PARAMS.p && hash.key.length === PARAMS.keyLength;
  return !sameParams || (engine === "libsodium" && hash.salt.length !== SALT_BYTES);
}

/** No derivation running or waiting in this process: a moment when an extra one delays nobody. */
export const scryptIdle = () => queue.length === 0 && threads.every((t) => !t.jobs.length);

/** A hash of a random password: verifying against it costs the same as a real one, so a missing account
 *  answers as slowly as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64url"));
  return dummyHash;
}

/** A password a person can type from a printed sheet: no 0/O, 1/l/I. */
export function generatePassword(length = 10): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
