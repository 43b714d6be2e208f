// A believable demo: two schools in UAE cities, their staff and students, and exams of all five question
// types, and one of the six item types of issue 36 (social studies' map and timeline). Used by `npm run demo` and by the browser tests (which add accounts of their own).
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { rowsOf, type TDb } from "./db/client";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { authUsers, examMedia, examSchools, exams, passages, profiles, questionOptions, questions, schools, sittings, studentAnswers, type TMatchingPair } from "./db/schema";
import { richPlainText, type TRichDoc } from "../shared/rich-text";
import { hashPassword } from "./auth/password";
import { examsChanged } from "./modules/attempts/paper";
import { createItem } from "./modules/bank/items";
import { draftVersion, versionsFromRows } from "./modules/bank/rows";
import type { TRole, TSessionUser } from "../shared/permissions";
import { findStudentOverview, saveAnswer, startAttempt, submitAttempt } from "./modules/attempts/attempts.service";
import { getExamVersion } from "./modules/attempts/paper";
import { gradeAnswer } from "./modules/results/results.service";
import { generatePlan, generateReport } from "./modules/reports/reports.service";
import { rulesWriter } from "./modules/reports/writer";
import { uploadFile } from "./modules/files/files.service";
import type { TStorage } from "./storage/storage";
import { ZInteraction, type TInteractionInput, type TItemType, type TResponse } from "../shared/item-types";

export const DEMO_PASSWORD = "Demo123!";

export const DEMO_SCHOOLS = [
  { id: "school_dubai", nameAr: "مدرسة النهضة النموذجية", nameEn: "Al Nahda Model School", cityAr: "دبي", cityEn: "Dubai", slug: "dubai" },
  { id: "school_alain", nameAr: "أكاديمية العين للتميّز", nameEn: "Al Ain Academy of Excellence", cityAr: "العين", cityEn: "Al Ain", slug: "alain" },
] as const;

const ARABIC_NAMES = [
  "أحمد المنصوري", "فاطمة الشامسي", "محمد الكعبي", "مريم الظاهري", "خالد النعيمي", "عائشة المهيري", "سعيد الهاشمي",
  "نورة السويدي", "عبدالله البلوشي", "شمّا الفلاسي", "راشد المزروعي", "حصة القبيسي", "سلطان العامري", "ميثاء الرميثي",
  "حمدان الكتبي", "روضة المرر", "يوسف الحمادي", "لطيفة الجنيبي", "عمر الشحي", "آمنة الطنيجي", "زايد الدرعي", "موزة النقبي",
];
const ENGLISH_NAMES = ["Aisha Khan", "Daniel Mathew", "Sara Joseph", "Omar Siddiqui", "Hannah Thomas", "Arjun Nair", "Lina Haddad", "Adam Brooks"];
/** The demo's girls, by first name: gender and language background give item analysis' fairness groups (issue 35). */
const FEMALE_FIRST_NAMES = new Set(["فاطمة", "مريم", "عائشة", "نورة", "شمّا", "حصة", "ميثاء", "روضة", "لطيفة", "آمنة", "موزة", "Aisha", "Sara", "Hannah", "Lina"]);

const TEACHERS: Record<string, { name: string; subject: string }[]> = {
  dubai: [
    { name: "أ. منى العلي", subject: "arabic" },
    { name: "أ. حسن الزعابي", subject: "islamic" },
    { name: "Ms. Rachel Green", subject: "social" },
  ],
  alain: [
    { name: "أ. سالم الأحبابي", subject: "arabic" },
    { name: "Mr. Tariq Aziz", subject: "islamic" },
    { name: "أ. ريم الكعبي", subject: "social" },
  ],
};

export type TDemoAccount = { email: string; role: TRole; name: string; school: string | null };

type TQuestionSeed = {
  type: "multiple_choice" | "true_false" | "essay" | "short_answer" | "matching" | TItemType;
  ar: string;
  en: string;
  points: number;
  /** The catalogue skill it measures (src/shared/content/skills.ts). */
  skill: string;
  options?: { ar: string; en: string; correct?: boolean }[];
  answer?: string;
  pairs?: TMatchingPair[];
  /** Asked about the exam's passage. */
  onPassage?: boolean;
  /** Each text's formatting (the word to parse, underlined: in both languages, issue 33). */
  docAr?: TRichDoc;
  docEn?: TRichDoc;
  /** A picture of demo-assets/ shown with the question, and its descriptions. */
  image?: { file: string; width: number; height: number; altAr: string; altEn: string };
  /** What demo students write: a wrong short answer, or essays of three qualities with the mark each earns. */
  wrong?: string;
  essays?: TEssaySamples;
  /** An item type of issue 36: its content and key, and what demo students answer — right, or one of the wrong ones. */
  interaction?: TInteractionInput;
  responses?: { right: TResponse; wrong: TResponse[] };
};

type TEssaySamples = Record<TQuality, { text: string; score: number }>;
type TQuality = "good" | "fair" | "weak";

type TExamSeed = {
  titleAr: string;
  titleEn: string;
  subject: string;
  descriptionAr: string;
  descriptionEn: string;
  minutes: number | null;
  status: "draft" | "published" | "archived";
  /** A passage its first questions (those marked onPassage, which come first) are asked about (issue 18). */
  passage?: { titleAr: string; titleEn: string; docAr: TRichDoc; docEn: TRichDoc };
  questions: TQuestionSeed[];
};

/** A document of paragraphs, with **words** in bold. */
function paragraphs(...lines: string[]): TRichDoc {
  return {
    type: "doc",
    content: lines.map((line) => ({
      type: "paragraph" as const,
      content: line
        .split(/\*\*/)
        .map((text, i) => (i % 2 ? { type: "text" as const, text, marks: [{ type: "bold" as const }] } : { type: "text" as const, text }))
        .filter((n) => n.text),
    })),
  };
}

const TF = (correct: boolean) => [
  { ar: "صح", en: "True", correct },
  { ar: "خطأ", en: "False", correct: !correct },
];

export const EXAMS: Record<string, TExamSeed[]> = {
  arabic: [
    {
      titleAr: "اختبار القراءة والفهم — الصف السادس",
      titleEn: "Reading Comprehension — Grade 6",
      subject: "arabic",
      descriptionAr: "نص قصير عن الصداقة تليه أسئلة في الفهم والمفردات والتعبير.",
      descriptionEn: "A short text about friendship, followed by questions on comprehension, vocabulary and writing.",
      minutes: 30,
      status: "published",
      passage: {
        titleAr: "الصديقُ وقتَ الضيق",
        titleEn: "A Friend in Need",
        docAr: paragraphs(
          "كان سالمٌ وحمدٌ صديقين منذ الصف الأول، يذهبان إلى المدرسة معًا ويعودان معًا. وفي يومٍ من أيام الشتاء مرض سالم، فغاب عن المدرسة أسبوعًا كاملًا.",
          "لم ينسَ حمدٌ صديقه؛ فكان يزوره كل مساء، ويحمل إليه دروس اليوم مكتوبةً بخط يده، ويشرح له ما صعب عليه. ولمّا عاد سالم إلى المدرسة وجد أنه لم يفته شيء.",
          "قال سالم لأمه: «لقد عرفتُ اليوم معنى **الوفاء**؛ فالصديق الحقيقي يظهر وقت الشدة، لا وقت الرخاء».",
        ),
        docEn: paragraphs(
          "Salem and Hamad had been friends since the first grade; they walked to school together and home together. One winter day Salem fell ill and missed a whole week of school.",
          "Hamad did not forget his friend. Every evening he visited him, brought him the day's lessons written in his own hand and explained what was hard. When Salem went back to school, he had missed nothing.",
          "Salem told his mother: “Today I learned what **loyalty** (al-wafa) means: a true friend shows himself in hard times, not in easy ones.”",
        ),
      },
      questions: [
        {
          type: "multiple_choice",
          ar: "ما مرادف كلمة «الوفاء» كما وردت في القطعة؟",
          en: "What is a synonym of the word “al-wafa” (loyalty) as used in the passage?",
          points: 2,
          skill: "arabic.vocabulary",
          onPassage: true,
          options: [
            { ar: "الإخلاص", en: "Faithfulness", correct: true },
            { ar: "الغضب", en: "Anger" },
            { ar: "الكسل", en: "Laziness" },
            { ar: "السرعة", en: "Speed" },
          ],
        },
        { type: "true_false", ar: "غاب سالم عن المدرسة يومًا واحدًا.", en: "Salem missed one day of school.", points: 1, skill: "arabic.reading", onPassage: true, options: TF(false) },
        {
          type: "multiple_choice",
          ar: "أعرب ما تحته خط: يظهرُ الصديقُ الحقيقيُّ وقتَ الشدة.",
          docAr: {
            type: "doc",
            content: [
              {
                type: "paragraph",
                content: [
                  { type: "text", text: "أعرب ما تحته خط: يظهرُ " },
                  { type: "text", text: "الصديقُ", marks: [{ type: "underline" }] },
                  { type: "text", text: " الحقيقيُّ وقتَ الشدة." },
                ],
              },
            ],
          },
          en: "Parse the underlined word: يظهرُ الصديقُ الحقيقيُّ وقتَ الشدة (“the true friend shows himself in hard times”).",
          // The question is about an Arabic sentence: the English quotes it, with the same word underlined.
          docEn: {
            type: "doc",
            content: [
              {
                type: "paragraph",
                content: [
                  { type: "text", text: "Parse the underlined word: يظهرُ " },
                  { type: "text", text: "الصديقُ", marks: [{ type: "underline" }] },
                  { type: "text", text: " الحقيقيُّ وقتَ الشدة (“the true friend shows himself in hard times”)." },
                ],
              },
            ],
          },
          points: 2,
          skill: "arabic.grammar",
          onPassage: true,
          options: [
            { ar: "فاعل مرفوع وعلامة رفعه الضمة", en: "Subject (fa'il), nominative, marked by damma", correct: true },
            { ar: "مفعول به منصوب وعلامة نصبه الفتحة", en: "Object, accusative, marked by fatha" },
            { ar: "مبتدأ مرفوع وعلامة رفعه الضمة", en: "Subject of a nominal sentence (mubtada'), nominative" },
          ],
        },
        { type: "true_false", ar: "الفاعل في اللغة العربية مرفوع دائمًا.", en: "In Arabic, the subject (al-fa'il) is always in the nominative case.", points: 1, skill: "arabic.grammar", options: TF(true) },
        { type: "short_answer", ar: "ما جمع كلمة «كتاب»؟", en: "What is the plural of the word “kitab” (book)? Write it in Arabic.", points: 2, skill: "arabic.morphology", answer: "كتب", wrong: "كتابات" },
        {
          type: "matching",
          ar: "صِل كل كلمة بضدّها.",
          en: "Match each word with its opposite.",
          points: 3,
          skill: "arabic.vocabulary",
          pairs: [
            { premise_ar: "طويل", premise_en: "Tall", response_ar: "قصير", response_en: "Short" },
            { premise_ar: "سريع", premise_en: "Fast", response_ar: "بطيء", response_en: "Slow" },
            { premise_ar: "قريب", premise_en: "Near", response_ar: "بعيد", response_en: "Far" },
          ],
        },
        {
          type: "essay",
          ar: "اكتب فقرة من خمسة أسطر عن صديق تعتز به، مستخدمًا أداتي ربط على الأقل.",
          en: "Write a five-line paragraph about a friend you value, using at least two linking words.",
          points: 5,
          skill: "arabic.writing",
          answer: "فقرة مترابطة تتضمن وصف الصديق ومواقف تدل على الوفاء، مع استعمال أدوات ربط مثل: ثم، لكنّ، لأنّ.",
          essays: {
            good: {
              text: "صديقي سالم رفيق دربي منذ الصف الأول، يقف إلى جانبي في الشدة قبل الرخاء. أذكر يوم مرضتُ فغبتُ أسبوعًا، ثم جاءني بدروسه مكتوبة بخط يده، لأنه لم يُرد أن يفوتني شيء. وهو صادق لا يجاملني، لكنّه ينصحني بلطف إذا أخطأت. لذلك أعتز بصداقته، وأحرص على أن أكون وفيًّا له كما كان وفيًّا لي.",
              score: 5,
            },
            fair: { text: "صديقي اسمه حمد، وهو يحب كرة القدم. نلعب معًا في الفسحة ثم نعود إلى الفصل. هو صديق جيد لأنه يساعدني في الواجبات.", score: 3 },
            weak: { text: "صديقي جيد واحبه كثيرا وهو يلعب معي.", score: 1 },
          },
        },
      ],
    },
    {
      titleAr: "النحو: الجملة الاسمية",
      titleEn: "Grammar: The Nominal Sentence",
      subject: "arabic",
      descriptionAr: "مراجعة المبتدأ والخبر وعلامات إعرابهما.",
      descriptionEn: "A review of the subject and predicate of the nominal sentence and their case endings.",
      minutes: 20,
      status: "draft",
      questions: [
        {
          type: "multiple_choice",
          ar: "في جملة «العلمُ نورٌ»، ما إعراب كلمة «نورٌ»؟",
          en: "In the sentence “al-'ilmu nurun” (knowledge is light), what is the grammatical role of “nurun”?",
          points: 2,
          skill: "arabic.grammar",
          options: [
            { ar: "خبر مرفوع", en: "Predicate, nominative", correct: true },
            { ar: "مبتدأ مرفوع", en: "Subject, nominative" },
            { ar: "مفعول به منصوب", en: "Object, accusative" },
          ],
        },
        { type: "true_false", ar: "المبتدأ يكون منصوبًا.", en: "The subject of a nominal sentence is in the accusative case.", points: 1, skill: "arabic.grammar", options: TF(false) },
      ],
    },
  ],
  islamic: [
    {
      titleAr: "السيرة النبوية — الصف السابع",
      titleEn: "The Prophet's Biography — Grade 7",
      subject: "islamic",
      descriptionAr: "أحداث الهجرة النبوية ودروسها.",
      descriptionEn: "The events of the Hijrah and its lessons.",
      minutes: 45,
      status: "published",
      questions: [
        {
          type: "multiple_choice",
          ar: "إلى أي مدينة هاجر النبي ﷺ؟",
          en: "To which city did the Prophet ﷺ migrate?",
          points: 1,
          skill: "islamic.seerah",
          options: [
            { ar: "المدينة المنورة", en: "Madinah", correct: true },
            { ar: "الطائف", en: "Taif" },
            { ar: "القدس", en: "Jerusalem" },
          ],
        },
        { type: "true_false", ar: "رافق أبو بكر الصديق رضي الله عنه النبيَّ ﷺ في الهجرة.", en: "Abu Bakr As-Siddiq accompanied the Prophet ﷺ on the Hijrah.", points: 1, skill: "islamic.seerah", options: TF(true) },
        { type: "short_answer", ar: "ما اسم الغار الذي اختبأ فيه النبي ﷺ وصاحبه؟", en: "What is the name of the cave where the Prophet ﷺ and his companion hid?", points: 2, skill: "islamic.seerah", answer: "غار ثور", wrong: "غار حراء" },
        {
          type: "matching",
          ar: "صِل الصحابي بلقبه.",
          en: "Match each companion with his title.",
          points: 3,
          skill: "islamic.seerah",
          pairs: [
            { premise_ar: "أبو بكر", premise_en: "Abu Bakr", response_ar: "الصدّيق", response_en: "As-Siddiq" },
            { premise_ar: "عمر بن الخطاب", premise_en: "Umar ibn al-Khattab", response_ar: "الفاروق", response_en: "Al-Faruq" },
            { premise_ar: "عثمان بن عفان", premise_en: "Uthman ibn Affan", response_ar: "ذو النورين", response_en: "Dhun-Nurayn" },
          ],
        },
        {
          type: "essay",
          ar: "اذكر درسين نتعلمهما من الهجرة النبوية، ووضّح كيف نطبقهما في حياتنا المدرسية.",
          en: "Give two lessons we learn from the Hijrah and explain how we can apply them in school life.",
          points: 4,
          skill: "islamic.values",
          answer: "من الدروس: التخطيط والأخذ بالأسباب، والصبر، والتضحية، والأخوّة؛ مع أمثلة تطبيقية في المدرسة.",
          essays: {
            good: {
              text: "من دروس الهجرة التخطيطُ والأخذ بالأسباب، فقد أعدّ النبي ﷺ الراحلتين واختار الدليل والطريق. ونطبّق ذلك في المدرسة بتنظيم وقت المذاكرة قبل الاختبارات. ومن دروسها الأخوّة، إذ آخى النبي ﷺ بين المهاجرين والأنصار، ونطبّقها بمساعدة الزميل الجديد حتى يألف المدرسة.",
              score: 4,
            },
            fair: { text: "نتعلم من الهجرة الصبر، لأن النبي ﷺ صبر على أذى قريش. ونطبقه في المدرسة بالصبر على الدراسة وعدم الاستسلام.", score: 2 },
            weak: { text: "هاجر النبي ﷺ من مكة الى المدينة.", score: 0.5 },
          },
        },
      ],
    },
  ],
  social: [
    {
      titleAr: "جغرافيا دولة الإمارات",
      titleEn: "Geography of the UAE",
      subject: "social",
      descriptionAr: "الإمارات السبع وعواصمها والتضاريس.",
      descriptionEn: "The seven emirates, their capitals and the land.",
      minutes: 25,
      status: "published",
      questions: [
        {
          type: "multiple_choice",
          ar: "انظر إلى الخريطة: ما الرقم الذي يدل على إمارة الفجيرة؟",
          en: "Look at the map: which number marks the Emirate of Fujairah?",
          points: 1,
          skill: "social.geography",
          // Drawn for the demo (demo-assets/uae-map.svg), its places numbered so the question reads in both languages.
          image: {
            file: "uae-map.png",
            width: 640,
            height: 440,
            altAr: "خريطة لدولة الإمارات عليها أربعة أرقام: 1 على ساحل الخليج العربي في الغرب، و2 على الساحل نفسه إلى الشمال الشرقي منه، و3 على الساحل الشرقي المطل على خليج عُمان، و4 في أقصى الشمال.",
            altEn: "A map of the UAE with four numbered places: 1 on the Arabian Gulf coast in the west, 2 further north-east along the same coast, 3 on the east coast facing the Gulf of Oman, 4 in the far north.",
          },
          options: [
            { ar: "1", en: "1" },
            { ar: "2", en: "2" },
            { ar: "3", en: "3", correct: true },
            { ar: "4", en: "4" },
          ],
        },
        {
          type: "multiple_choice",
          ar: "كم عدد الإمارات في دولة الإمارات العربية المتحدة؟",
          en: "How many emirates make up the United Arab Emirates?",
          points: 1,
          skill: "social.civics",
          options: [
            { ar: "سبع", en: "Seven", correct: true },
            { ar: "خمس", en: "Five" },
            { ar: "تسع", en: "Nine" },
          ],
        },
        { type: "true_false", ar: "أبوظبي هي عاصمة دولة الإمارات.", en: "Abu Dhabi is the capital of the UAE.", points: 1, skill: "social.civics", options: TF(true) },
        {
          type: "matching",
          ar: "صِل الإمارة بموقعها.",
          en: "Match each emirate with where it lies.",
          points: 2,
          skill: "social.geography",
          pairs: [
            { premise_ar: "الفجيرة", premise_en: "Fujairah", response_ar: "على خليج عُمان", response_en: "On the Gulf of Oman" },
            { premise_ar: "رأس الخيمة", premise_en: "Ras Al Khaimah", response_ar: "في أقصى الشمال", response_en: "In the far north" },
          ],
        },
        { type: "short_answer", ar: "ما أعلى قمة جبلية في دولة الإمارات؟", en: "What is the highest mountain peak in the UAE?", points: 2, skill: "social.geography", answer: "جبل جيس", wrong: "جبل حفيت" },
        {
          type: "essay",
          ar: "صف أثر اكتشاف النفط في تطور دولة الإمارات.",
          en: "Describe how the discovery of oil shaped the development of the UAE.",
          points: 4,
          skill: "social.economics",
          answer: "تحسّن البنية التحتية والتعليم والصحة، وتنويع الاقتصاد لاحقًا، مع أمثلة.",
          essays: {
            good: {
              text: "بعد اكتشاف النفط في أبوظبي وبدء تصديره عام 1962 استُثمرت عائداته في بناء الطرق والموانئ والمدارس والمستشفيات، فارتفع مستوى المعيشة. ثم عملت الدولة على تنويع اقتصادها بالسياحة والتجارة والطيران حتى لا تعتمد على النفط وحده.",
              score: 4,
            },
            fair: { text: "النفط جعل الإمارات دولة غنية، فبنت الطرق والمباني والمدارس.", score: 2 },
            weak: { text: "النفط مهم للسيارات والطائرات.", score: 0.5 },
          },
        },
      ],
    },
    {
      // One question of each item type of issue 36 (docs/decisions/0057, 0058).
      titleAr: "الدراسات الاجتماعية — الخريطة والخط الزمني",
      titleEn: "Social studies — map and timeline",
      subject: "social",
      descriptionAr: "اختيار من متعدد بأكثر من إجابة، وعدد، وترتيب أحداث، وإكمال فراغات، واختيار من قائمة، ونقر على الخريطة.",
      descriptionEn: "Choose all that apply, a number, events in order, gaps to fill, a choice in the sentence and a click on the map.",
      minutes: 20,
      status: "published",
      questions: [
        {
          type: "multiple_response",
          ar: "أيّ هذه الإمارات تطل على ساحل الخليج العربي؟ اختر كل الإجابات الصحيحة.",
          en: "Which of these emirates lie on the Arabian Gulf coast? Choose all that apply.",
          points: 2,
          skill: "social.geography",
          interaction: {
            type: "multiple_response",
            scoring: "partial",
            choices: [
              { id: "abu-dhabi", textAr: "أبوظبي", textEn: "Abu Dhabi", correct: true },
              { id: "dubai", textAr: "دبي", textEn: "Dubai", correct: true },
              { id: "ajman", textAr: "عجمان", textEn: "Ajman", correct: true },
              { id: "fujairah", textAr: "الفجيرة", textEn: "Fujairah" },
            ],
          },
          responses: {
            right: { type: "multiple_response", chosen: ["abu-dhabi", "dubai", "ajman"] },
            wrong: [
              { type: "multiple_response", chosen: ["abu-dhabi", "dubai"] },
              { type: "multiple_response", chosen: ["dubai", "ajman", "fujairah"] },
              { type: "multiple_response", chosen: ["abu-dhabi", "fujairah"] },
            ],
          },
        },
        {
          type: "numeric",
          ar: "في أي عام قام اتحاد دولة الإمارات العربية المتحدة؟",
          en: "In which year was the United Arab Emirates founded?",
          points: 1,
          skill: "social.history",
          interaction: { type: "numeric", answer: 1971, tolerance: 0 },
          responses: { right: { type: "numeric", value: "١٩٧١" }, wrong: [{ type: "numeric", value: "1972" }, { type: "numeric", value: "1968" }] },
        },
        {
          type: "ordering",
          ar: "رتّب الأحداث من الأقدم إلى الأحدث.",
          en: "Put the events in order, the earliest first.",
          points: 3,
          skill: "social.history",
          interaction: {
            type: "ordering",
            scoring: "per_pair",
            items: [
              { id: "oil", textAr: "أول شحنة نفط من أبوظبي", textEn: "The first shipment of oil from Abu Dhabi" },
              { id: "union", textAr: "قيام اتحاد الإمارات", textEn: "The union of the emirates" },
              { id: "rak", textAr: "انضمام رأس الخيمة إلى الاتحاد", textEn: "Ras Al Khaimah joins the union" },
              { id: "expo", textAr: "افتتاح إكسبو 2020 دبي", textEn: "Expo 2020 Dubai opens" },
            ],
          },
          responses: {
            right: { type: "ordering", order: ["oil", "union", "rak", "expo"] },
            wrong: [
              { type: "ordering", order: ["union", "oil", "rak", "expo"] },
              { type: "ordering", order: ["union", "rak", "oil", "expo"] },
              { type: "ordering", order: ["expo", "rak", "union", "oil"] },
            ],
          },
        },
        {
          type: "gap_fill",
          ar: "أكمل الفراغين.",
          en: "Fill in the two gaps.",
          points: 2,
          skill: "social.geography",
          interaction: {
            type: "gap_fill",
            scoring: "per_gap",
            textAr: "أبوظبي هي {{capital}} دولة الإمارات، وأعلى قمة فيها جبل {{peak}}.",
            textEn: "Abu Dhabi is the {{capital}} of the UAE, and its highest peak is Jebel {{peak}}.",
            gaps: [
              { id: "capital", accepted: ["عاصمة", "العاصمة", "capital"] },
              { id: "peak", accepted: ["جيس", "Jais"] },
            ],
          },
          responses: {
            right: { type: "gap_fill", answers: { capital: "عاصمه", peak: "جيس" } },
            wrong: [
              { type: "gap_fill", answers: { capital: "العاصمة", peak: "حفيت" } },
              { type: "gap_fill", answers: { capital: "مدينة", peak: "جيس" } },
              { type: "gap_fill", answers: { capital: "أكبر مدن" } },
            ],
          },
        },
        {
          type: "inline_choice",
          ar: "اختر ما يكمل الجملة.",
          en: "Choose the words that complete the sentence.",
          points: 2,
          skill: "social.geography",
          interaction: {
            type: "inline_choice",
            scoring: "per_gap",
            textAr: "تطل إمارة {{emirate}} على خليج عُمان، وتمتد جبال الحجر في {{side}} الدولة.",
            textEn: "The Emirate of {{emirate}} lies on the Gulf of Oman, and the Hajar Mountains run through the {{side}} of the country.",
            gaps: [
              {
                id: "emirate",
                choices: [
                  { id: "fujairah", textAr: "الفجيرة", textEn: "Fujairah", correct: true },
                  { id: "ajman", textAr: "عجمان", textEn: "Ajman" },
                  { id: "abu-dhabi", textAr: "أبوظبي", textEn: "Abu Dhabi" },
                ],
              },
              {
                id: "side",
                choices: [
                  { id: "east", textAr: "شرق", textEn: "east", correct: true },
                  { id: "west", textAr: "غرب", textEn: "west" },
                  { id: "south", textAr: "جنوب", textEn: "south" },
                ],
              },
            ],
          },
          responses: {
            right: { type: "inline_choice", chosen: { emirate: "fujairah", side: "east" } },
            wrong: [
              { type: "inline_choice", chosen: { emirate: "fujairah", side: "west" } },
              { type: "inline_choice", chosen: { emirate: "ajman", side: "east" } },
              { type: "inline_choice", chosen: { emirate: "abu-dhabi", side: "south" } },
            ],
          },
        },
        {
          type: "hotspot",
          ar: "اختر على الخريطة الموضع الذي يطل على خليج عُمان.",
          en: "On the map, choose the place that faces the Gulf of Oman.",
          points: 1,
          skill: "social.geography",
          // The geography exam's map (demo-assets/uae-map.svg): its numbered places are the areas, circles around them.
          image: {
            file: "uae-map.png",
            width: 640,
            height: 440,
            altAr: "خريطة لدولة الإمارات عليها أربعة أرقام: 1 على ساحل الخليج العربي في الغرب، و2 على الساحل نفسه إلى الشمال الشرقي منه، و3 على الساحل الشرقي المطل على خليج عُمان، و4 في أقصى الشمال.",
            altEn: "A map of the UAE with four numbered places: 1 on the Arabian Gulf coast in the west, 2 further north-east along the same coast, 3 on the east coast facing the Gulf of Oman, 4 in the far north.",
          },
          interaction: {
            type: "hotspot",
            width: 640,
            height: 440,
            maxChoices: 1,
            scoring: "all_or_nothing",
            areas: [
              { id: "p1", textAr: "الموضع 1", textEn: "Place 1", shape: "circle", coords: [341, 214, 24] },
              { id: "p2", textAr: "الموضع 2", textEn: "Place 2", shape: "circle", coords: [442, 136, 24] },
              { id: "p3", textAr: "الموضع 3", textEn: "Place 3", shape: "circle", coords: [561, 144, 24], correct: true },
              { id: "p4", textAr: "الموضع 4", textEn: "Place 4", shape: "circle", coords: [518, 74, 24] },
            ],
          },
          responses: { right: { type: "hotspot", chosen: ["p3"] }, wrong: [{ type: "hotspot", chosen: ["p4"] }, { type: "hotspot", chosen: ["p1"] }] },
        },
      ],
    },
    {
      titleAr: "الحضارات القديمة في الجزيرة العربية",
      titleEn: "Ancient Civilisations of Arabia",
      subject: "social",
      descriptionAr: "مسودة قيد الإعداد.",
      descriptionEn: "A draft in progress.",
      minutes: 30,
      status: "draft",
      questions: [
        { type: "true_false", ar: "تقع آثار مليحة في إمارة الشارقة.", en: "The Mleiha archaeological site is in the Emirate of Sharjah.", points: 1, skill: "social.history", options: TF(true) },
        { type: "essay", ar: "قارن بين حضارتين قديمتين في الجزيرة العربية.", en: "Compare two ancient civilisations of the Arabian Peninsula.", points: 5, skill: "social.history", answer: "أوجه التشابه والاختلاف في النشاط الاقتصادي والعمران." },
      ],
    },
  ],
};

/** Loads the demo in one transaction. Returns the accounts made, or null if the demo is already there. */
export async function seedDemo(db: TDb, storage?: TStorage): Promise<TDemoAccount[] | null> {
  const [present] = await db.select({ id: schools.id }).from(schools).where(sql`${schools.id} = ${DEMO_SCHOOLS[0].id}`).limit(1);
  if (present) return null;
  // Every demo account has the same password: hash it once.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts: TDemoAccount[] = [];

  await db.transaction(async (tx) => {
    const addUser = async (email: string, role: TRole, name: string, schoolId: string | null, username?: string, grade?: number, className?: string) => {
      const [a] = await tx.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
      // A student's gender by first name; Arabic first language for the Arabic names, another for the English ones.
      const student =
        role === "student"
          ? { gender: FEMALE_FIRST_NAMES.has(name.split(" ")[0]!) ? ("female" as const) : ("male" as const), languageBackground: ENGLISH_NAMES.includes(name) ? ("other" as const) : ("arabic" as const) }
          : {};
      await tx.insert(profiles).values({ id: a!.id, email, role, name, schoolId, username: username ?? email.split("@")[0]!, grade, className, ...student });
      accounts.push({ email, role, name, school: schoolId });
      return a!.id;
    };

    await tx.insert(schools).values(DEMO_SCHOOLS.map(({ slug: _slug, ...school }) => school));
    for (const school of DEMO_SCHOOLS) {
      await addUser(`principal.${school.slug}@demo.qias.ae`, "school_admin", school.slug === "dubai" ? "أ. عبدالرحمن الشامسي" : "Dr. Layla Hassan", school.id);
      const teachers = TEACHERS[school.slug]!;
      for (const [i, t] of teachers.entries()) {
        const teacherId = await addUser(`teacher${i + 1}.${school.slug}@demo.qias.ae`, "teacher", t.name, school.id);
        for (const exam of EXAMS[t.subject] ?? []) await insertExam(tx, exam, teacherId, school.id, storage);
        if (t.subject === "arabic") await insertBankItems(tx, teacherId, school.id);
      }
      const names = [...ARABIC_NAMES, ...ENGLISH_NAMES];
      for (const [i, name] of names.entries()) {
        const n = String(i + 1).padStart(2, "0");
        // Grade 8, in two classes: the first half of the roll and the second.
        const first = i < names.length / 2;
        const className = school.slug === "dubai" ? (first ? "8/أ" : "8/ب") : first ? "8A" : "8B";
        await addUser(`student${n}.${school.slug}@demo.qias.ae`, "student", name, school.id, `${school.slug}-s${n}`, 8, className);
      }
    }
  });
  return accounts;
}

type TTxLike = Parameters<Parameters<TDb["transaction"]>[0]>[0];

/**
 * Grade 8 Arabic items of each school's bank that no exam holds yet (issue 34): enough grammar and vocabulary for
 * two parallel forms from a blueprint (3 + 3 items each, none shared) with items to spare. [ar, en, options…]: the
 * first option is the right one; a true/false item has none.
 */
const BANK_SEEDS: { skill: string; items: [string, string, ...[string, string][]][] }[] = [
  {
    skill: "arabic.grammar",
    items: [
      ["ما إعراب كلمة «الطالبُ» في جملة: «نجحَ الطالبُ»؟", "In «نجحَ الطالبُ», what is the grammatical role of «الطالبُ»?", ["فاعل مرفوع", "The subject, nominative"], ["مفعول به منصوب", "The object, accusative"], ["اسم مجرور", "A noun in the genitive"]],
      ["ما جمع التكسير لكلمة «قلم»؟", "What is the broken plural of «قلم» (pen)?", ["أقلام", "أقلام (aqlām)"], ["قلمون", "قلمون (qalamūn)"], ["قلمات", "قلمات (qalamāt)"]],
      ["«كان» فعل ناسخ يرفع المبتدأ وينصب الخبر.", "«كان» makes the subject nominative and the predicate accusative."],
      ["ما علامة نصب جمع المؤنث السالم؟", "What marks the accusative of a sound feminine plural?", ["الكسرة", "The kasra"], ["الفتحة", "The fatha"], ["الياء", "The letter yā'"]],
      ["أيّ الكلمات الآتية فعل مضارع؟", "Which of these words is a present-tense verb?", ["يكتبُ", "يكتبُ (yaktubu)"], ["كتبَ", "كتبَ (kataba)"], ["اكتبْ", "اكتبْ (uktub)"]],
      ["حرف الجرّ يجرّ الاسم الذي بعده.", "A preposition puts the noun after it in the genitive."],
      ["ما نوع «لا» في جملة: «لا تُهمل واجبك»؟", "What kind of «لا» is in «لا تُهمل واجبك»?", ["ناهية", "Prohibitive"], ["نافية", "Negating"], ["زائدة", "Redundant"]],
      ["ما المثنى من كلمة «كتاب» في حالة الرفع؟", "What is the dual of «كتاب» in the nominative?", ["كتابان", "كتابان (kitābān)"], ["كتابين", "كتابين (kitābayn)"], ["كتب", "كتب (kutub)"]],
    ],
  },
  {
    skill: "arabic.vocabulary",
    items: [
      ["ما مرادف كلمة «الشجاعة»؟", "What is a synonym of «الشجاعة» (courage)?", ["الإقدام", "Boldness"], ["الخوف", "Fear"], ["التردد", "Hesitation"]],
      ["ما ضدّ كلمة «الكرم»؟", "What is the opposite of «الكرم» (generosity)?", ["البخل", "Stinginess"], ["العطاء", "Giving"], ["الجود", "Bounty"]],
      ["ما معنى «يُثابر»؟", "What does «يُثابر» mean?", ["يستمر في العمل بجدّ", "Keeps working hard"], ["يتوقف", "Stops"], ["يتكاسل", "Idles"]],
      ["ما مفرد كلمة «معارف»؟", "What is the singular of «معارف»?", ["معرفة", "معرفة (maʿrifa)"], ["عُرف", "عُرف (ʿurf)"], ["معروف", "معروف (maʿrūf)"]],
      ["كلمة «الوفاء» تعني الالتزام بالعهد.", "«الوفاء» means keeping one's promise."],
      ["ما معنى «الحِلم»؟", "What does «الحِلم» mean?", ["الأناة وضبط النفس", "Patience and self-control"], ["النوم", "Sleep"], ["الغضب", "Anger"]],
      ["ما ضدّ كلمة «القريب»؟", "What is the opposite of «القريب» (near)?", ["البعيد", "Far"], ["الجار", "Neighbour"], ["الداني", "Close"]],
      ["ما مرادف «الجِدّ»؟", "What is a synonym of «الجِدّ» (diligence)?", ["الاجتهاد", "Effort"], ["اللعب", "Play"], ["الكسل", "Laziness"]],
    ],
  },
];

async function insertBankItems(tx: TTxLike, teacherId: string, schoolId: string) {
  const actor: TSessionUser = { id: teacherId, username: teacherId, email: "", role: "teacher", schoolId, name: "", grade: null };
  for (const { skill, items } of BANK_SEEDS) {
    for (const [ar, en, ...options] of items) {
      const type = options.length ? ("multiple_choice" as const) : ("true_false" as const);
      const choices = options.length ? options : [["صح", "True"], ["خطأ", "False"]];
      await createItem(tx, actor, { subjectId: "arabic", grade: 8, schoolId }, {
        type,
        questionTextAr: ar,
        questionTextEn: en,
        questionDocAr: null,
        questionDocEn: null,
        image: null,
        audio: null,
        points: 1,
        correctAnswerText: null,
        matchingPairs: [],
        skillId: skill,
        options: choices.map(([optionTextAr, optionTextEn], i) => ({ optionTextAr: optionTextAr!, optionTextEn: optionTextEn!, optionDocAr: null, optionDocEn: null, image: null, isCorrect: i === 0 })),
        passage: null,
      });
    }
  }
}

async function insertExam(tx: TTxLike, seed: TExamSeed, creatorId: string, schoolId: string, storage?: TStorage) {
  const [exam] = await tx
    .insert(exams)
    .values({ titleAr: seed.titleAr, titleEn: seed.titleEn, subjectId: seed.subject, descriptionAr: seed.descriptionAr, descriptionEn: seed.descriptionEn, durationMinutes: seed.minutes, status: seed.status, creatorId })
    .returning({ id: exams.id });
  await tx.insert(examSchools).values({ examId: exam!.id, schoolId });
  const passage = seed.passage
    ? (
        await tx
          .insert(passages)
          .values({ examId: exam!.id, titleAr: seed.passage.titleAr, titleEn: seed.passage.titleEn, textAr: richPlainText(seed.passage.docAr), textEn: richPlainText(seed.passage.docEn), docAr: seed.passage.docAr, docEn: seed.passage.docEn })
          .returning({ id: passages.id })
      )[0]
    : undefined;
  // Each question becomes a bank item of its own once written (docs/decisions/0036).
  const draft = await draftVersion(tx, seed.subject);
  for (const [position, q] of seed.questions.entries()) {
    // Without storage (a test that does not need pictures) the question is shown without its image.
    let imageId: string | null = null;
    if (q.image && storage) {
      const key = `media/${randomUUID()}`;
      const file = fileURLToPath(new URL(`./demo-assets/${q.image.file}`, import.meta.url));
      await storage.put(key, file, "image/png");
      const { size } = await fsp.stat(file);
      const [m] = await tx
        .insert(examMedia)
        .values({ ownerId: creatorId, examId: exam!.id, contentType: "image/png", sizeBytes: size, width: q.image.width, height: q.image.height, storageKey: key })
        .returning({ id: examMedia.id });
      imageId = m!.id;
    }
    const [question] = await tx
      .insert(questions)
      .values({
        examId: exam!.id,
        position,
        questionTextAr: q.docAr ? richPlainText(q.docAr) : q.ar,
        questionTextEn: q.docEn ? richPlainText(q.docEn) : q.en,
        questionDocAr: q.docAr ?? null,
        questionDocEn: q.docEn ?? null,
        passageId: q.onPassage ? passage!.id : null,
        imageId,
        imageAltAr: imageId ? q.image!.altAr : "",
        imageAltEn: imageId ? q.image!.altEn : "",
        type: q.type,
        points: q.points,
        correctAnswerText: q.answer ?? null,
        skillId: q.skill,
        matchingPairs: q.pairs ?? null,
        // Parsed as an exam save would: a demo that breaks a rule of its type fails here, not on a page.
        interaction: q.interaction ? ZInteraction.parse(q.interaction) : null,
        itemVersionId: draft,
      })
      .returning({ id: questions.id });
    if (q.options?.length) {
      await tx.insert(questionOptions).values(
        q.options.map((o, i) => ({ questionId: question!.id, position: i, optionTextAr: o.ar, optionTextEn: o.en, isCorrect: !!o.correct })),
      );
    }
  }
  await versionsFromRows(tx, exam!.id);
}

// ---- the story: attempts, marks, reports, plans and files

/** How likely each student (05–20) is to get a question right: a class from excellent to struggling. */
const ABILITY: Record<number, number> = {
  5: 0.95, 6: 0.9, 7: 0.35, 8: 0.8, 9: 0.55, 10: 0.7, 11: 0.85, 12: 0.45,
  13: 0.65, 14: 0.75, 15: 0.3, 16: 0.6, 17: 0.9, 18: 0.5, 19: 0.4, 20: 0.8,
};
/** Essays are marked for students 05–16; 17–20 wait in the teachers' grading queues. */
const LAST_GRADED = 16;
/** Reports and plans already generated for students 05–10; the others wait for a click or the bulk job. */
const LAST_REPORTED = 10;

/** The same number in [0, 1) for the same student, exam and question, whatever the run. */
function roll(...keys: (string | number)[]): number {
  let h = 2166136261;
  for (const c of keys.join("|")) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return (h % 1000) / 1000;
}

const quality = (ability: number, r: number): TQuality => (r < ability - 0.15 ? "good" : r < ability + 0.2 ? "fair" : "weak");

const COMMENTS: Record<"ar" | "en", Record<TQuality | "wrong", string>> = {
  ar: {
    good: "أحسنت، إجابة وافية ومنظمة.",
    fair: "بداية صحيحة؛ تحتاج إلى أمثلة وتفصيل أكثر.",
    weak: "راجع الدرس وأعد المحاولة؛ الإجابة لا تغطي المطلوب.",
    wrong: "الإجابة غير صحيحة؛ راجع الدرس.",
  },
  en: {
    good: "Well done: complete and well organised.",
    fair: "A sound start; add examples and more detail.",
    weak: "Please revisit the lesson: the answer does not cover what was asked.",
    wrong: "Not correct; please revisit the lesson.",
  },
};

/** Material a teacher already has, tagged to the skills it helps with, so plans can point students to it. */
const DEMO_FILES: { teacher: number; name: string; skills: string[]; body: string }[] = [
  {
    teacher: 1,
    name: "ورقة عمل - المفردات والأضداد.txt",
    skills: ["arabic.vocabulary"],
    body: "ورقة عمل: المفردات والأضداد\n\n١. اكتب ضدّ كل كلمة: طويل، سريع، قريب، كبير، فرح.\n٢. اختر مرادف الكلمة: الوفاء (الإخلاص / الغضب)، الشجاعة (الإقدام / الخوف).\n٣. استعمل ثلاث كلمات جديدة في جمل من إنشائك.\n",
  },
  {
    teacher: 1,
    name: "تدريبات الجمع والإفراد.txt",
    skills: ["arabic.morphology", "arabic.grammar"],
    body: "تدريبات الجمع والإفراد\n\nاجمع الكلمات الآتية جمع تكسير: كتاب، قلم، درس، مدرسة.\nأفرد الجموع الآتية: بيوت، أشجار، علماء.\nضع كل جمع في جملة اسمية، وحدّد المبتدأ والخبر.\n",
  },
  {
    teacher: 1,
    name: "بطاقة كتابة الفقرة.txt",
    skills: ["arabic.writing"],
    body: "بطاقة كتابة الفقرة\n\n- جملة افتتاحية تذكر الفكرة.\n- ثلاث جمل داعمة بأمثلة من حياتك.\n- أدوات ربط: ثم، لكنّ، لأنّ، لذلك.\n- جملة ختامية.\n- راجع الإملاء وعلامات الترقيم قبل التسليم.\n",
  },
  {
    teacher: 2,
    name: "دروس من الهجرة النبوية - قائمة قراءة.txt",
    skills: ["islamic.seerah", "islamic.values"],
    body: "دروس من الهجرة النبوية\n\n١. التخطيط والأخذ بالأسباب: إعداد الراحلتين واختيار الدليل.\n٢. الصبر والثبات.\n٣. الأخوّة بين المهاجرين والأنصار.\nنشاط: اكتب موقفًا من حياتك المدرسية طبّقت فيه أحد هذه الدروس.\n",
  },
  {
    teacher: 3,
    name: "خريطة الإمارات - ورقة عمل.txt",
    skills: ["social.geography", "social.civics"],
    body: "خريطة الإمارات — ورقة عمل\n\nحدّد على الخريطة الإمارات السبع وعواصمها.\nلوّن سلسلة جبال الحجر، وضع علامة على جبل جيس.\nاذكر إمارتين تطلان على خليج عُمان.\n",
  },
  {
    teacher: 3,
    name: "UAE economy - reading list.txt",
    skills: ["social.economics"],
    body: "The UAE economy: a reading list\n\n1. From pearls to oil: the economy before and after 1962.\n2. Diversification: tourism, trade, aviation and renewable energy.\nTask: list three sectors that grew after oil, with one example each.\n",
  },
];

export type TDemoStory = { attempts: number; graded: number; reports: number; plans: number; files: number };

/**
 * Students 05–20 of each school have sat their school's published exams, answering as their ability lets
 * them: right or wrong choices, matching pairs chosen on their own shuffled paper, essays that answer the
 * question well, fairly or weakly. Teachers have marked the essays of students 05–16 and tagged their
 * worksheets to skills; reports and plans exist for students 05–10. Students 01–04 are left fresh for trying
 * the exams yourself. Everything goes through the same service functions as the API.
 */
export async function seedDemoAttempts(db: TDb, storage: TStorage): Promise<TDemoStory | null> {
  const [done] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from student_exams`));
  if (done && Number(done.n) > 0) return null;
  const story: TDemoStory = { attempts: 0, graded: 0, reports: 0, plans: 0, files: 0 };
  const staff = await db.select().from(profiles).where(sql`${profiles.role} = 'teacher' and ${profiles.email} like '%@demo.qias.ae'`);
  const asUser = (p: typeof profiles.$inferSelect): TSessionUser => ({ id: p.id, username: p.username ?? p.email, email: p.email, role: p.role, schoolId: p.schoolId, name: p.name ?? "", grade: p.grade });
  const teacherOf = new Map(staff.map((t) => [t.id, asUser(t)]));

  story.files = await seedDemoFiles(db, storage, staff.map(asUser));

  const students = await db
    .select()
    .from(profiles)
    .where(sql`${profiles.role} = 'student' and ${profiles.email} like 'student%@demo.qias.ae'`)
    .orderBy(profiles.email);
  for (const s of students) {
    const n = Number(/student(\d+)\./.exec(s.email)?.[1] ?? 0);
    const ability = ABILITY[n];
    if (ability === undefined) continue;
    const student = asUser(s);
    for (const offered of (await findStudentOverview(db, student)).available) {
      const examId = offered.examId;
      const [exam] = await db.select().from(exams).where(sql`${exams.id} = ${examId}`);
      const seed = Object.values(EXAMS).flat().find((e) => e.titleEn === exam!.titleEn)!;
      const attempt = await startAttempt(db, student, examId, ENGLISH_NAMES.includes(s.name) ? "en" : "ar");
      const version = (await getExamVersion(db, examId))!;
      const qs = await db.select().from(questions).where(sql`${questions.examId} = ${examId}`).orderBy(questions.position);
      const essayQuality = new Map<string, TQuality>();
      for (const [qi, q] of qs.entries()) {
        const qSeed = seed.questions[q.position]!;
        const r = roll(s.email, seed.titleEn, qi);
        if (r > 0.97) continue; // now and then a question left blank
        const right = r < ability;
        const options = await db.select().from(questionOptions).where(sql`${questionOptions.questionId} = ${q.id}`).orderBy(questionOptions.position);
        let matching: number[] | null = null;
        if (q.type === "matching") {
          // The paper shows the responses shuffled: answer with the shown position of the response meant.
          const order = version.keys.get(q.id)!.order;
          const pairs = q.matchingPairs ?? [];
          const meant = pairs.map((_, k) => (right || k > 1 ? k : 1 - k)); // a wrong answer swaps the first two
          matching = meant.map((k) => order.indexOf(k));
        }
        let answerText: string | null = null;
        if (q.type === "short_answer") answerText = right ? q.correctAnswerText : (qSeed.wrong ?? "لا أعرف");
        if (q.type === "essay") {
          const level = quality(ability, roll(s.email, seed.titleEn, qi, "essay"));
          essayQuality.set(q.id, level);
          answerText = qSeed.essays?.[level].text ?? null;
        }
        const selectedOptionId = options.length ? (options.find((o) => o.isCorrect === right) ?? options[0]!).id : null;
        // An item type's answer: the right one, or one of its wrong ones (some of which earn part of the points).
        const wrongs = qSeed.responses?.wrong ?? [];
        const response = qSeed.responses ? (right || !wrongs.length ? qSeed.responses.right : wrongs[Math.floor(roll(s.email, seed.titleEn, qi, "wrong") * wrongs.length)]!) : null;
        await saveAnswer(db, student, attempt.id, q.id, { examId, clientSeq: 1, selectedOptionId, answerText, matching, response });
      }
      await submitAttempt(db, student, attempt.id);
      story.attempts++;

      if (n > LAST_GRADED) continue;
      const teacher = teacherOf.get(exam!.creatorId!)!;
      const lang = /^[A-Za-z]/.test(teacher.name) ? "en" : "ar";
      const waiting = await db
        .select({ id: studentAnswers.id, questionId: studentAnswers.questionId, answerText: studentAnswers.answerText })
        .from(studentAnswers)
        .where(sql`${studentAnswers.studentExamId} = ${attempt.id} and ${studentAnswers.score} is null`);
      let status = "completed";
      for (const a of waiting) {
        const q = qs.find((x) => x.id === a.questionId)!;
        const level = essayQuality.get(q.id);
        const qSeed = seed.questions[q.position]!;
        // A short answer the marker could not match exactly is the seeded wrong one: the teacher gives 0.
        const mark = level ? { score: qSeed.essays![level].score, comment: COMMENTS[lang][level] } : { score: 0, comment: COMMENTS[lang].wrong };
        status = (await gradeAnswer(db, teacher, a.id, mark)).attemptStatus;
      }
      if (status === "graded" || waiting.length === 0) story.graded++;
      if (n > LAST_REPORTED) continue;
      await generateReport(db, rulesWriter, teacher, attempt.id);
      await generatePlan(db, rulesWriter, teacher, attempt.id);
      story.reports++;
      story.plans++;
    }
  }
  await seedDemoSittings(db);
  return story;
}

async function seedDemoFiles(db: TDb, storage: TStorage, teachers: TSessionUser[]): Promise<number> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "qias-demo-"));
  let count = 0;
  try {
    for (const school of DEMO_SCHOOLS) {
      for (const f of DEMO_FILES) {
        const teacher = teachers.find((t) => t.email === `teacher${f.teacher}.${school.slug}@demo.qias.ae`)!;
        const tempFile = path.join(dir, `${count}.txt`);
        await fsp.writeFile(tempFile, f.body);
        await uploadFile(db, storage, teacher, { name: f.name, tempFile, contentType: "text/plain; charset=utf-8", sizeBytes: Buffer.byteLength(f.body), studentIds: [], skillIds: f.skills });
        count++;
      }
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return count;
}

/**
 * Exam day (issue 16): the grammar review, published after the story above, is sat by each school's grade 8
 * tomorrow at 08:00 in the UAE (04:00 UTC), entry for a quarter of an hour: its students see it on their exam
 * list and wait in its lobby; staff see it on Exam day.
 */
async function seedDemoSittings(db: TDb): Promise<void> {
  const grammar = await db.select({ id: exams.id, creatorId: exams.creatorId }).from(exams).where(sql`${exams.titleEn} = 'Grammar: The Nominal Sentence'`);
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1);
  start.setUTCHours(4, 0, 0, 0);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  for (const exam of grammar) {
    const [audience] = await db.select({ schoolId: examSchools.schoolId }).from(examSchools).where(sql`${examSchools.examId} = ${exam.id}`);
    await db.insert(sittings).values({ examId: exam.id, schoolId: audience?.schoolId ?? null, grade: 8, startsAt: start, entryClosesAt: at(15), endsAt: at(45), createdById: exam.creatorId });
    await db.update(exams).set({ status: "published", updatedAt: new Date() }).where(sql`${exams.id} = ${exam.id}`);
  }
  // A server already running over the same PostgreSQL hears of it.
  await examsChanged(db, grammar.map((e) => e.id));
}
