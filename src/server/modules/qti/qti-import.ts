// Reading a QTI content package (issue 19; docs/decisions/0023): QTI 3.0 — ours or another tool's — and QTI 2.1,
// which most existing banks export. The zip is opened defensively (declared sizes first, then inflated under a cap;
// no name may leave the package), every XML file parsed strictly, and each item mapped to one of the five question
// types or skipped with a reason. Nothing here touches the database: the service saves what this understood.
import path from "node:path/posix";
import { AppError } from "../../http/errors";
import { safeName, unzipCapped, type TZipRefusals } from "../../http/zip";
import { ERRORS, fillText, type TText } from "../../../shared/errors";
import { normalizeAnswer } from "../../../shared/grading";
import { MAX_QTI_BYTES, MAX_QTI_EXAMS, MAX_QTI_MB, MAX_QTI_UNPACKED_MB } from "../../../shared/limits";
import { ZGradeNumber } from "../../../shared/schemas/grade";
import { richPlainText, type TRichDoc } from "../../../shared/rich-text";
import { ZQuestionInput, type TPassageInput, type TQuestionInput, type TQuestionType } from "../../../shared/schemas/exam";
import { ZExamInput, type TExamData } from "../../../shared/schemas/exam";
import { QTI_REASONS, type TQtiMissing, type TQtiPreviewTest } from "../../../shared/schemas/qti";
import { scriptOf } from "../../../shared/script";
import { SUBJECTS } from "../../../shared/subjects";
import { checkPngDecodesSync, inspectAudio, inspectImage } from "../media/inspect";
import { GRADE_SOURCE, SKILL_SOURCE, SUBJECT_SOURCE } from "./qti-export";
import { fromXhtml } from "./rich-xhtml";
import { descendants, kid, kids, parseXml, textOf, type TXmlChild, type TXmlNode } from "./xml";

const MAX_UNPACKED_BYTES = MAX_QTI_UNPACKED_MB * 1024 * 1024;
/** How much of a question's words the preview shows. */
const PREVIEW_TEXT = 160;
/** A package's refusals, in its own words. */
const REFUSALS: TZipRefusals = {
  notZip: (cause) => new AppError("QTI_NOT_A_PACKAGE", { cause }),
  bomb: () => new AppError("QTI_ZIP_BOMB", { vars: { limitMb: MAX_QTI_UNPACKED_MB } }),
  unsafePath: (name) => new AppError("QTI_PATH_ESCAPE", { vars: { file: name.slice(0, 200) } }),
};

/** The package's files by name (http/zip.ts: no path outside it, no more than the cap unpacked), with a manifest. */
export function unpack(bytes: Uint8Array, maxUnpacked = MAX_UNPACKED_BYTES): Map<string, Uint8Array> {
  if (bytes.length > MAX_QTI_BYTES) throw new AppError("QTI_TOO_LARGE", { vars: { limitMb: MAX_QTI_MB } });
  const files = unzipCapped(bytes, maxUnpacked, REFUSALS);
  if (!files.has("imsmanifest.xml")) throw new AppError("QTI_NOT_A_PACKAGE");
  return files;
}

// ---- QTI 2.1 read as 3.0: the same model, with camelCase names ("choiceInteraction", "responseIdentifier").
const QTI21_LOWERCASE = new Set(["value", "mapping", "prompt", "hottext", "gap"]);
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
function as30(n: TXmlNode): TXmlNode {
  const name = /[A-Z]/.test(n.name) || QTI21_LOWERCASE.has(n.name) ? `qti-${kebab(n.name)}` : n.name;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(n.attrs)) attrs[kebab(k)] = v;
  return { name, attrs, children: n.children.map((c) => (typeof c === "string" ? c : as30(c))) };
}

const lang = (n: TXmlNode) => n.attrs["lang"] ?? n.attrs["xml:lang"];
const classes = (n: TXmlNode) => (n.attrs.class ?? "").split(/\s+/);
const isInteraction = (n: TXmlNode) => n.name.startsWith("qti-") && n.name.endsWith("-interaction");

/** One assessment test of a package: what it holds, and the draft exam it becomes. */
export type TReadTest = {
  preview: TQtiPreviewTest;
  /** The exam as the editor would send it; media ids are the package's paths until the service stores them. */
  exam: { titleAr: string; titleEn: string; subjectId: string | null; grades: number[]; descriptionAr: string | null; descriptionEn: string | null; durationMinutes: number | null; passages: TPassageInput[]; questions: TQuestionInput[] };
  /** The pictures and clips its kept questions and passages show, by their path in the package. */
  media: Map<string, Uint8Array>;
};

class Skip extends Error {
  constructor(readonly reason: TText) {
    super(reason.en);
  }
}

/** A picture a 2.1 tool may write as <object data="…" type="image/png">text</object> rather than <img>. */
const isPictureObject = (n: TXmlNode) => n.name === "object" && (n.attrs.type ?? "").startsWith("image/");
const isMediaObject = (n: TXmlNode) => n.name === "object" && /^(image|audio)\//.test(n.attrs.type ?? "");

// ---- The subject a package names, matched to ours (issue 33). Only metadata meant to say what a resource is about
// is read — a LOM classification's taxon (its id or its entry, whatever its source) and a LOM keyword — never a
// title ("Arabic poetry of Andalusia" may be a social studies exam). A value matches when, lower-cased, without
// Arabic diacritics and with the Arabic letter forms folded (أ إ آ → ا, ة → ه, ى → ي), it equals a subject's id,
// its English or Arabic name, or one of the few other names schools use for it below; no partial matches.
const SUBJECT_NAMES: Record<string, string[]> = {
  arabic: ["arabic", "arabic language", "العربية", "لغة عربية", "لغتي"],
  islamic: ["islamic", "islamic education", "islamic studies", "islamic studies education", "الدراسات الإسلامية", "التربية الدينية الإسلامية"],
  social: ["social studies", "social", "الاجتماعيات", "الدراسات الاجتماعية والوطنية"],
};
// Folded as the short-answer marker folds answers: one rule for what Arabic spelling variants compare equal.
const fold = normalizeAnswer;
const SUBJECT_BY_NAME = new Map<string, string>(
  SUBJECTS.flatMap((s) => [s.id, s.nameEn, s.nameAr, ...(SUBJECT_NAMES[s.id] ?? [])].map((name): [string, string] => [fold(name), s.id])),
);
/** The subject of ours some metadata names, or null. */
export function matchSubject(values: string[]): string | null {
  for (const v of values) {
    const id = SUBJECT_BY_NAME.get(fold(v));
    if (id) return id;
  }
  return null;
}

/** The media id that stands for a package's path until the import stores the file. */
const PLACEHOLDER_MEDIA = "00000000-0000-4000-8000-000000000000";

/**
 * The one check the preview and the import share (issue 33): the draft exam a test becomes with what the importer
 * chose (a subject, a title for a test the package names none for), what is still missing, and the first refusal
 * the exam save would give otherwise. The preview passes no choices and the placeholder media id; the import the
 * form's choices and the stored uploads' ids. So the dialog never offers an import the server will refuse.
 */
export function draftOf(exam: TReadTest["exam"], chosen: { subjectId?: string; title?: string }, mediaId: (file: string) => string = () => PLACEHOLDER_MEDIA): { data: TExamData | null; missing: TQtiMissing[]; code: keyof typeof ERRORS | null } {
  const title = chosen.title?.trim() ?? "";
  const titleAr = title || exam.titleAr;
  const titleEn = title || exam.titleEn;
  const subjectId = chosen.subjectId || exam.subjectId || "";
  const missing: TQtiMissing[] = [...(titleAr && titleEn ? [] : (["title"] as const)), ...(subjectId ? [] : (["subject"] as const))];
  // What is missing stands in as something valid, so any other refusal shows now rather than after it is given.
  const input = ZExamInput.safeParse({
    ...exam,
    titleAr: titleAr || "-",
    titleEn: titleEn || "-",
    subjectId: subjectId || SUBJECTS[0].id,
    status: "draft",
    schoolIds: [],
    passages: exam.passages.map((p) => renamePassageMedia(p, mediaId)),
    questions: exam.questions.map((q) => renameQuestionMedia(q, mediaId)),
  });
  const issue = input.success ? null : input.error.issues[0]?.message;
  const code = input.success ? null : issue && issue in ERRORS ? (issue as keyof typeof ERRORS) : "VALIDATION_FAILED";
  return { data: input.success && !missing.length ? input.data : null, missing, code };
}

/**
 * Reads a package: each assessment test in it as a draft exam, what each item became or why it was skipped. A
 * package with no test or one takes every item its manifest lists (in that order); a package with several gives
 * each test the items it names, in its order (an item no test names is not read).
 */
export function readPackage(bytes: Uint8Array): { tests: TReadTest[] } {
  const files = unpack(bytes);
  const xmlFiles = new Map<string, TXmlNode>();
  const xml = (file: string): TXmlNode | null => {
    if (!files.has(file)) return null;
    if (!xmlFiles.has(file)) {
      const root = parseXml(files.get(file)!, file);
      // QTI 2.1 (assessmentItem, …) is read as 3.0; the manifest's LOM keeps its own camelCase names.
      xmlFiles.set(file, file === "imsmanifest.xml" || root.name.startsWith("qti-") ? root : as30(root));
    }
    return xmlFiles.get(file)!;
  };
  // Only the files the manifest leads to are parsed (the manifest, its tests, their items and stimuli): a package
  // carrying 100 MB of XML nobody names took 18 s and 3.6 GB to refuse nothing. Each is capped (parseXml).
  const manifest = xml("imsmanifest.xml")!;
  const resources = descendants(manifest, "resource");
  // The package's own metadata (the manifest's, not a resource's): where a package of items without a test says
  // what it is called and about.
  const manifestMeta = kid(manifest, "metadata");
  const checkedMedia = new Set<string>();

  const taxa = (resource: TXmlNode | undefined, source: string): string[] =>
    (resource ? descendants(resource, "taxonPath") : []).flatMap((tp) => {
      const named = kid(tp, "source");
      if (!named || textOf(named).trim() !== source) return [];
      const id = descendants(tp, "id")[0];
      return id ? [textOf(id).trim()] : [];
    });
  const taxon = (resource: TXmlNode | undefined, source: string): string | null => taxa(resource, source)[0] ?? null;
  /** What some metadata says a resource is about: its classifications' taxa (ids and entries) and its keywords. */
  const aboutOf = (meta: TXmlNode | undefined): string[] =>
    meta
      ? [
          ...descendants(meta, "taxon").flatMap((t) => [...kids(t, "id").map(textOf), ...kids(t, "entry").flatMap((e) => [...kids(e, "string").map(textOf), textOf(e)])]),
          ...descendants(meta, "keyword").flatMap((k) => [...kids(k, "string").map(textOf), textOf(k)]),
        ]
      : [];
  const langStrings = (n: TXmlNode | undefined) => {
    const out = { ar: "", en: "" };
    for (const s of n ? kids(n, "string") : []) {
      const l = (s.attrs.language ?? "").slice(0, 2);
      if (l === "ar" || l === "en") out[l] = textOf(s).trim();
    }
    return out;
  };
  /** A description in each language; one in no language we know (another tool's) stands for both. */
  const descriptionsOf = (n: TXmlNode | undefined) => {
    const d = langStrings(n);
    const untagged = !d.ar && !d.en && n ? textOf(n).trim() : "";
    return { descriptionAr: d.ar || untagged || null, descriptionEn: d.en || untagged || null };
  };

  /** A picture or clip the package holds, by its path relative to the file naming it; Skip when missing or not ours. */
  const useMedia = (from: string, src: string | undefined, want: "image" | "audio"): string => {
    const file = safeName(path.join(path.dirname(from), src ?? ""), REFUSALS);
    const b = files.get(file);
    if (!src || !b) throw new Skip(fillText(QTI_REASONS.MEDIA_NOT_FOUND, { file: src ?? "" }));
    if (!checkedMedia.has(`${want}:${file}`)) {
      const buf = Buffer.from(b);
      let kind: "image" | "audio" | null = inspectAudio(buf) ? "audio" : null;
      if (!kind) {
        try {
          // The checks an upload passes (media.service), the picture's pixels included, so a picture the import
          // would refuse is a skipped item in the preview.
          if (inspectImage(buf).contentType === "image/png") checkPngDecodesSync(buf);
          kind = "image";
        } catch {
          kind = null;
        }
      }
      if (kind !== want) throw new Skip(fillText(QTI_REASONS.MEDIA_NOT_SUPPORTED, { file: src }));
      checkedMedia.add(`${want}:${file}`);
    }
    return file;
  };

  /**
   * A text in both languages from some content: its xml:lang="ar" and "en" blocks when it has them (ours), or all
   * of it for both (another tool's, in one language: noted). The picture in it — an <img>, or a 2.1 tool's
   * <object type="image/…"> described by its title or its words — described in each language.
   */
  let oneLanguage = false;
  const bilingual = (from: string, content: TXmlChild[], skip: (n: TXmlNode) => boolean = () => false) => {
    const blocks = content.filter((c): c is TXmlNode => typeof c !== "string" && (lang(c) === "ar" || lang(c) === "en"));
    const parts = blocks.length ? { ar: blocks.filter((b) => lang(b) === "ar").flatMap((b) => b.children), en: blocks.filter((b) => lang(b) === "en").flatMap((b) => b.children) } : { ar: content, en: content };
    if (!blocks.length && content.some((c) => textOf(c).trim())) oneLanguage = true;
    const isPicture = (n: TXmlNode) => n.name === "img" || isPictureObject(n);
    const imageOf = (nodes: TXmlChild[]) => nodes.flatMap((c) => (typeof c === "string" ? [] : isPicture(c) ? [c] : descendantsWhere(c, isPicture)))[0];
    const srcOf = (n: TXmlNode) => (n.name === "img" ? n.attrs.src : n.attrs.data);
    const altOf = (n: TXmlNode | undefined) => (!n ? undefined : n.name === "img" ? n.attrs.alt : (n.attrs.title ?? textOf(n).replace(/\s+/g, " ").trim()));
    const imgAr = imageOf(parts.ar);
    const imgEn = imageOf(parts.en);
    const img = imgAr ?? imgEn;
    const image = img ? { id: useMedia(from, srcOf(img), "image"), altAr: altOf(imgAr) ?? altOf(img) ?? "", altEn: altOf(imgEn) ?? altOf(img) ?? "" } : null;
    // A picture's object holds its description, not the text's words.
    const skipAll = (n: TXmlNode) => n.name === "img" || isMediaObject(n) || skip(n);
    return { ar: fromXhtml(parts.ar, skipAll), en: fromXhtml(parts.en, skipAll), image };
  };
  const plain = (doc: TRichDoc) => richPlainText(doc);
  /** A choice or an item of the new types: its plain text in each language. */
  const entryOf = (file: string, c: TXmlNode) => {
    const t = bilingual(file, c.children);
    return { textAr: plain(t.ar), textEn: plain(t.en) };
  };

  /**
   * The clip in some content, with its transcripts: an item's in its proctor rubric block, a passage's in the catalog
   * card its <audio data-catalog-idref> names (`root`, the stimulus, holds the catalog).
   */
  const audioOf = (from: string, body: TXmlNode, root?: TXmlNode) => {
    const a = descendants(body, "audio")[0];
    const obj = descendants(body, "object").find((o) => (o.attrs.type ?? "").startsWith("audio/"));
    const src = a ? (a.attrs.src ?? descendants(a, "source")[0]?.attrs.src) : obj?.attrs.data;
    if (!a && !obj) return null;
    const plays = a ? classes(a).map((c) => /^qias-max-plays-(\d)$/.exec(c)?.[1]).find(Boolean) : undefined;
    const catalogId = a?.attrs["data-catalog-idref"];
    const card = catalogId && root ? descendants(root, "qti-catalog").find((c) => c.attrs.id === catalogId) : undefined;
    const transcriptCard = card && kids(card, "qti-card").find((c) => c.attrs.support === "transcript");
    let t: { ar: TRichDoc; en: TRichDoc } | null = null;
    if (transcriptCard) {
      const entries = kids(transcriptCard, "qti-card-entry");
      const html = (n: TXmlNode | undefined) => (n ? (kid(n, "qti-html-content")?.children ?? []) : []);
      t = entries.length
        ? { ar: fromXhtml(html(entries.find((e) => lang(e) === "ar"))), en: fromXhtml(html(entries.find((e) => lang(e) === "en"))) }
        : { ar: fromXhtml(html(transcriptCard)), en: fromXhtml(html(transcriptCard)) };
    } else {
      const rubric = kids(body, "qti-rubric-block").find((r) => classes(r).includes("qias-transcript"));
      t = rubric ? bilingual(from, kid(rubric, "qti-content-body")?.children ?? rubric.children) : null;
    }
    return { id: useMedia(from, src, "audio"), maxPlays: plays ? Number(plays) : null, transcriptAr: t ? plain(t.ar) : "", transcriptEn: t ? plain(t.en) : "" };
  };

  // Passages: one per shared stimulus, read once however many items name it.
  const passages = new Map<string, TPassageInput>();
  const passageOf = (from: string, ref: TXmlNode | undefined): string | null => {
    if (!ref?.attrs.href) return null;
    const file = safeName(path.join(path.dirname(from), ref.attrs.href), REFUSALS);
    if (passages.has(file)) return file;
    const stimulus = xml(file);
    const body = stimulus && kid(stimulus, "qti-stimulus-body");
    if (!body) throw new Skip(fillText(QTI_REASONS.ITEM_NOT_FOUND, { file: ref.attrs.href }));
    const titleOf = (l: "ar" | "en") => {
      const block = body.children.find((c): c is TXmlNode => typeof c !== "string" && lang(c) === l);
      const h = block && block.children.find((c): c is TXmlNode => typeof c !== "string" && classes(c).includes("qias-title"));
      return h ? textOf(h).trim() : "";
    };
    const text = bilingual(file, body.children, (n) => classes(n).includes("qias-title") || n.name === "audio");
    passages.set(file, {
      key: file.slice(0, 64),
      titleAr: titleOf("ar") || (stimulus.attrs.title ?? ""),
      titleEn: titleOf("en"),
      textAr: "",
      textEn: "",
      docAr: text.ar,
      docEn: text.en,
      image: text.image,
      audio: audioOf(file, body, stimulus),
    });
    return file;
  };

  /**
   * A text with gaps (decision 0058): its words in each language with a {{gN}} marker where each interaction (or, in
   * our English text, each "qias-gap RESPONSE_N" span) stands, and each gap's accepted answers or choices.
   */
  const gapInteraction = (item: TXmlNode, body: TXmlNode, interactions: TXmlNode[], type: "gap_fill" | "inline_choice"): NonNullable<TQuestionInput["interaction"]> => {
    const gapIds = new Map(interactions.map((n, i) => [n.attrs["response-identifier"] ?? "", `g${i + 1}`]));
    const container = descendantsWhere(body, (n) => classes(n).includes("qias-gap-text"))[0];
    const holders = container ? container.children : gapBlocks(body.children).filter((c) => typeof c !== "string" && (isInteraction(c) || descendantsWhere(c, isInteraction).length > 0));
    const blocks = holders.filter((c): c is TXmlNode => typeof c !== "string" && (lang(c) === "ar" || lang(c) === "en"));
    if (!blocks.length) oneLanguage = true;
    const partOf = (l: "ar" | "en") => (blocks.length ? blocks.filter((b) => lang(b) === l).flatMap((b) => b.children) : holders);
    const textOfGaps = (nodes: TXmlChild[]) => {
      const out: string[] = [];
      const walk = (c: TXmlChild) => {
        if (typeof c === "string") return void out.push(c.replace(/\s+/g, " "));
        const span = classes(c).includes("qias-gap") ? classes(c).find((k) => gapIds.has(k)) : undefined;
        if (isInteraction(c) || span) return void out.push(`{{${gapIds.get(span ?? c.attrs["response-identifier"] ?? "") ?? ""}}}`);
        const block = ["p", "div", "li", "br", "h1", "h2", "h3", "h4"].includes(c.name);
        if (block) out.push("\n");
        c.children.forEach(walk);
        if (block) out.push("\n");
      };
      nodes.forEach(walk);
      return out.join("").split("\n").map((line) => line.trim()).filter(Boolean).join("\n");
    };
    const processing = kid(item, "qti-response-processing");
    const scoring = processing && (descendants(processing, "qti-and").length || /match_correct/.test(processing.attrs.template ?? "")) ? "all_or_nothing" : "per_gap";
    const correctOf = (rid: string) => {
      const d = kids(item, "qti-response-declaration").find((x) => x.attrs.identifier === rid);
      const cr = d && kid(d, "qti-correct-response");
      return [...(cr ? descendants(cr, "qti-value").map((v) => textOf(v).trim()) : []), ...(d ? descendants(d, "qti-map-entry").filter((e) => Number(e.attrs["mapped-value"]) > 0).map((e) => e.attrs["map-key"] ?? "") : [])];
    };
    const text = { textAr: textOfGaps(partOf("ar")), textEn: textOfGaps(partOf("en")), scoring } as const;
    if (type === "gap_fill") {
      // Accepted: the correct response, the mapping's paying keys, and the strings the processing compares it with.
      const gaps = interactions.map((n, i) => {
        const rid = n.attrs["response-identifier"] ?? "";
        const compared = descendants(item, "qti-string-match").filter((m) => descendants(m, "qti-variable").some((v) => v.attrs.identifier === rid)).flatMap((m) => descendants(m, "qti-base-value").map((v) => textOf(v).trim()));
        return { id: `g${i + 1}`, accepted: [...new Set([...correctOf(rid), ...compared].filter(Boolean))].slice(0, 10) };
      });
      return { type, ...text, gaps };
    }
    const gaps = interactions.map((n, i) => {
      const right = correctOf(n.attrs["response-identifier"] ?? "");
      const choices = kids(n, "qti-inline-choice").map((c, j) => {
        // Ours: a span per language; another tool's: its words for both.
        const spans = kids(c, "span");
        const word = (l: "ar" | "en") => textOf(spans.find((x) => lang(x) === l) ?? c).replace(/\s+/g, " ").trim();
        return { id: `c${j + 1}`, textAr: word("ar"), textEn: word("en"), correct: right.includes(c.attrs.identifier ?? "") };
      });
      return { id: `g${i + 1}`, choices };
    });
    return { type, ...text, gaps };
  };

  type TItemRead = { item: TQtiPreviewTest["items"][number]; question: TQuestionInput | null };
  /** One item: the question it becomes, or why it is skipped. */
  const readItem = (href: string, identifier: string, resource: TXmlNode | undefined): TItemRead => {
    const item = href ? xml(href) : null;
    const title = item?.attrs.title ?? identifier;
    let type: TQuestionType | null = null;
    oneLanguage = false;
    try {
      if (!item) throw new Skip(fillText(QTI_REASONS.ITEM_NOT_FOUND, { file: href }));
      const body = kid(item, "qti-item-body");
      const interactions = body ? descendantsWhere(body, isInteraction) : [];
      if (!body || !interactions.length) throw new Skip(QTI_REASONS.NO_INTERACTION);
      // A text with gaps (decision 0058): ours (its "qias-gap-text" block), inline choices, or several text entries —
      // one response each. Any other item with several interactions is still skipped and named.
      const gapItem =
        descendantsWhere(body, (n) => classes(n).includes("qias-gap-text")).length > 0 ||
        interactions.every((n) => n.name === "qti-inline-choice-interaction") ||
        (interactions.length > 1 && interactions.every((n) => n.name === "qti-text-entry-interaction"));
      if (interactions.length > 1 && !gapItem) throw new Skip(QTI_REASONS.SEVERAL_INTERACTIONS);
      const interaction = interactions[0]!;
      const declaration = kids(item, "qti-response-declaration").find((d) => d.attrs.identifier === interaction.attrs["response-identifier"]);
      const correctResponse = declaration && kid(declaration, "qti-correct-response");
      const correct = correctResponse ? descendants(correctResponse, "qti-value").map((v) => textOf(v).trim()) : [];
      const mapping = declaration ? descendants(declaration, "qti-map-entry") : [];
      const maxScore = kids(item, "qti-outcome-declaration").find((o) => o.attrs.identifier === "MAXSCORE");
      const mapped = mapping.reduce((sum, e) => sum + Math.max(0, Number(e.attrs["mapped-value"]) || 0), 0);
      const points = Math.max(1, Math.round(Number(maxScore ? textOf(descendants(maxScore, "qti-value")[0] ?? "").trim() : NaN) || mapped || 1));
      const prompt = kid(interaction, "qti-prompt");
      // A block around a blank (<p>The capital is <qti-text-entry-interaction/>.</p>) keeps its words as the stem's.
      // A text with gaps is the interaction, and not the stem too.
      const blockInteraction = (n: TXmlNode) => isInteraction(n) && (gapItem || n.name !== "qti-text-entry-interaction");
      const stemContent = [
        ...(gapItem ? gapBlocks(body.children) : body.children).filter((c) => typeof c === "string" || !(blockInteraction(c) || c.name === "qti-rubric-block" || c.name === "audio" || descendantsWhere(c, blockInteraction).length)),
        ...(prompt ? prompt.children : []),
      ];
      const stem = bilingual(href, stemContent, (n) => n.name === "audio" || isInteraction(n));
      const question: TQuestionInput = {
        type: "essay",
        questionTextAr: "",
        questionTextEn: "",
        questionDocAr: stem.ar,
        questionDocEn: stem.en,
        image: stem.image,
        audio: audioOf(href, body),
        passageKey: passageOf(href, kid(item, "qti-assessment-stimulus-ref"))?.slice(0, 64) ?? null,
        points,
        skillId: taxon(resource, SKILL_SOURCE),
      };
      switch (gapItem ? "gaps" : interaction.name) {
        case "gaps": {
          const gapType = interaction.name === "qti-inline-choice-interaction" ? "inline_choice" : "gap_fill";
          type = gapType;
          question.interaction = gapInteraction(item, body, interactions, gapType);
          // Another tool's gap text is often the whole item: the question then says what to do.
          if (!plain(stem.ar).trim() && !plain(stem.en).trim()) Object.assign(question, { questionDocAr: null, questionDocEn: null, questionTextAr: "أكمل الفراغات.", questionTextEn: "Fill in the gaps." });
          break;
        }
        case "qti-hotspot-interaction": {
          type = "hotspot";
          const picture = interaction.children.find((c): c is TXmlNode => typeof c !== "string" && (c.name === "img" || isPictureObject(c)));
          if (!picture) throw new Skip(fillText(QTI_REASONS.MEDIA_NOT_FOUND, { file: "" }));
          const file = useMedia(href, picture.name === "img" ? picture.attrs.src : picture.attrs.data, "image");
          // The areas' frame: the size the item gives the picture, or its own.
          let width = Math.round(Number(picture.attrs.width));
          let height = Math.round(Number(picture.attrs.height));
          if (!(width > 0 && height > 0)) ({ width, height } = inspectImage(Buffer.from(files.get(file)!)));
          const alt = picture.name === "img" ? (picture.attrs.alt ?? "") : (picture.attrs.title ?? textOf(picture).trim());
          question.image = { id: file, altAr: alt, altEn: alt };
          const areas = kids(interaction, "qti-hotspot-choice").map((c, i) => {
            const shape = c.attrs.shape ?? "";
            if (!isShape(shape)) throw new Skip(fillText(QTI_REASONS.UNSUPPORTED_INTERACTION, { name: `hotspot-interaction (${shape})` }));
            // The label in the item's language (hotspot-label) and in English (label, as ours writes it); none, its number.
            const ar = c.attrs["hotspot-label"] || c.attrs.label || String(i + 1);
            const en = c.attrs.label || c.attrs["hotspot-label"] || String(i + 1);
            return { id: `a${i + 1}`, shape, coords: (c.attrs.coords ?? "").split(/[\s,]+/).filter(Boolean).map(Number), textAr: ar, textEn: en, correct: correct.includes(c.attrs.identifier ?? "") };
          });
          question.interaction = { type, width, height, areas, maxChoices: Math.max(0, Number(interaction.attrs["max-choices"] ?? 1) || 0), scoring: mapping.length ? "partial" : "all_or_nothing" };
          break;
        }
        case "qti-choice-interaction": {
          if (Number(interaction.attrs["max-choices"] ?? 1) !== 1 || correct.length > 1) {
            // Choose all that apply (decision 0057): a mapping is a share per choice (partial), none is all or nothing.
            type = "multiple_response";
            question.interaction = {
              type,
              scoring: mapping.length ? "partial" : "all_or_nothing",
              choices: kids(interaction, "qti-simple-choice").map((c, i) => ({ id: `c${i + 1}`, ...entryOf(href, c), correct: correct.includes(c.attrs.identifier ?? "") })),
            };
            break;
          }
          type = classes(interaction).includes("qias-true-false") ? "true_false" : "multiple_choice";
          question.options = kids(interaction, "qti-simple-choice").map((c) => {
            const o = bilingual(href, c.children);
            return { optionTextAr: "", optionTextEn: "", optionDocAr: o.ar, optionDocEn: o.en, image: o.image, isCorrect: correct.includes(c.attrs.identifier ?? "") };
          });
          break;
        }
        case "qti-match-interaction": {
          type = "matching";
          const [premises, responses] = kids(interaction, "qti-simple-match-set").map((s) => kids(s, "qti-simple-associable-choice"));
          const pairs = correct.map((v) => v.split(/\s+/));
          question.matchingPairs = (premises ?? []).flatMap((p) => {
            const r = (responses ?? []).find((x) => pairs.some(([a, b]) => a === p.attrs.identifier && b === x.attrs.identifier));
            if (!r) return [];
            const ps = bilingual(href, p.children);
            const rs = bilingual(href, r.children);
            return [{ premise_ar: plain(ps.ar), premise_en: plain(ps.en), response_ar: plain(rs.ar), response_en: plain(rs.en), premiseImage: ps.image, responseImage: rs.image }];
          });
          break;
        }
        case "qti-text-entry-interaction": {
          // A number declared as one, with its tolerance when the processing compares with one (qti-equal).
          if (declaration && ["float", "integer"].includes(declaration.attrs["base-type"] ?? "") && correct[0] !== undefined) {
            const equal = descendants(item, "qti-equal")[0];
            const tolerance = Number(equal?.attrs.tolerance?.trim().split(/\s+/)[0] ?? 0);
            type = "numeric";
            question.interaction = { type, answer: correct[0], tolerance: Number.isFinite(tolerance) ? Math.abs(tolerance) : 0, toleranceMode: equal?.attrs["tolerance-mode"] === "relative" ? "relative" : "absolute" };
            break;
          }
          type = "short_answer";
          question.correctAnswerText = correct[0] ?? mapping[0]?.attrs["map-key"] ?? null;
          break;
        }
        case "qti-order-interaction": {
          // The items in the right order; the credit as Qias writes it (per pair: qti-or of neighbours; per item: qti-index).
          type = "ordering";
          const choices = kids(interaction, "qti-simple-choice");
          const ordered = correct.map((id) => choices.find((c) => c.attrs.identifier === id)).filter((c) => c !== undefined);
          const processing = kid(item, "qti-response-processing");
          const scoring = processing && descendants(processing, "qti-or").length ? "per_pair" : processing && descendants(processing, "qti-index").length ? "per_item" : "all_or_nothing";
          question.interaction = { type, scoring, items: (ordered.length === choices.length ? ordered : []).map((c, i) => ({ id: `i${i + 1}`, ...entryOf(href, c) })) };
          break;
        }
        case "qti-extended-text-interaction": {
          type = "essay";
          const model = kids(body, "qti-rubric-block").find((r) => r.attrs.view?.split(/\s+/).includes("scorer") && !classes(r).includes("qias-transcript"));
          question.correctAnswerText = model ? plain(fromXhtml(kid(model, "qti-content-body")?.children ?? model.children)) || null : null;
          break;
        }
        default:
          throw new Skip(fillText(QTI_REASONS.UNSUPPORTED_INTERACTION, { name: interaction.name.replace(/^qti-/, "") }));
      }
      question.type = type;
      // Checked as the save will check it, the package's paths standing in for the media ids the save will have.
      const checked = ZQuestionInput.safeParse(renameQuestionMedia(question, () => "00000000-0000-4000-8000-000000000000"));
      if (!checked.success) {
        const code = checked.error.issues[0]?.message as keyof typeof ERRORS;
        throw new Skip((ERRORS[code] ?? ERRORS.VALIDATION_FAILED).message);
      }
      // What the preview lists it by: its words in each language (an item's title is often one language's, or a
      // number), which language it is only in, and its passage.
      const textAr = plain(stem.ar).replace(/\s+/g, " ").trim().slice(0, PREVIEW_TEXT);
      const textEn = plain(stem.en).replace(/\s+/g, " ").trim().slice(0, PREVIEW_TEXT);
      const onlyIn = oneLanguage ? scriptOf(textAr) : !textEn && textAr ? "ar" : !textAr && textEn ? "en" : null;
      const passage = question.passageKey ? [...passages.values()].find((p) => p.key === question.passageKey) : undefined;
      const passageTitles = passage ? { titleAr: passage.titleAr || passage.titleEn || "", titleEn: passage.titleEn || passage.titleAr || "" } : null;
      return { item: { identifier, title, textAr, textEn, onlyIn, passage: passageTitles, type, skipped: false, reason: oneLanguage ? QTI_REASONS.ONE_LANGUAGE : null }, question };
    } catch (err) {
      if (!(err instanceof Skip)) throw err;
      return { item: { identifier, title, textAr: "", textEn: "", onlyIn: null, passage: null, type, skipped: true, reason: err.reason }, question: null };
    }
  };

  const itemResources = resources.filter((r) => (r.attrs.type ?? "").startsWith("imsqti_item"));
  const hrefOf = (r: TXmlNode) => (r.attrs.href ? safeName(r.attrs.href, REFUSALS) : "");
  const testResources = resources.filter((r) => (r.attrs.type ?? "").startsWith("imsqti_test"));
  if (testResources.length > MAX_QTI_EXAMS) throw new AppError("QTI_TOO_MANY_TESTS", { vars: { limit: MAX_QTI_EXAMS } });

  /** One test's items, as item files and the manifest resource describing each (its skill). */
  const itemsOf = (testResource: TXmlNode | undefined, test: TXmlNode | null, testFile: string | null): { href: string; identifier: string; resource?: TXmlNode }[] => {
    if (testResources.length <= 1) return itemResources.map((r) => ({ href: hrefOf(r), identifier: r.attrs.identifier ?? hrefOf(r), resource: r }));
    return (test ? descendants(test, "qti-assessment-item-ref") : []).map((ref) => {
      const href = safeName(path.join(path.dirname(testFile ?? ""), ref.attrs.href ?? ""), REFUSALS);
      const resource = itemResources.find((r) => hrefOf(r) === href);
      return { href, identifier: resource?.attrs.identifier ?? ref.attrs.identifier ?? href, resource };
    });
  };

  const readTest = (testResource: TXmlNode | undefined): TReadTest => {
    // The exam: the test's titles, subject and grades from its metadata, its time limit from the test.
    const testFile = testResource?.attrs.href ? safeName(testResource.attrs.href, REFUSALS) : null;
    const test = testFile ? xml(testFile) : null;
    const titles = langStrings(testResource ? descendants(testResource, "title")[0] : undefined);
    const testTitle = test?.attrs.title ?? "";
    const maxTime = test ? Number(descendants(test, "qti-time-limits")[0]?.attrs["max-time"]) : NaN;
    const description = testResource ? descendants(testResource, "description")[0] : undefined;
    const grades = [...new Set(taxa(testResource, GRADE_SOURCE).map(Number))].filter((g) => ZGradeNumber.safeParse(g).success).sort((a, b) => a - b);

    const items: TQtiPreviewTest["items"] = [];
    const questions: TQuestionInput[] = [];
    for (const { href, identifier, resource } of itemsOf(testResource, test, testFile)) {
      const read = readItem(href, identifier, resource);
      items.push(read.item);
      if (read.question) questions.push(read.question);
    }

    // Media and passages only the kept questions use travel; a skipped item's pictures do not.
    const usedPassages = new Set(questions.map((q) => q.passageKey).filter(Boolean));
    const keptPassages = [...passages.values()].filter((p) => usedPassages.has(p.key));
    const media = new Map<string, Uint8Array>();
    const note = (ref: { id: string } | null | undefined) => ref && media.set(ref.id, files.get(ref.id)!);
    for (const p of keptPassages) [p.image, p.audio].forEach(note);
    for (const q of questions) {
      [q.image, q.audio].forEach(note);
      q.options?.forEach((o) => note(o.image));
      q.matchingPairs?.forEach((p) => [p.premiseImage, p.responseImage].forEach(note));
    }

    // A package of items without a test (QTI 2.1 allows it): the title the manifest gives the package, in its LOM or
    // its organization; none, and the importer is asked for one. An item's title is not the exam's.
    const packageTitles = testResource ? { ar: "", en: "" } : langStrings(manifestMeta ? descendants(manifestMeta, "title")[0] : undefined);
    const organizationTitle = testResource ? "" : textOf(descendants(manifest, "organization").flatMap((o) => kids(o, "title"))[0] ?? "").trim();
    const ar = titles.ar || testTitle || packageTitles.ar || organizationTitle;
    const en = titles.en || testTitle || packageTitles.en || organizationTitle;
    const titleAr = ar || en;
    const titleEn = en || ar;
    // Ours (qias-subjects) first, then whatever else the test's or the package's metadata says it is about; an id
    // that is not one of our subjects (another installation's) is not offered, so the dialog never pre-selects
    // something the save would refuse.
    const subjectId = matchSubject([...taxa(testResource, SUBJECT_SOURCE), ...aboutOf(testResource && kid(testResource, "metadata")), ...aboutOf(manifestMeta)]);
    const exam = {
        titleAr,
        titleEn,
        subjectId,
        grades,
        ...descriptionsOf(description),
        durationMinutes: Number.isFinite(maxTime) && maxTime > 0 ? Math.max(1, Math.round(maxTime / 60)) : null,
        passages: keptPassages,
        questions,
      };
    const check = draftOf(exam, {});
    return {
      preview: {
        titleAr,
        titleEn,
        subjectId,
        grades,
        passageCount: keptPassages.length,
        mediaCount: media.size,
        items,
        missing: questions.length ? check.missing : [],
        problem: questions.length && check.code ? ERRORS[check.code].message : null,
      },
      exam,
      media,
    };
  };

  return { tests: testResources.length <= 1 ? [readTest(testResources[0])] : testResources.map(readTest) };
}

/**
 * A gap item's blocks, with the layout divs that hold its text opened (TAO wraps a whole body in
 * div.grid-row > div.col-12): the paragraphs with gaps are the text, the others the stem. A language block or our
 * qias-gap-text block is kept whole.
 */
function gapBlocks(nodes: TXmlChild[]): TXmlChild[] {
  return nodes.flatMap((c) => {
    if (typeof c === "string" || c.name !== "div" || c.attrs.lang || c.attrs["xml:lang"] || classes(c).includes("qias-gap-text") || !descendantsWhere(c, isInteraction).length) return [c];
    return gapBlocks(c.children);
  });
}

const isShape = (s: string): s is "rect" | "circle" | "poly" => s === "rect" || s === "circle" || s === "poly";

/** Descendants that `test` accepts, in document order. */
function descendantsWhere(n: TXmlNode, test: (n: TXmlNode) => boolean): TXmlNode[] {
  const out: TXmlNode[] = [];
  const walk = (x: TXmlNode) => {
    for (const c of x.children) {
      if (typeof c === "string") continue;
      if (test(c)) out.push(c);
      else walk(c);
    }
  };
  walk(n);
  return out;
}

type TRef = { id: string } | null | undefined;
const renameRef = <T extends TRef>(ref: T, id: (old: string) => string): T => (ref ? { ...ref, id: id(ref.id) } : ref);

/** A question with each picture's and clip's id replaced (the package's paths by the stored uploads' ids). */
export function renameQuestionMedia(q: TQuestionInput, id: (old: string) => string): TQuestionInput {
  return {
    ...q,
    image: renameRef(q.image, id),
    audio: renameRef(q.audio, id),
    options: q.options?.map((o) => ({ ...o, image: renameRef(o.image, id) })),
    matchingPairs: q.matchingPairs?.map((p) => ({ ...p, premiseImage: renameRef(p.premiseImage, id), responseImage: renameRef(p.responseImage, id) })),
  };
}

export const renamePassageMedia = (p: TPassageInput, id: (old: string) => string): TPassageInput => ({ ...p, image: renameRef(p.image, id), audio: renameRef(p.audio, id) });
