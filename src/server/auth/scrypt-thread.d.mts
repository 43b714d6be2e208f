export const engine: "libsodium" | "node:crypto";
