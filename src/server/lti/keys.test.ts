// The LTI tool key (issue 38): one key, published at /api/lti/jwks, its private half never stored in clear, and what it
// signs verifies against what is published (as a platform checks a deep-linking response or client assertion).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, createLocalJWKSet, jwtVerify } from "jose";
import { createHarness, type THarness } from "../test/harness";
import { ltiToolKeys } from "../db/schema";
import { LTI_ALG, getToolKey } from "./keys";
import { LTI_JWKS_URL } from "./lti.routes";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("LTI tool key", () => {
  it("publishes one public key, keeps the private one encrypted, and signs what the JWKS verifies", async () => {
    const res = await h.request({ method: "GET", url: LTI_JWKS_URL });
    expect(res.statusCode).toBe(200);
    const jwks = res.json() as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", alg: LTI_ALG, use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");

    const key = await getToolKey(h.db);
    expect(key.kid).toBe(jwks.keys[0]!.kid);
    const again = await h.request({ method: "GET", url: LTI_JWKS_URL });
    expect(again.json()).toEqual(jwks);

    const [row] = await h.db.select().from(ltiToolKeys);
    expect(row!.privateJwkEncrypted).toMatch(/^v1\./);
    expect(row!.privateJwkEncrypted).not.toContain('"d"');

    const jwt = await new SignJWT({ hello: "platform" }).setProtectedHeader({ alg: LTI_ALG, kid: key.kid }).setIssuedAt().setExpirationTime("5m").sign(key.privateKey);
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks as never));
    expect(payload.hello).toBe("platform");
  });
});
