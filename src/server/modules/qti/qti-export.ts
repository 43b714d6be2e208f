// An exam as a 1EdTech QTI 3.0 content package (issue 19; docs/decisions/0023): imsmanifest.xml, one assessment
// test, one item per question, one shared stimulus per passage and the pictures and clips they show, zipped.
// Both languages travel in every item: each text is two blocks, <div xml:lang="ar" dir="rtl"> and
// <div xml:lang="en" dir="ltr">, in an item whose own language is Arabic — valid QTI for any player, and read back
// field by field by ours (qti-import.ts).
import { zipSync } from "fflate";
import type { TAudioRef, TExamDetail, TImageRef } from "../../../shared/schemas/exam";
import { toXhtml } from "./rich-xhtml";
import { el, serialize, type TXmlChild, type TXmlNode } from "./xml";
import type { TRichDoc } from "../../../shared/rich-text";

export const QTI_NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
const QTI_XSD = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd";
const CP_NS = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1";
const CP_XSD = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd";
const LOM_NS = "http://ltsc.ieee.org/xsd/LOM";
const LOM_XSD = "https://purl.imsglobal.org/spec/md/v1p3/schema/xsd/imsmd_loose_v1p3p2.xsd";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
export const MAP_RESPONSE = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml";
/** Taxonomy sources of the classifications we write and read back (lom:taxonPath/lom:source). */
export const SKILL_SOURCE = "qias-skills";
export const SUBJECT_SOURCE = "qias-subjects";

export const MEDIA_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "audio/mpeg": "mp3", "audio/mp4": "m4a", "audio/ogg": "ogg" };

export type TExportMedia = Map<string, { contentType: string; bytes: Uint8Array }>;
export type TExportSkill = { id: string; nameAr: string; nameEn: string };

const mediaPath = (id: string, media: TExportMedia) => `media/${id}.${MEDIA_EXTENSIONS[media.get(id)?.contentType ?? ""] ?? "bin"}`;
const mediaResourceId = (id: string) => `M-${id}`;

/** One language's version of a text: its blocks, and the picture described in that language. */
function langBlock(lang: "ar" | "en", content: TXmlChild[], className?: string): TXmlNode {
  return el("div", { "xml:lang": lang, dir: lang === "ar" ? "rtl" : "ltr", class: className }, content);
}

type TText = { ar: { doc: TRichDoc | null; text: string }; en: { doc: TRichDoc | null; text: string }; image?: TImageRef };

/** A text in both languages, each with the picture described in it; a language with no text and no picture is left out. */
function bilingual(t: TText, media: TExportMedia): TXmlNode[] {
  return (["ar", "en"] as const).flatMap((lang) => {
    const { doc, text } = t[lang];
    const image = t.image ? el("img", { src: mediaPath(t.image.id, media), alt: lang === "ar" ? t.image.altAr : t.image.altEn, width: t.image.width || undefined, height: t.image.height || undefined }) : null;
    if (!text && !image) return [];
    return [langBlock(lang, [...(text ? toXhtml(doc, text) : []), ...(image ? [el("p", {}, image)] : [])])];
  });
}

/**
 * A clip's player. The play limit has no QTI attribute outside a media interaction (which would make listening a
 * response); it rides on the class, as "qias-max-plays-N".
 */
function player(audio: TAudioRef, media: TExportMedia): TXmlNode | null {
  return audio && el("audio", { src: mediaPath(audio.id, media), controls: "true", class: audio.maxPlays ? `qias-max-plays-${audio.maxPlays}` : undefined });
}

/** A question's clip: the player, and its transcripts as a block only staff see (QTI allows one only in an item's body). */
function audioBlock(audio: TAudioRef, media: TExportMedia): TXmlNode[] {
  if (!audio) return [];
  const transcripts = bilingual({ ar: { doc: null, text: audio.transcriptAr }, en: { doc: null, text: audio.transcriptEn } }, media);
  return [player(audio, media)!, ...(transcripts.length ? [el("qti-rubric-block", { use: "instructions", view: "proctor", class: "qias-transcript" }, el("qti-content-body", {}, transcripts))] : [])];
}

const value = (v: string | number) => el("qti-value", {}, String(v));
const outcome = (identifier: string, v: number) => el("qti-outcome-declaration", { identifier, cardinality: "single", "base-type": "float" }, el("qti-default-value", {}, value(v)));

type TQuestion = TExamDetail["questions"][number];

function interaction(q: TQuestion, media: TExportMedia): { declaration: TXmlNode; body: TXmlNode[]; scored: boolean } {
  const decl = (attrs: Record<string, string>, ...children: (TXmlNode | null)[]) => el("qti-response-declaration", { identifier: "RESPONSE", ...attrs }, ...children);
  switch (q.type) {
    case "multiple_choice":
    case "true_false": {
      const correct = q.options.findIndex((o) => o.isCorrect);
      const id = (i: number) => `C${i + 1}`;
      return {
        declaration: decl(
          { cardinality: "single", "base-type": "identifier" },
          el("qti-correct-response", {}, value(id(correct))),
          el("qti-mapping", { "default-value": 0 }, el("qti-map-entry", { "map-key": id(correct), "mapped-value": q.points })),
        ),
        body: [
          el(
          "qti-choice-interaction",
          { "response-identifier": "RESPONSE", "max-choices": 1, shuffle: "false", class: q.type === "true_false" ? "qias-true-false" : undefined },
          q.options.map((o, i) =>
            el("qti-simple-choice", { identifier: id(i) }, bilingual({ ar: { doc: o.optionDocAr, text: o.optionTextAr }, en: { doc: o.optionDocEn, text: o.optionTextEn }, image: o.image }, media)),
          ),
          ),
        ],
        scored: true,
      };
    }
    case "matching": {
      const n = q.matchingPairs.length;
      // A share of the points per right pair, as markMatching (shared/grading.ts) gives.
      const share = Math.round((q.points / n) * 10_000) / 10_000;
      const side = (ar: string, en: string, image: TImageRef) => bilingual({ ar: { doc: null, text: ar }, en: { doc: null, text: en }, image }, media);
      return {
        declaration: decl(
          { cardinality: "multiple", "base-type": "directedPair" },
          el("qti-correct-response", {}, q.matchingPairs.map((_, i) => value(`P${i + 1} R${i + 1}`))),
          el("qti-mapping", { "default-value": 0, "lower-bound": 0, "upper-bound": q.points }, q.matchingPairs.map((_, i) => el("qti-map-entry", { "map-key": `P${i + 1} R${i + 1}`, "mapped-value": share }))),
        ),
        body: [
          el(
          "qti-match-interaction",
          { "response-identifier": "RESPONSE", "max-associations": n, shuffle: "true" },
          el("qti-simple-match-set", {}, q.matchingPairs.map((p, i) => el("qti-simple-associable-choice", { identifier: `P${i + 1}`, "match-max": 1, fixed: "true" }, side(p.premise_ar, p.premise_en, p.premiseImage)))),
          el("qti-simple-match-set", {}, q.matchingPairs.map((p, i) => el("qti-simple-associable-choice", { identifier: `R${i + 1}`, "match-max": 1 }, side(p.response_ar, p.response_en, p.responseImage)))),
          ),
        ],
        scored: true,
      };
    }
    case "short_answer": {
      const model = q.correctAnswerText;
      return {
        declaration: decl(
          { cardinality: "single", "base-type": "string" },
          model ? el("qti-correct-response", {}, value(model)) : null,
          model ? el("qti-mapping", { "default-value": 0 }, el("qti-map-entry", { "map-key": model, "mapped-value": q.points, "case-sensitive": "false" })) : null,
        ),
        body: [el("p", {}, el("qti-text-entry-interaction", { "response-identifier": "RESPONSE" }))],
        scored: !!model,
      };
    }
    case "essay":
      return {
        declaration: decl({ cardinality: "single", "base-type": "string" }),
        // The model answer is for whoever marks it, not for the student: a scorer's rubric.
        body: [
          el("qti-extended-text-interaction", { "response-identifier": "RESPONSE" }),
          ...(q.correctAnswerText ? [el("qti-rubric-block", { use: "scoring", view: "scorer", class: "qias-model-answer" }, el("qti-content-body", {}, toXhtml(null, q.correctAnswerText)))] : []),
        ],
        scored: false,
      };
  }
}

const itemId = (i: number) => `Q${i + 1}`;
const passageId = (i: number) => `S${i + 1}`;

function itemXml(q: TQuestion, n: number, stimulus: { id: string; title: string } | null, media: TExportMedia): string {
  const { declaration, body, scored } = interaction(q, media);
  const stem = bilingual({ ar: { doc: q.questionDocAr, text: q.questionTextAr }, en: { doc: q.questionDocEn, text: q.questionTextEn }, image: q.image }, media);
  return serialize(
    el(
      "qti-assessment-item",
      { xmlns: QTI_NS, "xmlns:xsi": XSI, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}`, identifier: itemId(n), title: `${n + 1}. ${q.questionTextAr.slice(0, 80)}`, adaptive: "false", "time-dependent": "false", "xml:lang": "ar" },
      declaration,
      outcome("SCORE", 0),
      outcome("MAXSCORE", q.points),
      stimulus ? el("qti-assessment-stimulus-ref", { identifier: stimulus.id, href: `${stimulus.id}.xml`, title: stimulus.title }) : null,
      el("qti-item-body", {}, stem, audioBlock(q.audio, media), body),
      scored ? el("qti-response-processing", { template: MAP_RESPONSE }) : null,
    ),
  );
}

function stimulusXml(p: TExamDetail["passages"][number], id: string, media: TExportMedia): string {
  const titled = (lang: "ar" | "en") => {
    const title = lang === "ar" ? p.titleAr : p.titleEn;
    return title ? [el("h2", { class: "qias-title" }, title)] : [];
  };
  const blocks = (["ar", "en"] as const).flatMap((lang) => {
    const text = lang === "ar" ? p.textAr : p.textEn;
    const doc = lang === "ar" ? p.docAr : p.docEn;
    const image = p.image ? el("p", {}, el("img", { src: mediaPath(p.image.id, media), alt: lang === "ar" ? p.image.altAr : p.image.altEn, width: p.image.width || undefined, height: p.image.height || undefined })) : null;
    if (!text && !titled(lang).length && !image) return [];
    return [langBlock(lang, [...titled(lang), ...(text ? toXhtml(doc, text) : []), ...(image ? [image] : [])])];
  });
  return serialize(
    el(
      "qti-assessment-stimulus",
      { xmlns: QTI_NS, "xmlns:xsi": XSI, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}`, identifier: id, title: p.titleAr || p.titleEn || id, "xml:lang": "ar" },
      // A stimulus's body takes no staff-only block, so a passage's clip travels without its transcripts.
      el("qti-stimulus-body", {}, blocks, player(p.audio, media)),
    ),
  );
}

function testXml(exam: TExamDetail): string {
  return serialize(
    el(
      "qti-assessment-test",
      { xmlns: QTI_NS, "xmlns:xsi": XSI, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}`, identifier: "TEST", title: exam.titleAr },
      el(
        "qti-test-part",
        { identifier: "PART", "navigation-mode": "nonlinear", "submission-mode": "simultaneous" },
        exam.durationMinutes ? el("qti-time-limits", { "max-time": exam.durationMinutes * 60 }) : null,
        el("qti-assessment-section", { identifier: "SECTION", title: exam.titleAr, visible: "true" }, exam.questions.map((_, i) => el("qti-assessment-item-ref", { identifier: itemId(i), href: `${itemId(i)}.xml` }))),
      ),
    ),
  );
}

const lomString = (text: string, language?: string) => el("lom:string", { language }, text);
const langString = (name: string, ar: string, en: string) => el(name, {}, ar ? lomString(ar, "ar") : null, en ? lomString(en, "en") : null);

/** A classification in LOM: what the resource is about (the subject) or measures (the skill). */
function classification(purpose: "discipline" | "competency", source: string, id: string, nameAr: string, nameEn: string): TXmlNode {
  return el(
    "lom:classification",
    {},
    el("lom:purpose", {}, el("lom:source", {}, "LOMv1.0"), el("lom:value", {}, purpose)),
    el("lom:taxonPath", {}, el("lom:source", {}, lomString(source, "x-none")), el("lom:taxon", {}, el("lom:id", {}, id), langString("lom:entry", nameAr, nameEn))),
  );
}

function manifestXml(exam: TExamDetail, skills: Map<string, TExportSkill>, media: TExportMedia): string {
  const mediaOf = (ids: (string | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  const passageMedia = exam.passages.map((p) => mediaOf([p.image?.id, p.audio?.id]));
  const questionMedia = exam.questions.map((q) =>
    mediaOf([q.image?.id, q.audio?.id, ...q.options.map((o) => o.image?.id), ...q.matchingPairs.flatMap((p) => [p.premiseImage?.id, p.responseImage?.id])]),
  );
  const file = (href: string) => el("file", { href });
  const dependency = (id: string) => el("dependency", { identifierref: id });
  return serialize(
    el(
      "manifest",
      {
        xmlns: CP_NS,
        "xmlns:lom": LOM_NS,
        "xmlns:xsi": XSI,
        "xsi:schemaLocation": `${CP_NS} ${CP_XSD} ${LOM_NS} ${LOM_XSD}`,
        identifier: `MANIFEST-${exam.id}`,
      },
      el("metadata", {}, el("schema", {}, "QTI Package"), el("schemaversion", {}, "3.0.0")),
      el("organizations"),
      el(
        "resources",
        {},
        el(
          "resource",
          { identifier: "TEST", type: "imsqti_test_xmlv3p0", href: "TEST.xml" },
          el(
            "metadata",
            {},
            el(
              "lom:lom",
              {},
              el("lom:general", {}, langString("lom:title", exam.titleAr, exam.titleEn), exam.description ? el("lom:description", {}, lomString(exam.description)) : null),
              classification("discipline", SUBJECT_SOURCE, exam.subject.id, exam.subject.nameAr, exam.subject.nameEn),
            ),
          ),
          file("TEST.xml"),
          exam.questions.map((_, i) => dependency(itemId(i))),
        ),
        exam.questions.map((q, i) => {
          const skill = q.skillId ? skills.get(q.skillId) : undefined;
          const passage = exam.passages.findIndex((p) => p.id === q.passageId);
          return el(
            "resource",
            { identifier: itemId(i), type: "imsqti_item_xmlv3p0", href: `${itemId(i)}.xml` },
            skill ? el("metadata", {}, el("lom:lom", {}, classification("competency", SKILL_SOURCE, skill.id, skill.nameAr, skill.nameEn))) : null,
            file(`${itemId(i)}.xml`),
            passage >= 0 ? dependency(passageId(passage)) : null,
            questionMedia[i]!.map((id) => dependency(mediaResourceId(id))),
          );
        }),
        exam.passages.map((_, i) =>
          el("resource", { identifier: passageId(i), type: "imsqti_stimulus_xmlv3p0", href: `${passageId(i)}.xml` }, file(`${passageId(i)}.xml`), passageMedia[i]!.map((id) => dependency(mediaResourceId(id)))),
        ),
        [...media.keys()].map((id) => el("resource", { identifier: mediaResourceId(id), type: "webcontent", href: mediaPath(id, media) }, file(mediaPath(id, media)))),
      ),
    ),
  );
}

/** Every picture and clip an exam shows, by id. */
export function examMediaIds(exam: TExamDetail): string[] {
  const ids = new Set<string>();
  const add = (ref: { id: string } | null) => ref && ids.add(ref.id);
  for (const p of exam.passages) [p.image, p.audio].forEach(add);
  for (const q of exam.questions) {
    [q.image, q.audio].forEach(add);
    q.options.forEach((o) => add(o.image));
    q.matchingPairs.forEach((p) => [p.premiseImage, p.responseImage].forEach(add));
  }
  return [...ids];
}

/** The package's files by path (the tests validate each), and the package zipped. */
export function qtiPackageFiles(exam: TExamDetail, skills: Map<string, TExportSkill>, media: TExportMedia): Record<string, Uint8Array> {
  const enc = (s: string) => new TextEncoder().encode(s);
  const files: Record<string, Uint8Array> = { "imsmanifest.xml": enc(manifestXml(exam, skills, media)), "TEST.xml": enc(testXml(exam)) };
  exam.questions.forEach((q, i) => {
    const passage = exam.passages.findIndex((p) => p.id === q.passageId);
    const stimulus = passage >= 0 ? { id: passageId(passage), title: exam.passages[passage]!.titleAr || exam.passages[passage]!.titleEn || passageId(passage) } : null;
    files[`${itemId(i)}.xml`] = enc(itemXml(q, i, stimulus, media));
  });
  exam.passages.forEach((p, i) => (files[`${passageId(i)}.xml`] = enc(stimulusXml(p, passageId(i), media))));
  for (const [id, m] of media) files[mediaPath(id, media)] = m.bytes;
  return files;
}

export const zipPackage = (files: Record<string, Uint8Array>) => zipSync(files, { level: 6 });
