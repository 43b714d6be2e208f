// A school's identity provider for the tests (issue 38): a small OpenID Connect / OAuth 2.0 server signing its
// id_tokens with jose. Simpler than oidc-provider for provoking each refusal: the test sets who signs in and can
// spoil any claim of the next id_token (issuer, audience, nonce). The authorization endpoint approves at once and
// sends the browser back with a code; the token endpoint checks the code (once), the PKCE verifier, the
// redirect_uri and the client's secret, as a real provider does.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export type TStubClaims = { sub: string; email?: string; email_verified?: boolean; name?: string };

export type TStubProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in is. */
  user: TStubClaims;
  /** Claims of the next id_tokens replaced (iss, aud, nonce…), to provoke the client's checks. */
  spoil: Record<string, unknown>;
  /** The query of the last authorization request. */
  lastAuthorize: URLSearchParams | null;
  /** The query of the last logout (end session) request. */
  lastLogout: URLSearchParams | null;
  close: () => Promise<void>;
};

export async function startStubProvider(options: { kind: "oidc" | "oauth2" }): Promise<TStubProvider> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string | null; user: TStubClaims }>();
  const tokens = new Map<string, TStubClaims>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stub: TStubProvider = {
    issuer,
    clientId: "qias-test",
    clientSecret: "s3cret-of-the-client",
    user: { sub: "sub-1" },
    spoil: {},
    lastAuthorize: null,
    lastLogout: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };

  server.on("request", async (req, res) => {
    const url = new URL(req.url!, issuer);
    let body = "";
    for await (const chunk of req) body += chunk;
    if (url.pathname === "/.well-known/openid-configuration" && options.kind === "oidc") {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/logout`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(res, 200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      stub.lastAuthorize = url.searchParams;
      const q = url.searchParams;
      if (q.get("client_id") !== stub.clientId || q.get("code_challenge_method") !== "S256") return json(res, 400, { error: "invalid_request" });
      const code = randomBytes(16).toString("hex");
      codes.set(code, { challenge: q.get("code_challenge")!, redirectUri: q.get("redirect_uri")!, nonce: q.get("nonce"), user: { ...stub.user } });
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state")!);
      if (options.kind === "oidc") back.searchParams.set("iss", issuer);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(body);
      // RFC 6749 §2.3.1: id and secret each form-urlencoded, then Basic.
      const [id, secret] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
        .toString()
        .split(":")
        .map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
      if (id !== stub.clientId || secret !== stub.clientSecret) return json(res, 401, { error: "invalid_client" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (!grant || grant.redirectUri !== form.get("redirect_uri") || createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) {
        return json(res, 400, { error: "invalid_grant" });
      }
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, grant.user);
      const answer: Record<string, unknown> = { access_token: accessToken, token_type: "Bearer", expires_in: 300 };
      if (options.kind === "oidc") {
        answer.id_token = await new SignJWT({ ...grant.user, nonce: grant.nonce, iss: issuer, aud: stub.clientId, ...stub.spoil })
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(privateKey);
      }
      return json(res, 200, answer);
    }
    // RP-Initiated Logout (OIDC) and UAE PASS's logout (redirect_uri): ends "its session" and sends the browser back.
    if (url.pathname === "/logout") {
      stub.lastLogout = url.searchParams;
      const back = url.searchParams.get("post_logout_redirect_uri") ?? url.searchParams.get("redirect_uri");
      if (!back) return json(res, 200, { signedOut: true });
      res.writeHead(302, { location: back });
      return res.end();
    }
    if (url.pathname === "/userinfo") {
      const user = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      return user ? json(res, 200, user) : json(res, 401, { error: "invalid_token" });
    }
    json(res, 404, { error: "not_found" });
  });
  return stub;
}
