// Gap fill, inline choice and hotspot through the API (docs/decisions/0058): authored in an exam save (bad content
// refused with its message), the paper without the key, responses saved (bad ones refused), marked at submit; QTI 3.0
// export valid against the schema and imported back.
import fs from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { validateXML } from "xmllint-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import { studentAnswers, studentExams } from "../../db/schema";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TPaper } from "../../../shared/schemas/attempt";

let h: THarness;
let teacher: string;
let school: string;
let picture: string;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_item_types_2", "مدرسة الأنواع ٢");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");
  picture = await upload();
});
/** A picture of this teacher's not yet in an exam (an exam's pictures are its own). */
async function upload(): Promise<string> {
  const { payload, headers } = multipart([{ name: "file", filename: "map.png", content: PNG }]);
  const res = await h.request({ method: "POST", url: "/api/media", cookie: teacher, payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
afterAll(async () => {
  await h?.close();
});

const choice = (id: string, correct = false) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, correct });
const area = (id: string, shape: "rect" | "circle" | "poly", coords: number[], correct = false) => ({ id, textAr: `منطقة ${id}`, textEn: `Area ${id}`, shape, coords, correct });
const questionsOf = (): NonNullable<TExamInput["questions"]> => [
  {
    type: "gap_fill",
    questionTextAr: "أكمل",
    questionTextEn: "Complete",
    points: 2,
    interaction: { type: "gap_fill", textAr: "عاصمة مصر {{g1}} وعاصمة الأردن {{g2}}.", textEn: "Egypt's capital is {{g1}} and Jordan's {{g2}}.", gaps: [{ id: "g1", accepted: ["القاهرة", "Cairo"] }, { id: "g2", accepted: ["عمّان"] }] },
  },
  {
    type: "inline_choice",
    questionTextAr: "اختر",
    questionTextEn: "Choose",
    points: 2,
    interaction: { type: "inline_choice", scoring: "all_or_nothing", textAr: "{{g1}} ثم {{g2}}", textEn: "{{g1}} then {{g2}}", gaps: [{ id: "g1", choices: [choice("a", true), choice("b"), choice("c")] }, { id: "g2", choices: [choice("x"), choice("y", true)] }] },
  },
  {
    type: "hotspot",
    questionTextAr: "أين مكة؟",
    questionTextEn: "Where is Makkah?",
    points: 3,
    image: { id: picture, altAr: "خريطة", altEn: "A map" },
    interaction: { type: "hotspot", width: 400, height: 300, maxChoices: 2, scoring: "partial", areas: [area("r", "rect", [10, 10, 110, 60], true), area("c", "circle", [200, 150, 50], true), area("p", "poly", [300, 200, 390, 200, 345, 290])] },
  },
];
const examInput = (qs: TExamInput["questions"]): TExamInput => ({ titleAr: "أنواع أخرى", titleEn: "More item types", subjectId: "arabic", durationMinutes: 30, status: "published", schoolIds: [], questions: qs });
const save = (c: string, attemptId: string, questionId: string, body: object) => h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${questionId}`, cookie: c, payload: body });

describe("gap fill, inline choice and hotspot through the API", () => {
  it("refuses bad content with its message in both languages", async () => {
    const bad = async (q: object) => {
      const res = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: examInput([q as never]) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string; message: string; messageAr?: string };
    };
    const [gap, inline, hot] = questionsOf() as unknown as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    const gi = gap.interaction as Record<string, unknown>;
    expect((await bad({ ...gap, interaction: { ...gi, gaps: [{ id: "g1", accepted: [] }, { id: "g2", accepted: ["x"] }] } })).code).toBe("GAP_NO_ACCEPTED_ANSWER");
    expect((await bad({ ...gap, interaction: { ...gi, textEn: "No gaps here" } })).code).toBe("GAP_TEXT_NO_GAP");
    expect((await bad({ ...gap, interaction: { ...gi, textEn: "{{g1}} only" } })).code).toBe("GAP_TEXT_MISMATCH");
    expect((await bad({ ...gap, interaction: { ...gi, textAr: `${"ب".repeat(5001)} {{g1}} {{g2}}` } })).code).toBe("TEXT_TOO_LONG");
    expect((await bad({ ...inline, interaction: { ...(inline.interaction as object), gaps: [{ id: "g1", choices: [choice("a", true)] }, { id: "g2", choices: [choice("x"), choice("y", true)] }] } })).code).toBe("QUESTION_MIN_OPTIONS");
    const hi = hot.interaction as Record<string, unknown>;
    const outside = await bad({ ...hot, interaction: { ...hi, areas: [area("r", "rect", [10, 10, 410, 60], true), area("c", "circle", [200, 150, 50])] } });
    expect(outside.code).toBe("HOTSPOT_AREA_OUTSIDE");
    expect(JSON.stringify(outside)).toContain("Question 1, area 1 goes outside the picture.");
    expect((await bad({ ...hot, interaction: { ...hi, areas: [area("r", "poly", [10, 10, 20, 20], true), area("c", "circle", [200, 150, 50])] } })).code).toBe("HOTSPOT_POLYGON_POINTS");
    expect((await bad({ ...hot, interaction: { ...hi, areas: [area("r", "rect", [10, 10, 20, 20]), area("c", "circle", [200, 150, 50])] } })).code).toBe("QUESTION_NO_CORRECT_OPTION");
    expect((await bad({ ...hot, interaction: { ...hi, areas: [{ ...area("r", "rect", [10, 10, 20, 20], true), textAr: "" }, area("c", "circle", [200, 150, 50])] } })).code).toBe("OPTION_MISSING_TEXT");
    expect((await bad({ ...hot, image: null })).code).toBe("HOTSPOT_NO_IMAGE");
  });

  it("saves them, shows the paper without the key, refuses bad responses and marks at submit", async () => {
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: examInput(questionsOf()) });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as { id: string; questions: { id: string }[] };
    const [gap, inline, hot] = exam.questions.map((q) => q.id) as [string, string, string];

    const s = await h.makeUser("student", { schoolId: school });
    const cookie = await h.signIn(s.email, s.password, "student");
    const paperRes = await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie });
    expect(paperRes.statusCode, paperRes.body).toBe(200);
    expect(paperRes.body).not.toMatch(/"correct"|"accepted"|القاهرة|Cairo|عمّان/);
    const paper = paperRes.json() as TPaper;
    expect(paper.questions.map((q) => q.interaction?.type)).toEqual(["gap_fill", "inline_choice", "hotspot"]);
    expect(paper.questions[0]!.interaction).toEqual({ type: "gap_fill", textAr: "عاصمة مصر {{g1}} وعاصمة الأردن {{g2}}.", textEn: "Egypt's capital is {{g1}} and Jordan's {{g2}}.", gaps: [{ id: "g1" }, { id: "g2" }] });
    expect(paper.questions[2]!.interaction).toMatchObject({ type: "hotspot", width: 400, height: 300, maxChoices: 2, areas: [{ id: "r", shape: "rect" }, {}, {}] });

    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie })).json() as { id: string };
    for (const [q, response] of [
      [gap, { type: "gap_fill", answers: ["القاهرة"] }],
      [gap, { type: "gap_fill", answers: { g1: 5 } }],
      [gap, { type: "gap_fill", answers: { g1: "x".repeat(201) } }],
      [inline, { type: "gap_fill", answers: { g1: "a" } }],
      [inline, { type: "inline_choice", chosen: "a" }],
      [hot, { type: "hotspot", chosen: [{ x: 1, y: 2 }] }],
      [hot, { type: "hotspot", chosen: Array.from({ length: 11 }, (_, i) => `a${i}`) }],
    ] as const) {
      const res = await save(cookie, attempt.id, q, { examId: exam.id, response, clientSeq: 1 });
      expect(res.statusCode, res.body).toBe(400);
      expect(["ANSWER_INVALID", "TEXT_TOO_LONG"]).toContain((res.json() as { code: string }).code);
    }
    const ok = async (q: string, response: object) => expect((await save(cookie, attempt.id, q, { examId: exam.id, response, clientSeq: 2 })).statusCode).toBe(200);
    await ok(gap, { type: "gap_fill", answers: { g1: "القاهره", g2: "دمشق" } }); // 1 of 2 gaps: 1 of 2 points
    await ok(inline, { type: "inline_choice", chosen: { g1: "a", g2: "x" } }); // all or nothing: 0
    await ok(hot, { type: "hotspot", chosen: ["c"] }); // 1 of 2 right areas, partial: 1.5 of 3
    const submitted = await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const marks = await h.db.select({ q: studentAnswers.questionId, score: studentAnswers.score, ok: studentAnswers.isCorrect }).from(studentAnswers).where(eq(studentAnswers.studentExamId, attempt.id));
    const by = new Map(marks.map((m) => [m.q, m]));
    expect(by.get(gap)).toMatchObject({ score: 1, ok: false });
    expect(by.get(inline)).toMatchObject({ score: 0, ok: false });
    expect(by.get(hot)).toMatchObject({ score: 1.5, ok: false });
    const [closed] = await h.db.select({ score: studentExams.score, status: studentExams.status }).from(studentExams).where(eq(studentExams.id, attempt.id));
    expect(closed).toEqual({ score: 2.5, status: "graded" });
    // Item analysis counts a response as an answer, not as omitted (the seed's types' columns are empty for it).
    const analysis = await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/items`, cookie: teacher });
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect((analysis.json() as { questions: { omittedRate: number | null; facility: number | null }[] }).questions.map((q) => [q.omittedRate, q.facility])).toEqual([
      [0, 0.5],
      [0, 0],
      [0, 0.5],
    ]);
  });
});

const XSD_DIR = path.join(import.meta.dirname, "..", "qti", "fixtures", "xsd");
const ASI_XSD = "imsqti_asiv3p0_sbacv1p0_v1p0.xsd";

describe("QTI 3.0 export and import of gap fill, inline choice and hotspot", () => {
  it("writes each as its QTI interactions, valid against the schema, and reads them back", { timeout: 180_000 }, async () => {
    picture = await upload();
    const qs = questionsOf();
    qs.push({ ...qs[2]!, interaction: { ...(qs[2]!.interaction as object), maxChoices: 1, scoring: "all_or_nothing", areas: [area("r", "rect", [10, 10, 110, 60], true), area("c", "circle", [200, 150, 50])] } as never });
    const created = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: examInput(qs) });
    expect(created.statusCode, created.body).toBe(201);
    const res = await h.request({ method: "GET", url: `/api/exams/${(created.json() as { id: string }).id}/qti`, cookie: teacher });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(res.rawPayload);
    const xml = (name: string) => strFromU8(files[name]!);
    // One response declaration and one interaction per gap; per gap: half the points each.
    expect(xml("Q1.xml").match(/<qti-response-declaration /g)).toHaveLength(2);
    expect(xml("Q1.xml").match(/<qti-text-entry-interaction /g)).toHaveLength(2);
    expect(xml("Q1.xml")).toContain('<qti-base-value base-type="float">1</qti-base-value>');
    expect(xml("Q2.xml").match(/<qti-inline-choice-interaction /g)).toHaveLength(2);
    expect(xml("Q2.xml")).toContain("<qti-and>");
    expect(xml("Q3.xml")).toContain('<qti-hotspot-choice identifier="A2" shape="circle" coords="200,150,50" hotspot-label="منطقة c" label="Area c"/>');
    expect(xml("Q3.xml")).toContain('<qti-map-entry map-key="A3" mapped-value="-1.5"/>');
    const xsds = fs.readdirSync(XSD_DIR).filter((f) => f.endsWith(".xsd")).map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(XSD_DIR, fileName), "utf8") }));
    const items = ["Q1.xml", "Q2.xml", "Q3.xml", "Q4.xml"];
    const result = await validateXML({ xml: items.map((fileName) => ({ fileName, contents: xml(fileName) })), schema: xsds.filter((x) => x.fileName === ASI_XSD), preload: xsds.filter((x) => x.fileName !== ASI_XSD), maxMemoryPages: 4096 });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);

    const { payload, headers } = multipart([{ name: "file", filename: "item-types-2.zip", type: "application/zip", content: Buffer.from(res.rawPayload) }]);
    const imported = await h.request({ method: "POST", url: "/api/exams/import/qti", cookie: teacher, payload, headers });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = (imported.json() as { exams: { questions: { type: string; interaction: Record<string, unknown> | null; questionTextEn: string }[] }[] }).exams[0]!;
    const original = (created.json() as { questions: { type: string; interaction: Record<string, unknown> | null }[] }).questions;
    expect(copy.questions.map((q) => q.type)).toEqual(["gap_fill", "inline_choice", "hotspot", "hotspot"]);
    expect(copy.questions[0]!.questionTextEn).toBe("Complete");
    // The same content, its ids renamed as the import names them.
    const ids = (i: Record<string, unknown> | null) => JSON.parse(JSON.stringify(i, (k, v: unknown) => (k === "id" ? undefined : v))) as unknown;
    expect(copy.questions.map((q) => ids(q.interaction))).toEqual(original.map((q) => ids(q.interaction)));
  });
});

describe("a TAO-style QTI 2.1 package", () => {
  const taoZip = () => {
    const dir = path.join(XSD_DIR, "..", "qti21-tao");
    const files: Record<string, Uint8Array> = {};
    for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) if (fs.statSync(path.join(dir, f)).isFile()) files[f.split(path.sep).join("/")] = fs.readFileSync(path.join(dir, f));
    return Buffer.from(zipSync(files));
  };

  it("imports order, choose-all, two gaps, inline choice and hotspot, and names the interaction it cannot read", async () => {
    const send = (url: string) => {
      const { payload, headers } = multipart([{ name: "file", filename: "tao.zip", type: "application/zip", content: taoZip() }, { name: "subjectId", content: "social" }]);
      return h.request({ method: "POST", url, cookie: teacher, payload, headers });
    };
    const preview = await send("/api/exams/import/qti/preview");
    expect(preview.statusCode, preview.body).toBe(200);
    const items = (preview.json() as { tests: { items: { identifier: string; type: string | null; skipped: boolean; reason: { en: string } | null }[] }[] }).tests[0]!.items;
    // Nothing dropped silently: every item is listed, the one not read with its interaction's name.
    expect(items.map((i) => [i.identifier, i.type, i.skipped])).toEqual([
      ["i-order", "ordering", false],
      ["i-choices", "multiple_response", false],
      ["i-gaps", "gap_fill", false],
      ["i-inline", "inline_choice", false],
      ["i-hotspot", "hotspot", false],
      ["i-graphic-gap", null, true],
    ]);
    expect(items[5]!.reason?.en).toContain("graphic-gap-match-interaction");

    const imported = await send("/api/exams/import/qti");
    expect(imported.statusCode, imported.body).toBe(201);
    const qs = (imported.json() as { exams: { questions: { type: string; questionTextEn: string; interaction: Record<string, unknown>; image: { id: string } | null }[] }[] }).exams[0]!.questions;
    expect(qs[0]!.interaction).toMatchObject({ type: "ordering", scoring: "all_or_nothing", items: [{ textEn: "The Hijra" }, { textEn: "The Battle of Badr" }, { textEn: "The conquest of Makkah" }] });
    expect(qs[1]!.interaction).toMatchObject({ type: "multiple_response", scoring: "partial", choices: [{ correct: true }, { correct: false }, { correct: true }] });
    expect(qs[2]!.questionTextEn).toBe("Complete with the capitals.");
    expect(qs[2]!.interaction).toEqual({ type: "gap_fill", scoring: "per_gap", textAr: "عاصمة السعودية {{g1}} وعاصمة عُمان {{g2}}.", textEn: "عاصمة السعودية {{g1}} وعاصمة عُمان {{g2}}.", gaps: [{ id: "g1", accepted: ["الرياض"] }, { id: "g2", accepted: ["مسقط", "Muscat"] }] });
    expect(qs[3]!.questionTextEn).toBe("Fill in the gaps.");
    expect(qs[3]!.interaction).toMatchObject({ type: "inline_choice", scoring: "all_or_nothing", textEn: "The Nile flows into the {{g1}}.", gaps: [{ id: "g1", choices: [{ textEn: "Red Sea", correct: false }, { textEn: "Mediterranean", correct: true }, { textEn: "Arabian Gulf", correct: false }] }] });
    expect(qs[4]!.image).not.toBeNull();
    expect(qs[4]!.interaction).toMatchObject({
      type: "hotspot",
      width: 400,
      height: 300,
      maxChoices: 1,
      scoring: "all_or_nothing",
      areas: [
        { shape: "rect", coords: [10, 10, 110, 60], textEn: "Riyadh", correct: false },
        { shape: "circle", coords: [200, 150, 40], textEn: "Makkah", correct: true },
        // No label: its number, so a keyboard user can still choose it.
        { shape: "poly", textAr: "3", textEn: "3", correct: false },
      ],
    });
  });
});
