// LTI 1.3 launches against a real (test) platform (issue 38): a student lands signed in on the exam and is the same
// user next time; an instructor deep-links an exam and the platform verifies our response with our JWKS; and every
// kind of bad launch is a bilingual refusal page with its code, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { generateKeyPair } from "jose";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { launchInto, startTestPlatform, LTI, ROLE, SIMPLE_EXAM, type TTestPlatform } from "../test/lti-platform";
import { ltiNonces, ltiPlatforms, ltiResourceLinks, ltiUserLinks, profiles } from "../db/schema";
import { LTI_DEEP_LINK_URL, LTI_JWKS_URL, LTI_LAUNCH_URL, LTI_PLATFORMS_URL } from "./lti.routes";
import { LTI_STATE_COOKIE } from "./login";

let h: THarness;
let lms: TTestPlatform;
let schoolId: string;
let otherSchool: string;
let teacher: { id: string; email: string; cookie: string };
let examId: string;
let otherExamId: string;

const session = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((k) => k.name === "qias_session");
  return c ? `qias_session=${c.value}` : undefined;
};

beforeAll(async () => {
  h = await createHarness();
  lms = await startTestPlatform(async () => (await h.request({ method: "GET", url: LTI_JWKS_URL })).json());
  schoolId = await h.makeSchool();
  otherSchool = await h.makeSchool();
  const admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  expect((await h.request({ method: "POST", url: LTI_PLATFORMS_URL, cookie: admin, payload: lms.registration(schoolId) })).statusCode).toBe(201);
  const t = await h.makeUser("teacher", { schoolId, email: "teacher@lti.test" });
  teacher = { ...t, cookie: await h.signIn(t.email, t.password, "school") };
  const made = await h.request({ method: "POST", url: "/api/exams", cookie: teacher.cookie, payload: SIMPLE_EXAM });
  expect(made.statusCode, made.body).toBe(201);
  examId = made.json().id;
  const o = await h.makeUser("teacher", { schoolId: otherSchool });
  const oc = await h.signIn(o.email, o.password, "school");
  otherExamId = (await h.request({ method: "POST", url: "/api/exams", cookie: oc, payload: SIMPLE_EXAM })).json().id;
});
afterAll(async () => {
  await lms?.close();
  await h?.close();
});

describe("a student's launch", () => {
  it("lands signed in on the exam, made a student of the platform's school, and is the same user next time", async () => {
    const custom = { [`${LTI}custom`]: { qias_exam_id: examId }, email: "Sara@Student.test", name: "Sara Ali", sub: "s-100" };
    const { res } = await launchInto(h, lms, {
      ...custom,
      "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": { lineitem: lms.url("/lineitems/7/lineitem"), scope: [] },
      "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": { context_memberships_url: lms.url("/memberships") },
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/student/exam/${examId}/take`);
    const cookie = session(res)!;
    expect(res.cookies.find((c) => c.name === "qias_session")).toMatchObject({ sameSite: "Lax", httpOnly: true });
    const me = await h.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(me.json().user ?? me.json()).toMatchObject({ role: "student", schoolId, email: "sara@student.test", name: "Sara Ali" });
    // The paper is there for them.
    expect((await h.request({ method: "GET", url: `/api/student/exams/${examId}/paper`, cookie })).statusCode).toBe(200);

    const [link] = await h.db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.resourceLinkId, "link-1"));
    expect(link).toMatchObject({ examId, contextId: "course-1", lineItemUrl: lms.url("/lineitems/7/lineitem"), membershipsUrl: lms.url("/memberships") });

    // Later launches of the link need no custom claim: the stored link names the exam; the user is reused.
    const again = await launchInto(h, lms, { sub: "s-100", email: "sara@student.test" });
    expect(again.res.statusCode, again.res.body).toBe(303);
    const users = await h.db.select().from(profiles).where(eq(profiles.email, "sara@student.test"));
    expect(users).toHaveLength(1);
    const links = await h.db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "s-100"));
    expect(links).toEqual([expect.objectContaining({ profileId: users[0]!.id })]);
  });

  it("matches an existing student by email in the school, and makes one with no email when the platform hides it", async () => {
    const s = await h.makeUser("student", { schoolId, email: "known@student.test" });
    const { res } = await launchInto(h, lms, { sub: "s-200", email: "KNOWN@student.test" });
    expect(res.statusCode, res.body).toBe(303);
    expect(await h.db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "s-200"))).toEqual([expect.objectContaining({ profileId: s.id })]);
    const hidden = await launchInto(h, lms, { sub: "s-300" });
    expect(hidden.res.statusCode, hidden.res.body).toBe(303);
    const [link] = await h.db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "s-300"));
    const [p] = await h.db.select().from(profiles).where(eq(profiles.id, link!.profileId));
    expect(p).toMatchObject({ role: "student", schoolId });
    expect(p!.email).toMatch(/@lti\.invalid$/);
  });

  it("sends an instructor to the exam's results, and refuses an instructor Qias does not know", async () => {
    const { res } = await launchInto(h, lms, { sub: "t-1", email: "teacher@lti.test", [`${LTI}roles`]: [ROLE.instructor] });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/results?exam=${examId}`);
    const unknown = await launchInto(h, lms, { sub: "t-2", email: "new-teacher@lti.test", [`${LTI}roles`]: [ROLE.instructor] });
    expect(unknown.res.statusCode).toBe(403);
    expect(unknown.res.body).toContain("LTI_STAFF_UNKNOWN");
  });
});

describe("deep linking", () => {
  it("shows the instructor's published exams and posts a response the platform verifies with the tool's JWKS", async () => {
    const data = "opaque-platform-data";
    const returnUrl = lms.url("/deep-link-return");
    const { res } = await launchInto(h, lms, {
      sub: "t-1",
      email: "teacher@lti.test",
      [`${LTI}roles`]: [ROLE.instructor],
      [`${LTI}message_type`]: "LtiDeepLinkingRequest",
      [`${LTI}resource_link`]: undefined,
      "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": { deep_link_return_url: returnUrl, accept_types: ["ltiResourceLink"], data },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("Short quiz");
    expect(res.body).toContain(`value="${examId}"`);
    expect(res.body).not.toContain(otherExamId);
    expect(res.headers["content-security-policy"]).toContain(`frame-ancestors ${lms.issuer}`);
    const context = /name="context" value="([^"]+)"/.exec(res.body)![1]!;

    const post = (form: Record<string, string>) =>
      // As the browser posts the picker's form: our pages send no referrer, so a form post's Origin is "null".
      h.request({ method: "POST", url: LTI_DEEP_LINK_URL, payload: new URLSearchParams(form).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" } });
    const chosen = await post({ context, examId });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.body).toContain(`action="${returnUrl}"`);
    expect(chosen.body).toContain("<noscript>");
    expect(chosen.headers["content-security-policy"]).toContain(`form-action ${lms.issuer}`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(chosen.body)![1]!;
    const payload = await lms.verifyToolJwt(jwt, lms.issuer);
    expect(payload).toMatchObject({
      iss: lms.clientId,
      [`${LTI}message_type`]: "LtiDeepLinkingResponse",
      [`${LTI}version`]: "1.3.0",
      [`${LTI}deployment_id`]: lms.deploymentId,
      "https://purl.imsglobal.org/spec/lti-dl/claim/data": data,
    });
    const items = payload["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"] as Array<Record<string, unknown>>;
    expect(items).toEqual([expect.objectContaining({ type: "ltiResourceLink", title: "اختبار قصير", custom: { qias_exam_id: examId }, lineItem: expect.objectContaining({ scoreMaximum: 3 }) })]);

    // Another school's exam, a forged context, nothing chosen: refusal pages.
    for (const [form, code] of [
      [{ context, examId: otherExamId }, "LTI_EXAM_UNAVAILABLE"],
      [{ context: context.slice(0, -4) + "AAAA", examId }, "LTI_LAUNCH_EXPIRED"],
      [{ context }, "LTI_LAUNCH_INVALID"],
    ] as const) {
      const bad = await post(form);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(code);
    }
  });

  it("refuses deep linking by a learner", async () => {
    const { res } = await launchInto(h, lms, {
      [`${LTI}message_type`]: "LtiDeepLinkingRequest",
      "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": { deep_link_return_url: lms.url("/r") },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("LTI_LAUNCH_INVALID");
  });
});

describe("refused launches", () => {
  it("each bad launch is a bilingual page with its code, logged, never a 500, and leaves no session", async () => {
    const other = await generateKeyPair("RS256");
    const cases: Array<[string, Record<string, unknown>, Parameters<typeof launchInto>[3], string]> = [
      ["wrong issuer", { iss: "https://evil.example" }, {}, "LTI_PLATFORM_UNKNOWN"],
      ["wrong audience", { aud: "someone-else" }, {}, "LTI_LAUNCH_INVALID"],
      ["several audiences, azp another", { aud: [lms.clientId, "x"], azp: "x" }, {}, "LTI_LAUNCH_INVALID"],
      ["bad signature", {}, { key: other.privateKey }, "LTI_LAUNCH_INVALID"],
      ["expired", {}, { expiresIn: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 900 }, "LTI_LAUNCH_EXPIRED"],
      ["unknown deployment", { [`${LTI}deployment_id`]: "nope" }, {}, "LTI_DEPLOYMENT_UNKNOWN"],
      ["wrong version", { [`${LTI}version`]: "1.1" }, {}, "LTI_LAUNCH_INVALID"],
      ["wrong message type", { [`${LTI}message_type`]: "LtiSubmissionReviewRequest" }, {}, "LTI_LAUNCH_INVALID"],
      ["no roles", { [`${LTI}roles`]: [] }, {}, "LTI_LAUNCH_INVALID"],
      ["no resource link", { [`${LTI}resource_link`]: undefined }, {}, "LTI_LAUNCH_INVALID"],
      ["no sub", { sub: undefined }, {}, "LTI_LAUNCH_INVALID"],
      ["state not the cookie's", {}, { state: "forged" }, "LTI_LAUNCH_INVALID"],
      ["nonce not the login's", {}, { nonce: "other" }, "LTI_LAUNCH_INVALID"],
      ["another school's exam", { [`${LTI}resource_link`]: { id: "link-x" }, [`${LTI}custom`]: { qias_exam_id: otherExamId } }, {}, "LTI_EXAM_UNAVAILABLE"],
      ["no exam at all", { [`${LTI}resource_link`]: { id: "link-y" } }, {}, "LTI_EXAM_UNAVAILABLE"],
      ["an exam id that is no uuid", { [`${LTI}resource_link`]: { id: "link-z" }, [`${LTI}custom`]: { qias_exam_id: "'; drop" } }, {}, "LTI_EXAM_UNAVAILABLE"],
      ["a learner whose email is a teacher's", { sub: "s-900", email: "teacher@lti.test" }, {}, "LTI_ACCOUNT_MISMATCH"],
    ];
    for (const [name, claims, options, code] of cases) {
      const { res } = await launchInto(h, lms, claims, options);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.headers["content-type"], name).toMatch(/^text\/html/);
      expect(res.body, name).toContain(code);
      expect(res.body, name).toContain('lang="ar"');
      expect(session(res), name).toBeUndefined();
    }
    // Garbage and nothing at all.
    for (const payload of ["id_token=not-a-jwt&state=x", "", "id_token=a&id_token=b"]) {
      const res = await h.request({ method: "POST", url: LTI_LAUNCH_URL, payload, headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("LTI_LAUNCH_INVALID");
    }
  });

  it("refuses a replayed id_token, and sweeps expired nonces", async () => {
    const first = await launchInto(h, lms, { sub: "s-100" });
    expect(first.res.statusCode).toBe(303);
    // The same token and state again (a captured form post).
    const payload = new URLSearchParams({ id_token: first.idToken, state: first.state }).toString();
    const replay = await h.request({ method: "POST", url: LTI_LAUNCH_URL, payload, headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${LTI_STATE_COOKIE}=${first.cookie}` } });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain("LTI_LAUNCH_REPLAYED");

    const [platform] = await h.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.issuer, lms.issuer));
    await h.db.insert(ltiNonces).values({ platformId: platform!.id, nonce: "old", expiresAt: new Date(Date.now() - 1000) });
    expect((await launchInto(h, lms, { sub: "s-100" })).res.statusCode).toBe(303);
    expect(await h.db.select().from(ltiNonces).where(and(eq(ltiNonces.platformId, platform!.id), eq(ltiNonces.nonce, "old")))).toEqual([]);
  });
});
