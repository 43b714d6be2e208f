// Grade passback (issue 38): a graded attempt of a linked exam sends its score to the platform's line item, by a job
// after the grading commits; the platform checks our client assertion against our JWKS; a failing LMS is retried
// and its failures are listed for the super_admin, who can send again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { launchInto, startTestPlatform, LTI, SIMPLE_EXAM, type TTestPlatform } from "../test/lti-platform";
import { and, isNull } from "drizzle-orm";
import { jobs, studentAnswers } from "../db/schema";
import { LTI_JWKS_URL, LTI_PASSBACKS_URL, LTI_PLATFORMS_URL } from "./lti.routes";
import { AGS_SCORE_SCOPE, LTI_SCORE_JOB } from "./ags";

let h: THarness;
let lms: TTestPlatform;
let admin: string;
let teacherCookie: string;
let exam: { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

beforeAll(async () => {
  h = await createHarness();
  lms = await startTestPlatform(async () => (await h.request({ method: "GET", url: LTI_JWKS_URL })).json());
  const schoolId = await h.makeSchool();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  expect((await h.request({ method: "POST", url: LTI_PLATFORMS_URL, cookie: admin, payload: lms.registration(schoolId) })).statusCode).toBe(201);
  const t = await h.makeUser("teacher", { schoolId });
  const tc = await h.signIn(t.email, t.password, "school");
  teacherCookie = tc;
  exam = (await h.request({ method: "POST", url: "/api/exams", cookie: tc, payload: SIMPLE_EXAM })).json();
});
afterAll(async () => {
  await lms?.close();
  await h?.close();
});

/** A student launched into the exam by the platform answers the first question right and submits. */
async function launchAndSubmit(sub: string, essay?: string) {
  const { res } = await launchInto(h, lms, {
    sub,
    [`${LTI}custom`]: { qias_exam_id: exam.id },
    "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": { lineitem: lms.url("/lineitems/7/lineitem?type=x"), scope: [AGS_SCORE_SCOPE] },
  });
  expect(res.statusCode, res.body).toBe(303);
  const cookie = `qias_session=${res.cookies.find((c) => c.name === "qias_session")!.value}`;
  const started = await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie, payload: {} });
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = started.json().attemptId ?? started.json().id;
  const right = exam.questions[0]!.options.find((o) => o.isCorrect)!.id;
  await h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${exam.questions[0]!.id}`, cookie, payload: { examId: exam.id, selectedOptionId: right, clientSeq: 1 } });
  if (essay) await h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${essay}`, cookie, payload: { examId: exam.id, answerText: "Because.", clientSeq: 1 } });
  const submitted = await h.request({ method: "POST", url: `/api/attempts/${attemptId}/submit`, cookie, payload: {} });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return attemptId as string;
}

describe("grade passback", () => {
  it("sends a graded attempt's score to the line item with a token got by a signed client assertion", async () => {
    await launchAndSubmit("s-1");
    expect(lms.received.scores).toEqual([]); // not during the submission: by a job
    await h.drainJobs();
    expect(lms.received.scores).toHaveLength(1);
    const sent = lms.received.scores[0]!;
    expect(sent.path).toBe("/lineitems/7/lineitem/scores");
    expect(sent.contentType).toBe("application/vnd.ims.lis.v1.score+json");
    expect(sent.body).toMatchObject({ userId: "s-1", scoreGiven: 2, scoreMaximum: 3, activityProgress: "Completed", gradingProgress: "FullyGraded" });
    expect(typeof sent.body.timestamp).toBe("string");
    expect(lms.received.tokens).toEqual([expect.objectContaining({ scope: AGS_SCORE_SCOPE, assertion: expect.objectContaining({ iss: lms.clientId, sub: lms.clientId, aud: lms.url("/token") }) })]);

    // A second student's score reuses the cached token.
    await launchAndSubmit("s-2");
    await h.drainJobs();
    expect(lms.received.scores).toHaveLength(2);
    expect(lms.received.tokens).toHaveLength(1);
  });

  it("retries a failing LMS with backoff, lists the failure for the super_admin, who sends it again", async () => {
    lms.failScores(100);
    await launchAndSubmit("s-3");
    await h.drainJobs();
    const [job] = await h.db.select().from(jobs).where(eq(jobs.kind, LTI_SCORE_JOB)).orderBy(jobs.createdAt).limit(1).offset(2);
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job!.lastError).toContain("503");
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    // Out of attempts: failed, and shown.
    await h.db.update(jobs).set({ attempts: job!.maxAttempts - 1, runAt: new Date() }).where(eq(jobs.id, job!.id));
    await h.drainJobs();
    const list = await h.request({ method: "GET", url: LTI_PASSBACKS_URL, cookie: admin });
    expect(list.statusCode).toBe(200);
    const failed = (list.json() as Array<{ id: string; status: string; lastError: string }>).find((p) => p.id === job!.id)!;
    expect(failed).toMatchObject({ status: "failed" });
    // Named for the super_admin: who, which exam, which platform (not ids).
    expect(failed).toMatchObject({ examTitleEn: SIMPLE_EXAM.titleEn, platformName: lms.registration("x").name });
    expect((failed as unknown as { studentName: string }).studentName).toEqual(expect.any(String));

    lms.failScores(0);
    const retry = await h.request({ method: "POST", url: `${LTI_PASSBACKS_URL}/${job!.id}/retry`, cookie: admin });
    expect(retry.statusCode).toBe(204);
    await h.drainJobs();
    expect(lms.received.scores.at(-1)!.body).toMatchObject({ userId: "s-3" });
    const [done] = await h.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.status).toBe("done");

    // Bad input and the wrong people.
    expect((await h.request({ method: "POST", url: `${LTI_PASSBACKS_URL}/${job!.id}/retry`, cookie: admin })).json().code).toBe("LTI_PASSBACK_NOT_FAILED");
    expect((await h.request({ method: "POST", url: `${LTI_PASSBACKS_URL}/not-a-uuid/retry`, cookie: admin })).json().code).toBe("LTI_PASSBACK_NOT_FOUND");
    expect((await h.request({ method: "POST", url: `${LTI_PASSBACKS_URL}/00000000-0000-4000-8000-000000000000/retry`, cookie: admin })).statusCode).toBe(404);
    const sa = await h.makeUser("school_admin");
    const sc = await h.signIn(sa.email, sa.password, "school");
    expect((await h.request({ method: "GET", url: LTI_PASSBACKS_URL, cookie: sc })).statusCode).toBe(403);
  });

  it("sends the score when the teacher's last mark grades an attempt that waited for marking", async () => {
    const essay = {
      ...SIMPLE_EXAM,
      titleEn: "Essay quiz",
      questions: [...SIMPLE_EXAM.questions, { type: "essay", questionTextAr: "اشرح.", questionTextEn: "Explain.", points: 2, correctAnswerText: "—" }],
    };
    const made = await h.request({ method: "POST", url: "/api/exams", cookie: teacherCookie, payload: essay });
    expect(made.statusCode, made.body).toBe(201);
    const saved = exam;
    exam = made.json();
    try {
      const attemptId = await launchAndSubmit("s-4", exam.questions[2]!.id);
      const before = lms.received.scores.length;
      await h.drainJobs();
      expect(lms.received.scores.slice(before).map((s) => s.body)).toEqual([]); // completed, not graded: nothing sent yet
      const [open] = await h.db.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, attemptId), isNull(studentAnswers.score)));
      const graded = await h.request({ method: "PUT", url: `/api/grading/answers/${open!.id}`, cookie: teacherCookie, payload: { score: 1 } });
      expect(graded.statusCode, graded.body).toBe(200);
      expect(graded.json()).not.toHaveProperty("attempt");
      await h.drainJobs();
      expect(lms.received.scores.at(-1)!.body).toMatchObject({ userId: "s-4", scoreGiven: 3, scoreMaximum: 5 });
    } finally {
      exam = saved;
    }
  });
});
