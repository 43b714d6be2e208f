// LTI 1.3 login initiation (issue 38): a registered platform is sent back to its auth URL with a fresh state and nonce
// (also in a cross-site cookie for the launch); an unknown issuer is a clear bilingual refusal, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { ltiPlatforms } from "../db/schema";
import { LTI_LOGIN_URL } from "./lti.routes";
import { LTI_STATE_COOKIE } from "./login";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
  const schoolId = await h.makeSchool();
  await h.db.insert(ltiPlatforms).values({
    name: "Moodle",
    issuer: "https://moodle.example.org",
    clientId: "abc123",
    deploymentIds: ["1"],
    authLoginUrl: "https://moodle.example.org/mod/lti/auth.php",
    tokenUrl: "https://moodle.example.org/mod/lti/token.php",
    jwksUrl: "https://moodle.example.org/mod/lti/certs.php",
    schoolId,
  });
});
afterAll(async () => {
  await h?.close();
});

const initiation = { iss: "https://moodle.example.org", login_hint: "42", target_link_uri: "https://qias.example/api/lti/launch", lti_message_hint: "m7", client_id: "abc123" };

describe("LTI login initiation", () => {
  it("redirects to the platform's auth URL with state and nonce, by GET or POST", async () => {
    for (const res of [
      await h.request({ method: "GET", url: LTI_LOGIN_URL, query: initiation }),
      // As a browser posts the platform's form: cross-site, form-encoded (not refused as CROSS_ORIGIN).
      await h.request({
        method: "POST",
        url: LTI_LOGIN_URL,
        payload: new URLSearchParams(initiation).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://moodle.example.org", "sec-fetch-site": "cross-site" },
      }),
    ]) {
      expect(res.statusCode).toBe(302);
      const to = new URL(res.headers.location as string);
      expect(to.origin + to.pathname).toBe("https://moodle.example.org/mod/lti/auth.php");
      const p = Object.fromEntries(to.searchParams);
      expect(p).toMatchObject({ scope: "openid", response_type: "id_token", response_mode: "form_post", prompt: "none", client_id: "abc123", login_hint: "42", lti_message_hint: "m7" });
      expect(p.redirect_uri).toMatch(/\/api\/lti\/launch$/);
      const cookie = res.cookies.find((c) => c.name === LTI_STATE_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "None", secure: true, path: "/api/lti" });
      expect(cookie.value).toBe(`${p.state}.${p.nonce}`);
    }
  });

  it("refuses an unknown issuer or client id, and a missing login hint", async () => {
    for (const query of [{ ...initiation, iss: "https://evil.example" }, { ...initiation, client_id: "other" }, { login_hint: "42" }]) {
      const res = await h.request({ method: "GET", url: LTI_LOGIN_URL, query });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("LTI_PLATFORM_UNKNOWN");
    }
    const { login_hint: _hint, ...withoutHint } = initiation;
    const noHint = await h.request({ method: "GET", url: LTI_LOGIN_URL, query: withoutHint });
    expect(noHint.statusCode).toBe(400);
    expect(noHint.json().code).toBe("VALIDATION_FAILED");
  });
});
