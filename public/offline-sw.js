// The take page's service worker (issue 37, decision 0055). Registered by the take page only, with the scope
// /student/exam/, and with the build's version in its address (?v=…): a new deploy installs a new worker, which
// drops the old build's shell. What it serves when the network fails, and nothing else:
//   - the take page's address → the app shell (index.html) kept by the page;
//   - /assets/… (hashed, never change) → from the shell's cache, kept as they pass;
//   - a sitting's lobby, paper and attempt → network first (a fresh paper wins when online), the last copy
//     otherwise, its serverNow carried on by the time since it arrived so the clock stays the server's;
//   - the paper's pictures and free clips → from the sitting's copy;
//   - /api/auth/me → network first, else the copy kept with the sitting (the page's guard must know the student).
// A sitting's copy exists only once the take page has made it (lib/offline-worker.ts): no other API response
// is ever kept. When the server says the sitting is over for this student, the copy goes. Copies are per user
// (qias-exam-<userId>/<examId>) and only the copies of the user the app last knew as signed in (the cache
// qias-who, written by the page at sign-in and at each /me) are ever used: on a shared computer the next student
// is never served another's attempt, paper or session.
const VERSION = new URL(self.location.href).searchParams.get("v") || "0";
const SHELL = `qias-shell-${VERSION}`;
const SHELL_KEY = "/__qias-shell";
const EXAM_PREFIX = "qias-exam-";
const WHO = "qias-who";
const WHO_KEY = "/__qias-who";
const TAKE_PAGE = /^\/student\/exam\/[^/]+\/take\/?$/;
const SITTING_API = /^\/api\/student\/exams\/([^/]+)\/(lobby|paper|attempt)$/;
const MEDIA = /^\/api\/media\/[^/]+$/;
/** The server's word that this student's sitting is over: the copy is of no more use. */
const OVER = new Set(["ATTEMPT_ALREADY_COMPLETED", "SITTING_ENDED", "SITTING_ENTRY_CLOSED", "EXAM_NOT_AVAILABLE", "TIME_UP", "UNAUTHENTICATED"]);

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        // An older build's shell, and an older build's copy kept per sitting only (no user in its name).
        if ((key.startsWith("qias-shell-") && key !== SHELL) || (key.startsWith(EXAM_PREFIX) && !key.includes("/"))) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (event.request.mode === "navigate" && TAKE_PAGE.test(path)) return event.respondWith(shellPage(event.request));
  if (event.request.method === "GET" && path.startsWith("/assets/")) return event.respondWith(asset(event.request));
  const sitting = SITTING_API.exec(path);
  if (sitting) return event.respondWith(sittingApi(event.request, decodeURIComponent(sitting[1]), path));
  if (event.request.method === "GET" && (MEDIA.test(path) || path === "/api/auth/me")) return event.respondWith(media(event.request, path));
});

async function shellPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(SHELL_KEY, { cacheName: SHELL });
    if (hit) return hit;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  // Only the take page's own files pass here (the scope), and only once the page has made the shell.
  if (res.ok && (await cache.match(SHELL_KEY))) await cache.put(request, res.clone());
  return res;
}

/** The prefix of the signed-in user's copies, or null when the page has not said who that is. */
async function userPrefix() {
  const hit = await caches.match(WHO_KEY, { cacheName: WHO });
  const user = hit ? await hit.text() : "";
  return user ? `${EXAM_PREFIX}${user}/` : null;
}

async function sittingApi(request, examId, path) {
  const prefix = await userPrefix();
  const name = prefix && prefix + examId;
  if (!name || !(await caches.has(name))) return fetch(request);
  try {
    const res = await fetch(request);
    if (res.ok) {
      const body = await res.clone().text();
      const cache = await caches.open(name);
      await cache.put(path, new Response(body, { headers: { "content-type": "application/json; charset=utf-8", "x-qias-at": String(Date.now()) } }));
    } else if (res.status >= 400 && res.status < 500) {
      const code = await res
        .clone()
        .json()
        .then((b) => b && b.code)
        .catch(() => null);
      if (OVER.has(code) || res.status === 401) await caches.delete(name);
    }
    return res;
  } catch (error) {
    const hit = await caches.match(path, { cacheName: name });
    if (!hit) throw error;
    return carryClock(hit);
  }
}

/** The kept answer, with its serverNow moved on by the time since it arrived (the device's clock only measures). */
async function carryClock(hit) {
  const at = Number(hit.headers.get("x-qias-at"));
  const body = await hit.json();
  if (body && typeof body.serverNow === "string" && at) body.serverNow = new Date(Date.parse(body.serverNow) + (Date.now() - at)).toISOString();
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json; charset=utf-8", "x-qias-offline": "1" } });
}

/** Network first for what a sitting's copy holds (its pictures, clips, the student's session); the copy when offline. */
async function media(request, path) {
  const prefix = await userPrefix();
  if (!prefix) return fetch(request);
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    const hit = await caches.match(path, { cacheName: name });
    if (hit) {
      try {
        return await fetch(request);
      } catch {
        return hit;
      }
    }
  }
  return fetch(request);
}
