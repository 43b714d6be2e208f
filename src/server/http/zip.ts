// Opening a zip someone uploaded (a QTI package, an .xlsx roster) without letting it take the server: a name
// escaping the archive is refused, and so is a zip that unpacks past a cap — before anything is inflated when its
// declared sizes say so, and while inflating the moment the real bytes pass it (a declared size can lie). The bytes
// are fed to the inflater a slice at a time and the feeding stops at the cap: fed in one call, fflate inflates the
// whole of an entry before it reports a byte, and a 2 MB zip claiming 1,000 bytes became 2 GiB in memory first.
import path from "node:path/posix";
import { Unzip, UnzipInflate, unzipSync } from "fflate";
import { AppError } from "./errors";

export const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** What the caller calls each refusal (its own error codes and words). */
export type TZipRefusals = { notZip: (cause?: unknown) => AppError; bomb: () => AppError; unsafePath: (name: string) => AppError };

/** A name inside the archive: nothing absolute, no "..", no backslashes, NULs or drive letters. */
export function safeName(name: string, refusals: Pick<TZipRefusals, "unsafePath">): string {
  const decoded = (() => {
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  })();
  const normal = path.normalize(decoded);
  if (decoded.includes("\\") || decoded.includes("\0") || path.isAbsolute(decoded) || /^[a-z]:/i.test(decoded) || normal === ".." || normal.startsWith("../")) {
    throw refusals.unsafePath(name);
  }
  return normal;
}

/**
 * Compressed bytes given to the inflater at once: deflate expands at most about 1,032 times, so one slice unpacks to
 * at most ~16 MB past the cap before the feeding stops.
 */
const SLICE_BYTES = 16 * 1024;

/** The archive's files by (safe) name, unpacking at most `maxUnpacked` bytes in all. */
export function unzipCapped(bytes: Uint8Array, maxUnpacked: number, refusals: TZipRefusals): Map<string, Uint8Array> {
  if (!isZip(bytes)) throw refusals.notZip();
  let declared = 0;
  try {
    unzipSync(bytes, { filter: (f) => ((declared += f.originalSize), safeName(f.name, refusals), false) });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refusals.notZip(err);
  }
  if (declared > maxUnpacked) throw refusals.bomb();
  const files = new Map<string, Uint8Array>();
  let inflated = 0;
  let failure: AppError | null = null;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith("/")) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return void (failure = refusals.notZip(err));
      inflated += data.length;
      if (inflated > maxUnpacked) return void (failure = refusals.bomb());
      chunks.push(data);
      if (final) files.set(safeName(file.name, refusals), Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE_BYTES) unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
  } catch (err) {
    failure ??= err instanceof AppError ? err : refusals.notZip(err);
  }
  if (failure) throw failure;
  return files;
}
