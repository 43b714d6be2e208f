// Filenames come from the uploader's machine: keep what a person wrote (Arabic included), drop what could
// walk out of a folder, hide in a terminal, or break a header.
import { stripBidiControls } from "../../../shared/text";

const MAX_NAME_LENGTH = 150;

export function safeFilename(raw: string): string {
  const base = raw.normalize("NFC").split(/[\\/]/).pop() ?? "";
  let name = stripBidiControls(base)
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, ""); // no hidden files, no ".."
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || "file";
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name, so Arabic filenames survive the download. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;

export function safeContentType(raw: string | undefined): string {
  return raw && MIME.test(raw) ? raw.toLowerCase() : "application/octet-stream";
}

/**
 * The type a download is served with. Types a browser shows in place and that cannot run anything — raster
 * images, PDF, audio, video, plain text — keep their type; anything it would render or run (HTML, SVG, XML,
 * JavaScript, …) goes as application/octet-stream. Downloads are attachments with a sandboxing CSP as well; this
 * is the third lock on the same door.
 */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|application\/pdf|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|text\/plain|text\/csv)$/;

export function downloadContentType(stored: string | null): string {
  return stored && INLINE_SAFE.test(stored) ? stored : "application/octet-stream";
}
