// An item on one parallel form is seen only by the students given that form (issue 34's forms): the bank's exposure,
// facility, "never used" and "used in the last year" count those students, not everyone who sat the exam. Before,
// every attempt of the exam counted as having seen every question — a student of form 1 lowered the facility of an
// item only on form 2 with a 0 for a question they were never shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { rebuildFigures } from "../analytics/figures";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { bankItemVersions, examForms, examFormQuestions, examSchools, exams, questions, studentAnswers, studentExams } from "../../db/schema";
import { draftVersion, versionsFromRows } from "./rows";
import { versionSeen } from "./items";

let h: THarness;
let admin: string;
let form3Version: string;
const itemOn: Record<"form1" | "form2" | "both", string> = {} as never;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const school = await h.makeSchool("school_seen_by_form");
  const [exam] = await h.db.insert(exams).values({ titleAr: "نماذج", titleEn: "Forms", subjectId: "arabic", status: "published" }).returning();
  const examId = exam!.id;
  await h.db.insert(examSchools).values({ examId, schoolId: school });
  const draft = await draftVersion(h.db, "arabic");
  const [q1, q2, anchor, q3] = await h.db
    .insert(questions)
    .values(["form1", "form2", "both", "form3"].map((name, i) => ({ examId, position: i, type: "essay" as const, questionTextAr: `س ${name}`, questionTextEn: `Q ${name}`, points: 2, itemVersionId: draft })))
    .returning();
  await versionsFromRows(h.db, examId);
  const [f1, f2, f3] = await h.db.insert(examForms).values([{ examId, number: 1 }, { examId, number: 2 }, { examId, number: 3 }]).returning();
  await h.db.insert(examFormQuestions).values([
    { formId: f1!.id, questionId: q1!.id },
    { formId: f1!.id, questionId: anchor!.id, isAnchor: true },
    { formId: f2!.id, questionId: q2!.id },
    { formId: f2!.id, questionId: anchor!.id, isAnchor: true },
    { formId: f3!.id, questionId: q3!.id },
  ]);
  form3Version = (await h.db.select({ v: questions.itemVersionId }).from(questions).where(eq(questions.id, q3!.id)))[0]!.v;
  const item = async (questionId: string) => {
    const [row] = await h.db.select({ item: bankItemVersions.itemId }).from(questions).innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId)).where(eq(questions.id, questionId));
    return row!.item;
  };
  itemOn.form1 = await item(q1!.id);
  itemOn.form2 = await item(q2!.id);
  itemOn.both = await item(anchor!.id);
  // Two students on form 1 earn full marks on its question; one on form 2 earns none on its own; the anchor 1 of 2 each.
  for (const [form, question, score] of [[f1!, q1!, 2], [f1!, q1!, 2], [f2!, q2!, 0]] as const) {
    const s = await h.makeUser("student", { schoolId: school });
    const [attempt] = await h.db.insert(studentExams).values({ studentId: s.id, examId, formId: form.id, status: "graded", score: score + 1, totalPossibleScore: 4, completedAt: new Date() }).returning();
    await h.db.insert(studentAnswers).values([
      { studentExamId: attempt!.id, questionId: question.id, studentId: s.id, answerText: "ج", score },
      { studentExamId: attempt!.id, questionId: anchor!.id, studentId: s.id, answerText: "ج", score: 1 },
    ]);
  }
  // Written straight into the tables, as a bulk loader does: the maintained figures the bank reads are worked out once.
  await rebuildFigures(h.db, [examId]);
});
afterAll(async () => {
  await h.close();
});

const detail = async (id: string) => (await h.request({ method: "GET", url: `/api/bank/${id}`, cookie: admin })).json() as { exposure: number; facility: number | null; uses: { students: number; facility: number | null }[] };
const search = async (qs: string) => ((await h.request({ method: "GET", url: `/api/bank?${qs}&pageSize=100`, cookie: admin })).json() as { items: { id: string }[] }).items.map((i) => i.id);

describe("the bank counts who saw an item by the form they were given", () => {
  it("exposure and facility of an item on one form count only that form's students", async () => {
    expect(await detail(itemOn.form1)).toMatchObject({ exposure: 2, facility: 1, uses: [{ students: 2, facility: 1 }] });
    expect(await detail(itemOn.form2)).toMatchObject({ exposure: 1, facility: 0, uses: [{ students: 1, facility: 0 }] });
    // The anchor is on both forms: everyone saw it.
    expect(await detail(itemOn.both)).toMatchObject({ exposure: 3, facility: 0.5 });
  });

  it("the facility filter and 'never used' agree", async () => {
    expect(await search("facilityMin=0.9")).toContain(itemOn.form1);
    expect(await search("facilityMax=0.1")).toContain(itemOn.form2);
    expect(await search("facilityMax=0.1")).not.toContain(itemOn.form1);
    const never = await search("neverUsed=true");
    for (const id of Object.values(itemOn)) expect(never).not.toContain(id);
  });

  it("a version only on a form nobody was given is unseen: its author may still edit it in place", async () => {
    expect(await versionSeen(h.db, form3Version)).toBe(false);
  });
});
