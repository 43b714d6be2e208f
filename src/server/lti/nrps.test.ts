// Roster by NRPS (issue 38): a teacher of the platform's school brings a course's members in — students matched or
// made, staff Qias knows matched, unknown staff and inactive members skipped — following the platform's pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { launchInto, startTestPlatform, LTI, ROLE, SIMPLE_EXAM, type TTestPlatform } from "../test/lti-platform";
import { auditLog, ltiUserLinks, profiles } from "../db/schema";
import { LTI_JWKS_URL, LTI_PLATFORMS_URL } from "./lti.routes";

let h: THarness;
let lms: TTestPlatform;
let schoolId: string;
let teacher: string;
let examId: string;

beforeAll(async () => {
  h = await createHarness();
  lms = await startTestPlatform(async () => (await h.request({ method: "GET", url: LTI_JWKS_URL })).json());
  schoolId = await h.makeSchool();
  const admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  expect((await h.request({ method: "POST", url: LTI_PLATFORMS_URL, cookie: admin, payload: lms.registration(schoolId) })).statusCode).toBe(201);
  const t = await h.makeUser("teacher", { schoolId, email: "teach@nrps.test" });
  teacher = await h.signIn(t.email, t.password, "school");
  examId = (await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: SIMPLE_EXAM })).json().id;
});
afterAll(async () => {
  await lms?.close();
  await h?.close();
});

describe("NRPS roster", () => {
  it("matches and creates the course's students over several pages, skips who cannot be, audit-logged", async () => {
    const known = await h.makeUser("student", { schoolId, email: "known@nrps.test" });
    lms.members.push(
      { user_id: "m-1", roles: [ROLE.learner], email: "known@nrps.test", name: "Known" },
      { user_id: "m-2", roles: [ROLE.learner], email: "new1@nrps.test", name: "New One" },
      { user_id: "m-3", roles: [ROLE.learner], name: "No Email" },
      { user_id: "m-4", roles: [ROLE.instructor], email: "teach@nrps.test" },
      { user_id: "m-5", roles: [ROLE.instructor], email: "stranger@nrps.test" },
      { user_id: "m-6", roles: [ROLE.learner], email: "gone@nrps.test", status: "Inactive" },
    );
    const { res } = await launchInto(h, lms, {
      sub: "m-4",
      email: "teach@nrps.test",
      [`${LTI}roles`]: [ROLE.instructor],
      [`${LTI}custom`]: { qias_exam_id: examId },
      "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": { context_memberships_url: lms.url("/memberships"), service_versions: ["2.0"] },
    });
    expect(res.statusCode, res.body).toBe(303);
    const links = await h.request({ method: "GET", url: `/api/lti/exams/${examId}/links`, cookie: teacher });
    expect(links.json()).toEqual([expect.objectContaining({ platformName: "Test LMS", contextId: "course-1", hasRoster: true })]);
    const linkId = links.json()[0].id as string;

    const sync = await h.request({ method: "POST", url: `/api/lti/links/${linkId}/roster`, cookie: teacher });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toEqual({ matched: 2, created: 2, skipped: 2 });
    const [m1] = await h.db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, "m-1"));
    expect(m1!.profileId).toBe(known.id);
    const [made] = await h.db.select().from(profiles).where(eq(profiles.email, "new1@nrps.test"));
    expect(made).toMatchObject({ role: "student", schoolId, name: "New One" });
    expect(await h.db.select().from(auditLog).where(eq(auditLog.entityId, linkId))).toEqual([expect.objectContaining({ entity: "lti_roster" })]);

    // Again: everyone already linked is matched, nobody made twice.
    expect((await h.request({ method: "POST", url: `/api/lti/links/${linkId}/roster`, cookie: teacher })).json()).toEqual({ matched: 4, created: 0, skipped: 2 });

    // Another school's teacher, a student, a bad id.
    const other = await h.makeUser("teacher");
    const oc = await h.signIn(other.email, other.password, "school");
    expect((await h.request({ method: "POST", url: `/api/lti/links/${linkId}/roster`, cookie: oc })).statusCode).toBe(403);
    expect((await h.request({ method: "GET", url: `/api/lti/exams/${examId}/links`, cookie: oc })).json()).toEqual([]);
    expect((await h.request({ method: "POST", url: `/api/lti/links/nope/roster`, cookie: teacher })).json().code).toBe("LTI_PLATFORM_NOT_FOUND");
    expect((await h.request({ method: "GET", url: `/api/lti/exams/nope/links`, cookie: teacher })).json().code).toBe("EXAM_NOT_FOUND");
  });
});
