// A believable demo: two schools in UAE cities, their staff and students, and exams of all five question
// types. Used by `npm run demo` and by the browser tests (which add accounts of their own).
import { sql } from "drizzle-orm";
import { rowsOf, type TDb } from "./db/client";
import { authUsers, examSchools, exams, profiles, questionOptions, questions, schools, type TMatchingPair } from "./db/schema";
import { hashPassword } from "./auth/password";
import type { TRole, TSessionUser } from "../shared/permissions";
import { findStudentOverview, saveAnswer, startAttempt, submitAttempt } from "./modules/attempts/attempts.service";

export const DEMO_PASSWORD = "Demo123!";

export const DEMO_SCHOOLS = [
  { id: "school_dubai", name: "مدرسة النهضة النموذجية", city: "دبي", slug: "dubai" },
  { id: "school_alain", name: "Al Ain Academy of Excellence", city: "Al Ain", slug: "alain" },
] as const;

const ARABIC_NAMES = [
  "أحمد المنصوري", "فاطمة الشامسي", "محمد الكعبي", "مريم الظاهري", "خالد النعيمي", "عائشة المهيري", "سعيد الهاشمي",
  "نورة السويدي", "عبدالله البلوشي", "شمّا الفلاسي", "راشد المزروعي", "حصة القبيسي", "سلطان العامري", "ميثاء الرميثي",
  "حمدان الكتبي", "روضة المرر", "يوسف الحمادي", "لطيفة الجنيبي", "عمر الشحي", "آمنة الطنيجي", "زايد الدرعي", "موزة النقبي",
];
const ENGLISH_NAMES = ["Aisha Khan", "Daniel Mathew", "Sara Joseph", "Omar Siddiqui", "Hannah Thomas", "Arjun Nair", "Lina Haddad", "Adam Brooks"];

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
  type: "multiple_choice" | "true_false" | "essay" | "short_answer" | "matching";
  ar: string;
  en: string;
  points: number;
  options?: { ar: string; en: string; correct?: boolean }[];
  answer?: string;
  pairs?: TMatchingPair[];
};

type TExamSeed = {
  titleAr: string;
  titleEn: string;
  subject: string;
  description: string;
  minutes: number | null;
  status: "draft" | "published" | "archived";
  questions: TQuestionSeed[];
};

const TF = (correct: boolean) => [
  { ar: "صح", en: "True", correct },
  { ar: "خطأ", en: "False", correct: !correct },
];

const EXAMS: Record<string, TExamSeed[]> = {
  arabic: [
    {
      titleAr: "اختبار القراءة والفهم — الصف السادس",
      titleEn: "Reading Comprehension — Grade 6",
      subject: "arabic",
      description: "نص قصير عن الصداقة تليه أسئلة في الفهم والمفردات والتعبير.",
      minutes: 30,
      status: "published",
      questions: [
        {
          type: "multiple_choice",
          ar: "ما مرادف كلمة «الوفاء»؟",
          en: "What is a synonym of the word “al-wafa” (loyalty)?",
          points: 2,
          options: [
            { ar: "الإخلاص", en: "Faithfulness", correct: true },
            { ar: "الغضب", en: "Anger" },
            { ar: "الكسل", en: "Laziness" },
            { ar: "السرعة", en: "Speed" },
          ],
        },
        { type: "true_false", ar: "الفاعل في اللغة العربية مرفوع دائمًا.", en: "In Arabic, the subject (al-fa'il) is always in the nominative case.", points: 1, options: TF(true) },
        { type: "short_answer", ar: "ما جمع كلمة «كتاب»؟", en: "What is the plural of the word “kitab” (book)? Write it in Arabic.", points: 2, answer: "كتب" },
        {
          type: "matching",
          ar: "صِل كل كلمة بضدّها.",
          en: "Match each word with its opposite.",
          points: 3,
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
          answer: "فقرة مترابطة تتضمن وصف الصديق ومواقف تدل على الوفاء، مع استعمال أدوات ربط مثل: ثم، لكنّ، لأنّ.",
        },
      ],
    },
    {
      titleAr: "النحو: الجملة الاسمية",
      titleEn: "Grammar: The Nominal Sentence",
      subject: "arabic",
      description: "مراجعة المبتدأ والخبر وعلامات إعرابهما.",
      minutes: 20,
      status: "draft",
      questions: [
        {
          type: "multiple_choice",
          ar: "في جملة «العلمُ نورٌ»، ما إعراب كلمة «نورٌ»؟",
          en: "In the sentence “al-'ilmu nurun” (knowledge is light), what is the grammatical role of “nurun”?",
          points: 2,
          options: [
            { ar: "خبر مرفوع", en: "Predicate, nominative", correct: true },
            { ar: "مبتدأ مرفوع", en: "Subject, nominative" },
            { ar: "مفعول به منصوب", en: "Object, accusative" },
          ],
        },
        { type: "true_false", ar: "المبتدأ يكون منصوبًا.", en: "The subject of a nominal sentence is in the accusative case.", points: 1, options: TF(false) },
      ],
    },
  ],
  islamic: [
    {
      titleAr: "السيرة النبوية — الصف السابع",
      titleEn: "The Prophet's Biography — Grade 7",
      subject: "islamic",
      description: "أحداث الهجرة النبوية ودروسها.",
      minutes: 45,
      status: "published",
      questions: [
        {
          type: "multiple_choice",
          ar: "إلى أي مدينة هاجر النبي ﷺ؟",
          en: "To which city did the Prophet ﷺ migrate?",
          points: 1,
          options: [
            { ar: "المدينة المنورة", en: "Madinah", correct: true },
            { ar: "الطائف", en: "Taif" },
            { ar: "القدس", en: "Jerusalem" },
          ],
        },
        { type: "true_false", ar: "رافق أبو بكر الصديق رضي الله عنه النبيَّ ﷺ في الهجرة.", en: "Abu Bakr As-Siddiq accompanied the Prophet ﷺ on the Hijrah.", points: 1, options: TF(true) },
        { type: "short_answer", ar: "ما اسم الغار الذي اختبأ فيه النبي ﷺ وصاحبه؟", en: "What is the name of the cave where the Prophet ﷺ and his companion hid?", points: 2, answer: "غار ثور" },
        {
          type: "matching",
          ar: "صِل الصحابي بلقبه.",
          en: "Match each companion with his title.",
          points: 3,
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
          answer: "من الدروس: التخطيط والأخذ بالأسباب، والصبر، والتضحية، والأخوّة؛ مع أمثلة تطبيقية في المدرسة.",
        },
      ],
    },
  ],
  social: [
    {
      titleAr: "جغرافيا دولة الإمارات",
      titleEn: "Geography of the UAE",
      subject: "social",
      description: "الإمارات السبع وعواصمها والتضاريس.",
      minutes: 25,
      status: "published",
      questions: [
        {
          type: "multiple_choice",
          ar: "كم عدد الإمارات في دولة الإمارات العربية المتحدة؟",
          en: "How many emirates make up the United Arab Emirates?",
          points: 1,
          options: [
            { ar: "سبع", en: "Seven", correct: true },
            { ar: "خمس", en: "Five" },
            { ar: "تسع", en: "Nine" },
          ],
        },
        { type: "true_false", ar: "أبوظبي هي عاصمة دولة الإمارات.", en: "Abu Dhabi is the capital of the UAE.", points: 1, options: TF(true) },
        {
          type: "matching",
          ar: "صِل الإمارة بموقعها.",
          en: "Match each emirate with where it lies.",
          points: 2,
          pairs: [
            { premise_ar: "الفجيرة", premise_en: "Fujairah", response_ar: "على خليج عُمان", response_en: "On the Gulf of Oman" },
            { premise_ar: "رأس الخيمة", premise_en: "Ras Al Khaimah", response_ar: "في أقصى الشمال", response_en: "In the far north" },
          ],
        },
        { type: "short_answer", ar: "ما أعلى قمة جبلية في دولة الإمارات؟", en: "What is the highest mountain peak in the UAE?", points: 2, answer: "جبل جيس" },
        {
          type: "essay",
          ar: "صف أثر اكتشاف النفط في تطور دولة الإمارات.",
          en: "Describe how the discovery of oil shaped the development of the UAE.",
          points: 4,
          answer: "تحسّن البنية التحتية والتعليم والصحة، وتنويع الاقتصاد لاحقًا، مع أمثلة.",
        },
      ],
    },
    {
      titleAr: "الحضارات القديمة في الجزيرة العربية",
      titleEn: "Ancient Civilisations of Arabia",
      subject: "social",
      description: "مسودة قيد الإعداد.",
      minutes: 30,
      status: "draft",
      questions: [
        { type: "true_false", ar: "تقع آثار مليحة في إمارة الشارقة.", en: "The Mleiha archaeological site is in the Emirate of Sharjah.", points: 1, options: TF(true) },
        { type: "essay", ar: "قارن بين حضارتين قديمتين في الجزيرة العربية.", en: "Compare two ancient civilisations of the Arabian Peninsula.", points: 5, answer: "أوجه التشابه والاختلاف في النشاط الاقتصادي والعمران." },
      ],
    },
  ],
};

/** Loads the demo in one transaction. Returns the accounts made, or null if the demo is already there. */
export async function seedDemo(db: TDb): Promise<TDemoAccount[] | null> {
  const [present] = await db.select({ id: schools.id }).from(schools).where(sql`${schools.id} = ${DEMO_SCHOOLS[0].id}`).limit(1);
  if (present) return null;
  // Every demo account has the same password: hash it once.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts: TDemoAccount[] = [];

  await db.transaction(async (tx) => {
    const addUser = async (email: string, role: TRole, name: string, schoolId: string | null, username?: string) => {
      const [a] = await tx.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
      await tx.insert(profiles).values({ id: a!.id, email, role, name, schoolId, username: username ?? email.split("@")[0]! });
      accounts.push({ email, role, name, school: schoolId });
      return a!.id;
    };

    await tx.insert(schools).values(DEMO_SCHOOLS.map(({ id, name, city }) => ({ id, name, city })));
    for (const school of DEMO_SCHOOLS) {
      await addUser(`principal.${school.slug}@demo.qias.ae`, "school_admin", school.slug === "dubai" ? "أ. عبدالرحمن الشامسي" : "Dr. Layla Hassan", school.id);
      const teachers = TEACHERS[school.slug]!;
      for (const [i, t] of teachers.entries()) {
        const teacherId = await addUser(`teacher${i + 1}.${school.slug}@demo.qias.ae`, "teacher", t.name, school.id);
        for (const exam of EXAMS[t.subject] ?? []) await insertExam(tx, exam, teacherId, school.id);
      }
      const names = [...ARABIC_NAMES, ...ENGLISH_NAMES];
      for (const [i, name] of names.entries()) {
        const n = String(i + 1).padStart(2, "0");
        await addUser(`student${n}.${school.slug}@demo.qias.ae`, "student", name, school.id, `${school.slug}-s${n}`);
      }
    }
  });
  return accounts;
}

type TTxLike = Parameters<Parameters<TDb["transaction"]>[0]>[0];

async function insertExam(tx: TTxLike, seed: TExamSeed, creatorId: string, schoolId: string) {
  const [exam] = await tx
    .insert(exams)
    .values({ titleAr: seed.titleAr, titleEn: seed.titleEn, subjectId: seed.subject, description: seed.description, durationMinutes: seed.minutes, status: seed.status, creatorId })
    .returning({ id: exams.id });
  await tx.insert(examSchools).values({ examId: exam!.id, schoolId });
  for (const [position, q] of seed.questions.entries()) {
    const [question] = await tx
      .insert(questions)
      .values({
        examId: exam!.id,
        position,
        questionTextAr: q.ar,
        questionTextEn: q.en,
        type: q.type,
        points: q.points,
        correctAnswerText: q.answer ?? null,
        matchingPairs: q.pairs ?? null,
      })
      .returning({ id: questions.id });
    if (q.options?.length) {
      await tx.insert(questionOptions).values(
        q.options.map((o, i) => ({ questionId: question!.id, position: i, optionTextAr: o.ar, optionTextEn: o.en, isCorrect: !!o.correct })),
      );
    }
  }
}

/**
 * Some students have already sat their school's published exams, so results, reports and the grading queue
 * have something to show. Students 01–04 of each school are left fresh for trying the exams yourself.
 * Runs through the same service functions as the API: the attempts are real, marked as any other.
 */
export async function seedDemoAttempts(db: TDb): Promise<number> {
  const [done] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from student_exams`));
  if (done && Number(done.n) > 0) return 0;
  const students = await db
    .select()
    .from(profiles)
    .where(sql`${profiles.role} = 'student' and ${profiles.email} like 'student%@demo.qias.ae'`)
    .orderBy(profiles.email);
  let count = 0;
  for (const [i, s] of students.entries()) {
    const n = Number(/student(\d+)\./.exec(s.email)?.[1] ?? 0);
    if (n <= 4 || n > 20) continue;
    const user: TSessionUser = { id: s.id, username: s.username ?? s.email, email: s.email, role: "student", schoolId: s.schoolId, name: s.name ?? "" };
    const offered = (await findStudentOverview(db, user)).available;
    for (const exam of offered) {
      const attempt = await startAttempt(db, user, exam.examId);
      const qs = await db.select().from(questions).where(sql`${questions.examId} = ${exam.examId}`).orderBy(questions.position);
      for (const [qi, q] of qs.entries()) {
        // A believable spread: most answers right, some wrong, a few left blank.
        const roll = (i * 7 + qi * 3 + n) % 10;
        if (roll === 9) continue;
        const right = roll < 7;
        const options = await db.select().from(questionOptions).where(sql`${questionOptions.questionId} = ${q.id}`).orderBy(questionOptions.position);
        const input = {
          examId: exam.examId,
          clientSeq: 1,
          selectedOptionId: options.length ? (options.find((o) => o.isCorrect === right) ?? options[0]!).id : null,
          answerText:
            q.type === "short_answer" ? (right ? q.correctAnswerText : "لا أعرف") : q.type === "essay" ? ESSAY_ANSWERS[(n + qi) % ESSAY_ANSWERS.length]! : null,
          matching: q.type === "matching" ? (q.matchingPairs ?? []).map((_, k, all) => (right ? k : (k + 1) % all.length)) : null,
        };
        await saveAnswer(db, user, attempt.id, q.id, input);
      }
      await submitAttempt(db, user, attempt.id);
      count++;
    }
  }
  return count;
}

const ESSAY_ANSWERS = [
  "هاجر النبي ﷺ من مكة إلى المدينة بعد أن اشتد أذى قريش، فآخى بين المهاجرين والأنصار وبنى المسجد، فكانت الهجرة بداية قيام الدولة الإسلامية.",
  "The Hijrah moved the Muslim community to Madinah, where the Prophet built the mosque and joined the Muhajirun and the Ansar as brothers.",
  "كانت الهجرة حدثًا عظيمًا لأنها نقلت المسلمين من الضعف إلى القوة.",
];
