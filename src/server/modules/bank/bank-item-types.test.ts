// A bank item of an issue-36 type keeps its content and key through the API: the answer of a create and of a read
// carries `interaction` (it was dropped by the answer's schema, so the editor reopened such an item without its
// choices or its number, and a save from there would have lost the key).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../../test/harness";

let h: THarness;
let teacher: string;

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("school_bank_types", "مدرسة البنك");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

const entry = (id: string, correct = false) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, correct });

describe("the bank's answer carries an item type's content", () => {
  it("multiple response and numeric: created, then read, with their key", async () => {
    for (const interaction of [
      { type: "multiple_response", scoring: "partial", choices: [entry("a", true), entry("b"), entry("c", true)] },
      { type: "numeric", answer: 1971, tolerance: 0, toleranceMode: "absolute", unitAr: "", unitEn: "" },
    ] as const) {
      const created = await h.request({
        method: "POST",
        url: "/api/bank",
        cookie: teacher,
        payload: { subjectId: "social", grade: 8, question: { type: interaction.type, questionTextAr: "س", questionTextEn: "Q", points: 2, interaction } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, versions } = created.json() as { id: string; versions: { content: { interaction?: unknown } }[] };
      expect(versions[0]!.content.interaction).toMatchObject(interaction);
      const read = await h.request({ method: "GET", url: `/api/bank/${id}`, cookie: teacher });
      expect((read.json() as { versions: { content: { interaction?: unknown } }[] }).versions[0]!.content.interaction).toMatchObject(interaction);
    }
  });
});
