// A passage students have read is never changed in place (issue 34; docs/decisions/0036): editing it in the exam
// editor makes a new passage row for the questions current from then on, and the attempts that read the old one keep it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { passages, questions, studentExams } from "../../db/schema";
import type { TExamDetail, TExamInput } from "../../../shared/schemas/exam";
import { seenBy } from "./views";

let h: THarness;
const c = {} as Record<"teacher" | "s1" | "s2" | "s3", string>;

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("passage_versions");
  for (const [key, role, type] of [
    ["teacher", "teacher", "school"],
    ["s1", "student", "student"],
    ["s2", "student", "student"],
    ["s3", "student", "student"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school });
    c[key] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

const req = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });

const OLD = "The falcon is the national bird of the UAE.";
const NEW = "The falcon is the national bird of the United Arab Emirates.";

/** The exam's save payload from its detail, with its passage's English text `textEn`. */
function withPassage(exam: TExamDetail, textEn: string, link = true): TExamInput {
  const p = exam.passages[0]!;
  return {
    titleAr: exam.titleAr,
    titleEn: exam.titleEn,
    subjectId: exam.subject.id,
    durationMinutes: exam.durationMinutes,
    status: "published",
    passages: link ? [{ id: p.id, key: p.id, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn }] : [],
    questions: exam.questions.map((q) => ({ id: q.id, type: q.type, questionTextAr: q.questionTextAr, questionTextEn: q.questionTextEn, points: q.points, correctAnswerText: q.correctAnswerText, passageKey: link ? q.passageId : null })),
  };
}

async function start(cookie: string, examId: string): Promise<string> {
  const res = await req(cookie, "POST", `/api/student/exams/${examId}/attempt`, {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** The passage text an attempt read: its rows' passage, as results and reports find it. */
async function passageRead(attemptId: string): Promise<string[]> {
  const [attempt] = await h.db.select().from(studentExams).where(eq(studentExams.id, attemptId));
  const rows = await h.db
    .select({ text: passages.textEn })
    .from(questions)
    .innerJoin(passages, eq(passages.id, questions.passageId))
    .where(and(eq(questions.examId, attempt!.examId), seenBy(attempt!)));
  return [...new Set(rows.map((r) => r.text))];
}

it("a passage changed after students read it is a new passage row; the attempts that read it keep the old text", async () => {
  const made = await req(c.teacher, "POST", "/api/exams", {
    titleAr: "الصقر",
    titleEn: "The falcon",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    passages: [{ key: "p", titleAr: "الصقر", titleEn: "The falcon", textAr: "الصقر هو الطائر الوطني لدولة الإمارات.", textEn: OLD }],
    questions: [
      { type: "short_answer", questionTextAr: "ما الطائر الوطني؟", questionTextEn: "Which is the national bird?", points: 1, correctAnswerText: "الصقر", passageKey: "p" },
      { type: "essay", questionTextAr: "صف الصقر.", questionTextEn: "Describe the falcon.", points: 2, passageKey: "p" },
    ],
  } satisfies TExamInput);
  expect(made.statusCode, made.body).toBe(201);
  let exam = made.json() as TExamDetail;
  const first = await start(c.s1, exam.id);
  expect((await req(c.s1, "POST", `/api/attempts/${first}/submit`, {})).statusCode).toBe(200);

  // Read, so not changed in place: a new passage row, the questions on it replaced, the attempt keeping the old.
  const edited = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, withPassage(exam, NEW));
  expect(edited.statusCode, edited.body).toBe(200);
  const after = edited.json() as TExamDetail;
  expect(after.passages).toHaveLength(1);
  expect(after.passages[0]!.textEn).toBe(NEW);
  expect(after.passages[0]!.id).not.toBe(exam.passages[0]!.id);
  expect(after.questions.map((q) => q.passageId)).toEqual([after.passages[0]!.id, after.passages[0]!.id]);
  expect(await passageRead(first)).toEqual([OLD]);
  const result = await req(c.teacher, "GET", `/api/attempts/${first}/result`);
  expect(result.statusCode, result.body).toBe(200);
  expect((result.json() as { questions: { id: string }[] }).questions.map((q) => q.id)).toEqual(exam.questions.map((q) => q.id));

  // A new student reads the new text only.
  const paper = await req(c.s2, "GET", `/api/student/exams/${exam.id}/paper`);
  expect(paper.body).toContain(NEW);
  expect(paper.body).not.toContain(OLD);
  const second = await start(c.s2, exam.id);

  // While a student is taking the exam, a change to the passage they read is refused.
  exam = after;
  const refused = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, withPassage(exam, "Changed while sitting."));
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: "QUESTION_SEEN_IN_PROGRESS" });
  expect(await passageRead(second)).toEqual([NEW]);
  expect((await req(c.s2, "POST", `/api/attempts/${second}/submit`, {})).statusCode).toBe(200);

  // Taking the passage out of the exam after it was read: the rows are replaced, the passage kept for the attempts.
  const unlinked = await req(c.teacher, "PUT", `/api/exams/${exam.id}`, withPassage(exam, NEW, false));
  expect(unlinked.statusCode, unlinked.body).toBe(200);
  expect((unlinked.json() as TExamDetail).passages).toEqual([]);
  expect(await passageRead(first)).toEqual([OLD]);
  expect(await passageRead(second)).toEqual([NEW]);
});

it("a passage nobody has read is changed in place", async () => {
  const made = await req(c.teacher, "POST", "/api/exams", {
    titleAr: "مسودة",
    titleEn: "Draft",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    passages: [{ key: "p", titleAr: "نص", titleEn: "Text", textAr: "نص قصير.", textEn: OLD }],
    questions: [{ type: "essay", questionTextAr: "اشرح.", questionTextEn: "Explain.", points: 1, passageKey: "p" }],
  } satisfies TExamInput);
  const exam = made.json() as TExamDetail;
  const edited = (await req(c.teacher, "PUT", `/api/exams/${exam.id}`, withPassage(exam, NEW))).json() as TExamDetail;
  expect(edited.passages.map((p) => [p.id, p.textEn])).toEqual([[exam.passages[0]!.id, NEW]]);
  expect(edited.questions[0]!.id).toBe(exam.questions[0]!.id);
  expect(await h.db.select().from(passages).where(eq(passages.examId, exam.id))).toHaveLength(1);
});
