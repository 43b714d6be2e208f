// Taking a new version (or saving a changed question in the editor) and a student starting the exam at the same
// moment (docs/decisions/0036): the change is refused while an attempt is in progress, and an attempt that starts as
// it commits must be given — and be counted as having seen — only the new rows. Run on PostgreSQL too
// (DATABASE_URL), where the two really overlap.
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { bankItemVersions, questions, studentExams } from "../../db/schema";
import { seenBy } from "./views";

let h: THarness;
let teacher: string;
const ROUNDS = 25;
const students: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("take_race");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");
  for (let i = 0; i < 2 * ROUNDS + 2; i++) {
    const s = await h.makeUser("student", { schoolId: school });
    students.push(await h.signIn(s.email, s.password, "student"));
  }
});
afterAll(async () => {
  await h?.close();
});

const req = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });

const QUESTION = { type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" } as const;

it("an attempt started while a new version is taken either refuses the take or sees only the new version", { timeout: 120_000 }, async () => {
  const made = await req(teacher, "POST", "/api/exams", { titleAr: "سباق", titleEn: "Race", subjectId: "arabic", durationMinutes: 30, status: "published", questions: [QUESTION] });
  expect(made.statusCode, made.body).toBe(201);
  const examId = made.json().id as string;
  const first = await req(students[0]!, "POST", `/api/student/exams/${examId}/attempt`, {});
  expect(first.statusCode, first.body).toBe(200);
  await h.db.update(studentExams).set({ status: "completed" }).where(eq(studentExams.examId, examId));
  const [row] = await h.db.select().from(questions).where(eq(questions.examId, examId));
  const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
  const itemId = v!.itemId;

  const outcomes = { took: 0, refused: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    // Version round+1 of the item (the current one has been seen), then the take and a start together.
    const text = `Opposite of tall? (${round})`;
    const put = await req(teacher, "PUT", `/api/bank/${itemId}`, { subjectId: "arabic", question: { ...QUESTION, questionTextEn: text } });
    expect(put.statusCode, put.body).toBe(200);
    const [take, start] = await Promise.all([req(teacher, "POST", `/api/exams/${examId}/take-versions`, {}), req(students[round]!, "POST", `/api/student/exams/${examId}/attempt`, {})]);
    expect(start.statusCode, start.body).toBe(200);
    const [attempt] = await h.db.select().from(studentExams).where(and(eq(studentExams.examId, examId), eq(studentExams.status, "in_progress")));
    const view = await h.db.select().from(questions).where(and(eq(questions.examId, examId), seenBy(attempt!)));
    // The attempt holds exactly one row of the question, and the paper it was given shows that row.
    expect(view, `round ${round}`).toHaveLength(1);
    const paper = await req(students[round]!, "GET", `/api/student/exams/${examId}/paper`);
    expect(paper.body, `round ${round}`).toContain(view[0]!.id);
    if (take.statusCode === 200) {
      outcomes.took++;
      expect(view[0]!.questionTextEn, `round ${round}: the take won, so the attempt sees the new version`).toBe(text);
    } else {
      outcomes.refused++;
      expect(take.json(), `round ${round}`).toMatchObject({ code: "QUESTION_SEEN_IN_PROGRESS" });
      expect(view[0]!.questionTextEn).not.toBe(text);
    }
    await h.db.update(studentExams).set({ status: "completed" }).where(eq(studentExams.id, attempt!.id));
    // A refused take is taken now that nobody is sitting the exam, so every round starts from the newest version.
    if (take.statusCode !== 200) expect((await req(teacher, "POST", `/api/exams/${examId}/take-versions`, {})).statusCode).toBe(200);
  }
  expect(outcomes.took + outcomes.refused).toBe(ROUNDS);
});

it("an attempt started while the editor saves a changed question either refuses the save or sees only the new text", { timeout: 120_000 }, async () => {
  const exam = (text: string) => ({ titleAr: "سباق المحرر", titleEn: "Editor race", subjectId: "arabic", durationMinutes: 30, status: "published", questions: [{ ...QUESTION, questionTextEn: text }] });
  const made = await req(teacher, "POST", "/api/exams", exam(QUESTION.questionTextEn));
  expect(made.statusCode, made.body).toBe(201);
  const examId = made.json().id as string;
  const mine = students.slice(ROUNDS + 1);
  expect((await req(mine[0]!, "POST", `/api/student/exams/${examId}/attempt`, {})).statusCode).toBe(200);
  await h.db.update(studentExams).set({ status: "completed" }).where(eq(studentExams.examId, examId));
  const save = async (text: string) => {
    const [current] = await h.db.select().from(questions).where(and(eq(questions.examId, examId), isNull(questions.replacedAt)));
    return req(teacher, "PUT", `/api/exams/${examId}`, { ...exam(text), questions: [{ ...QUESTION, id: current!.id, questionTextEn: text }] });
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const text = `Opposite of tall? (edited ${round})`;
    const [saved, start] = await Promise.all([save(text), req(mine[round]!, "POST", `/api/student/exams/${examId}/attempt`, {})]);
    expect(start.statusCode, start.body).toBe(200);
    const [attempt] = await h.db.select().from(studentExams).where(and(eq(studentExams.examId, examId), eq(studentExams.status, "in_progress")));
    const view = await h.db.select().from(questions).where(and(eq(questions.examId, examId), seenBy(attempt!)));
    expect(view, `round ${round}`).toHaveLength(1);
    const paper = await req(mine[round]!, "GET", `/api/student/exams/${examId}/paper`);
    expect(paper.body, `round ${round}`).toContain(view[0]!.id);
    if (saved.statusCode === 200) expect(view[0]!.questionTextEn, `round ${round}: the save won`).toBe(text);
    else {
      expect(saved.json(), `round ${round}`).toMatchObject({ code: "QUESTION_SEEN_IN_PROGRESS" });
      expect(view[0]!.questionTextEn).not.toBe(text);
    }
    await h.db.update(studentExams).set({ status: "completed" }).where(eq(studentExams.id, attempt!.id));
    if (saved.statusCode !== 200) expect((await save(text)).statusCode).toBe(200);
  }
});
