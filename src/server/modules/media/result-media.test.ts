// The pictures of a result after the sitting (docs/decisions/0064): the result carries the question's, the options'
// and the matching pairs' pictures, and GET /api/media/:id serves them to whoever may see that result — the student
// once submitted, their school's staff, a shared exam's other schools for their own students, a super_admin — and to
// nobody else, with the same 404 a guessed id gets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import type { TExamDetail, TExamInput } from "../../../shared/schemas/exam";
import type { TResult } from "../../../shared/schemas/attempt";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

let h: THarness;
const c = {} as Record<"superAdmin" | "teacherA" | "adminA" | "teacherB" | "teacherC" | "adminC" | "studentA" | "studentB" | "unsubmitted" | "absent", string>;
const schools = {} as Record<"a" | "b" | "c", string>;

beforeAll(async () => {
  h = await createHarness();
  schools.a = await h.makeSchool("school_rm_a");
  schools.b = await h.makeSchool("school_rm_b");
  schools.c = await h.makeSchool("school_rm_c");
  c.superAdmin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacherA", "teacher", "a"],
    ["adminA", "school_admin", "a"],
    ["teacherB", "teacher", "b"],
    ["teacherC", "teacher", "c"],
    ["adminC", "school_admin", "c"],
    ["studentA", "student", "a"],
    ["studentB", "student", "b"],
    ["unsubmitted", "student", "a"],
    ["absent", "student", "a"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: schools[school] });
    c[key] = await h.signIn(u.email, u.password, role === "student" ? "student" : "school");
  }
});
afterAll(async () => {
  await h?.close();
});

async function uploadAs(cookie: string): Promise<string> {
  const { payload, headers } = multipart([{ name: "file", filename: "map.png", type: "image/png", content: PNG }]);
  const res = await h.request({ method: "POST", url: "/api/media", cookie, payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
const upload = () => uploadAs(c.superAdmin);
const getImage = (cookie: string | undefined, id: string) => h.request({ method: "GET", url: `/api/media/${id}`, cookie });
const described = (id: string) => ({ id, altAr: "خريطة", altEn: "A map" });

describe("a result's pictures after the sitting", () => {
  it("are in the result, and served to whoever may see it: the student once submitted, their school's staff, a shared exam's other schools, a super_admin; 404 to anyone else", async () => {
    const [map, option, premise] = [await upload(), await upload(), await upload()];
    const input: TExamInput = {
      titleAr: "جغرافيا مشتركة",
      titleEn: "Shared geography",
      subjectId: "social",
      durationMinutes: 30,
      status: "published",
      schoolIds: [schools.a, schools.b],
      questions: [
        {
          type: "hotspot",
          questionTextAr: "أين الفجيرة؟",
          questionTextEn: "Where is Fujairah?",
          points: 1,
          image: described(map),
          interaction: {
            type: "hotspot",
            width: 400,
            height: 300,
            maxChoices: 1,
            scoring: "all_or_nothing",
            areas: [
              { id: "e", textAr: "شرق", textEn: "East", shape: "circle", coords: [300, 150, 40], correct: true },
              { id: "w", textAr: "غرب", textEn: "West", shape: "rect", coords: [10, 10, 110, 110] },
            ],
          },
        },
        {
          type: "multiple_choice",
          questionTextAr: "أي خريطة للإمارات؟",
          questionTextEn: "Which map is the UAE?",
          points: 1,
          options: [
            { optionTextAr: "", optionTextEn: "", image: described(option), isCorrect: true },
            { optionTextAr: "لا شيء مما سبق", optionTextEn: "None of these", isCorrect: false },
          ],
        },
        {
          type: "matching",
          questionTextAr: "صِل",
          questionTextEn: "Match",
          points: 2,
          matchingPairs: [
            { premiseImage: described(premise), response_ar: "العاصمة", response_en: "The capital" },
            { premise_ar: "دبي", premise_en: "Dubai", response_ar: "الميناء", response_en: "The port" },
          ],
        },
      ],
    };
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: c.superAdmin, payload: input as object });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as TExamDetail;

    const sit = async (cookie: string, submit: boolean) => {
      const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie, payload: {} })).json() as { id: string };
      const [hot, mc] = exam.questions;
      const pictured = mc!.options.find((o) => o.image)!.id;
      for (const [q, body] of [
        [hot!.id, { response: { type: "hotspot", chosen: ["w"] } }],
        [mc!.id, { selectedOptionId: pictured }],
      ] as const) {
        const saved = await h.request({ method: "PUT", url: `/api/attempts/${attempt.id}/answers/${q}`, cookie, payload: { examId: exam.id, clientSeq: 1, ...body } });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      if (submit) expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie, payload: {} })).statusCode).toBe(200);
      return attempt.id;
    };
    const attemptA = await sit(c.studentA, true);
    await sit(c.studentB, true);
    await sit(c.unsubmitted, false);

    // The result carries the pictures as the paper showed them.
    const result = (await h.request({ method: "GET", url: `/api/attempts/${attemptA}/result`, cookie: c.studentA })).json() as TResult;
    const ref = (id: string) => ({ id, width: 1, height: 1, altAr: "خريطة", altEn: "A map" });
    expect(result.questions[0]!.image).toEqual(ref(map));
    expect(result.questions[1]!.image).toBeNull();
    expect(result.questions[1]!.answer.choice).toEqual({ ar: "خريطة", en: "A map", image: ref(option) });
    expect(result.questions[2]!.answer.matching[0]!.premise).toEqual({ ar: "خريطة", en: "A map", image: ref(premise) });
    expect(result.questions[2]!.answer.matching[1]!.premise).toEqual({ ar: "دبي", en: "Dubai", image: null });

    // The sitting is over: the exam is closed everywhere, so no paper is anyone's to read.
    const archived = await h.request({ method: "PUT", url: `/api/exams/${exam.id}`, cookie: c.superAdmin, payload: { ...input, status: "archived", questions: exam.questions } as object });
    expect(archived.statusCode, archived.body).toBe(200);

    for (const id of [map, option, premise]) {
      for (const who of ["studentA", "studentB", "teacherA", "adminA", "teacherB", "superAdmin"] as const) {
        const res = await getImage(c[who], id);
        expect(res.statusCode, `${who} ${res.body}`).toBe(200);
        expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      }
      // A student who never submitted, one who never sat: as if it did not exist. (A super_admin's exam's questions are
      // system bank items, which every school's staff may read, pictures and all: decision 0036.)
      for (const who of ["unsubmitted", "absent"] as const) {
        const res = await getImage(c[who], id);
        expect(res.statusCode, who).toBe(404);
        expect(res.json()).toMatchObject({ code: "IMAGE_NOT_FOUND" });
      }
      expect((await getImage(undefined, id)).statusCode).toBe(401);
    }

    // A teacher's exam (their school's bank items): another school's staff never see its pictures.
    const own = await h.request({ method: "POST", url: "/api/exams", cookie: c.teacherA, payload: { ...input, titleEn: "Our geography", schoolIds: [], questions: [{ ...input.questions![0]!, image: described(await uploadAs(c.teacherA)) }] } as object });
    expect(own.statusCode, own.body).toBe(201);
    const ownExam = own.json() as TExamDetail;
    const ownMap = ownExam.questions[0]!.image!.id;
    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${ownExam.id}/attempt`, cookie: c.studentA, payload: {} })).json() as { id: string };
    expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: c.studentA, payload: {} })).statusCode).toBe(200);
    const closed = await h.request({ method: "PUT", url: `/api/exams/${ownExam.id}`, cookie: c.teacherA, payload: { ...input, schoolIds: [], status: "archived", questions: ownExam.questions } as object });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const who of ["studentA", "teacherA", "adminA", "superAdmin"] as const) expect((await getImage(c[who], ownMap)).statusCode, who).toBe(200);
    for (const who of ["teacherB", "teacherC", "adminC", "studentB", "absent"] as const) expect((await getImage(c[who], ownMap)).statusCode, who).toBe(404);

    // Bad addresses say nothing either.
    for (const bad of ["not-a-uuid", "123", "00000000-0000-4000-8000-000000000000", `${map}x`]) {
      const res = await getImage(c.teacherA, bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ code: "IMAGE_NOT_FOUND" });
    }
  });
  it("carry the passages their questions were asked about, as read, to the result's readers only; the passage's picture likewise", async () => {
    const picture = await uploadAs(c.teacherA);
    const input: TExamInput = {
      titleAr: "قراءة",
      titleEn: "Reading",
      subjectId: "social",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      passages: [{ key: "p", titleAr: "الواحة", titleEn: "The oasis", textAr: "نص القطعة", textEn: "The passage's text", image: described(picture) }],
      questions: [
        { type: "true_false", questionTextAr: "صح؟", questionTextEn: "True?", points: 1, passageKey: "p", options: [{ optionTextAr: "صح", optionTextEn: "True", isCorrect: true }, { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false }] },
        { type: "short_answer", questionTextAr: "ما اسمها؟", questionTextEn: "Its name?", points: 1, passageKey: "p", correctAnswerText: "الواحة" },
        { type: "short_answer", questionTextAr: "سؤال حر", questionTextEn: "Free question", points: 1, correctAnswerText: "نعم" },
      ],
    } as TExamInput;
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: c.teacherA, payload: input as object });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as TExamDetail;
    const passageId = exam.passages[0]!.id;
    const start = async (cookie: string) => ((await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie, payload: {} })).json() as { id: string }).id;
    const attempt = await start(c.studentA);
    expect((await h.request({ method: "POST", url: `/api/attempts/${attempt}/submit`, cookie: c.studentA, payload: {} })).statusCode).toBe(200);
    const resultAs = (cookie: string, id = attempt) => h.request({ method: "GET", url: `/api/attempts/${id}/result`, cookie });

    // The student after submitting, the school's staff, the author, a super_admin: the passage once, its questions naming it.
    for (const who of ["studentA", "teacherA", "adminA", "superAdmin"] as const) {
      const res = await resultAs(c[who]);
      expect(res.statusCode, `${who} ${res.body}`).toBe(200);
      const result = res.json() as TResult;
      expect(result.passages, who).toEqual([
        { id: passageId, titleAr: "الواحة", titleEn: "The oasis", textAr: "نص القطعة", textEn: "The passage's text", docAr: null, docEn: null, image: { id: picture, width: 1, height: 1, altAr: "خريطة", altEn: "A map" } },
      ]);
      expect(result.passages[0]).not.toHaveProperty("audio");
      expect(result.questions.map((q) => q.passageId)).toEqual([passageId, passageId, null]);
    }
    // Another school's staff and another student: refused as for the result, nothing of the passage said.
    for (const who of ["teacherC", "adminC", "studentB", "absent"] as const) {
      const res = await resultAs(c[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ code: "RESULT_FORBIDDEN" });
      expect(res.body).not.toContain("The passage's text");
    }
    // Bad attempt ids: not found, never a 500.
    for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) expect((await resultAs(c.teacherA, bad)).statusCode, bad).toBeGreaterThanOrEqual(400);

    // The passage as the student read it: a later edit makes a new row; the result keeps the one they read.
    const edited = await h.request({
      method: "PUT",
      url: `/api/exams/${exam.id}`,
      cookie: c.teacherA,
      payload: { ...input, status: "archived", passages: exam.passages.map((p) => ({ ...p, key: p.id, textEn: "Rewritten" })), questions: exam.questions.map((q) => ({ ...q, passageKey: q.passageId })) } as object,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const kept = (await resultAs(c.studentA)).json() as TResult;
    expect(kept.passages.map((p) => [p.id, p.textEn])).toEqual([[passageId, "The passage's text"]]);

    // The passage's picture after the sitting (the paper is closed): the result's readers, nobody else.
    for (const who of ["studentA", "teacherA", "adminA", "superAdmin"] as const) expect((await getImage(c[who], picture)).statusCode, who).toBe(200);
    for (const who of ["teacherC", "adminC", "studentB", "absent"] as const) {
      const res = await getImage(c[who], picture);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toMatchObject({ code: "IMAGE_NOT_FOUND" });
    }
  });
});
