// QTI 3.0 packages (issue 19) through the real routes: every exported file valid against 1EdTech's schemas, and
// who may export.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import type { TExamDetail, TExamInput } from "../../../shared/schemas/exam";
import type { TRichDoc } from "../../../shared/rich-text";

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "xsd");
const ASI_XSD = "imsqti_asiv3p0_sbacv1p0_v1p0.xsd";
const CP_XSD = "imsqtiv3p0_imscpv1p2_v1p0.xsd";
const xsds = fs.readdirSync(XSD_DIR).filter((f) => f.endsWith(".xsd")).map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(XSD_DIR, fileName), "utf8") }));

/** Validates XML files against the schema of that name (compiled once: it is over a megabyte), with every other schema there to import. */
async function validate(files: Record<string, Uint8Array>, names: string[], schema: string) {
  const xml = names.map((fileName) => ({ fileName, contents: strFromU8(files[fileName]!) }));
  const result = await validateXML({ xml, schema: xsds.filter((x) => x.fileName === schema), preload: xsds.filter((x) => x.fileName !== schema), maxMemoryPages: 4096 });
  return result.errors.map((e) => e.rawMessage);
}
const XSD_TIMEOUT = 180_000;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const OGG = fs.readFileSync(new URL("../../demo-assets/chime.ogg", import.meta.url));

let h: THarness;
let teacher: string;
let otherTeacher: string;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.makeSchool("school_own");
  const t = await h.makeUser("teacher", { schoolId: own });
  teacher = await h.signIn(t.email, t.password, "school");
  const t2 = await h.makeUser("teacher", { schoolId: own });
  otherTeacher = await h.signIn(t2.email, t2.password, "school");
  const a = await h.makeUser("super_admin");
  admin = await h.signIn(a.email, a.password, "admin");
});
afterAll(async () => {
  await h?.close();
});

async function upload(cookie: string, content: Buffer, filename: string): Promise<string> {
  const { payload, headers } = multipart([{ name: "file", filename, content }]);
  const res = await h.request({ method: "POST", url: "/api/media", cookie, payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const underlined: TRichDoc = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "أعرب ما تحته خط: " }, { type: "text", text: "يَقْرَأُ", marks: [{ type: "underline" }] }, { type: "text", text: " الطالبُ " }, { type: "text", text: "القصةَ", marks: [{ type: "bold" }, { type: "italic" }] }] },
    { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "فعل" }] }] }, { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "فاعل" }] }] }] },
    { type: "paragraph", attrs: { dir: "ltr" }, content: [{ type: "text", text: "Parse it" }, { type: "hardBreak" }, { type: "text", text: "fully" }] },
  ],
};
const passageDoc: TRichDoc = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "كان " }, { type: "text", text: "الصدقُ", marks: [{ type: "bold" }] }, { type: "text", text: " خُلُقَ الأنبياء." }] },
    { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "أولًا" }] }] }] },
  ],
};

/** An exam with every question type, a passage, pictures, a clip, formatting and a skill, in both languages. */
async function richExam(cookie: string): Promise<TExamInput> {
  const map = await upload(cookie, PNG, "map.png");
  const flag = await upload(cookie, PNG, "flag.png");
  const clip = await upload(cookie, OGG, "chime.ogg");
  return {
    titleAr: "اختبار الفهم القرائي",
    titleEn: "Reading comprehension",
    subjectId: "arabic",
    description: "Term 1 & 2 <review>",
    durationMinutes: 45,
    status: "draft",
    passages: [{ key: "p1", titleAr: "الصدق", titleEn: "Honesty", textAr: "", textEn: "Honesty was the prophets' way.", docAr: passageDoc, image: { id: map, altAr: "خريطة", altEn: "A map" }, audio: { id: clip, maxPlays: 2, transcriptAr: "نص الاستماع", transcriptEn: "The transcript" } }],
    questions: [
      {
        type: "multiple_choice",
        questionTextAr: "",
        questionTextEn: "Parse the underlined word.",
        questionDocAr: underlined,
        passageKey: "p1",
        points: 3,
        skillId: "arabic.grammar",
        options: [
          { optionTextAr: "فعل مضارع مرفوع", optionTextEn: "A present verb, nominative", isCorrect: true },
          { optionTextAr: "اسم", optionTextEn: "A noun", isCorrect: false },
          { optionTextAr: "", optionTextEn: "", image: { id: flag, altAr: "علم أحمر", altEn: "A red flag" }, isCorrect: false },
        ],
      },
      {
        type: "true_false",
        questionTextAr: "الصدق منجاة.",
        questionTextEn: "Honesty saves.",
        passageKey: "p1",
        points: 1,
        image: { id: map, altAr: "خريطة الجزيرة", altEn: "Map of the peninsula" },
        options: [
          { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
          { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
        ],
      },
      { type: "short_answer", questionTextAr: "ما عاصمة الإمارات؟", questionTextEn: "What is the capital of the UAE?", points: 2, correctAnswerText: "أبوظبي", audio: { id: clip, maxPlays: null, transcriptAr: "سؤال", transcriptEn: "A question" } },
      { type: "essay", questionTextAr: "اكتب عن الصدق.\nفي فقرتين.", questionTextEn: "Write about honesty.\nIn two paragraphs.", points: 10, correctAnswerText: "الصدق فضيلة.\nيذكر الطالب مثالين." },
      {
        type: "matching",
        questionTextAr: "صِل كل دولة بعاصمتها.",
        questionTextEn: "Match each country to its capital.",
        points: 4,
        matchingPairs: [
          { premise_ar: "مصر", premise_en: "Egypt", response_ar: "القاهرة", response_en: "Cairo" },
          { premise_ar: "", premise_en: "", premiseImage: { id: flag, altAr: "علم", altEn: "A flag" }, response_ar: "الرياض", response_en: "Riyadh" },
          { premise_ar: "عُمان", premise_en: "Oman", response_ar: "مسقط", response_en: "Muscat" },
        ],
      },
    ],
  };
}

async function createExam(cookie: string, body: TExamInput): Promise<TExamDetail> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExamDetail;
}

async function exportPackage(cookie: string, id: string): Promise<Buffer> {
  const res = await h.request({ method: "GET", url: `/api/exams/${id}/qti`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/zip");
  return res.rawPayload;
}

describe("QTI 3.0 export", () => {
  it("writes a content package whose every file is valid against the QTI 3.0 schemas", async () => {
    const exam = await createExam(teacher, await richExam(teacher));
    const files = unzipSync(await exportPackage(teacher, exam.id));
    const names = Object.keys(files).sort();
    expect(names.filter((n) => n.endsWith(".xml"))).toEqual(["Q1.xml", "Q2.xml", "Q3.xml", "Q4.xml", "Q5.xml", "S1.xml", "TEST.xml", "imsmanifest.xml"]);
    // Two pictures and one clip, each once however many places show it.
    expect(names.filter((n) => n.startsWith("media/"))).toHaveLength(3);
    expect(await validate(files, ["imsmanifest.xml"], CP_XSD)).toEqual([]);
    expect(await validate(files, names.filter((n) => n.endsWith(".xml") && n !== "imsmanifest.xml"), ASI_XSD)).toEqual([]);
    const q1 = strFromU8(files["Q1.xml"]!);
    expect(q1).toContain('<qti-assessment-stimulus-ref identifier="S1" href="S1.xml"');
    expect(q1).toContain('<div xml:lang="ar" dir="rtl">');
    expect(q1).toContain('<span class="qti-underline">يَقْرَأُ</span>');
    expect(q1).toContain('<qti-map-entry map-key="C1" mapped-value="3"/>');
    const manifest = strFromU8(files["imsmanifest.xml"]!);
    expect(manifest).toContain("<lom:id>arabic.grammar</lom:id>");
    expect(strFromU8(files["Q5.xml"]!)).toContain('base-type="directedPair"');
  }, XSD_TIMEOUT);

  it("is for who may author the exam: its author and super_admins", async () => {
    const exam = await createExam(teacher, { titleAr: "قصير", titleEn: "Short", subjectId: "arabic", questions: [{ type: "essay", questionTextAr: "اكتب", questionTextEn: "Write", points: 1 }] });
    expect((await h.request({ method: "GET", url: `/api/exams/${exam.id}/qti`, cookie: otherTeacher })).json()).toMatchObject({ code: "EXAM_NOT_FOUND" });
    expect((await h.request({ method: "GET", url: `/api/exams/${exam.id}/qti` })).statusCode).toBe(401);
    await exportPackage(admin, exam.id);
  });
});
