// Exams as a 1EdTech QTI 3.0 content package (issue 19; docs/decisions/0023): imsmanifest.xml, one assessment
// test per exam, one item per question, one shared stimulus per passage and the pictures and clips they show, zipped.
// Both languages travel in every item: each text is two blocks, <div xml:lang="ar" dir="rtl"> and
// <div xml:lang="en" dir="ltr">, in an item whose own language is Arabic — valid QTI for any player, and read back
// field by field by ours (qti-import.ts).
import { zipSync } from "fflate";
import type { TAudioRef, TExamDetail, TImageRef } from "../../../shared/schemas/exam";
import { toXhtml } from "./rich-xhtml";
import { AppError } from "../../http/errors";
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
/** The grades an exam is for (docs/decisions/0014), one taxon each, its id the grade's number. */
export const GRADE_SOURCE = "qias-grades";
/** The id of the catalog holding a passage clip's transcripts, named by its <audio data-catalog-idref>. */
export const TRANSCRIPT_CATALOG = "qias-transcript";

export const MEDIA_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "audio/mpeg": "mp3", "audio/mp4": "m4a", "audio/ogg": "ogg" };

export type TExportMedia = Map<string, { contentType: string; bytes: Uint8Array }>;
export type TExportSkill = { id: string; nameAr: string; nameEn: string };

/**
 * Where one exam's files go in the package. A package of one exam is flat (TEST.xml, Q1.xml…); a package of
 * several gives each exam a folder (exam-1/, exam-2/…) and prefixes its identifiers (E1-Q1…), so nothing collides.
 * Media live once at the package's root, in media/, named by their id: a picture two exams show is stored once.
 */
type TPlace = { dir: string; prefix: string; media: TExportMedia };

const mediaFile = (id: string, media: TExportMedia) => `media/${id}.${MEDIA_EXTENSIONS[media.get(id)?.contentType ?? ""] ?? "bin"}`;
/** A picture's or clip's path as a file of this exam names it (relative to the exam's folder). */
const mediaPath = (id: string, place: TPlace) => `${place.dir ? "../" : ""}${mediaFile(id, place.media)}`;
const mediaResourceId = (id: string) => `M-${id}`;

/** One language's version of a text: its blocks, and the picture described in that language. */
function langBlock(lang: "ar" | "en", content: TXmlChild[], className?: string): TXmlNode {
  return el("div", { "xml:lang": lang, dir: lang === "ar" ? "rtl" : "ltr", class: className }, content);
}

type TText = { ar: { doc: TRichDoc | null; text: string }; en: { doc: TRichDoc | null; text: string }; image?: TImageRef };

/** A text in both languages, each with the picture described in it; a language with no text and no picture is left out. */
function bilingual(t: TText, place: TPlace): TXmlNode[] {
  return (["ar", "en"] as const).flatMap((lang) => {
    const { doc, text } = t[lang];
    const image = t.image ? el("img", { src: mediaPath(t.image.id, place), alt: lang === "ar" ? t.image.altAr : t.image.altEn, width: t.image.width || undefined, height: t.image.height || undefined }) : null;
    if (!text && !image) return [];
    return [langBlock(lang, [...(text ? toXhtml(doc, text) : []), ...(image ? [el("p", {}, image)] : [])])];
  });
}

/**
 * A clip's player. The play limit has no QTI attribute outside a media interaction (which would make listening a
 * response); it rides on the class, as "qias-max-plays-N".
 */
function player(audio: TAudioRef, place: TPlace, catalog?: string): TXmlNode | null {
  return audio && el("audio", { src: mediaPath(audio.id, place), controls: "true", class: audio.maxPlays ? `qias-max-plays-${audio.maxPlays}` : undefined, "data-catalog-idref": catalog });
}

/** A question's clip: the player, and its transcripts as a block only staff see (QTI allows one only in an item's body). */
function audioBlock(audio: TAudioRef, place: TPlace): TXmlNode[] {
  if (!audio) return [];
  const transcripts = bilingual({ ar: { doc: null, text: audio.transcriptAr }, en: { doc: null, text: audio.transcriptEn } }, place);
  return [player(audio, place)!, ...(transcripts.length ? [el("qti-rubric-block", { use: "instructions", view: "proctor", class: "qias-transcript" }, el("qti-content-body", {}, transcripts))] : [])];
}

const value = (v: string | number) => el("qti-value", {}, String(v));
const outcome = (identifier: string, v: number) => el("qti-outcome-declaration", { identifier, cardinality: "single", "base-type": "float" }, el("qti-default-value", {}, value(v)));

type TQuestion = TExamDetail["questions"][number];

/** Response processing written out (not a template): SCORE is the sum of `points` for each condition that holds. */
const scoreWhen = (conditions: { test: TXmlNode; points: number }[]) =>
  el(
    "qti-response-processing",
    {},
    conditions.map(({ test, points }) =>
      el("qti-response-condition", {}, el("qti-response-if", {}, test, el("qti-set-outcome-value", { identifier: "SCORE" }, el("qti-sum", {}, el("qti-variable", { identifier: "SCORE" }), el("qti-base-value", { "base-type": "float" }, String(points)))))),
    ),
  );
const RESPONSE = el("qti-variable", { identifier: "RESPONSE" });
const CORRECT = el("qti-correct", { identifier: "RESPONSE" });
const share = (points: number, n: number) => Math.round((points / n) * 10_000) / 10_000;
const entryText = (e: { textAr: string; textEn: string }, place: TPlace) => bilingual({ ar: { doc: null, text: e.textAr }, en: { doc: null, text: e.textEn }, image: null }, place);

function interaction(q: TQuestion, place: TPlace): { declaration: TXmlNode | TXmlNode[]; body: TXmlNode[]; scored: boolean; processing?: TXmlNode } {
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
            el("qti-simple-choice", { identifier: id(i) }, bilingual({ ar: { doc: o.optionDocAr, text: o.optionTextAr }, en: { doc: o.optionDocEn, text: o.optionTextEn }, image: o.image }, place)),
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
      const side = (ar: string, en: string, image: TImageRef) => bilingual({ ar: { doc: null, text: ar }, en: { doc: null, text: en }, image }, place);
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
    case "multiple_response":
    case "numeric":
    case "ordering":
    case "gap_fill":
    case "inline_choice":
    case "hotspot":
      return itemTypeInteraction(q, place, decl);
  }
}

/** The item types of issue 36 (decision 0057), scored as shared/item-types marks them. */
function itemTypeInteraction(q: TQuestion, place: TPlace, decl: (attrs: Record<string, string>, ...children: (TXmlNode | null)[]) => TXmlNode) {
  const c = q.interaction;
  if (!c || c.type !== q.type) throw new AppError("QTI_TYPE_NOT_EXPORTED", { details: { type: q.type } });
  switch (c.type) {
    case "multiple_response": {
      const id = (i: number) => `C${i + 1}`;
      const right = c.choices.flatMap((o, i) => (o.correct ? [id(i)] : []));
      // Partial: each right choice earns its share, each wrong one costs it, never below zero — a mapping says exactly that.
      const each = share(q.points, right.length);
      return {
        declaration: decl(
          { cardinality: "multiple", "base-type": "identifier" },
          el("qti-correct-response", {}, right.map(value)),
          c.scoring === "partial" ? el("qti-mapping", { "default-value": 0, "lower-bound": 0, "upper-bound": q.points }, c.choices.map((o, i) => el("qti-map-entry", { "map-key": id(i), "mapped-value": o.correct ? each : -each }))) : null,
        ),
        body: [el("qti-choice-interaction", { "response-identifier": "RESPONSE", "max-choices": 0, shuffle: "false", class: "qias-multiple-response" }, c.choices.map((o, i) => el("qti-simple-choice", { identifier: id(i) }, entryText(o, place))))],
        scored: c.scoring === "partial",
        processing: c.scoring === "partial" ? undefined : scoreWhen([{ test: el("qti-match", {}, RESPONSE, CORRECT), points: q.points }]),
      };
    }
    case "numeric": {
      // qti-equal's relative tolerance is a percentage too; both bounds are included, as here.
      const tolerance = `${c.tolerance} ${c.tolerance}`;
      const unit = c.unitAr || c.unitEn ? entryText({ textAr: c.unitAr, textEn: c.unitEn }, place) : [];
      return {
        declaration: decl({ cardinality: "single", "base-type": "float" }, el("qti-correct-response", {}, value(c.answer))),
        body: [el("p", {}, el("qti-text-entry-interaction", { "response-identifier": "RESPONSE" })), ...unit],
        scored: false,
        processing: scoreWhen([{ test: el("qti-equal", { "tolerance-mode": c.toleranceMode, tolerance, "include-lower-bound": "true", "include-upper-bound": "true" }, RESPONSE, CORRECT), points: q.points }]),
      };
    }
    case "ordering": {
      const id = (i: number) => `I${i + 1}`;
      const n = c.items.length;
      const at = (position: number, item: number) => el("qti-match", {}, el("qti-index", { n: position + 1 }, RESPONSE), el("qti-base-value", { "base-type": "identifier" }, id(item)));
      const conditions =
        c.scoring === "per_item"
          ? c.items.map((_, i) => ({ test: at(i, i), points: share(q.points, n) }))
          : c.scoring === "per_pair"
            ? // Item k then item k+1 at any two neighbouring places.
              Array.from({ length: n - 1 }, (_, k) => ({
                test: el("qti-or", {}, Array.from({ length: n - 1 }, (_, p) => el("qti-and", {}, at(p, k), at(p + 1, k + 1)))),
                points: share(q.points, n - 1),
              }))
            : [{ test: el("qti-match", {}, RESPONSE, CORRECT), points: q.points }];
      return {
        declaration: decl({ cardinality: "ordered", "base-type": "identifier" }, el("qti-correct-response", {}, c.items.map((_, i) => value(id(i))))),
        body: [el("qti-order-interaction", { "response-identifier": "RESPONSE", shuffle: "true" }, c.items.map((e, i) => el("qti-simple-choice", { identifier: id(i) }, entryText(e, place))))],
        scored: false,
        processing: scoreWhen(conditions),
      };
    }
    case "gap_fill": {
      // Each accepted answer, case aside (QTI cannot say "Arabic letter forms folded": a player without it accepts less).
      const tests = c.gaps.map((g, i) => el("qti-or", {}, g.accepted.map((a) => el("qti-string-match", { "case-sensitive": "false" }, el("qti-variable", { identifier: gapResponse(i) }), el("qti-base-value", { "base-type": "string" }, a)))));
      return {
        declaration: c.gaps.map((g, i) => el("qti-response-declaration", { identifier: gapResponse(i), cardinality: "single", "base-type": "string" }, el("qti-correct-response", {}, value(g.accepted[0] ?? "")))),
        body: [gapText(c, (i) => el("qti-text-entry-interaction", { "response-identifier": gapResponse(i) }))],
        scored: false,
        processing: scoreWhen(gapConditions(tests, c.scoring, q.points)),
      };
    }
    case "inline_choice": {
      const id = (j: number) => `C${j + 1}`;
      const right = c.gaps.map((g) => id(g.choices.findIndex((o) => o.correct)));
      // A choice's words in both languages, as spans (an inline choice holds inline content only).
      const words = (o: { textAr: string; textEn: string }) => [el("span", { "xml:lang": "ar", dir: "rtl" }, o.textAr), el("span", { "xml:lang": "en", dir: "ltr" }, o.textEn)];
      const tests = c.gaps.map((_, i) => el("qti-match", {}, el("qti-variable", { identifier: gapResponse(i) }), el("qti-correct", { identifier: gapResponse(i) })));
      return {
        declaration: c.gaps.map((_, i) => el("qti-response-declaration", { identifier: gapResponse(i), cardinality: "single", "base-type": "identifier" }, el("qti-correct-response", {}, value(right[i]!)))),
        body: [gapText(c, (i) => el("qti-inline-choice-interaction", { "response-identifier": gapResponse(i), shuffle: "true" }, c.gaps[i]!.choices.map((o, j) => el("qti-inline-choice", { identifier: id(j) }, words(o)))))],
        scored: false,
        processing: scoreWhen(gapConditions(tests, c.scoring, q.points)),
      };
    }
    case "hotspot": {
      const id = (i: number) => `A${i + 1}`;
      const right = c.areas.flatMap((a, i) => (a.correct ? [id(i)] : []));
      const each = share(q.points, right.length);
      const image = q.image;
      return {
        declaration: decl(
          { cardinality: c.maxChoices === 1 ? "single" : "multiple", "base-type": "identifier" },
          el("qti-correct-response", {}, right.map(value)),
          c.scoring === "partial" ? el("qti-mapping", { "default-value": 0, "lower-bound": 0, "upper-bound": q.points }, c.areas.map((a, i) => el("qti-map-entry", { "map-key": id(i), "mapped-value": a.correct ? each : -each }))) : null,
        ),
        // The picture in the areas' own frame; each area's label in Arabic (hotspot-label, the item's language) and in English (label).
        body: [
          el(
            "qti-hotspot-interaction",
            { "response-identifier": "RESPONSE", "max-choices": c.maxChoices },
            el("img", { src: image ? mediaPath(image.id, place) : "", alt: image?.altAr || c.areas.map((a) => a.textAr).join("، "), width: c.width, height: c.height }),
            c.areas.map((a, i) => el("qti-hotspot-choice", { identifier: id(i), shape: a.shape, coords: a.coords.join(","), "hotspot-label": a.textAr, label: a.textEn })),
          ),
        ],
        scored: c.scoring === "partial",
        processing: c.scoring === "partial" ? undefined : scoreWhen([{ test: el("qti-match", {}, RESPONSE, CORRECT), points: q.points }]),
      };
    }
  }
}

/** A gap's response variable: RESPONSE_1, RESPONSE_2… in the order of the gaps. */
const gapResponse = (i: number) => `RESPONSE_${i + 1}`;
/** Per gap: a share of the points per gap right; all or nothing: the points when every gap is. */
const gapConditions = (tests: TXmlNode[], scoring: "per_gap" | "all_or_nothing", points: number) =>
  scoring === "per_gap" ? tests.map((test) => ({ test, points: share(points, tests.length) })) : [{ test: el("qti-and", {}, tests), points }];

/**
 * A text with gaps (decision 0058). The Arabic text, the item's language, holds the interactions, one per response
 * variable as QTI wants; the English text marks each gap with a span of class "qias-gap RESPONSE_n", which our
 * import reads back and another player shows as a blank.
 */
function gapText(c: { textAr: string; textEn: string; gaps: { id: string }[] }, interactionAt: (i: number) => TXmlNode): TXmlNode {
  const at = new Map(c.gaps.map((g, i) => [g.id, i]));
  const paragraphs = (text: string, gap: (i: number) => TXmlNode) =>
    text.split(/\n+/).map((line) => el("p", {}, line.split(/\{\{([A-Za-z0-9_-]{1,36})\}\}/).map((part, k) => (k % 2 ? gap(at.get(part) ?? 0) : part)).filter((part) => part !== "")));
  return el("div", { class: "qias-gap-text" }, langBlock("ar", paragraphs(c.textAr, interactionAt)), langBlock("en", paragraphs(c.textEn, (i) => el("span", { class: `qias-gap ${gapResponse(i)}` }, "_____"))));
}

const itemId = (place: TPlace, i: number) => `${place.prefix}Q${i + 1}`;
const passageId = (place: TPlace, i: number) => `${place.prefix}S${i + 1}`;
const testId = (place: TPlace) => `${place.prefix}TEST`;
/** A file of this exam: its name inside its folder (what its own files call it), and from the package's root. */
const local = (id: string, place: TPlace) => `${id.slice(place.prefix.length)}.xml`;
const fromRoot = (id: string, place: TPlace) => `${place.dir}${local(id, place)}`;

function itemXml(q: TQuestion, n: number, stimulus: { id: string; title: string } | null, place: TPlace): string {
  const { declaration, body, scored, processing } = interaction(q, place);
  const stem = bilingual({ ar: { doc: q.questionDocAr, text: q.questionTextAr }, en: { doc: q.questionDocEn, text: q.questionTextEn }, image: q.type === "hotspot" ? null : q.image }, place);
  return serialize(
    el(
      "qti-assessment-item",
      { xmlns: QTI_NS, "xmlns:xsi": XSI, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}`, identifier: itemId(place, n), title: `${n + 1}. ${q.questionTextAr.slice(0, 80)}`, adaptive: "false", "time-dependent": "false", "xml:lang": "ar" },
      declaration,
      outcome("SCORE", 0),
      outcome("MAXSCORE", q.points),
      stimulus ? el("qti-assessment-stimulus-ref", { identifier: stimulus.id, href: local(stimulus.id, place), title: stimulus.title }) : null,
      el("qti-item-body", {}, stem, audioBlock(q.audio, place), body),
      processing ?? (scored ? el("qti-response-processing", { template: MAP_RESPONSE }) : null),
    ),
  );
}

/**
 * A passage's clip transcripts. A stimulus's body takes no staff-only rubric block (as an item's does), so they go
 * where QTI 3 keeps content a player shows only on demand: a catalog card of the standard support "transcript",
 * one entry per language, which the <audio> names by data-catalog-idref.
 */
function transcriptCatalog(audio: TAudioRef): TXmlNode | null {
  if (!audio || (!audio.transcriptAr && !audio.transcriptEn)) return null;
  const entry = (lang: "ar" | "en", text: string) => (text ? el("qti-card-entry", { "xml:lang": lang }, el("qti-html-content", {}, toXhtml(null, text))) : null);
  return el("qti-catalog-info", {}, el("qti-catalog", { id: TRANSCRIPT_CATALOG }, el("qti-card", { support: "transcript" }, entry("ar", audio.transcriptAr), entry("en", audio.transcriptEn))));
}

function stimulusXml(p: TExamDetail["passages"][number], id: string, place: TPlace): string {
  const titled = (lang: "ar" | "en") => {
    const title = lang === "ar" ? p.titleAr : p.titleEn;
    return title ? [el("h2", { class: "qias-title" }, title)] : [];
  };
  const blocks = (["ar", "en"] as const).flatMap((lang) => {
    const text = lang === "ar" ? p.textAr : p.textEn;
    const doc = lang === "ar" ? p.docAr : p.docEn;
    const image = p.image ? el("p", {}, el("img", { src: mediaPath(p.image.id, place), alt: lang === "ar" ? p.image.altAr : p.image.altEn, width: p.image.width || undefined, height: p.image.height || undefined })) : null;
    if (!text && !titled(lang).length && !image) return [];
    return [langBlock(lang, [...titled(lang), ...(text ? toXhtml(doc, text) : []), ...(image ? [image] : [])])];
  });
  const transcripts = transcriptCatalog(p.audio);
  return serialize(
    el(
      "qti-assessment-stimulus",
      { xmlns: QTI_NS, "xmlns:xsi": XSI, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}`, identifier: id, title: p.titleAr || p.titleEn || id, "xml:lang": "ar" },
      el("qti-stimulus-body", {}, blocks, player(p.audio, place, transcripts ? TRANSCRIPT_CATALOG : undefined)),
      transcripts,
    ),
  );
}

function testXml(exam: TExamDetail, place: TPlace): string {
  return serialize(
    el(
      "qti-assessment-test",
      { xmlns: QTI_NS, "xmlns:xsi": XSI, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}`, identifier: testId(place), title: exam.titleAr },
      el(
        "qti-test-part",
        { identifier: "PART", "navigation-mode": "nonlinear", "submission-mode": "simultaneous" },
        exam.durationMinutes ? el("qti-time-limits", { "max-time": exam.durationMinutes * 60 }) : null,
        el(
          "qti-assessment-section",
          { identifier: "SECTION", title: exam.titleAr, visible: "true" },
          exam.questions.map((_, i) => el("qti-assessment-item-ref", { identifier: itemId(place, i), href: local(itemId(place, i), place) })),
        ),
      ),
    ),
  );
}

const lomString = (text: string, language?: string) => el("lom:string", { language }, text);
const langString = (name: string, ar: string, en: string) => el(name, {}, ar ? lomString(ar, "ar") : null, en ? lomString(en, "en") : null);

type TTaxon = { id: string; nameAr: string; nameEn: string };
/**
 * A classification in LOM: what the resource is about (the subject), measures (the skill) or is for (its grades,
 * "educational level"), one taxon path per taxon.
 */
function classification(purpose: "discipline" | "competency" | "educational level", source: string, taxa: TTaxon[]): TXmlNode | null {
  if (!taxa.length) return null;
  return el(
    "lom:classification",
    {},
    el("lom:purpose", {}, el("lom:source", {}, "LOMv1.0"), el("lom:value", {}, purpose)),
    taxa.map((t) => el("lom:taxonPath", {}, el("lom:source", {}, lomString(source, "x-none")), el("lom:taxon", {}, el("lom:id", {}, t.id), langString("lom:entry", t.nameAr, t.nameEn)))),
  );
}

/** One exam's resources in the manifest: its test (with the exam's metadata), its items and its passages. */
function examResources(exam: TExamDetail, skills: Map<string, TExportSkill>, place: TPlace): TXmlNode[] {
  const mediaOf = (ids: (string | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  const passageMedia = exam.passages.map((p) => mediaOf([p.image?.id, p.audio?.id]));
  const questionMedia = exam.questions.map((q) =>
    mediaOf([q.image?.id, q.audio?.id, ...q.options.map((o) => o.image?.id), ...q.matchingPairs.flatMap((p) => [p.premiseImage?.id, p.responseImage?.id])]),
  );
  const file = (href: string) => el("file", { href });
  const dependency = (id: string) => el("dependency", { identifierref: id });
  return [
    el(
      "resource",
      { identifier: testId(place), type: "imsqti_test_xmlv3p0", href: fromRoot(testId(place), place) },
      el(
        "metadata",
        {},
        el(
          "lom:lom",
          {},
          el("lom:general", {}, langString("lom:title", exam.titleAr, exam.titleEn), exam.descriptionAr || exam.descriptionEn ? langString("lom:description", exam.descriptionAr ?? "", exam.descriptionEn ?? "") : null),
          classification("discipline", SUBJECT_SOURCE, [exam.subject]),
          classification("educational level", GRADE_SOURCE, exam.grades.map((g) => ({ id: String(g), nameAr: `الصف ${g}`, nameEn: `Grade ${g}` }))),
        ),
      ),
      file(fromRoot(testId(place), place)),
      exam.questions.map((_, i) => dependency(itemId(place, i))),
    ),
    ...exam.questions.map((q, i) => {
      const skill = q.skillId ? skills.get(q.skillId) : undefined;
      const passage = exam.passages.findIndex((p) => p.id === q.passageId);
      return el(
        "resource",
        { identifier: itemId(place, i), type: "imsqti_item_xmlv3p0", href: fromRoot(itemId(place, i), place) },
        skill ? el("metadata", {}, el("lom:lom", {}, classification("competency", SKILL_SOURCE, [skill]))) : null,
        file(fromRoot(itemId(place, i), place)),
        passage >= 0 ? dependency(passageId(place, passage)) : null,
        questionMedia[i]!.map((id) => dependency(mediaResourceId(id))),
      );
    }),
    ...exam.passages.map((_, i) =>
      el(
        "resource",
        { identifier: passageId(place, i), type: "imsqti_stimulus_xmlv3p0", href: fromRoot(passageId(place, i), place) },
        file(fromRoot(passageId(place, i), place)),
        passageMedia[i]!.map((id) => dependency(mediaResourceId(id))),
      ),
    ),
  ];
}

function manifestXml(exams: { exam: TExamDetail; place: TPlace }[], skills: Map<string, TExportSkill>, media: TExportMedia): string {
  const first = exams[0]!.exam;
  return serialize(
    el(
      "manifest",
      {
        xmlns: CP_NS,
        "xmlns:lom": LOM_NS,
        "xmlns:xsi": XSI,
        "xsi:schemaLocation": `${CP_NS} ${CP_XSD} ${LOM_NS} ${LOM_XSD}`,
        identifier: exams.length === 1 ? `MANIFEST-${first.id}` : `MANIFEST-${exams.length}-${first.id}`,
      },
      el("metadata", {}, el("schema", {}, "QTI Package"), el("schemaversion", {}, "3.0.0")),
      el("organizations"),
      el(
        "resources",
        {},
        exams.flatMap(({ exam, place }) => examResources(exam, skills, place)),
        [...media.keys()].map((id) => el("resource", { identifier: mediaResourceId(id), type: "webcontent", href: mediaFile(id, media) }, el("file", { href: mediaFile(id, media) }))),
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

/**
 * The package's files by path (the tests validate each), for one exam or several: one manifest, one assessment
 * test per exam, each exam in its own folder when there are several, the media once at the root.
 */
export function qtiPackageFiles(exams: TExamDetail[], skills: Map<string, TExportSkill>, media: TExportMedia): Record<string, Uint8Array> {
  const enc = (s: string) => new TextEncoder().encode(s);
  const placed = exams.map((exam, n) => ({ exam, place: exams.length === 1 ? { dir: "", prefix: "", media } : { dir: `exam-${n + 1}/`, prefix: `E${n + 1}-`, media } }));
  const files: Record<string, Uint8Array> = { "imsmanifest.xml": enc(manifestXml(placed, skills, media)) };
  for (const { exam, place } of placed) {
    files[fromRoot(testId(place), place)] = enc(testXml(exam, place));
    exam.questions.forEach((q, i) => {
      const passage = exam.passages.findIndex((p) => p.id === q.passageId);
      const stimulus = passage >= 0 ? { id: passageId(place, passage), title: exam.passages[passage]!.titleAr || exam.passages[passage]!.titleEn || passageId(place, passage) } : null;
      files[fromRoot(itemId(place, i), place)] = enc(itemXml(q, i, stimulus, place));
    });
    exam.passages.forEach((p, i) => (files[fromRoot(passageId(place, i), place)] = enc(stimulusXml(p, passageId(place, i), place))));
  }
  for (const [id, m] of media) files[mediaFile(id, media)] = m.bytes;
  return files;
}

export const zipPackage = (files: Record<string, Uint8Array>) => zipSync(files, { level: 6 });
