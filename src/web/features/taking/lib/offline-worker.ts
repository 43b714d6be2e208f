// The take page's offline copy (issue 37, decision 0055): registers public/offline-sw.js for the take pages only,
// and fills the sitting's cache when the student is in the lobby or the paper opens — the app shell, the paper,
// the attempt and the lobby as the server last gave them, and the paper's pictures and clips. The worker then serves
// them when the network fails. Dropped on submission, on sign-out, and when the server says the sitting is over.
import type { TPaper } from "@shared/schemas/attempt";

export const SW_URL = "/offline-sw.js";
export const SW_SCOPE = "/student/exam/";
const SHELL_PREFIX = "qias-shell-";
const EXAM_PREFIX = "qias-exam-";
/** The key under which the app shell (index.html) is kept. */
const SHELL_KEY = "/__qias-shell";

const supported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof caches !== "undefined";

/** The build's version: the hashed name of the app's entry script changes with every deploy. */
function buildVersion(): string {
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.getAttribute("src") ?? "dev";
  return src.replace(/^.*\//, "").replace(/[^\w.-]/g, "");
}

/** Who the copies on this device belong to: the worker serves only the copies of the user the app last knew as
 *  signed in, so on a shared computer the next student is never served another's attempt or session (decision 0055). */
const WHO_CACHE = "qias-who";
const WHO_KEY = "/__qias-who";

/** A sitting's copy, per user and sitting: `qias-exam-<userId>/<examId>`. */
const examCache = (userId: string, examId: string) => `${EXAM_PREFIX}${userId}/${examId}`;

/** The signed-in user, as the app learns it (sign-in, /me): the worker's key to that user's copies. */
export async function rememberDeviceUser(userId: string): Promise<void> {
  if (!supported()) return;
  await caches
    .open(WHO_CACHE)
    .then(async (cache) => {
      const hit = await cache.match(WHO_KEY);
      if ((await hit?.text()) !== userId) await cache.put(WHO_KEY, new Response(userId));
    })
    .catch(() => {});
}

/** Registers the worker (a new build's worker replaces the old one and its shell cache). */
export async function registerOfflineWorker(): Promise<void> {
  if (!supported() || import.meta.env.DEV) return;
  await navigator.serviceWorker.register(`${SW_URL}?v=${encodeURIComponent(buildVersion())}`, { scope: SW_SCOPE });
}

/** Every /api/media/… the paper shows: its pictures and the clips that may be played freely (a limited clip's bytes
 *  come only from the play's own address, counted by the server, so they are never kept). */
export function paperMediaUrls(paper: TPaper): string[] {
  const urls = new Set<string>();
  const walk = (node: unknown, key: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, key));
    if (typeof node !== "object" || node === null) return;
    const o = node as Record<string, unknown>;
    if ((key === "image" || key === "audio") && typeof o.id === "string" && !(key === "audio" && o.maxPlays != null)) urls.add(`/api/media/${encodeURIComponent(o.id)}`);
    for (const [k, v] of Object.entries(o)) walk(v, k);
  };
  walk(paper, "");
  return [...urls];
}

/** A response as the worker keeps it: when it was received (device clock), so the server's clock can be carried on. */
function kept(body: unknown, receivedAt: number): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json; charset=utf-8", "x-qias-at": String(receivedAt) } });
}

/**
 * Fills the sitting's cache. `lobby` / `attempt`: the server's answers as the page holds them (with the device time
 * they arrived), stored under the address the page asks again on a reload.
 */
export async function primeOffline(
  examId: string,
  parts: { paper?: TPaper; attempt?: { receivedAt: number } & object; lobby?: { receivedAt: number } & object },
): Promise<void> {
  if (!supported() || import.meta.env.DEV) return;
  const base = `/api/student/exams/${encodeURIComponent(examId)}`;
  // Who is signed in: the copy is theirs, and the page's guard asks before it shows the paper (the worker serves
  // it only offline). Without an answer there is no one to keep a copy for.
  const me = await fetch("/api/auth/me", { credentials: "same-origin" }).catch(() => null);
  const userId = me?.ok ? ((await me.clone().json().catch(() => null)) as { user?: { id?: string } } | null)?.user?.id : undefined;
  if (!me || !userId) return;
  await rememberDeviceUser(userId);
  const cache = await caches.open(examCache(userId, examId));
  const shell = await caches.open(`${SHELL_PREFIX}${buildVersion()}`);
  const puts: Promise<unknown>[] = [];
  for (const kind of ["attempt", "lobby"] as const) {
    const part = parts[kind];
    if (part) {
      const { receivedAt, ...body } = part;
      puts.push(cache.put(`${base}/${kind}`, kept(body, receivedAt)));
    }
  }
  puts.push(cache.put("/api/auth/me", me));
  if (parts.paper) {
    puts.push(cache.put(`${base}/paper`, kept(parts.paper, Date.now())));
    for (const url of paperMediaUrls(parts.paper)) puts.push(cache.match(url).then((hit) => (hit ? undefined : cache.add(url))));
  }
  // The shell: index.html (what any take address answers) and the hashed files this page has loaded.
  puts.push(shell.match(SHELL_KEY).then((hit) => hit ? undefined : fetch(location.pathname, { credentials: "same-origin" }).then((res) => (res.ok ? shell.put(SHELL_KEY, res) : undefined))));
  const assets = performance.getEntriesByType("resource").map((e) => new URL(e.name)).filter((u) => u.origin === location.origin && u.pathname.startsWith("/assets/"));
  for (const u of assets) puts.push(shell.match(u.pathname).then((hit) => (hit ? undefined : shell.add(u.pathname))));
  await Promise.allSettled(puts);
}

/** The sitting is over for this device (submitted, or the server says it ended): its copy goes, whoever's it was. */
export async function dropOfflineCopy(examId: string): Promise<void> {
  if (typeof caches === "undefined") return;
  const keys = await caches.keys().catch(() => [] as string[]);
  await Promise.all(keys.filter((k) => k.startsWith(EXAM_PREFIX) && k.endsWith(`/${examId}`)).map((k) => caches.delete(k).catch(() => false)));
}

/** Sign-out: every sitting's copy, the shell, who they belonged to, and the worker itself (the next take page
 *  registers it again), so a shared computer keeps nothing of the student's exams. */
export async function dropOfflineCaches(): Promise<void> {
  if (typeof caches !== "undefined") {
    const keys = await caches.keys().catch(() => [] as string[]);
    await Promise.all(keys.filter((k) => k.startsWith(EXAM_PREFIX) || k.startsWith(SHELL_PREFIX) || k === WHO_CACHE).map((k) => caches.delete(k)));
  }
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations().catch(() => []);
  await Promise.all(registrations.filter((r) => new URL(r.scope).pathname === SW_SCOPE).map((r) => r.unregister().catch(() => false)));
}
