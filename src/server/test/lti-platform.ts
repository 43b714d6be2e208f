// A learning platform for the LTI tests (issue 38): its own RS256 key pair and JWKS, an OAuth token endpoint that
// checks the tool's client assertion, an AGS line item that takes scores and an NRPS memberships endpoint that pages,
// all on a node:http server on a random port, recording what they receive. It signs launches as Moodle or Canvas do.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import type { THarness } from "./harness";
import { LTI_LAUNCH_URL, LTI_LOGIN_URL } from "../lti/lti.routes";
import { LTI_STATE_COOKIE } from "../lti/login";
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet, type CryptoKey, type JWK, type JWTPayload } from "jose";

export const LTI = "https://purl.imsglobal.org/spec/lti/claim/";
export const ROLE = {
  learner: "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",
  instructor: "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  admin: "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator",
};

export type TMember = { user_id: string; roles: string[]; email?: string; name?: string; status?: string };

export type TTestPlatform = {
  issuer: string;
  clientId: string;
  deploymentId: string;
  url: (path: string) => string;
  /** The registration a super_admin would type for it. */
  registration: (schoolId: string) => { name: string; issuer: string; clientId: string; deploymentIds: string[]; authLoginUrl: string; tokenUrl: string; jwksUrl: string; schoolId: string };
  /** Signs an id_token for a launch; `claims` override the defaults (undefined removes one). */
  signIdToken: (claims: Record<string, unknown>, options?: { key?: CryptoKey; kid?: string; expiresIn?: string | number; iat?: number }) => Promise<string>;
  /** What the endpoints received. */
  received: { tokens: Array<{ assertion: JWTPayload | null; error?: string; scope: string }>; scores: Array<{ path: string; contentType: string; body: Record<string, unknown> }>; deepLinks: JWTPayload[] };
  members: TMember[];
  /**
   * The claims the platform's auth endpoint (/auth) signs for the launch whose login initiation carried this
   * login_hint: a browser then follows the OIDC login as in a real LMS (e2e/lti/lti.spec.ts).
   */
  launches: Map<string, Record<string, unknown>>;
  /** Makes the next `n` score posts fail with 503 (a slow or broken LMS). */
  failScores: (n: number) => void;
  /** Verifies a JWT the tool signed against the tool's JWKS (as the platform does with deep-linking responses). */
  verifyToolJwt: (jwt: string, audience: string) => Promise<JWTPayload>;
  close: () => Promise<void>;
};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `toolJwks` gives the tool's published keys (the tests read them through the app, which has no port). */
export async function startTestPlatform(toolJwks: () => Promise<{ keys: JWK[] }>, options: { clientId?: string } = {}): Promise<TTestPlatform> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const clientId = options.clientId ?? `client-${randomBytes(4).toString("hex")}`;
  const received: TTestPlatform["received"] = { tokens: [], scores: [], deepLinks: [] };
  const members: TMember[] = [];
  const launches = new Map<string, Record<string, unknown>>();
  let failing = 0;
  let base = "";

  const verifyToolJwt = async (jwt: string, audience: string) => {
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await toolJwks()), { audience });
    return payload;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === "/jwks") return send(200, { keys: [jwk] });
      // The OIDC authorization endpoint (LTI 1.3 §5.1.1.2): a page that posts the signed launch back to the tool,
      // with the tool's state and nonce, as an LMS does in the browser.
      if (url.pathname === "/auth" && req.method === "GET") {
        const q = url.searchParams;
        const claims = launches.get(q.get("login_hint") ?? "");
        if (!claims || q.get("client_id") !== clientId || q.get("response_mode") !== "form_post") return send(400, { error: "invalid_request" });
        const idToken = await signIdToken({ ...claims, nonce: q.get("nonce") });
        const attr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html lang="en"><title>Test LMS</title><body><form method="post" action="${attr(q.get("redirect_uri") ?? "")}">` +
            `<input type="hidden" name="id_token" value="${attr(idToken)}"><input type="hidden" name="state" value="${attr(q.get("state") ?? "")}">` +
            `<button>Continue</button></form><script>document.forms[0].submit()</script></body></html>`,
        );
      }
      // Where the tool's deep-linking response comes back (posted by the tool's page in the browser).
      if (url.pathname === "/deep-link-return" && req.method === "POST") {
        const jwt = new URLSearchParams(await bodyOf(req)).get("JWT") ?? "";
        received.deepLinks.push(await verifyToolJwt(jwt, base));
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><html lang="en"><title>Test LMS</title><body><h1>Activity added</h1></body></html>`);
      }
      if (url.pathname === "/token" && req.method === "POST") {
        const form = new URLSearchParams(await bodyOf(req));
        const scope = form.get("scope") ?? "";
        try {
          if (form.get("grant_type") !== "client_credentials") throw new Error("grant_type");
          if (form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer") throw new Error("client_assertion_type");
          const assertion = await verifyToolJwt(form.get("client_assertion") ?? "", `${base}/token`);
          if (assertion.iss !== clientId || assertion.sub !== clientId || !assertion.jti) throw new Error("iss/sub/jti");
          received.tokens.push({ assertion, scope });
          return send(200, { access_token: `tok-${randomBytes(6).toString("hex")}`, token_type: "Bearer", expires_in: 3600, scope });
        } catch (err) {
          received.tokens.push({ assertion: null, error: (err as Error).message, scope });
          return send(401, { error: "invalid_client" });
        }
      }
      if (!req.headers.authorization?.startsWith("Bearer tok-")) return send(401, { error: "no token" });
      if (url.pathname.endsWith("/scores") && req.method === "POST") {
        if (failing > 0) {
          failing--;
          return send(503, { error: "busy" });
        }
        received.scores.push({ path: url.pathname, contentType: String(req.headers["content-type"]), body: JSON.parse(await bodyOf(req)) as Record<string, unknown> });
        return send(200, {});
      }
      if (url.pathname === "/memberships") {
        // Two members a page, the next page in a Link header, as Moodle and Canvas page.
        const page = Number(url.searchParams.get("page") ?? "1");
        const slice = members.slice((page - 1) * 2, page * 2);
        const headers: Record<string, string> = { "content-type": "application/vnd.ims.lti-nrps.v2.membershipcontainer+json" };
        if (page * 2 < members.length) headers.link = `<${base}/memberships?page=${page + 1}>; rel="next"`;
        return send(200, { id: `${base}/memberships`, context: { id: "course-1" }, members: slice }, headers);
      }
      send(404, { error: "not found" });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const deploymentId = "deployment-1";
  const signIdToken: TTestPlatform["signIdToken"] = async (claims, opts = {}) => {
    const all: Record<string, unknown> = {
      iss: base,
      aud: clientId,
      sub: "student-1",
      nonce: "n",
      [`${LTI}message_type`]: "LtiResourceLinkRequest",
      [`${LTI}version`]: "1.3.0",
      [`${LTI}deployment_id`]: deploymentId,
      [`${LTI}roles`]: [ROLE.learner],
      [`${LTI}resource_link`]: { id: "link-1", title: "Quiz" },
      [`${LTI}context`]: { id: "course-1", title: "Course" },
      ...claims,
    };
    for (const k of Object.keys(all)) if (all[k] === undefined) delete all[k];
    const jwt = new SignJWT(all).setProtectedHeader({ alg: "RS256", kid: opts.kid ?? kid, typ: "JWT" }).setExpirationTime(opts.expiresIn ?? "5m");
    jwt.setIssuedAt(opts.iat);
    return jwt.sign(opts.key ?? privateKey);
  };

  return {
    issuer: base,
    clientId,
    deploymentId,
    url: (path) => `${base}${path}`,
    registration: (schoolId) => ({
      name: "Test LMS",
      issuer: base,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${base}/auth`,
      tokenUrl: `${base}/token`,
      jwksUrl: `${base}/jwks`,
      schoolId,
    }),
    signIdToken,
    launches,
    received,
    members,
    failScores: (n) => void (failing = n),
    verifyToolJwt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const SIMPLE_EXAM = {
  titleAr: "اختبار قصير",
  titleEn: "Short quiz",
  subjectId: "islamic",
  durationMinutes: 30,
  status: "published",
  questions: [
    {
      type: "multiple_choice",
      questionTextAr: "إلى أين هاجر النبي ﷺ؟",
      questionTextEn: "Where did the Prophet migrate?",
      points: 2,
      options: [
        { optionTextAr: "المدينة", optionTextEn: "Madinah", isCorrect: true },
        { optionTextAr: "الطائف", optionTextEn: "Taif", isCorrect: false },
      ],
    },
    {
      type: "true_false",
      questionTextAr: "رافقه أبو بكر.",
      questionTextEn: "Abu Bakr went with him.",
      points: 1,
      options: [
        { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
        { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
      ],
    },
  ],
};

/** Login initiation, then the platform's form post of a signed id_token: what a browser does in a launch. */
export async function launchInto(h: THarness, lms: TTestPlatform, claims: Record<string, unknown> = {}, options: NonNullable<Parameters<TTestPlatform["signIdToken"]>[1]> & { state?: string; nonce?: string } = {}) {
  const login = await h.request({ method: "GET", url: LTI_LOGIN_URL, query: { iss: lms.issuer, client_id: lms.clientId, login_hint: "x", target_link_uri: "/" } });
  const cookie = login.cookies.find((c) => c.name === LTI_STATE_COOKIE)!.value;
  const [state, nonce] = cookie.split(".");
  const idToken = await lms.signIdToken({ nonce: options.nonce ?? nonce, ...claims }, options);
  const payload = new URLSearchParams({ id_token: idToken, state: options.state ?? state! }).toString();
  // What a browser sends with the platform's form post: another site's origin (docs/decisions/0051).
  const headers = { "content-type": "application/x-www-form-urlencoded", cookie: `${LTI_STATE_COOKIE}=${cookie}`, origin: lms.issuer, "sec-fetch-site": "cross-site" };
  const res = await h.request({ method: "POST", url: LTI_LAUNCH_URL, payload, headers });
  return { res, idToken, cookie, state: state!, nonce: nonce! };
}

