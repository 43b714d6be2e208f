// Printed sitting codes (issue 38): who prints a sitting's tickets, the code's shape, signing in with it (that
// sitting only, in its window), reissue, throttle, and the live view's mark.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { sittings, sittingTickets } from "../../db/schema";
import { getSecret } from "../../secrets";
import { hashToken } from "../../auth/tokens";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from "../../../shared/limits";
import { formatSittingCode, isSittingCodeShape, normalizeSittingCode, SITTING_CODE_ALPHABET } from "../../../shared/sitting-code";
import type { TLiveView, TTicketList } from "../../../shared/schemas/sitting";
import { SITTING_CODE_SECRET, ticketCode } from "./tickets";

let h: THarness;
let own: string;
let other: string;
const cookie: Record<string, string> = {};

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("tk_own", "مدرسة النور");
  other = await h.makeSchool("tk_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["schoolAdmin", "school_admin", own],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
});
afterAll(async () => {
  await h?.close();
});

let lastExamId = "";
/** A sitting of an exam of its own (sittings of one exam for the same students may not overlap). */
async function newSitting(school: string, startIn = 10) {
  const exam = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie: cookie.super_admin,
    payload: {
      titleAr: "اختبار الرياضيات",
      titleEn: "Maths test",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      questions: [{ type: "true_false", questionTextAr: "١+١=٢", questionTextEn: "1+1=2", points: 1, options: [{ optionTextAr: "صح", optionTextEn: "True", isCorrect: true }, { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false }] }],
    },
  });
  expect(exam.statusCode, exam.body).toBe(201);
  lastExamId = exam.json().id;
  const res = await h.request({
    method: "POST",
    url: `/api/exams/${lastExamId}/sittings`,
    cookie: cookie.super_admin,
    payload: { schoolId: school, grade: null, startsAt: iso(startIn), entryClosesAt: iso(startIn + 15), endsAt: iso(startIn + 60) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const tickets = (sittingId: string, c: string) => h.request({ method: "GET", url: `/api/sittings/${sittingId}/tickets`, cookie: c });
const useCode = (code: string, ip = "10.0.0.1") => h.request({ method: "POST", url: "/api/auth/sitting-code", payload: { code }, remoteAddress: ip });

describe("the code", () => {
  it("is 8 characters of 28 that cannot be confused, printed in two groups", () => {
    expect(SITTING_CODE_ALPHABET).toHaveLength(28);
    for (const c of "0O1lIL258") expect(SITTING_CODE_ALPHABET).not.toContain(c);
    const code = ticketCode("secret", "s", "u", 1);
    expect(isSittingCodeShape(code)).toBe(true);
    expect(ticketCode("secret", "s", "u", 2)).not.toBe(code);
    expect(ticketCode("other", "s", "u", 1)).not.toBe(code);
    expect(formatSittingCode("ABCDEFGH")).toBe("ABCD-EFGH");
  });
  it("is read forgivingly: lower case, spaces, dashes, Arabic-Indic digits", () => {
    expect(normalizeSittingCode(" abcd-efg٣ ")).toBe("ABCDEFG3");
    expect(normalizeSittingCode("ab cd ef ۷۹")).toBe("ABCDEF79");
    expect(isSittingCodeShape(normalizeSittingCode("abcd efgh"))).toBe(true);
    expect(isSittingCodeShape("ABCDEFG0")).toBe(false);
    expect(isSittingCodeShape("ABCDEFG")).toBe(false);
  });
});

describe("printing tickets", () => {
  it("the school's admin and the exam's author print them; another school's admin and a teacher who only watches cannot", async () => {
    const s1 = await h.makeUser("student", { schoolId: own, name: "سارة" });
    const sittingId = await newSitting(own);
    const printed = await tickets(sittingId, cookie.schoolAdmin!);
    expect(printed.statusCode, printed.body).toBe(200);
    const list = printed.json() as TTicketList;
    expect(list.exam.titleEn).toBe("Maths test");
    expect(list.sitting.schoolNameAr).toBe("مدرسة النور");
    const mine = list.tickets.find((t) => t.studentId === s1.id)!;
    expect(mine.code).toMatch(/^[A-Z3-9]{4}-[A-Z3-9]{4}$/);
    // The same code every time it is printed, and for the author too.
    expect(((await tickets(sittingId, cookie.super_admin!)).json() as TTicketList).tickets.find((t) => t.studentId === s1.id)!.code).toBe(mine.code);
    expect((await tickets(sittingId, cookie.otherAdmin!)).json().code).toBe("SITTING_NOT_FOUND");
    expect((await tickets(sittingId, cookie.teacher!)).json().code).toBe("FORBIDDEN");
    expect((await tickets("not-a-uuid", cookie.schoolAdmin!)).json().code).toBe("SITTING_NOT_FOUND");
    expect((await tickets(sittingId, "")).statusCode).toBe(401);
    const otherReissue = await h.request({ method: "POST", url: `/api/sittings/${sittingId}/tickets/${s1.id}/reissue`, cookie: cookie.otherAdmin });
    expect(otherReissue.json().code).toBe("SITTING_NOT_FOUND");
  });

  it("a code that coincides with another ticket's is not a 500: that student's ticket takes the next issue", async () => {
    const s = await h.makeUser("student", { schoolId: own });
    const sittingId = await newSitting(own, 10);
    const secret = await getSecret(h.db, SITTING_CODE_SECRET);
    // Another ticket already holds the code this student's first issue would have.
    const elsewhere = await newSitting(own, 10);
    const other = await h.makeUser("student", { schoolId: own });
    await h.db.insert(sittingTickets).values({ sittingId: elsewhere, studentId: other.id, issue: 1, lookup: hashToken(`sitting-code:${ticketCode(secret, sittingId, s.id, 1)}`) });
    const res = await tickets(sittingId, cookie.schoolAdmin!);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as TTicketList).tickets.find((t) => t.studentId === s.id)!;
    expect(mine.issue).toBe(2);
    expect(mine.code.replace("-", "")).toBe(ticketCode(secret, sittingId, s.id, 2));
  });
});

describe("signing in with a code", () => {
  it("signs the student in to that sitting, in its window; the live view marks it", async () => {
    const s = await h.makeUser("student", { schoolId: own, name: "Code Student" });
    const sittingId = await newSitting(own, 20);
    const code = ((await tickets(sittingId, cookie.schoolAdmin!)).json() as TTicketList).tickets.find((t) => t.studentId === s.id)!.code;
    const res = await useCode(code.toLowerCase().replace("-", " "));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: s.id, role: "student" }, examId: lastExamId, sittingId });
    const session = res.cookies.find((c) => c.name === "qias_session")!;
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: `qias_session=${session.value}` })).json().user.id).toBe(s.id);
    const live = (await h.request({ method: "GET", url: `/api/sittings/${sittingId}/live`, cookie: cookie.schoolAdmin })).json() as TLiveView;
    expect(live.students.find((x) => x.studentId === s.id)!.signedInWithCode).toBe(true);
    expect(live.students.filter((x) => x.signedInWithCode)).toHaveLength(1);
  });

  it("is refused before the window opens and after the sitting ends", async () => {
    const s = await h.makeUser("student", { schoolId: own });
    const sittingId = await newSitting(own, 120);
    const code = ((await tickets(sittingId, cookie.schoolAdmin!)).json() as TTicketList).tickets.find((t) => t.studentId === s.id)!.code;
    expect((await useCode(code, "10.0.1.1")).json().code).toBe("SITTING_CODE_WRONG");
    await h.db.update(sittings).set({ startsAt: at(-120), entryClosesAt: at(-100), endsAt: at(-60) }).where(eq(sittings.id, sittingId));
    expect((await useCode(code, "10.0.1.2")).json().code).toBe("SITTING_CODE_WRONG");
    await h.db.update(sittings).set({ startsAt: at(-5), entryClosesAt: at(10), endsAt: at(60) }).where(eq(sittings.id, sittingId));
    expect((await useCode(code, "10.0.1.3")).statusCode).toBe(200);
  });

  it("a code is for its own sitting only, and a reissued ticket's old code stops working", async () => {
    const s = await h.makeUser("student", { schoolId: own });
    const a = await newSitting(own, 5);
    const b = await newSitting(own, 5);
    const codeA = ((await tickets(a, cookie.schoolAdmin!)).json() as TTicketList).tickets.find((t) => t.studentId === s.id)!.code;
    const codeB = ((await tickets(b, cookie.schoolAdmin!)).json() as TTicketList).tickets.find((t) => t.studentId === s.id)!.code;
    expect(codeA).not.toBe(codeB);
    expect((await useCode(codeB, "10.0.2.1")).json().sittingId).toBe(b);
    const reissued = await h.request({ method: "POST", url: `/api/sittings/${a}/tickets/${s.id}/reissue`, cookie: cookie.schoolAdmin });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json().code).not.toBe(codeA);
    expect(reissued.json().issue).toBe(2);
    expect((await useCode(codeA, "10.0.2.2")).json().code).toBe("SITTING_CODE_WRONG");
    expect((await useCode(reissued.json().code, "10.0.2.3")).json().sittingId).toBe(a);
    // A student not of the sitting: not found; an id that is not a uuid: the same.
    const stranger = await h.makeUser("student", { schoolId: other });
    expect((await h.request({ method: "POST", url: `/api/sittings/${a}/tickets/${stranger.id}/reissue`, cookie: cookie.schoolAdmin })).json().code).toBe("USER_NOT_FOUND");
    expect((await h.request({ method: "POST", url: `/api/sittings/${a}/tickets/x/reissue`, cookie: cookie.schoolAdmin })).json().code).toBe("USER_NOT_FOUND");
  });

  it("is throttled per code and per address; bad input is a clear refusal, never a 500", async () => {
    const s = await h.makeUser("student", { schoolId: own });
    const sittingId = await newSitting(own, 5);
    const code = ((await tickets(sittingId, cookie.schoolAdmin!)).json() as TTicketList).tickets.find((t) => t.studentId === s.id)!.code;
    // Reissued: the old code is now a wrong code, tried from many addresses — the code's own counter stops it.
    await h.request({ method: "POST", url: `/api/sittings/${sittingId}/tickets/${s.id}/reissue`, cookie: cookie.schoolAdmin });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) expect((await useCode(code, `10.0.3.${i}`)).statusCode).toBe(401);
    const throttled = await useCode(code, "10.0.3.99");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe("SITTING_CODE_THROTTLED");
    for (const payload of [{}, { code: 5 }, { code: "" }, { code: "A".repeat(500) }]) {
      const res = await h.request({ method: "POST", url: "/api/auth/sitting-code", payload, remoteAddress: "10.0.4.1" });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 30)).toBeLessThan(500);
      expect(res.json().code).toBe("SITTING_CODE_WRONG");
    }
    // Per address: 30 wrong codes from one address, then it waits.
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await useCode(`ZZZZ-ZZ${SITTING_CODE_ALPHABET[i % 28]}${SITTING_CODE_ALPHABET[(i * 7) % 28]}`, "10.0.5.1")).statusCode;
    expect(last).toBe(429);
  });
});
