// One-time codes of an authenticator app (issue 38, docs/decisions/0043): HOTP (RFC 4226) over a time step
// (TOTP, RFC 6238) — HMAC-SHA1, 30-second steps, 6 digits, what every authenticator app does by default — and the
// secret's base32 (RFC 4648) for the otpauth:// URI and for typing it in by hand. Written here with node:crypto:
// the whole algorithm is a dozen lines, and the tests run the RFCs' own vectors.
import { createHmac, randomBytes } from "node:crypto";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** HOTP (RFC 4226 §5.3): the dynamic truncation of HMAC(key, counter), `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

/** The time step of a moment (RFC 6238 §4: T0 = 0). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

export function totp(key: Buffer, atMs: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  return hotp(key, totpStep(atMs), digits, algorithm);
}

/**
 * The step whose code `code` is, looked for within ±1 step of `atMs` (a phone's clock a little off, a code typed
 * as it turned), and after `lastStep` only: a code once used — or any earlier one — is refused. Null: no match.
 * Every candidate is computed and compared whatever matched, so the time taken says nothing.
 */
export function matchTotp(key: Buffer, code: string, atMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(atMs);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const same = hotp(key, step) === code;
    if (same && found === null && (lastStep === null || step > lastStep)) found = step;
  }
  return found;
}

// ---- base32 (RFC 4648 §6), the form authenticator apps take a secret in

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const index = BASE32.indexOf(c);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 bytes (160 bits, RFC 4226 §4's recommendation), 32 base32 characters. */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(secret: Buffer, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret: base32Encode(secret), issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** The secret as a person types it: groups of four. */
export function groupedSecret(secret: Buffer): string {
  return base32Encode(secret).replace(/(.{4})(?=.)/g, "$1 ");
}
