// QTI 3.0 packages (issue 19) through the real routes: every exported file valid against 1EdTech's schemas, who
// may export (one exam or a selection), the round trip of one and of two exams through one package, a QTI 2.1 bank
// and every refused package.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examMedia, exams } from "../../db/schema";
import { MAX_QTI_EXAMS } from "../../../shared/limits";
import { validateXML } from "xmllint-wasm";
import { createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import type { TExamDetail, TExamInput } from "../../../shared/schemas/exam";
import type { TRichDoc } from "../../../shared/rich-text";
import { QTI_REASONS, type TQtiImported, type TQtiPreview } from "../../../shared/schemas/qti";
import { unpack } from "./qti-import";

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
    descriptionAr: "مراجعة الفصلين ١ و٢ <مراجعة>",
    descriptionEn: "Term 1 & 2 <review>",
    durationMinutes: 45,
    status: "draft",
    grades: [8, 7],
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
    // The description in each language, as the title (issue 33).
    expect(manifest).toMatch(/<lom:description><lom:string language="ar">مراجعة[^<]*&lt;مراجعة&gt;<\/lom:string><lom:string language="en">Term 1 &amp; 2 &lt;review&gt;<\/lom:string><\/lom:description>/);
    expect(strFromU8(files["Q5.xml"]!)).toContain('base-type="directedPair"');
  }, XSD_TIMEOUT);

  it("is for who may author the exam: its author and super_admins", async () => {
    const exam = await createExam(teacher, { titleAr: "قصير", titleEn: "Short", subjectId: "arabic", questions: [{ type: "essay", questionTextAr: "اكتب", questionTextEn: "Write", points: 1 }] });
    expect((await h.request({ method: "GET", url: `/api/exams/${exam.id}/qti`, cookie: otherTeacher })).json()).toMatchObject({ code: "EXAM_NOT_FOUND" });
    expect((await h.request({ method: "GET", url: `/api/exams/${exam.id}/qti` })).statusCode).toBe(401);
    await exportPackage(admin, exam.id);
  });
});

/** What an author wrote, without the ids a save gives: the same for an exam and its round trip. */
function content(e: TExamDetail) {
  const image = (i: { altAr: string; altEn: string; width: number; height: number } | null) => i && { altAr: i.altAr, altEn: i.altEn, width: i.width, height: i.height };
  const audio = (a: TExamDetail["questions"][number]["audio"]) => a && { maxPlays: a.maxPlays, transcriptAr: a.transcriptAr, transcriptEn: a.transcriptEn };
  return {
    titleAr: e.titleAr,
    titleEn: e.titleEn,
    subject: e.subject.id,
    descriptionAr: e.descriptionAr,
    descriptionEn: e.descriptionEn,
    durationMinutes: e.durationMinutes,
    grades: e.grades,
    passages: e.passages.map(({ id: _id, image: i, audio: a, ...p }) => ({ ...p, image: image(i), audio: audio(a) })),
    questions: e.questions.map(({ id: _id, answerCount: _n, passageId, image: i, audio: a, options, matchingPairs, bank, ...q }) => ({
      ...q,
      // An imported question is a new bank item: its id is new, its version the first.
      bank: bank && { version: bank.version, newestVersion: bank.newestVersion },
      passage: e.passages.findIndex((p) => p.id === passageId),
      image: image(i),
      audio: audio(a),
      options: options.map(({ id: _o, image: oi, ...o }) => ({ ...o, image: image(oi) })),
      matchingPairs: matchingPairs.map((p) => ({ ...p, premiseImage: image(p.premiseImage), responseImage: image(p.responseImage) })),
    })),
  };
}

const importUrl = "/api/exams/import/qti";
/** A package sent as the dialog sends it: one subject per test (when chosen), then the file. */
const send = (url: string, cookie: string, content: Buffer | Uint8Array, fields: { subjectId?: string | string[]; title?: string | string[] } = {}) => {
  const subjects = [fields.subjectId ?? []].flat().map((s) => ({ name: "subjectId", content: s }));
  const titles = [fields.title ?? []].flat().map((s) => ({ name: "title", content: s }));
  const { payload, headers } = multipart([...subjects, ...titles, { name: "file", filename: "bank.zip", type: "application/zip", content: Buffer.from(content) }]);
  return h.request({ method: "POST", url, cookie, payload, headers });
};
const examCount = async () => (await h.db.select({ n: count() }).from(exams))[0]!.n;
/** A fixture folder as a zip, its files by their path inside it (and some replaced or added). */
const fixtureZip = (name: string, replace: Record<string, string> = {}) => {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", name);
  const files: Record<string, Uint8Array> = {};
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) if (fs.statSync(path.join(dir, f)).isFile()) files[f.split(path.sep).join("/")] = fs.readFileSync(path.join(dir, f));
  for (const [f, text] of Object.entries(replace)) files[f] = strToU8(text);
  return zipSync(files);
};

describe("QTI import", () => {
  it("round-trips an exported exam: every type, a passage, pictures, a clip, formatting and both languages", async () => {
    const exam = await createExam(teacher, await richExam(teacher));
    const zip = await exportPackage(teacher, exam.id);
    const preview = await send(`${importUrl}/preview`, teacher, zip);
    expect(preview.statusCode, preview.body).toBe(200);
    const [test] = (preview.json() as TQtiPreview).tests;
    expect(test).toMatchObject({ titleAr: exam.titleAr, titleEn: exam.titleEn, subjectId: "arabic", grades: [7, 8], passageCount: 1, mediaCount: 3 });
    expect(test!.items.map((i) => [i.type, i.skipped, i.reason])).toEqual(
      ["multiple_choice", "true_false", "short_answer", "essay", "matching"].map((t) => [t, false, null]),
    );
    // Each question by its words in both languages (its item's title is Arabic), in two, and its passage named.
    expect(test!.missing).toEqual([]);
    expect(test!.items.map((i) => [i.textEn, i.onlyIn, i.passage?.titleEn ?? null])).toEqual([
      ["Parse the underlined word.", null, "Honesty"],
      ["Honesty saves.", null, "Honesty"],
      ["What is the capital of the UAE?", null, null],
      ["Write about honesty. In two paragraphs.", null, null],
      ["Match each country to its capital.", null, null],
    ]);
    expect(test!.items[0]!.textAr).toMatch(/^أعرب ما تحته خط/);
    const before = await examCount();
    const created = await send(importUrl, teacher, zip);
    expect(created.statusCode, created.body).toBe(201);
    const [copy] = (created.json() as TQtiImported).exams as [TExamDetail];
    expect(copy.status).toBe("draft");
    expect(copy.id).not.toBe(exam.id);
    expect(await examCount()).toBe(before + 1);
    // The same exam: grades, and the passage clip's transcripts (in the stimulus's catalog) included.
    expect(content(copy)).toEqual(content(exam));
    // Its pictures are the importer's new uploads, readable by them.
    expect(copy.questions[1]!.image!.id).not.toBe(exam.questions[1]!.image!.id);
    expect((await h.request({ method: "GET", url: `/api/media/${copy.questions[1]!.image!.id}`, cookie: teacher })).statusCode).toBe(200);
  }, XSD_TIMEOUT);

  const manifest = '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><organizations/><resources><resource identifier="I1" type="imsqti_item_xmlv2p1" href="i1.xml"><file href="i1.xml"/></resource></resources></manifest>';
  const bad: [string, () => Uint8Array, string][] = [
    ["malformed XML", () => zipSync({ "imsmanifest.xml": strToU8(manifest), "i1.xml": strToU8("<assessmentItem><itemBody></assessmentItem>") }), "QTI_MALFORMED_XML"],
    ["an entity expansion (DOCTYPE)", () => zipSync({ "imsmanifest.xml": strToU8('<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><manifest>&a;</manifest>') }), "QTI_MALFORMED_XML"],
    ["a path escaping the package", () => zipSync({ "imsmanifest.xml": strToU8(manifest), "../../etc/evil.xml": strToU8("<x/>") }), "QTI_PATH_ESCAPE"],
    ["an absolute path", () => zipSync({ "imsmanifest.xml": strToU8(manifest), "/etc/evil.xml": strToU8("<x/>") }), "QTI_PATH_ESCAPE"],
    ["a file that is not a zip", () => strToU8("<manifest/>"), "QTI_NOT_A_PACKAGE"],
    ["a zip with no manifest", () => zipSync({ "readme.txt": strToU8("hello") }), "QTI_NOT_A_PACKAGE"],
    [
      "a zip bomb (declared sizes)",
      () => {
        const zip = Buffer.from(zipSync({ "imsmanifest.xml": strToU8(manifest), "big.bin": new Uint8Array(1000) }));
        // Declare 4 GB for every entry in the central directory (signature PK\x01\x02, size at offset 24).
        for (let i = zip.indexOf("PK\x01\x02"); i >= 0; i = zip.indexOf("PK\x01\x02", i + 4)) zip.writeUInt32LE(0xfffffff0, i + 24);
        return zip;
      },
      "QTI_ZIP_BOMB",
    ],
  ];
  for (const [name, make, code] of bad) {
    it(`refuses ${name} with ${code}, creating nothing`, async () => {
      const before = await examCount();
      for (const url of [`${importUrl}/preview`, importUrl]) {
        const res = await send(url, teacher, make(), { subjectId: "arabic" });
        expect(res.json(), url).toMatchObject({ code });
      }
      expect(await examCount()).toBe(before);
    });
  }

  it("imports a QTI 2.1 bank written by another tool: what it understands, and why it skips the rest", async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "qti21-bank");
    const files: Record<string, Uint8Array> = {};
    for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) if (fs.statSync(path.join(dir, name)).isFile()) files[name.split(path.sep).join("/")] = fs.readFileSync(path.join(dir, name));
    const zip = zipSync(files);
    const { tests } = (await send(`${importUrl}/preview`, teacher, zip)).json() as TQtiPreview;
    expect(tests).toHaveLength(1);
    const preview = tests[0]!;
    expect(preview).toMatchObject({ titleEn: "Geography of the Arab World — Grade 8", subjectId: null, grades: [], mediaCount: 4 });
    const oneLanguage = QTI_REASONS.ONE_LANGUAGE;
    expect(preview.items.map((i) => [i.identifier, i.type, i.skipped, i.reason])).toEqual([
      ["item-capital", "multiple_choice", false, oneLanguage],
      ["item-rivers", "matching", false, oneLanguage],
      ["item-strait", "short_answer", false, oneLanguage],
      ["item-climate", "essay", false, oneLanguage],
      ["item-flags", "multiple_choice", false, oneLanguage],
      ["item-oasis", "short_answer", false, oneLanguage],
      // A hotspot is a question type since decision 0058 (its areas unlabelled: labelled by their numbers).
      ["item-map-click", "hotspot", false, oneLanguage],
      ["item-desert", null, true, { en: "The file ../images/desert.jpg it shows is not in the package.", ar: "الملف ../images/desert.jpg الذي يعرضه غير موجود في الحزمة." }],
    ]);
    // Without a subject of ours in the package, the importer chooses one.
    expect(preview.missing).toEqual(["subject"]);
    expect((await send(importUrl, teacher, zip)).json()).toMatchObject({ code: "QTI_SUBJECT_REQUIRED" });
    const res = await send(importUrl, teacher, zip, { subjectId: "social" });
    expect(res.statusCode, res.body).toBe(201);
    const [exam] = (res.json() as TQtiImported).exams as [TExamDetail];
    expect(exam).toMatchObject({ status: "draft", durationMinutes: 30, subject: { id: "social" }, titleAr: "Geography of the Arab World — Grade 8" });
    const [capital, rivers, strait, climate, flags, oasis, mapClick] = exam.questions;
    expect(capital).toMatchObject({ type: "multiple_choice", points: 1, questionTextEn: "Which capital city lies on the Nile?\nChoose one answer.", image: { altEn: "The Nile delta seen from space" } });
    expect(capital!.questionDocEn!.content[0]).toMatchObject({ content: [{ text: "Which capital city lies on the " }, { text: "Nile", marks: [{ type: "bold" }] }, { text: "?" }] });
    expect(capital!.options.map((o) => [o.optionTextEn, o.isCorrect])).toEqual([["Amman", false], ["Cairo", true], ["Beirut", false], ["Muscat", false]]);
    expect(rivers).toMatchObject({ type: "matching", points: 3, questionTextEn: "Match each river to the country it is best known in." });
    expect(rivers!.matchingPairs.map((p) => [p.premise_en, p.response_en])).toEqual([["The Nile", "Egypt"], ["The Euphrates", "Iraq"], ["The Jordan", "Jordan"]]);
    expect(strait).toMatchObject({ type: "short_answer", points: 2, correctAnswerText: "Hormuz", questionTextEn: "The strait between Oman and Iran is the Strait of ." });
    expect(climate).toMatchObject({ type: "essay", points: 1, questionTextEn: "Describe the climate of the Arabian desert.", correctAnswerText: "Full marks: names low rainfall and high temperatures, with one example." });
    // Pictures written as <object type="image/png">: in a prompt, in choices (described by the title or the words),
    // in the item's body; their words describe them and are not read as the question's text.
    expect(flags).toMatchObject({ type: "multiple_choice", questionTextEn: "Which is the flag of Jordan?", image: { altEn: "An oasis in the Wadi Rum desert", width: 40, height: 24 } });
    expect(flags!.options.map((o) => [o.optionTextEn, o.image?.altEn, o.isCorrect])).toEqual([
      ["", "Red, white and black stripes", false],
      ["", "Black, white and green stripes with a red triangle", true],
    ]);
    expect(oasis).toMatchObject({ type: "short_answer", questionTextEn: "What is a fertile place in a desert, around a spring, called?", correctAnswerText: "oasis", image: { altAr: "Palm trees around a spring in the desert" } });
    expect(mapClick).toMatchObject({ type: "hotspot", questionTextEn: "Click on Qatar.", interaction: { type: "hotspot", width: 400, height: 300, maxChoices: 1, areas: [{ shape: "circle", coords: [210, 140, 12], textEn: "1", correct: true }, { textEn: "2", correct: false }] } });
    expect(exam.questions).toHaveLength(7);
  });

  it("previews a QTI 2.1 package of items without a test as the import will take it: a title is asked for, never a late refusal", async () => {
    const zip = fixtureZip("qti21-items");
    const { tests } = (await send(`${importUrl}/preview`, teacher, zip)).json() as TQtiPreview;
    expect(tests).toHaveLength(1);
    const [preview] = tests as [TQtiPreview["tests"][number]];
    // No title anywhere but the items' (an item's title is not the exam's): the preview says so; the subject comes
    // from the package's keyword "Islamic Studies".
    expect(preview).toMatchObject({ titleAr: "", titleEn: "", subjectId: "islamic", missing: ["title"], problem: null });
    expect(preview.items.map((i) => [i.identifier, i.skipped, i.onlyIn, i.textEn])).toEqual([
      ["item-pillars", false, "en", "How many pillars of Islam are there?"],
      ["item-prayers", false, "en", "How many daily prayers are there?"],
      ["item-fasting", false, "en", "Explain why Muslims fast in Ramadan."],
      ["item-honesty", false, "ar", "الصدق من أخلاق المسلم."],
      ["item-kaaba", true, null, ""],
    ]);
    // Without a title: refused by name, creating nothing.
    const before = await examCount();
    const refused = await send(importUrl, teacher, zip);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "QTI_TITLE_REQUIRED", message: { en: "The package gives test 1 no title: enter one for its draft exam." } });
    expect(await send(importUrl, teacher, zip, { title: "   " })).toMatchObject({ statusCode: 400 });
    expect((await send(importUrl, teacher, zip, { title: "x".repeat(201) })).statusCode).toBe(400);
    expect(await examCount()).toBe(before);
    // With the title the dialog asks for: the draft, titled in both languages, filed under the package's subject.
    const res = await send(importUrl, teacher, zip, { title: "Pillars of Islam — bank" });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as TQtiImported).exams[0]).toMatchObject({ titleAr: "Pillars of Islam — bank", titleEn: "Pillars of Islam — bank", subject: { id: "islamic" }, status: "draft" });
    expect((res.json() as TQtiImported).exams[0]!.questions).toHaveLength(4);
  });

  it("takes a package of items' title from its manifest, and matches a subject only by its name", async () => {
    const manifest = fs.readFileSync(new URL("./fixtures/qti21-items/imsmanifest.xml", import.meta.url), "utf8");
    const titled = manifest.replace(
      "<imsmd:keyword>",
      '<imsmd:title><imsmd:string language="ar">بنك أركان الإسلام</imsmd:string><imsmd:string language="en">Pillars bank</imsmd:string></imsmd:title><imsmd:keyword>',
    );
    const preview = async (m: string) => ((await send(`${importUrl}/preview`, teacher, fixtureZip("qti21-items", { "imsmanifest.xml": m }))).json() as TQtiPreview).tests[0]!;
    expect(await preview(titled)).toMatchObject({ titleAr: "بنك أركان الإسلام", titleEn: "Pillars bank", missing: [] });
    expect(await preview(manifest.replace("<organizations/>", "<organizations><organization><title>Bank 7</title></organization></organizations>"))).toMatchObject({ titleEn: "Bank 7", missing: [] });
    const keyword = (k: string) => manifest.replace(">Islamic Studies<", `>${k}<`);
    // The names, folded (case, diacritics, letter forms); never a part of a longer phrase.
    for (const [k, id] of [["  SOCIAL studies ", "social"], ["التربية الاسلامية", "islamic"], ["اللُّغَة العربيّة", "arabic"], ["arabic", "arabic"], ["Islamic art history", null], ["Geography", null]] as const)
      expect((await preview(keyword(k))).subjectId, k).toBe(id);
    // Neither title nor subject: both asked for, and the import without them names the first.
    const neither = await preview(keyword("Geography"));
    expect(neither.missing).toEqual(["title", "subject"]);
    expect((await send(importUrl, teacher, fixtureZip("qti21-items", { "imsmanifest.xml": keyword("Geography") }), { title: "Bank" })).json()).toMatchObject({ code: "QTI_SUBJECT_REQUIRED" });
  });

  it("stops inflating a zip whose declared sizes lie, once the real bytes pass the cap", () => {
    const zip = Buffer.from(zipSync({ "imsmanifest.xml": strToU8(manifest), "big.bin": new Uint8Array(2 * 1024 * 1024) }));
    // Each entry claims 100 bytes unpacked: in its local header (size at offset 22) and the central directory (24).
    for (const [sig, at] of [["PK\x03\x04", 22], ["PK\x01\x02", 24]] as const) for (let i = zip.indexOf(sig); i >= 0; i = zip.indexOf(sig, i + 4)) zip.writeUInt32LE(100, i + at);
    expect(() => unpack(zip, 1024 * 1024)).toThrow(expect.objectContaining({ code: "QTI_ZIP_BOMB" }));
    expect(unpack(zip, 4 * 1024 * 1024).get("big.bin")).toHaveLength(2 * 1024 * 1024);
  });

  it("refuses an upload over 100 MB from its declared length", async () => {
    const res = await h.request({ method: "POST", url: importUrl, cookie: teacher, headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(101 * 1024 * 1024) }, payload: "" });
    expect(res.json()).toMatchObject({ code: "QTI_TOO_LARGE" });
  });

  it("is for authors only", async () => {
    const s = await h.makeUser("student", { schoolId: "school_own" });
    const student = await h.signIn(s.email, s.password, "student");
    expect((await send(`${importUrl}/preview`, student, zipSync({}))).statusCode).toBe(403);
  });
});

describe("QTI export of a selection of exams", () => {
  const exportUrl = "/api/exams/export/qti";
  const exportMany = (cookie: string | undefined, body: unknown) => h.request({ method: "POST", url: exportUrl, cookie, payload: body as object });
  const second = (): TExamInput => ({
    titleAr: "جغرافيا الوطن العربي",
    titleEn: "Arab world geography",
    subjectId: "social",
    durationMinutes: null,
    grades: [9],
    questions: [
      { type: "short_answer", questionTextAr: "أطول نهر في العالم؟", questionTextEn: "The longest river in the world?", points: 2, correctAnswerText: "النيل" },
      { type: "essay", questionTextAr: "صف مناخ الصحراء.", questionTextEn: "Describe the desert's climate.", points: 5 },
    ],
  });

  it("writes one valid package with a test per exam, and imports it back as the same exams, grades included", async () => {
    const first = await createExam(teacher, await richExam(teacher));
    const other = await createExam(teacher, second());
    const res = await exportMany(teacher, { examIds: [first.id, other.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toContain("qias-2-exams.qti.zip");
    const files = unzipSync(res.rawPayload);
    const names = Object.keys(files).sort();
    // A folder per exam, identifiers prefixed, media once at the root.
    expect(names.filter((n) => n.endsWith(".xml"))).toEqual([
      ...["Q1", "Q2", "Q3", "Q4", "Q5", "S1", "TEST"].map((n) => `exam-1/${n}.xml`),
      ...["Q1", "Q2", "TEST"].map((n) => `exam-2/${n}.xml`),
      "imsmanifest.xml",
    ]);
    expect(names.filter((n) => n.startsWith("media/"))).toHaveLength(3);
    expect(strFromU8(files["exam-1/Q2.xml"]!)).toContain('src="../media/');
    expect(strFromU8(files["exam-2/TEST.xml"]!)).toContain('<qti-assessment-item-ref identifier="E2-Q1" href="Q1.xml"/>');
    const manifest = strFromU8(files["imsmanifest.xml"]!);
    expect(manifest.match(/type="imsqti_test_xmlv3p0"/g)).toHaveLength(2);
    expect(manifest).toContain("<lom:value>educational level</lom:value>");
    expect(await validate(files, ["imsmanifest.xml"], CP_XSD)).toEqual([]);
    expect(await validate(files, names.filter((n) => n.endsWith(".xml") && n !== "imsmanifest.xml"), ASI_XSD)).toEqual([]);

    const preview = await send(`${importUrl}/preview`, teacher, res.rawPayload);
    expect(preview.statusCode, preview.body).toBe(200);
    const { tests } = preview.json() as TQtiPreview;
    expect(tests.map((t) => [t.titleEn, t.subjectId, t.grades, t.items.map((i) => [i.type, i.skipped])])).toEqual([
      [first.titleEn, "arabic", [7, 8], ["multiple_choice", "true_false", "short_answer", "essay", "matching"].map((t) => [t, false])],
      [other.titleEn, "social", [9], [["short_answer", false], ["essay", false]]],
    ]);
    const before = await examCount();
    const created = await send(importUrl, teacher, res.rawPayload);
    expect(created.statusCode, created.body).toBe(201);
    const { exams: copies } = created.json() as TQtiImported;
    expect(await examCount()).toBe(before + 2);
    expect(copies.map((c) => c.status)).toEqual(["draft", "draft"]);
    expect(copies.map(content)).toEqual([content(first), content(other)]);
  }, XSD_TIMEOUT);

  it("imports every test in one transaction: one refused, none is created", async () => {
    const a = await createExam(teacher, second());
    const b = await createExam(teacher, second());
    const zip = (await exportMany(teacher, { examIds: [a.id, b.id] })).rawPayload;
    const before = await examCount();
    const mediaBefore = (await h.db.select({ n: count() }).from(examMedia))[0]!.n;
    // The second test's chosen subject does not exist: the first exam, saved already, rolls back with it.
    expect((await send(importUrl, teacher, zip, { subjectId: ["arabic", "no-such-subject"] })).json()).toMatchObject({ code: "SUBJECT_NOT_FOUND" });
    expect(await examCount()).toBe(before);
    expect((await h.db.select({ n: count() }).from(examMedia))[0]!.n).toBe(mediaBefore);
    // Chosen subjects apply test by test; an empty choice keeps the package's.
    const res = await send(importUrl, teacher, zip, { subjectId: ["arabic", ""] });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as TQtiImported).exams.map((e) => e.subject.id)).toEqual(["arabic", "social"]);
  });

  it("refuses the whole selection, naming the exam, when one is another teacher's, unknown or no id at all", async () => {
    const mine = await createExam(teacher, second());
    const theirs = await createExam(otherTeacher, second());
    const unknown = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
    for (const bad of [theirs.id, unknown, "not-an-id"]) {
      const res = await exportMany(teacher, { examIds: [mine.id, bad] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "QTI_EXPORT_NOT_FOUND" });
      expect(res.json().message.en).toContain(bad);
      expect(res.json().message.ar).toContain(bad);
    }
    // A super_admin may export any teacher's exams; the same id twice is one exam.
    const res = await exportMany(admin, { examIds: [mine.id, theirs.id, mine.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(unzipSync(res.rawPayload)).filter((n) => n.endsWith("TEST.xml")).sort()).toEqual(["exam-1/TEST.xml", "exam-2/TEST.xml"]);
  });

  it("refuses too many exams, none, wrong types, students and strangers", async () => {
    const ids = Array.from({ length: MAX_QTI_EXAMS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const tooMany = await exportMany(teacher, { examIds: ids });
    expect(tooMany.json()).toMatchObject({ code: "QTI_EXPORT_TOO_MANY", message: { en: `Choose at most ${MAX_QTI_EXAMS} exams to export in one package.` } });
    for (const body of [{}, { examIds: [] }, { examIds: "abc" }]) expect((await exportMany(teacher, body)).json(), JSON.stringify(body)).toMatchObject({ code: "QTI_EXPORT_NO_EXAMS" });
    for (const body of [{ examIds: [1, 2] }, { examIds: ["x".repeat(65)] }]) {
      const res = await exportMany(teacher, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const s = await h.makeUser("student", { schoolId: "school_own" });
    const student = await h.signIn(s.email, s.password, "student");
    expect((await exportMany(student, { examIds: [ids[0]] })).statusCode).toBe(403);
    expect((await exportMany(undefined, { examIds: [ids[0]] })).statusCode).toBe(401);
  });

  it("refuses a package of more tests than an import takes", async () => {
    const tests = Array.from({ length: MAX_QTI_EXAMS + 1 }, (_, i) => `<resource identifier="T${i}" type="imsqti_test_xmlv3p0" href="t${i}.xml"><file href="t${i}.xml"/></resource>`).join("");
    const zip = zipSync({ "imsmanifest.xml": strToU8(`<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="M"><organizations/><resources>${tests}</resources></manifest>`) });
    expect((await send(`${importUrl}/preview`, teacher, zip)).json()).toMatchObject({ code: "QTI_TOO_MANY_TESTS" });
  });
});
