// Item analysis of one exam (issue 15), over the graded attempts the reader may see (reachOf): the database sums
// what the statistics need — per question n, Σx, Σx², Σx·T, the upper and lower groups' means, the choices made —
// and stats.ts turns the sums into figures. No answer is loaded into Node, so 5,000 attempts cost three
// aggregate queries.
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { seenBySql } from "../bank/views";
import { rowsOf, type TDbOrTx } from "../../db/client";
import { examFormQuestions, examForms, profiles, questionOptions, questions, skills, studentExams, exams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { canSeeExamKey, type TSessionUser } from "../../../shared/permissions";
import { attractsStrong, ITEM_FLAG_LIMITS, type TItemAnalysis, type TItemFlag, type TItemStats } from "../../../shared/schemas/analytics";
import { ATTEMPT_PERCENT, audienceSizeOf, loadExamInReach, reachOf, whoseAttempts } from "../results/results.service";
import { cachedByVersion } from "./version-cache";
import { examFiguresVersion, OMITTED, reliabilityRefreshing } from "./figures";
import { alphaOf, groupSizeOf, itemRestCorrelation, kelleyGroupsOf, medianOf, semOf, varianceOf, type TGroupEdge } from "./stats";
import { CHOSEN_ENTRIES, ENTRY_TYPES, entryTables, OMISSION_KEYED_SQL, OMITTED_KEY, type TChoiceCount } from "./entry-distractors";

const CHOICE_TYPES = new Set(["multiple_choice", "true_false"]);

/**
 * The graded attempts in reach (`att`): their total and percentage. The exam and the student's profile are joined only
 * for a reach that names them: every school's attempts are read from student_exams alone.
 */
function attemptsInReach(examId: string, reach: SQL | undefined, formId: string | null): SQL {
  return sql`
    att as (
      select student_exams.id as id, student_exams.started_at as started_at, student_exams.form_id as form_id,
        coalesce(student_exams.score, 0)::float8 as total,
        ${ATTEMPT_PERCENT} as pct
      from student_exams
      ${reach ? sql`join exams on exams.id = student_exams.exam_id join profiles on profiles.id = student_exams.student_id` : sql``}
      where student_exams.exam_id = ${examId} and student_exams.status = 'graded' ${reach ? sql`and ${reach}` : sql``}
        ${formId ? sql`and student_exams.form_id = ${formId}` : sql``}
    )`;
}

/**
 * The graded attempts in reach counted by total and percentage: what the median and Kelley's groups need
 * (kelleyGroupsOf), a few dozen rows however many attempts — no attempt is sorted.
 */
async function scoreCounts(db: TDbOrTx, examId: string, reach: SQL | undefined, formId: string | null) {
  return rowsOf<{ total: number; pct: number; n: number }>(
    await db.execute(sql`with ${attemptsInReach(examId, reach, formId)} select total, pct, count(*)::int as n from att group by 1, 2`),
  );
}

/** An attempt's weight in each of Kelley's groups (weightInGroup), in SQL over a column of totals; 0 without groups. */
function groupWeights(total: SQL, groups: TGroups): { upper: SQL; lower: SQL } {
  if (!groups) return { upper: sql`0::float8`, lower: sql`0::float8` };
  const weight = (edge: TGroupEdge, beyond: SQL) =>
    sql`(case when ${total} = ${edge.cut}::float8 then ${edge.share}::float8 when ${beyond} then 1 else 0 end)::float8`;
  return {
    upper: weight(groups.upper, sql`${total} > ${groups.upper.cut}::float8`),
    lower: weight(groups.lower, sql`${total} < ${groups.lower.cut}::float8`),
  };
}

type TGroups = ReturnType<typeof kelleyGroupsOf>;
type TSummaryRow = { n: number; mean: number | null; median: number | null; sd: number | null; total_var: number | null };
type TItemRow = { qid: string; n: number; sx: number; sxx: number; sxt: number; st: number; stt: number; omitted: number; upper_mean: number | null; lower_mean: number | null };
type TChoiceRow = TChoiceCount;

/**
 * Figures already worked out, per database handle, under the exam's version: the count of changes to its figures
 * (decision 0054), the exam's last edit, whose attempts (every school, or one school's) and whether the reader may
 * see the key. A new grade or submission changes the version, so the next view works them out afresh; nothing
 * changed, a view costs a read of the exam's rows of exam_group_stats (version-cache.ts).
 */
export async function findItemAnalysis(db: TDbOrTx, actor: TSessionUser, examId: string, form?: number): Promise<TItemAnalysis> {
  const exam = await loadExamInReach(db, actor, examId);
  // Per parallel form (issue 34), or all forms together.
  const forms = await db.select({ id: examForms.id, number: examForms.number }).from(examForms).where(eq(examForms.examId, examId)).orderBy(asc(examForms.number));
  const chosen = form === undefined ? null : forms.find((f) => f.number === form);
  if (chosen === undefined) throw new AppError("FORM_NOT_FOUND");
  const keyVisible = canSeeExamKey(actor, { creatorId: exam.creatorId, status: exam.status, audienceSize: await audienceSizeOf(db, examId) });
  // Whose attempts: a super_admin's and the author's reach is every attempt of the exam, anyone else's their school's.
  const whose = whoseAttempts(actor, exam.creatorId);
  const key = ["items", examId, whose, keyVisible, await examFiguresVersion(db, examId), chosen?.number ?? "all"].join("|");
  // Figures of an earlier moment (figuresAsOf) are not kept under the version now: the job's are, once stored.
  return cachedByVersion(db, key, () => computeItemAnalysis(db, actor, exam, keyVisible, { numbers: forms.map((f) => f.number), chosen }), (a) => a.figuresAsOf === null);
}

export async function computeItemAnalysis(
  db: TDbOrTx,
  actor: TSessionUser,
  exam: typeof exams.$inferSelect,
  keyVisible: boolean,
  forms: { numbers: number[]; chosen: { id: string; number: number } | null },
  source: "summaries" | "answers" = "summaries",
): Promise<TItemAnalysis> {
  const examId = exam.id;
  const reach = reachOf(actor);
  const formId = forms.chosen?.id ?? null;

  // Every row of the exam (a question's figures come from the attempts that saw it), or the chosen form's.
  const qs = await db
    .select({ question: questions, skill: skills })
    .from(questions)
    .leftJoin(skills, eq(skills.id, questions.skillId))
    .where(
      and(
        eq(questions.examId, examId),
        formId ? sql`exists (select 1 from ${examFormQuestions} fq where fq.form_id = ${formId} and fq.question_id = ${questions.id})` : undefined,
      ),
    )
    .orderBy(asc(questions.position), asc(questions.id));
  const choiceIds = distractorQuestionIds(qs.map((q) => q.question));
  const whose = actor.role === "super_admin" || exam.creatorId === actor.id ? "all" : actor.role === "student" ? null : (actor.schoolId ?? "");
  const { sums, asOf } =
    whose === null || source === "answers"
      ? { sums: await sumsFromAnswers(db, examId, reach, formId, keyVisible ? choiceIds : []), asOf: null }
      : whose === "all" && !formId
        ? await allSchoolsSums(db, examId, choiceIds)
        : { sums: await sumsFromSummaries(db, examId, whose, reach, formId, keyVisible ? choiceIds : []), asOf: null };
  const { summary, buckets, waiting, items, choices } = sums;
  const n = summary?.n ?? 0;
  const groupSize = groupSizeOf(n);
  const totalVariance = summary?.total_var ?? null;
  const optionIds = qs.filter((q) => CHOICE_TYPES.has(q.question.type)).map((q) => q.question.id);
  const options = optionIds.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, optionIds)).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : [];

  const byQuestion = new Map(items.map((r) => [r.qid, r]));
  const itemVariances = qs.map((q) => {
    const r = byQuestion.get(q.question.id);
    return r ? (varianceOf({ n: r.n, sum: r.sx, sumSq: r.sxx }) ?? 0) : 0;
  });
  // Reliability is a property of one set of items: with parallel forms, of each form; all forms together have none.
  const alpha = forms.numbers.length && !formId ? null : alphaOf(itemVariances, totalVariance);
  const sdPercent = summary?.sd ?? null;

  const questionStats: TItemStats[] = keyVisible
    ? qs.map(({ question: q, skill }, i) => {
        const r = byQuestion.get(q.id);
        const share = (k: number, of: number) => (of > 0 ? k / of : 0);
        const facility = r && r.n ? r.sx / r.n / q.points : null;
        const variance = r ? varianceOf({ n: r.n, sum: r.sx, sumSq: r.sxx }) : null;
        const discrimination = r ? itemRestCorrelation(r.n, { sum: r.sx, sumSq: r.sxx }, { sum: r.st, sumSq: r.stt }, r.sxt) : null;
        const upperLower = r && groupSize && r.upper_mean !== null && r.lower_mean !== null ? (r.upper_mean - r.lower_mean) / q.points : null;
        const chosen = choices.filter((c) => c.qid === q.id);
        const entry = entryTables(q.interaction, chosen, r?.n ?? n, r?.omitted ?? 0, groupSize);
        const opts = CHOICE_TYPES.has(q.type)
          ? options
              .filter((o) => o.questionId === q.id)
              .map((o) => {
                const c = chosen.find((x) => x.oid === o.id);
                return {
                  id: o.id,
                  text: { ar: o.optionTextAr, en: o.optionTextEn },
                  isCorrect: o.isCorrect,
                  // Over the attempts given this row: a version taken later was not given to all.
                  share: share(c?.n ?? 0, r?.n ?? n),
                  upperShare: groupSize ? share(c?.upper ?? 0, groupSize) : null,
                  lowerShare: groupSize ? share(c?.lower ?? 0, groupSize) : null,
                };
              })
          : entry.options;
        if (opts.length && CHOICE_TYPES.has(q.type)) {
          const sum = (key: "n" | "upper" | "lower") => chosen.filter((c) => opts.some((o) => o.id === c.oid)).reduce((s, c) => s + c[key], 0);
          opts.push({
            id: "omitted",
            text: { ar: "بلا إجابة", en: "No answer" },
            isCorrect: false,
            share: share((r?.n ?? n) - sum("n"), r?.n ?? n),
            upperShare: groupSize ? share(groupSize - sum("upper"), groupSize) : null,
            lowerShare: groupSize ? share(groupSize - sum("lower"), groupSize) : null,
          });
        }
        const stats: TItemStats = {
          questionId: q.id,
          number: i + 1,
          type: q.type,
          text: { ar: q.questionTextAr, en: q.questionTextEn },
          points: q.points,
          skill: skill ? { id: skill.id, name: { ar: skill.nameAr, en: skill.nameEn } } : null,
          facility,
          meanMark: r && r.n ? r.sx / r.n : null,
          sd: variance === null ? null : Math.sqrt(variance) / q.points,
          discrimination,
          upperLowerDifference: upperLower,
          omittedRate: r && r.n ? r.omitted / r.n : null,
          options: opts,
          ...(entry.gaps.length ? { gaps: entry.gaps } : {}),
          flags: [],
        };
        stats.flags = flagsOf(stats, n);
        return stats;
      })
    : [];

  return {
    exam: { id: exam.id, title: { ar: exam.titleAr, en: exam.titleEn }, subjectId: exam.subjectId, possible: qs.reduce((s, q) => s + (q.question.replacedAt ? 0 : q.question.points), 0) },
    attempts: n,
    waiting,
    meanPercent: summary?.mean ?? null,
    medianPercent: summary?.median ?? null,
    sdPercent,
    histogram: Array.from({ length: 10 }, (_, i) => buckets.find((b) => b.b === i)?.n ?? 0),
    reliability: { method: qs.every((q) => CHOICE_TYPES.has(q.question.type)) ? "kr20" : "alpha", value: alpha },
    semPercent: semOf(sdPercent, alpha),
    groupSize,
    keyWithheld: !keyVisible,
    questions: questionStats,
    forms: forms.numbers,
    form: forms.chosen?.number ?? null,
    figuresAsOf: asOf,
  };
}

/** Why a question deserves a second look (ITEM_FLAG_LIMITS); nothing below the minimum number of attempts. */
export function flagsOf(item: Pick<TItemStats, "facility" | "discrimination" | "omittedRate" | "options">, attempts: number): TItemFlag[] {
  if (attempts < ITEM_FLAG_LIMITS.minAttempts) return [];
  const flags: TItemFlag[] = [];
  if (item.discrimination !== null && item.discrimination < 0) flags.push("negative_discrimination");
  else if (item.discrimination !== null && item.discrimination < ITEM_FLAG_LIMITS.lowDiscrimination) flags.push("low_discrimination");
  if (item.facility !== null && item.facility >= ITEM_FLAG_LIMITS.tooEasy) flags.push("too_easy");
  if (item.facility !== null && item.facility <= ITEM_FLAG_LIMITS.tooHard) flags.push("too_hard");
  const key = item.options.find((o) => o.isCorrect);
  if (item.options.some((o) => attractsStrong(o, key))) flags.push("distractor_attracts_strong");
  if (item.omittedRate !== null && item.omittedRate >= ITEM_FLAG_LIMITS.oftenOmitted) flags.push("often_omitted");
  return flags;
}

type TSums = { summary: TSummaryRow | undefined; buckets: { b: number; n: number }[]; waiting: number; items: TItemRow[]; choices: TChoiceRow[] };

/** The questions with distractors: options, and entries ticked or chosen (issue 36). */
function distractorQuestionIds(qs: { id: string; type: string }[]): string[] {
  return qs.filter((q) => CHOICE_TYPES.has(q.type) || ENTRY_TYPES.has(q.type)).map((q) => q.id);
}

/**
 * From how many graded attempts a ministry's view may be shown the sums stored before the newest marks (below):
 * under it they are worked out at the view in well under a second, and every view is of every mark. An object so a
 * test can lower it.
 */
export const STORED_SUMS_SHOWN_FROM = { value: 20_000 };

/**
 * Every school's sums of an exam, all forms together (the super_admin's and the author's view), as stored in
 * exam_item_sums under the exam's figures' version now (decision 0066): at a ministry's year they cost seconds to
 * work out from the maintained rows (millions of rows by school and total score), and one row to read. Worked out
 * here when none is stored under this version, and stored if the version did not move meanwhile (each of the
 * statements saw the same figures: the count of changes only grows, in the transaction that changes them). The
 * reliability job stores them once marks settle (storeAllSchoolsSums), so a ministry's first view after marking
 * reads them. With every distractor's choices: a reader who may not see the key is shown no question's figures.
 *
 * While the job that adds the newest marks is queued or running, an exam of STORED_SUMS_SHOWN_FROM graded attempts or
 * more is shown the sums stored before them, with the moment they are of (`asOf`; decision 0068), as its reliability
 * is (examReliability): the first view after each mark at the year took 3.3–8.8 s, and the job stores the new sums
 * first, within the settle time of the mark — the issue's "a new mark in every figure within a minute".
 */
async function allSchoolsSums(db: TDbOrTx, examId: string, choiceIds: string[], earlier = true): Promise<{ sums: TSums; asOf: string | null }> {
  const version = await examFiguresVersion(db, examId);
  const [stored] = rowsOf<{ version: string; sums: TSums; computed_at: string; refreshing: boolean }>(
    await db.execute(sql`select version, sums, computed_at, ${reliabilityRefreshing(examId)} as refreshing from exam_item_sums where exam_id = ${examId}`),
  );
  if (stored?.version === version) return { sums: stored.sums, asOf: null };
  if (earlier && stored?.refreshing && (stored.sums.summary?.n ?? 0) >= STORED_SUMS_SHOWN_FROM.value) return { sums: stored.sums, asOf: new Date(stored.computed_at).toISOString() };
  const sums = await sumsFromSummaries(db, examId, "all", undefined, null, choiceIds);
  if ((await examFiguresVersion(db, examId)) === version) {
    await db.execute(sql`insert into exam_item_sums (exam_id, version, sums, computed_at) values (${examId}, ${version}, ${JSON.stringify(sums)}::jsonb, now())
      on conflict (exam_id) do update set version = excluded.version, sums = excluded.sums, computed_at = excluded.computed_at`);
  }
  return { sums, asOf: null };
}

/** The reliability job's part (decision 0066): every school's sums of the exam stored under its version now, if not yet. */
export async function storeAllSchoolsSums(db: TDbOrTx, examId: string): Promise<void> {
  const ids = distractorQuestionIds(await db.select({ id: questions.id, type: questions.type }).from(questions).where(eq(questions.examId, examId)));
  await allSchoolsSums(db, examId, ids, false);
}

/** The sums from every answer of the attempts in reach (issue 15's way): a student's reach, and the tests' yardstick. */
async function sumsFromAnswers(db: TDbOrTx, examId: string, reach: SQL | undefined, formId: string | null, choiceIds: string[]): Promise<TSums> {
  const counts = await scoreCounts(db, examId, reach, formId);
  const groups = kelleyGroupsOf(counts);
  const w = groupWeights(sql.raw("att.total"), groups);
  const attempts = sql`${attemptsInReach(examId, reach, formId)}, grouped as (select att.*, ${w.upper} as wu, ${w.lower} as wl from att)`;
  const [summary] = rowsOf<TSummaryRow>(
    await db.execute(sql`with ${attempts}
      select count(*)::int as n, avg(pct) as mean, stddev_samp(pct) as sd, var_samp(total) as total_var
      from grouped`),
  );
  // Tenths of the percentage scale, 100 in the last (histogramOf's rule, counted here).
  const buckets = rowsOf<{ b: number; n: number }>(
    await db.execute(sql`with ${attempts} select least(9, greatest(0, floor(pct / 10)))::int as b, count(*)::int as n from grouped group by 1`),
  );
  const [waiting] = await db
    .select({ n: count() })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(and(eq(studentExams.examId, examId), eq(studentExams.status, "completed"), reach, formId ? eq(studentExams.formId, formId) : undefined));
  const n = summary?.n ?? 0;
  if (summary) summary.median = medianOf(counts.map((c) => ({ value: c.pct, n: c.n })));
  const items = n
    ? rowsOf<TItemRow>(
        await db.execute(sql`with ${attempts},
          ${grid(examId)}
          select qid, count(*)::int as n, sum(x) as sx, sum(x * x) as sxx, sum(x * total) as sxt, sum(total) as st,
            sum(total * total) as stt, (count(*) filter (where omitted))::int as omitted,
            sum(x * wu) / nullif(sum(wu), 0) as upper_mean, sum(x * wl) / nullif(sum(wl), 0) as lower_mean
          from grid group by qid`),
      )
    : [];
  const choices =
    n && choiceIds.length
      ? rowsOf<TChoiceRow>(
          await db.execute(sql`with ${attempts},
            ${grid(examId, sql`q.id in (${sql.join(choiceIds.map((id) => sql`${id}::uuid`), sql`, `)})`)}
            select qid, k as oid, count(*)::int as n, sum(wu)::float8 as upper, sum(wl)::float8 as lower
            from grid cross join unnest(keys) as k
            group by 1, 2`),
        )
      : [];
  return { summary, buckets, waiting: waiting?.n ?? 0, items, choices };
}

/**
 * Every question seen by every attempt in reach, with its mark (0 unanswered), whether it was left blank, the keys it
 * chose (an option, entries, OMITTED_KEY: figures.ts keeps the same keys by total score) and the attempt's weights
 * in Kelley's groups.
 */
function grid(examId: string, where: SQL = sql`true`): SQL {
  return sql`grid as (
    select g.total, g.wu, g.wl, q.id as qid, coalesce(sa.score, 0)::float8 as x, o.omitted,
      array(select sa.selected_option_id::text where sa.selected_option_id is not null union all ${CHOSEN_ENTRIES}
        union all select ${OMITTED_KEY} where o.omitted and q.type in ${OMISSION_KEYED_SQL}) as keys
    from grouped g
    cross join questions q
    left join all_student_answers sa on sa.student_exam_id = g.id and sa.question_id = q.id
    cross join lateral (select ${OMITTED} as omitted) o
    where q.exam_id = ${examId} and ${seenBySql("q", sql.raw("g.started_at"), sql.raw("g.form_id"))} and ${where}
  )`;
}

/**
 * The sums from the maintained rows (analytics/figures.ts, decision 0054): all schools' rows or one school's. What
 * sums cannot give is read apart: the median and Kelley's groups from the attempts counted by score (one grouped
 * read); the groups' marks and choices from the rows by total score (groupEnds).
 */
async function sumsFromSummaries(db: TDbOrTx, examId: string, whose: string, reach: SQL | undefined, formId: string | null, choiceIds: string[]): Promise<TSums> {
  const rows = sql`exam_id = ${examId} ${whose === "all" ? sql`` : sql`and school_id = ${whose}`} ${formId ? sql`and form_id = ${formId}` : sql``}`;
  const [g] = rowsOf<{ n: number; waiting: number; sp: number; spp: number; st: number; stt: number; histogram: number[] | null }>(
    await db.execute(sql`select coalesce(sum(graded), 0)::int as n, coalesce(sum(attempts - graded), 0)::int as waiting, coalesce(sum(sum_pct), 0)::float8 as sp,
        coalesce(sum(sum_pct_sq), 0)::float8 as spp, coalesce(sum(sum_total), 0)::float8 as st, coalesce(sum(sum_total_sq), 0)::float8 as stt,
        (select array_agg(h order by i) from (select i, sum(x)::int as h from exam_group_stats, unnest(histogram) with ordinality as u(x, i) where ${rows} group by i) b) as histogram
      from exam_group_stats where ${rows}`),
  );
  const n = g?.n ?? 0;
  const counts = n ? await scoreCounts(db, examId, reach, formId) : [];
  // Σx² − (Σx)²/n of equal values leaves rounding (1e-12 of the mean square), which the square root makes 1e-6: none.
  const variance = (sum: number, sumSq: number) => {
    const v = varianceOf({ n, sum, sumSq });
    return v === null ? null : v <= 1e-10 * (sumSq / n) ? 0 : v;
  };
  const varPct = variance(g?.sp ?? 0, g?.spp ?? 0);
  const summary: TSummaryRow = {
    n,
    mean: n ? g!.sp / n : null,
    median: medianOf(counts.map((c) => ({ value: c.pct, n: c.n }))),
    sd: varPct === null ? null : Math.sqrt(varPct),
    total_var: variance(g?.st ?? 0, g?.stt ?? 0),
  };
  const buckets = (g?.histogram ?? []).map((count, b) => ({ b, n: count }));
  if (!n) return { summary, buckets, waiting: g?.waiting ?? 0, items: [], choices: [] };

  const sums = rowsOf<TItemRow>(
    await db.execute(sql`select question_id as qid, sum(n)::int as n, sum(sx)::float8 as sx, sum(sxx)::float8 as sxx, sum(sxt)::float8 as sxt,
        sum(st)::float8 as st, sum(stt)::float8 as stt, sum(omitted)::int as omitted, null::float8 as upper_mean, null::float8 as lower_mean
      from exam_item_stats where ${rows} group by 1 having sum(n) > 0`),
  );
  const groups = kelleyGroupsOf(counts);
  const ends = groups ? await groupEnds(db, rows, groups) : [];
  const meanOf = (qid: string, grp: "upper" | "lower") => {
    const row = ends.find((e) => e.qid === qid && e.oid === null);
    const given = grp === "upper" ? row?.un : row?.ln;
    return row && given ? (grp === "upper" ? row.usx : row.lsx) / given : null;
  };
  const items = sums.map((r) => ({ ...r, upper_mean: meanOf(r.qid, "upper"), lower_mean: meanOf(r.qid, "lower") }));

  let choices: TChoiceRow[] = [];
  if (choiceIds.length) {
    const ids = sql.join(
      choiceIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const chosen = rowsOf<{ qid: string; oid: string; n: number }>(
      await db.execute(sql`select question_id as qid, option_id as oid, sum(n)::int as n from exam_option_stats where ${rows} and question_id in (${ids}) group by 1, 2 having sum(n) > 0`),
    );
    // Every key chosen by any attempt or by either group (OMITTED_KEY is kept by total score only: n is not read).
    const byKey = new Map<string, TChoiceRow>(chosen.map((c) => [`${c.qid}|${c.oid}`, { ...c, upper: 0, lower: 0 }]));
    const wanted = new Set(choiceIds);
    for (const e of ends) {
      if (e.oid === null || !wanted.has(e.qid) || (!e.un && !e.ln)) continue;
      const key = `${e.qid}|${e.oid}`;
      if (!byKey.has(key)) byKey.set(key, { qid: e.qid, oid: e.oid, n: 0, upper: 0, lower: 0 });
      Object.assign(byKey.get(key)!, { upper: e.un, lower: e.ln });
    }
    choices = [...byKey.values()];
  }
  return { summary, buckets, waiting: g?.waiting ?? 0, items, choices };
}

/**
 * Kelley's groups' sums from the maintained rows by total score (decision 0061; a closed year's archived rows too,
 * all_exam_item_score_stats, decision 0059), weighted as kelleyGroupsOf shares the attempts tied at an edge (decision
 * 0066): no answer is read. Per question, the row with no option holds the groups' attempts given the question
 * (un, ln) and their marks (usx, lsx); a row per option how many of them chose it (un, ln).
 */
async function groupEnds(db: TDbOrTx, rows: SQL, groups: NonNullable<TGroups>) {
  const w = groupWeights(sql.raw("total"), groups);
  return rowsOf<{ qid: string; oid: string | null; un: number; usx: number; ln: number; lsx: number }>(
    await db.execute(sql`select question_id as qid, option_id as oid,
        sum(n * ${w.upper})::float8 as un, sum(sx * ${w.upper})::float8 as usx, sum(n * ${w.lower})::float8 as ln, sum(sx * ${w.lower})::float8 as lsx
      from all_exam_item_score_stats
      where ${rows} and (total >= ${groups.upper.cut}::float8 or total <= ${groups.lower.cut}::float8)
      group by 1, 2`),
  );
}
