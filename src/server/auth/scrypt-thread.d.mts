export const engine: "libsodium" | "node:crypto";
export function deriveKey(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }, force?: "node:crypto"): Buffer;
