// Forms from a blueprint (issue 34; docs/decisions/0035): on hand-made banks every constraint is checked on the
// forms themselves, by counting here rather than trusting the model; impossible blueprints are explained (each
// message read in both languages), including ones only the solver can prove; bad blueprints are refused.
//
// IRT information is checked against Birnbaum's formula (in Lord & Novick 1968, ch. 17–20; Lord 1980):
// I(θ) = (D·a)² · (Q/P) · ((P − c)/(1 − c))², P(θ) = c + (1 − c)/(1 + e^(−D·a·(θ − b))), D = 1.
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import {
  MAX_ABILITY,
  MAX_ABILITY_POINTS,
  MAX_ANCHORS,
  MAX_BLUEPRINT_PARTS,
  MAX_FACILITY_TOLERANCE,
  MAX_FORMS,
  MAX_INFORMATION_TARGET,
  MAX_PART_POINTS,
  MIN_FACILITY_TOLERANCE,
  MIN_INFORMATION_TOLERANCE,
  ZBlueprint,
  facilityBand,
  type TAssembleResult,
  type TBlueprint,
  type TBlueprintInput,
} from "../../../shared/schemas/blueprint";
import { MAX_DURATION_MINUTES, MAX_QUESTIONS } from "../../../shared/schemas/exam";
import { parseThreadPriority } from "../../parse-pool";
import { assemble, assembleInThread, itemInformation, prepare, type TCandidate } from "./assemble";

const bp = (input: Partial<TBlueprintInput> & Pick<TBlueprintInput, "parts">): TBlueprint => ZBlueprint.parse({ grade: 8, durationMinutes: 40, ...input });

/** A small deterministic generator (mulberry32), so a bank is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let serial = 0;
const item = (over: Partial<TCandidate> = {}): TCandidate => ({
  id: `i${++serial}`,
  skillId: "grammar",
  type: "multiple_choice",
  points: 1,
  grade: 8,
  facility: 0.5,
  irt: null,
  exposure: 0,
  ...over,
});

const names = { grammar: { en: "Grammar", ar: "القواعد" }, reading: { en: "Reading", ar: "القراءة" }, spelling: { en: "Spelling", ar: "الإملاء" } };

const fits = (b: TBlueprint, c: TCandidate) =>
  b.parts.filter((p) => p.skillId === c.skillId && (p.type === null || p.type === c.type) && (p.band === null || (c.facility !== null && facilityBand(c.facility) === p.band)));

/** Every constraint of the blueprint, counted on the forms. */
function expectMeets(b: TBlueprint, bank: TCandidate[], result: TAssembleResult) {
  expect(result.status, JSON.stringify(result.status === "assembled" ? null : result.problems)).toBe("assembled");
  if (result.status !== "assembled") return;
  const byId = new Map(bank.map((c) => [c.id, c]));
  expect(result.forms).toHaveLength(b.forms);
  const anchors = new Set(b.anchors);
  const others = result.forms.map((f) => f.itemIds.filter((id) => !anchors.has(id)));
  for (const form of result.forms) {
    const items = form.itemIds.map((id) => byId.get(id)!);
    expect(new Set(form.itemIds).size, "no item twice in a form").toBe(form.itemIds.length);
    for (const id of b.anchors) expect(form.itemIds).toContain(id);
    for (const c of items) {
      expect(c.grade).toBe(b.grade);
      expect(fits(b, c), `${c.id} fits one part`).toHaveLength(1);
      if (!anchors.has(c.id)) expect(c.exposure).toBeLessThanOrEqual(b.maxExposure);
    }
    for (const p of b.parts) {
      const inPart = items.filter((c) => fits(b, c)[0] === p);
      if (p.items !== null) expect(inPart.length, `${p.skillId} items`).toBe(p.items);
      if (p.points !== null) expect(inPart.reduce((s, c) => s + c.points, 0), `${p.skillId} points`).toBe(p.points);
    }
    expect(form.points).toBe(items.reduce((s, c) => s + c.points, 0));
  }
  const perForm = others[0]!.length;
  const limit = Math.floor(b.maxOverlap * perForm + 1e-9);
  for (let f = 0; f < others.length; f++)
    for (let g = f + 1; g < others.length; g++) {
      const shared = others[f]!.filter((id) => others[g]!.includes(id)).length;
      expect(shared, `forms ${f + 1} and ${g + 1} share`).toBeLessThanOrEqual(b.parts.every((p) => p.items !== null) ? limit : b.maxOverlap * Math.min(others[f]!.length, others[g]!.length));
    }
  const d = b.difficulty;
  if (d?.by === "facility") {
    const means = result.forms.map((f) => {
      const known = f.itemIds.map((id) => byId.get(id)!.facility).filter((v): v is number => v !== null);
      return known.reduce((s, v) => s + v, 0) / known.length;
    });
    result.forms.forEach((f, i) => expect(f.meanFacility).toBeCloseTo(means[i]!, 9));
    if (d.target !== null) for (const m of means) expect(Math.abs(m - d.target)).toBeLessThanOrEqual(d.tolerance + 1e-6);
    else expect(Math.max(...means) - Math.min(...means)).toBeLessThanOrEqual(2 * d.tolerance + 1e-6);
  }
  if (d?.by === "information") {
    d.abilities.forEach(({ theta, target }, k) => {
      const values = result.forms.map((f) => f.itemIds.reduce((s, id) => s + birnbaum(byId.get(id)!.irt!, theta), 0));
      result.forms.forEach((f, i) => expect(f.information[k]!.value).toBeCloseTo(values[i]!, 9));
      if (target !== null) for (const v of values) expect(Math.abs(v - target)).toBeLessThanOrEqual(d.tolerance * target + 1e-6);
      // A common value T with every form within tol·T exists exactly when max/(1 + tol) ≤ min/(1 − tol).
      else expect(Math.max(...values) / (1 + d.tolerance)).toBeLessThanOrEqual(Math.min(...values) / (1 - d.tolerance) + 1e-6);
    });
  }
}

/** The formula in the header, written out again here (not the module's), for the tests to check against. */
function birnbaum({ a, b, c }: { a: number; b: number; c?: number | null }, theta: number) {
  const g = c ?? 0;
  const p = g + (1 - g) / (1 + Math.exp(-a * (theta - b)));
  return a * a * ((1 - p) / p) * ((p - g) / (1 - g)) ** 2;
}

const problems = (r: TAssembleResult) => (r.status === "assembled" ? [] : r.problems);
const codes = (r: TAssembleResult) => problems(r).map((p) => p.code);

describe("assembling forms that meet the blueprint", () => {
  it("four parallel forms with anchors, an overlap limit, an exposure limit and matched mean facility", async () => {
    const rnd = random(34);
    const bank: TCandidate[] = [];
    for (const [skillId, count] of [
      ["grammar", 40],
      ["reading", 30],
    ] as const)
      for (let i = 0; i < count; i++) bank.push(item({ skillId, facility: 0.2 + 0.6 * rnd(), exposure: rnd() * 0.3, points: 1 + Math.floor(rnd() * 3) }));
    // Tempting items: the right skill and a facility of the middle, but seen by too many students.
    const overExposed = Array.from({ length: 10 }, () => item({ skillId: "grammar", facility: 0.5, exposure: 0.9 }));
    // Other grades' items and a skill the blueprint does not ask for are never used.
    const elsewhere = [item({ grade: 7 }), item({ grade: null }), item({ skillId: "spelling" })];
    bank.push(...overExposed, ...elsewhere);
    const anchors = [bank[0]!.id, bank[45]!.id];
    const b = bp({
      forms: 4,
      parts: [
        { skillId: "grammar", items: 8 },
        { skillId: "reading", items: 6 },
      ],
      anchors,
      maxOverlap: 0.25,
      maxExposure: 0.5,
      difficulty: { by: "facility", tolerance: 0.02 },
    });
    const result = await assemble({ blueprint: b, candidates: bank, skillNames: names });
    expectMeets(b, bank, result);
    const used = new Set(result.status === "assembled" ? result.forms.flatMap((f) => f.itemIds) : []);
    for (const c of [...overExposed, ...elsewhere]) expect(used.has(c.id)).toBe(false);
    expect(result.status === "assembled" && result.maxShared).toBeLessThanOrEqual(3);
  });

  it("parts by points, by type and by band, against a target mean facility", async () => {
    const rnd = random(7);
    const bank: TCandidate[] = [];
    for (let i = 0; i < 120; i++)
      bank.push(
        item({
          skillId: i % 2 ? "grammar" : "reading",
          type: (["multiple_choice", "true_false", "short_answer"] as const)[i % 3]!,
          facility: 0.1 + 0.85 * rnd(),
          points: 1 + Math.floor(4 * rnd()),
        }),
      );
    const b = bp({
      forms: 2,
      parts: [
        { skillId: "grammar", type: "multiple_choice", items: 3, points: 7 },
        { skillId: "grammar", type: "true_false", band: "easy", items: 2 },
        { skillId: "reading", points: 12 },
      ],
      maxOverlap: 0,
      difficulty: { by: "facility", target: 0.55, tolerance: 0.05 },
    });
    expectMeets(b, bank, await assemble({ blueprint: b, candidates: bank }));
  });

  it("matches IRT test information at chosen abilities on a small calibrated bank (2PL and 3PL items)", async () => {
    // Birnbaum's formula by hand: a 2PL item at its difficulty gives a²/4; a 3PL item (a 1.5, b 0, c 0.2) at θ = 0
    // has P = 0.6, so I = 2.25 · (0.4/0.6) · (0.4/0.8)² = 0.375.
    expect(itemInformation({ a: 1, b: 0 }, 0)).toBeCloseTo(0.25, 12);
    expect(itemInformation({ a: 2, b: 1 }, 1)).toBeCloseTo(1, 12);
    expect(itemInformation({ a: 1.5, b: 0, c: 0.2 }, 0)).toBeCloseTo(0.375, 12);
    const rnd = random(1980);
    const bank = Array.from({ length: 36 }, (_, i) =>
      item({ skillId: i % 3 ? "grammar" : "reading", irt: { a: 0.6 + 1.4 * rnd(), b: -2 + 4 * rnd(), c: i % 4 === 0 ? 0.2 : null }, facility: i % 5 ? 0.5 : null }),
    );
    for (const c of bank) expect(itemInformation(c.irt!, 0.5)).toBeCloseTo(birnbaum(c.irt!, 0.5), 12);
    const b = bp({
      forms: 3,
      parts: [
        { skillId: "grammar", items: 6 },
        { skillId: "reading", items: 3 },
      ],
      maxOverlap: 0.34,
      difficulty: { by: "information", abilities: [{ theta: -1 }, { theta: 0 }, { theta: 1 }], tolerance: 0.1 },
    });
    const result = await assemble({ blueprint: b, candidates: bank });
    expectMeets(b, bank, result);
    // And against targets: the first solution's information at θ = 0, and nothing above half again.
    const at0 = result.status === "assembled" ? result.forms[0]!.information[1]!.value : 0;
    const targeted = bp({ ...b, difficulty: { by: "information", abilities: [{ theta: 0, target: at0 }], tolerance: 0.05 } });
    expectMeets(targeted, bank, await assemble({ blueprint: targeted, candidates: bank }));
  });

  it("takes the bank's odd data without failing: a repeated id, NaN figures, an impossible IRT item, 0 points", async () => {
    const good = [item(), item(), item()];
    const bank = [
      ...good,
      { ...good[0]! }, // the same id again
      item({ facility: Number.NaN }),
      item({ exposure: Number.NaN }),
      item({ facility: 1.7 }),
      item({ points: 0 }),
    ];
    const b = bp({ forms: 1, parts: [{ skillId: "grammar", items: 3 }], maxExposure: 0.5, difficulty: { by: "facility", target: 0.5, tolerance: 0.01 } });
    const result = await assemble({ blueprint: b, candidates: bank });
    expectMeets(b, bank, result);
    expect(result.status === "assembled" && result.forms[0]!.itemIds.sort()).toEqual(good.map((c) => c.id).sort());
    // Items without a figure are counted as left out, not used: 4 items asked, 3 usable.
    const more = await assemble({ blueprint: bp({ ...b, parts: [{ skillId: "grammar", items: 4 }] }), candidates: bank, skillNames: names });
    expect(codes(more)).toEqual(["ASSEMBLE_PART_SHORT", "ASSEMBLE_PART_LEFT_OUT_EXPOSED", "ASSEMBLE_PART_LEFT_OUT_NO_FACILITY"]);
    const info = bp({ forms: 1, parts: [{ skillId: "grammar", items: 1 }], difficulty: { by: "information", abilities: [{ theta: 0 }], tolerance: 0.1 } });
    const uncalibrated = [item({ irt: { a: Number.NaN, b: 0 } }), item({ irt: { a: -1, b: 0 } }), item({ irt: { a: 1, b: 0, c: 1 } })];
    expect(codes(await assemble({ blueprint: info, candidates: uncalibrated }))).toEqual(["ASSEMBLE_PART_SHORT", "ASSEMBLE_PART_LEFT_OUT_NO_IRT"]);
  });

  it("a blueprint its anchors fill needs no item besides them", async () => {
    const bank = [item(), item(), item()];
    const b = bp({ forms: 2, parts: [{ skillId: "grammar", items: 2 }], anchors: [bank[0]!.id, bank[1]!.id], maxOverlap: 0 });
    const result = await assemble({ blueprint: b, candidates: bank });
    expectMeets(b, bank, result);
    expect(result.status === "assembled" && result.forms.map((f) => f.itemIds)).toEqual([
      [bank[0]!.id, bank[1]!.id],
      [bank[0]!.id, bank[1]!.id],
    ]);
  });

  it("chooses from a cut of a large pool first, and from the whole pool when the cut has no forms", async () => {
    // 200 items for 5: the model sees 30 of them, across the facility range.
    const rnd = random(5);
    const many = Array.from({ length: 200 }, () => item({ facility: rnd() }));
    const b = bp({ parts: [{ skillId: "grammar", items: 5 }], difficulty: { by: "facility", target: 0.5, tolerance: 0.05 } });
    const cut = await assemble({ blueprint: b, candidates: many });
    expectMeets(b, many, cut);
    expect(cut.status === "assembled" && cut.pool).toBe(30);
    // Only the two items of facility 0.95 make a mean of 0.95, and the cut (the least-exposed of each stratum) leaves
    // them out: the whole pool is solved, and the blueprint is met rather than called impossible.
    const easy = [item({ facility: 0.95, exposure: 0.4 }), item({ facility: 0.95, exposure: 0.4 })];
    const bank = [...Array.from({ length: 198 }, (_, i) => item({ facility: 0.1 + (0.75 * i) / 197 })), ...easy];
    const hard = bp({ parts: [{ skillId: "grammar", items: 2 }], difficulty: { by: "facility", target: 0.95, tolerance: 0.005 } });
    const whole = await assemble({ blueprint: hard, candidates: bank });
    expectMeets(hard, bank, whole);
    expect(whole.status === "assembled" && [whole.pool, whole.forms[0]!.itemIds.sort()]).toEqual([200, easy.map((c) => c.id).sort()]);
  });

  it("runs off the event loop, in a parse thread, with the same answer", async () => {
    const rnd = random(3);
    const bank = Array.from({ length: 200 }, (_, i) => item({ skillId: i % 2 ? "grammar" : "reading", facility: rnd() }));
    const b = bp({
      forms: 3,
      parts: [
        { skillId: "grammar", items: 10 },
        { skillId: "reading", items: 10 },
      ],
      difficulty: { by: "facility", tolerance: 0.01 },
    });
    parseThreadPriority.value = null;
    const result = await assembleInThread({ blueprint: b, candidates: bank });
    expectMeets(b, bank, result);
    // Solved in a parse thread, which lowered its own priority (Linux; elsewhere it may not be allowed to).
    if (process.platform === "linux") expect(parseThreadPriority.value).not.toBe("normal");
  }, 60_000);
});

describe("an impossible blueprint is explained", () => {
  const both = (r: TAssembleResult) => problems(r).map((p) => [p.message.en, p.message.ar]);

  it("a part the bank cannot fill, counting the items left out for exposure and for want of a facility", async () => {
    const bank = [
      ...Array.from({ length: 5 }, () => item()),
      ...Array.from({ length: 3 }, () => item({ exposure: 0.6 })),
      ...Array.from({ length: 2 }, () => item({ facility: null })),
      item({ grade: 7 }),
      ...Array.from({ length: 20 }, () => item({ skillId: "reading" })),
    ];
    const b = bp({ parts: [{ skillId: "grammar", items: 8 }, { skillId: "reading", items: 8 }], maxExposure: 0.3, difficulty: { by: "facility", target: 0.5, tolerance: 0.1 } });
    const r = await assemble({ blueprint: b, candidates: bank, skillNames: names });
    expect(r.status).toBe("impossible");
    expect(both(r)).toEqual([
      ["Grammar needs 8 items at grade 8; the bank has 5.", "يحتاج جزء «القواعد» إلى 8 من الأسئلة للصف 8، وليس في البنك منها إلا 5."],
      [
        "Grammar: 3 more items at grade 8 were left out because more than 30% of the students have seen them.",
        "جزء «القواعد»: استُبعد 3 من الأسئلة الأخرى للصف 8 لأن أكثر من 30% من الطلاب قد رأوها.",
      ],
      [
        "Grammar: 2 more items at grade 8 were left out because no student has answered them yet, so their facility is unknown.",
        "جزء «القواعد»: استُبعد 2 من الأسئلة الأخرى للصف 8 لأن أحدًا من الطلاب لم يُجب عنها بعد، فمعامل سهولتها غير معروف.",
      ],
    ]);
  });

  it("parts named with their type and band; uncalibrated items in an IRT blueprint", async () => {
    const bank = [item({ type: "true_false", facility: 0.9, irt: { a: 1, b: 0 } }), item({ type: "true_false", facility: 0.8, irt: null })];
    const b = bp({ parts: [{ skillId: "grammar", type: "true_false", band: "easy", items: 2 }], difficulty: { by: "information", abilities: [{ theta: 0 }], tolerance: 0.2 } });
    expect(both(await assemble({ blueprint: b, candidates: bank, skillNames: names }))).toEqual([
      ["Grammar (true / false, easy) needs 2 items at grade 8; the bank has 1.", "يحتاج جزء «القواعد (صح أو خطأ، سهلة)» إلى 2 من الأسئلة للصف 8، وليس في البنك منها إلا 1."],
      [
        "Grammar (true / false, easy): 1 more items at grade 8 were left out because they are not calibrated yet (they have no IRT parameters).",
        "جزء «القواعد (صح أو خطأ، سهلة)»: استُبعد 1 من الأسئلة الأخرى للصف 8 لأنها لم تُعايَر بعد (ليست لها معالم نظرية الاستجابة للمفردة).",
      ],
    ]);
  });

  it("how many different items N forms need under the overlap limit, per part and in all", async () => {
    // 3 forms of 4 grammar items, sharing at most 1: 3·4 − 3·1 = 9 different items; the bank has 8.
    const grammar = Array.from({ length: 8 }, () => item());
    let r = await assemble({ blueprint: bp({ forms: 3, parts: [{ skillId: "grammar", items: 4 }], maxOverlap: 0.25 }), candidates: grammar, skillNames: names });
    expect(both(r)).toEqual([
      [
        "Grammar: 3 forms of 4 items that share at most 1 besides the anchors need at least 9 different items at grade 8; the bank has 8.",
        "جزء «القواعد»: يحتاج 3 من النماذج في كل منها 4 من الأسئلة، لا تشترك في أكثر من 1 منها عدا أسئلة الربط، إلى 9 على الأقل من الأسئلة المختلفة للصف 8، وليس في البنك منها إلا 8.",
      ],
    ]);
    // Two parts of 2 that each have enough (3·2 − 3·1 = 3 ≤ 4), but 3 forms of 4 sharing at most 1 need 9 in all.
    const bank = [...Array.from({ length: 4 }, () => item()), ...Array.from({ length: 4 }, () => item({ skillId: "reading" }))];
    r = await assemble({
      blueprint: bp({
        forms: 3,
        parts: [
          { skillId: "grammar", items: 2 },
          { skillId: "reading", items: 2 },
        ],
        maxOverlap: 0.25,
      }),
      candidates: bank,
    });
    expect(both(r)).toEqual([
      [
        "3 forms that share at most 1 items besides the anchors need at least 9 different items at grade 8; the bank has 8 that fit the blueprint.",
        "يحتاج 3 من النماذج لا تشترك في أكثر من 1 من الأسئلة عدا أسئلة الربط إلى 9 على الأقل من الأسئلة المختلفة للصف 8، وليس في البنك مما يناسب المخطط إلا 8.",
      ],
    ]);
  });

  it("anchors: missing, of another grade, fitting no part, more than their part takes", async () => {
    const a = item({ facility: 0.5 });
    const b2 = item();
    const other = item({ grade: 9 });
    const spelling = item({ skillId: "spelling" });
    const bank = [a, b2, other, spelling, item(), item()];
    let r = await assemble({ blueprint: bp({ parts: [{ skillId: "grammar", items: 3 }], anchors: ["gone", other.id, spelling.id] }), candidates: bank });
    expect(both(r)).toEqual([
      ["Anchor item gone is not in the bank (or is retired), so no form can carry it.", "سؤال الربط \u2068gone\u2069 غير موجود في البنك (أو موقوف)، فلا يمكن أن يحمله أي نموذج."],
      [`Anchor item ${other.id} is not an item for grade 8, the blueprint's grade.`, `سؤال الربط \u2068${other.id}\u2069 ليس من أسئلة الصف 8، وهو صف المخطط.`],
      [
        `Anchor item ${spelling.id} fits no part of the blueprint: no part asks for its skill, question type and difficulty.`,
        `سؤال الربط \u2068${spelling.id}\u2069 لا يناسب أي جزء من المخطط: لا يطلب أي جزء مهارته ونوعه ومستوى صعوبته.`,
      ],
    ]);
    r = await assemble({ blueprint: bp({ parts: [{ skillId: "grammar", items: 1, points: 1 }], anchors: [a.id, b2.id] }), candidates: bank, skillNames: names });
    expect(both(r)).toEqual([
      ["Grammar takes 1 items, but its anchor items alone are 2.", "يأخذ جزء «القواعد» 1 من الأسئلة، لكن أسئلة الربط فيه وحدها 2."],
      ["Grammar takes 1 points, but its anchor items alone give 2.", "يأخذ جزء «القواعد» أسئلة مجموع درجاتها 1، لكن مجموع درجات أسئلة الربط فيه وحدها 2."],
    ]);
  });

  it("points the bank's items cannot reach, by counting", async () => {
    const bank = [item({ points: 2 }), item({ points: 3 }), item({ points: 5 })];
    let r = await assemble({ blueprint: bp({ parts: [{ skillId: "grammar", points: 20 }] }), candidates: bank, skillNames: names });
    expect(both(r)).toEqual([["Grammar needs 20 points at grade 8; the bank's items give 10.", "يحتاج جزء «القواعد» إلى أسئلة مجموع درجاتها 20 للصف 8، ولا يتجاوز مجموع درجات أسئلة البنك 10."]]);
    r = await assemble({ blueprint: bp({ parts: [{ skillId: "grammar", items: 2, points: 4 }] }), candidates: bank, skillNames: names });
    expect(both(r)).toEqual([
      [
        "Grammar needs exactly 4 points; no choice of the bank's items at grade 8 adds up to that.",
        "يحتاج جزء «القواعد» إلى أسئلة مجموع درجاتها 4 بالضبط، ولا توجد مجموعة من أسئلة البنك للصف 8 يبلغ مجموع درجاتها ذلك.",
      ],
    ]);
  });

  it("a target mean facility outside what the bank's items can give, by counting", async () => {
    const bank = Array.from({ length: 10 }, (_, i) => item({ facility: 0.7 + i * 0.02 }));
    const r = await assemble({ blueprint: bp({ parts: [{ skillId: "grammar", items: 4 }], difficulty: { by: "facility", target: 0.5, tolerance: 0.05 } }), candidates: bank });
    expect(both(r)).toEqual([
      [
        "With the bank's items, a form's mean facility can only be from 0.73 to 0.85; the blueprint asks for 0.5 ± 0.05.",
        "بأسئلة البنك الحالية لا يمكن أن يكون متوسط معامل السهولة في النموذج إلا من 0.73 إلى 0.85، والمخطط يطلب 0.5 ± 0.05.",
      ],
    ]);
  });

  describe("what only the solver can find (the counts all allow it)", () => {
    const counted = (blueprint: TBlueprint, candidates: TCandidate[]) => expect(prepare({ blueprint, candidates }).problems).toEqual([]);

    it("the overlap limit: 4 forms of 2 items from 3, any two sharing at most 1", async () => {
      // Bonferroni allows it (4·2 − 6·1 = 2 ≤ 3), but a 3-item set has only 3 different pairs.
      const bank = [item(), item(), item()];
      const b = bp({ forms: 4, parts: [{ skillId: "grammar", items: 2 }], maxOverlap: 0.5 });
      counted(b, bank);
      expect(both(await assemble({ blueprint: b, candidates: bank }))).toEqual([
        [
          "With these items, 4 forms cannot share as little as 50% of their items besides the anchors. Allow more sharing, make fewer forms, or add items.",
          "لا يمكن بهذه الأسئلة أن تقتصر الأسئلة المشتركة بين 4 من النماذج على 50% من أسئلتها عدا أسئلة الربط. اسمح بنسبة مشتركة أكبر، أو قلِّل عدد النماذج، أو أضف أسئلة.",
        ],
      ]);
    });

    it("the difficulty: a target mean facility no choice of items with the right points reaches", async () => {
      // Two items for 4 points: {2, 2} has mean facility 0.85 and {1, 3} 0.15; the range by counting is 0.15–0.85.
      const bank = [item({ points: 2, facility: 0.9 }), item({ points: 2, facility: 0.8 }), item({ points: 1, facility: 0.2 }), item({ points: 3, facility: 0.1 })];
      const b = bp({ parts: [{ skillId: "grammar", items: 2, points: 4 }], difficulty: { by: "facility", target: 0.5, tolerance: 0.05 } });
      counted(b, bank);
      expect(both(await assemble({ blueprint: b, candidates: bank }))).toEqual([
        [
          "The forms' mean facility cannot be kept within 0.05 of 0.5 with these items. Widen the tolerance or add items.",
          "لا يمكن بهذه الأسئلة إبقاء متوسط معامل السهولة في النماذج ضمن 0.05 من 0.5. وسِّع هامش التفاوت أو أضف أسئلة.",
        ],
      ]);
    });

    it("difficulty and overlap alike: two disjoint forms of 2 cannot be matched, two shared ones could", async () => {
      const bank = [0.1, 0.2, 0.3, 0.9].map((facility) => item({ facility }));
      const b = bp({ forms: 2, parts: [{ skillId: "grammar", items: 2 }], maxOverlap: 0, difficulty: { by: "facility", tolerance: 0.05 } });
      counted(b, bank);
      const r = await assemble({ blueprint: b, candidates: bank });
      expect(codes(r)).toEqual(["ASSEMBLE_DIFFICULTY_FACILITY", "ASSEMBLE_OVERLAP"]);
      expect(problems(r)[0]!.message.en).toBe("The forms' mean facility cannot be kept within 0.05 of a common value with these items. Widen the tolerance or add items.");
      expect(problems(r)[0]!.message.ar).toBe("لا يمكن بهذه الأسئلة إبقاء متوسط معامل السهولة في النماذج ضمن 0.05 من قيمة مشتركة. وسِّع هامش التفاوت أو أضف أسئلة.");
    });

    it("the exposure limit: only an over-exposed item makes the points add up", async () => {
      const bank = [item({ points: 2 }), item({ points: 4 }), item({ points: 4 }), item({ points: 3, exposure: 0.8 })];
      const b = bp({ parts: [{ skillId: "grammar", items: 2, points: 7 }], maxExposure: 0.5 });
      counted(b, bank);
      expect(both(await assemble({ blueprint: b, candidates: bank }))).toEqual([
        [
          "There are enough items only if items seen by more than 50% of the students are used. Allow a higher exposure, or add items.",
          "لا تكفي الأسئلة إلا إذا استُخدمت أسئلة رآها أكثر من 50% من الطلاب. اسمح بنسبة أعلى، أو أضف أسئلة.",
        ],
      ]);
    });

    it("IRT information that cannot be matched", async () => {
      // One very informative item and three weak ones: two disjoint forms of 2 differ by far more than 10 %.
      const bank = [{ a: 2.5, b: 0 }, { a: 0.5, b: 0 }, { a: 0.5, b: 0 }, { a: 0.5, b: 0 }].map((irt) => item({ irt }));
      const b = bp({ forms: 2, parts: [{ skillId: "grammar", items: 2 }], maxOverlap: 0, difficulty: { by: "information", abilities: [{ theta: 0 }, { theta: 1 }], tolerance: 0.1 } });
      counted(b, bank);
      const r = await assemble({ blueprint: b, candidates: bank });
      expect(codes(r)).toEqual(["ASSEMBLE_DIFFICULTY_INFORMATION", "ASSEMBLE_OVERLAP"]);
      expect(problems(r)[0]!.message).toEqual({
        en: "The forms' test information at abilities 0, 1 cannot be kept within 10% of a common value with these items. Widen the tolerance or add calibrated items.",
        ar: "لا يمكن بهذه الأسئلة إبقاء معلومات الاختبار في النماذج عند القدرات \u20680, 1\u2069 ضمن 10% من قيمة مشتركة. وسِّع هامش التفاوت أو أضف أسئلة معايَرة.",
      });
    });

    it("points no choice of items adds up to", async () => {
      // Two items for 7 points from items of 2 and 4 points: between 4 and 8 by counting, never 7.
      const bank = [item({ points: 2 }), item({ points: 4 }), item({ points: 4 })];
      const b = bp({ parts: [{ skillId: "grammar", items: 2, points: 7 }] });
      counted(b, bank);
      expect(codes(await assemble({ blueprint: b, candidates: bank, skillNames: names }))).toEqual(["ASSEMBLE_PART_POINTS_UNREACHABLE"]);
    });

    it("constraints that can each be met alone but not together", async () => {
      // 7 points in 2 items needs the over-exposed 3-point item, and with it the mean facility is 0.725, not 0.5.
      const bank = [item({ points: 2 }), item({ points: 4 }), item({ points: 4 }), item({ points: 3, exposure: 0.8, facility: 0.95 })];
      const b = bp({ parts: [{ skillId: "grammar", items: 2, points: 7 }], maxExposure: 0.5, difficulty: { by: "facility", target: 0.5, tolerance: 0.05 } });
      counted(b, bank);
      expect(both(await assemble({ blueprint: b, candidates: bank }))).toEqual([
        [
          "The blueprint's parts, the matched difficulty, the sharing limit and the exposure limit cannot all be met together with these items. Loosen one of them, or add items.",
          "لا يمكن بهذه الأسئلة تحقيق أجزاء المخطط وتطابق الصعوبة وحد الأسئلة المشتركة وحد الاطلاع معًا. خفِّف أحدها أو أضف أسئلة.",
        ],
      ]);
    });
  });

  it("says 'not found in time' apart from 'impossible'", async () => {
    const rnd = random(9);
    const bank = Array.from({ length: 400 }, (_, i) => item({ skillId: i % 2 ? "grammar" : "reading", facility: rnd() }));
    const b = bp({
      forms: 4,
      parts: [
        { skillId: "grammar", items: 20 },
        { skillId: "reading", items: 20 },
      ],
      difficulty: { by: "facility", tolerance: 0.005 },
    });
    const r = await assemble({ blueprint: b, candidates: bank, timeLimitSeconds: 0 });
    expect(r.status).toBe("timeout");
    expect(both(r)).toEqual([
      [
        "No forms were found within 0 seconds. The blueprint may still be possible: try again, or ask for fewer forms or a wider tolerance.",
        "لم يُعثر على نماذج خلال 0 ثانية. قد يكون المخطط ممكنًا مع ذلك: حاول مرة أخرى، أو اطلب نماذج أقل أو هامش تفاوت أوسع.",
      ],
    ]);
  });
});

describe("bad blueprints are refused, each with its own bilingual error", () => {
  const part = { skillId: "grammar", items: 5 };
  const refusal = (input: unknown) => ZBlueprint.safeParse(input).error?.issues.map((i) => i.message);
  const ok = { grade: 8, durationMinutes: 40, parts: [part] };

  it.each([
    ["no grade", { ...ok, grade: undefined }, "GRADE_INVALID"],
    ["grade 13", { ...ok, grade: 13 }, "GRADE_INVALID"],
    ["grade as text", { ...ok, grade: "8" }, "GRADE_INVALID"],
    ["no time", { ...ok, durationMinutes: undefined }, "BLUEPRINT_DURATION_INVALID"],
    ["too long a time", { ...ok, durationMinutes: MAX_DURATION_MINUTES + 1 }, "BLUEPRINT_DURATION_INVALID"],
    ["0 forms", { ...ok, forms: 0 }, "BLUEPRINT_FORMS_INVALID"],
    ["too many forms", { ...ok, forms: MAX_FORMS + 1 }, "BLUEPRINT_FORMS_INVALID"],
    ["1.5 forms", { ...ok, forms: 1.5 }, "BLUEPRINT_FORMS_INVALID"],
    ["no parts", { ...ok, parts: [] }, "BLUEPRINT_PARTS_INVALID"],
    ["parts not a list", { ...ok, parts: "grammar" }, "BLUEPRINT_PARTS_INVALID"],
    ["too many parts", { ...ok, parts: Array.from({ length: MAX_BLUEPRINT_PARTS + 1 }, (_, i) => ({ skillId: `s${i}`, items: 1 })) }, "BLUEPRINT_PARTS_INVALID"],
    ["a part without a skill", { ...ok, parts: [{ items: 5 }] }, "BLUEPRINT_PART_SKILL"],
    ["a skill id of 65 characters", { ...ok, parts: [{ skillId: "s".repeat(65), items: 5 }] }, "BLUEPRINT_PART_SKILL"],
    ["an unknown type", { ...ok, parts: [{ ...part, type: "oral" }] }, "BLUEPRINT_PART_TYPE"],
    ["an unknown band", { ...ok, parts: [{ ...part, band: "tricky" }] }, "BLUEPRINT_PART_TYPE"],
    ["neither items nor points", { ...ok, parts: [{ skillId: "grammar" }] }, "BLUEPRINT_PART_AMOUNT"],
    ["0 items", { ...ok, parts: [{ ...part, items: 0 }] }, "BLUEPRINT_PART_AMOUNT"],
    ["too many points", { ...ok, parts: [{ ...part, points: MAX_PART_POINTS + 1 }] }, "BLUEPRINT_PART_AMOUNT"],
    ["negative points", { ...ok, parts: [{ ...part, points: -3 }] }, "BLUEPRINT_PART_AMOUNT"],
    ["an unknown field in a part", { ...ok, parts: [{ ...part, colour: "red" }] }, undefined],
    ["two parts that could take one item", { ...ok, parts: [part, { skillId: "grammar", type: "essay", items: 1 }] }, "BLUEPRINT_PARTS_OVERLAP"],
    ["more items than a form holds", { ...ok, parts: [{ skillId: "a", items: MAX_QUESTIONS }, { skillId: "b", items: 1 }] }, "BLUEPRINT_TOO_MANY_ITEMS"],
    ["the same anchor twice", { ...ok, anchors: ["x", "x"] }, "BLUEPRINT_ANCHORS_INVALID"],
    ["too many anchors", { ...ok, anchors: Array.from({ length: MAX_ANCHORS + 1 }, (_, i) => `a${i}`) }, "BLUEPRINT_ANCHORS_INVALID"],
    ["an empty anchor id", { ...ok, anchors: [""] }, "BLUEPRINT_ANCHORS_INVALID"],
    ["an anchor id as a number", { ...ok, anchors: [7] }, "BLUEPRINT_ANCHORS_INVALID"],
    ["an overlap of 120 %", { ...ok, maxOverlap: 1.2 }, "BLUEPRINT_OVERLAP_INVALID"],
    ["a negative exposure", { ...ok, maxExposure: -0.1 }, "BLUEPRINT_EXPOSURE_INVALID"],
    ["an exposure as text", { ...ok, maxExposure: "30%" }, "BLUEPRINT_EXPOSURE_INVALID"],
    ["an unknown matching", { ...ok, difficulty: { by: "vibes", tolerance: 0.1 } }, "BLUEPRINT_DIFFICULTY_INVALID"],
    ["a facility target above 1", { ...ok, difficulty: { by: "facility", target: 1.5, tolerance: 0.1 } }, "BLUEPRINT_FACILITY_TARGET_INVALID"],
    ["a facility tolerance of 0", { ...ok, difficulty: { by: "facility", tolerance: 0 } }, "BLUEPRINT_TOLERANCE_INVALID"],
    ["a facility tolerance of 0.6", { ...ok, difficulty: { by: "facility", tolerance: MAX_FACILITY_TOLERANCE + 0.1 } }, "BLUEPRINT_TOLERANCE_INVALID"],
    ["no facility target with a part by points", { ...ok, parts: [{ skillId: "grammar", points: 10 }], difficulty: { by: "facility", tolerance: 0.05 } }, "BLUEPRINT_FACILITY_TARGET_REQUIRED"],
    ["no ability points", { ...ok, difficulty: { by: "information", abilities: [], tolerance: 0.1 } }, "BLUEPRINT_ABILITIES_INVALID"],
    ["too many ability points", { ...ok, difficulty: { by: "information", abilities: [-2, -1, 0, 1, 2, 3].map((theta) => ({ theta })), tolerance: 0.1 } }, "BLUEPRINT_ABILITIES_INVALID"],
    ["an ability of 5", { ...ok, difficulty: { by: "information", abilities: [{ theta: MAX_ABILITY + 1 }], tolerance: 0.1 } }, "BLUEPRINT_ABILITIES_INVALID"],
    ["the same ability twice", { ...ok, difficulty: { by: "information", abilities: [{ theta: 0 }, { theta: 0 }], tolerance: 0.1 } }, "BLUEPRINT_ABILITIES_INVALID"],
    ["a target information of 0", { ...ok, difficulty: { by: "information", abilities: [{ theta: 0, target: 0 }], tolerance: 0.1 } }, "BLUEPRINT_ABILITIES_INVALID"],
    ["an information tolerance of 0", { ...ok, difficulty: { by: "information", abilities: [{ theta: 0 }], tolerance: 0 } }, "BLUEPRINT_TOLERANCE_INVALID"],
    ["an unknown field", { ...ok, seed: 3 }, undefined],
  ])("%s", (_, input, code) => {
    const got = refusal(input);
    expect(got, "refused").toBeDefined();
    if (code) expect(got).toContain(code);
  });

  it("accepts a full blueprint and fills the defaults", () => {
    expect(ZBlueprint.parse(ok)).toEqual({ grade: 8, durationMinutes: 40, forms: 1, parts: [{ skillId: "grammar", type: null, band: null, items: 5, points: null }], anchors: [], maxOverlap: 0.2, maxExposure: 1, difficulty: null });
  });

  it("every code a blueprint or an assembly can answer is in the catalogue, and its limits are the schema's", () => {
    const text = (code: keyof typeof ERRORS) => `${ERRORS[code].message.en} ${ERRORS[code].message.ar}`;
    expect(text("BLUEPRINT_FORMS_INVALID")).toContain(` ${MAX_FORMS}.`);
    expect(text("BLUEPRINT_DURATION_INVALID")).toContain(` ${MAX_DURATION_MINUTES}.`);
    expect(text("BLUEPRINT_PARTS_INVALID")).toContain(`${MAX_BLUEPRINT_PARTS} parts`);
    expect(text("BLUEPRINT_PART_AMOUNT")).toContain(`1 to ${MAX_QUESTIONS}`);
    expect(text("BLUEPRINT_PART_AMOUNT")).toContain(`1 to ${MAX_PART_POINTS}`);
    expect(text("BLUEPRINT_TOO_MANY_ITEMS")).toContain(`${MAX_QUESTIONS} items`);
    expect(text("BLUEPRINT_ANCHORS_INVALID")).toContain(`${MAX_ANCHORS} different`);
    expect(text("BLUEPRINT_TOLERANCE_INVALID")).toContain(`${MIN_FACILITY_TOLERANCE} to ${MAX_FACILITY_TOLERANCE}`);
    expect(text("BLUEPRINT_TOLERANCE_INVALID")).toContain(`${MIN_INFORMATION_TOLERANCE * 100}% to 100%`);
    expect(text("BLUEPRINT_ABILITIES_INVALID")).toContain(`1 to ${MAX_ABILITY_POINTS}`);
    expect(text("BLUEPRINT_ABILITIES_INVALID")).toContain(`−${MAX_ABILITY} to ${MAX_ABILITY}`);
    expect(text("BLUEPRINT_ABILITIES_INVALID")).toContain(`at most ${MAX_INFORMATION_TARGET}`);
  });
});
