// Sign-out on a shared computer (issue 37, decision 0055): every answer journal on the device and every offline copy
// of a paper (the service worker's caches) go, whichever attempt they belong to.
import { wipeAllJournals } from "./offline-journal";
import { dropOfflineCaches } from "./offline-worker";

export async function wipeOfflineCopies(): Promise<void> {
  await Promise.all([wipeAllJournals(), dropOfflineCaches()]);
}
