// Assembling parallel forms from a blueprint (issue 34; docs/decisions/0035): 4 forms of 40 items from 5,000
// candidates of one grade — eight skills, five types, a realistic spread of facility, points, exposure and IRT
// parameters, four anchors, at most 20 % shared between two forms, items seen by more than half the cohort left out —
// matched by mean facility, then by IRT information at three abilities. Beside each time, the same run's floor: the
// same model's LP relaxation alone, and one form alone. The target is 5 s per assembly.
//
//   npx tsx bench/assemble.ts                   # seeds 1, 2, 3
//   SEEDS=1,2,3,4,5 CANDIDATES=5000 npx tsx bench/assemble.ts
import { loadavg } from "node:os";
import { ZBlueprint, type TBlueprintInput } from "../src/shared/schemas/blueprint";
import type { TQuestionType } from "../src/shared/schemas/exam";
import { assemble, assembleInThread, relaxationSeconds, type TAssembleInput, type TCandidate } from "../src/server/modules/bank/assemble";

const SEEDS = (process.env.SEEDS ?? "1,2,3").split(",").map(Number);
const CANDIDATES = Number(process.env.CANDIDATES ?? 5000);
const TARGET_SECONDS = 5;

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
const normal = (rnd: () => number) => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

// Skills by share of the bank; types by share, with their usual points.
const SKILLS: [string, number][] = [["reading", 0.22], ["grammar", 0.18], ["vocabulary", 0.14], ["spelling", 0.1], ["writing", 0.08], ["listening", 0.1], ["literature", 0.1], ["rhetoric", 0.08]];
const TYPES: [TQuestionType, number, number[]][] = [["multiple_choice", 0.6, [1, 1, 2]], ["true_false", 0.15, [1]], ["short_answer", 0.13, [2, 3]], ["essay", 0.06, [4, 5, 6]], ["matching", 0.06, [2, 4]]];
const pick = <T>(rnd: () => number, table: [T, number, ...unknown[]][]) => {
  let r = rnd();
  for (const row of table) if ((r -= row[1]) < 0) return row;
  return table[table.length - 1]!;
};

function bank(seed: number): TCandidate[] {
  const rnd = random(seed);
  return Array.from({ length: CANDIDATES }, (_, i) => {
    const [skillId] = pick(rnd, SKILLS);
    const [type, , points] = pick(rnd, TYPES) as (typeof TYPES)[number];
    const used = rnd() > 0.08; // new items: no facility, no calibration, never seen
    const b = normal(rnd);
    return {
      id: `item-${i}`,
      skillId,
      type,
      points: points[Math.floor(rnd() * points.length)]!,
      grade: 8,
      // Facility falls with IRT difficulty, with noise; most items between 0.3 and 0.9.
      facility: used ? Math.min(0.98, Math.max(0.05, 0.62 - 0.16 * b + 0.08 * normal(rnd))) : null,
      irt: used && rnd() < 0.75 ? { a: Math.exp(0.3 * normal(rnd)), b, c: type === "multiple_choice" ? 0.2 : null } : null,
      exposure: used ? (rnd() < 0.3 ? 0 : 0.7 * rnd()) : 0,
    };
  });
}

const PARTS: TBlueprintInput["parts"] = [
  { skillId: "reading", type: "multiple_choice", items: 8 },
  { skillId: "reading", type: "short_answer", items: 2 },
  { skillId: "grammar", type: "multiple_choice", items: 6 },
  { skillId: "grammar", type: "true_false", items: 2 },
  { skillId: "vocabulary", items: 5 },
  { skillId: "spelling", items: 4 },
  { skillId: "writing", type: "essay", items: 1 },
  { skillId: "listening", items: 4 },
  { skillId: "literature", items: 4 },
  { skillId: "rhetoric", items: 4 },
];

function input(seed: number, by: "facility" | "information", forms = 4): TAssembleInput {
  const candidates = bank(seed);
  // Four anchors: calibrated, of the first parts, not over-exposed.
  const anchors = ["reading", "grammar", "vocabulary", "listening"].map((s) => candidates.find((c) => c.skillId === s && c.type === "multiple_choice" && c.irt && c.exposure <= 0.5)!.id);
  const blueprint = ZBlueprint.parse({
    grade: 8,
    durationMinutes: 60,
    forms,
    parts: PARTS,
    anchors,
    maxOverlap: 0.2,
    maxExposure: 0.5,
    difficulty: by === "facility" ? { by, tolerance: 0.01 } : { by, abilities: [{ theta: -1 }, { theta: 0 }, { theta: 1 }], tolerance: 0.05 },
  });
  return { blueprint, candidates };
}

const s = (x: number) => `${x.toFixed(2)} s`;
const loadStarted = performance.now();
await relaxationSeconds(input(0, "facility", 1)); // loads the WebAssembly once, as a server thread does
console.log(`HiGHS WebAssembly loaded and a first model solved in ${s((performance.now() - loadStarted) / 1000)}\n`);
console.log(`${CANDIDATES} candidates, 4 forms × 40 items (4 anchors), overlap ≤ 20 %, exposure ≤ 50 %; target ${TARGET_SECONDS} s; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log("The LP relaxation is of the model solved first (the pools cut across their difficulty: assemble.ts, narrow).");
console.log("seed  matching     model (cols × rows)   LP relaxation  one form   4 forms   (CPU)     status               pool   shared  spread");
for (const seed of SEEDS) {
  for (const by of ["facility", "information"] as const) {
    const full = input(seed, by);
    const lp = await relaxationSeconds(full);
    const one = await assemble(input(seed, by, 1));
    const cpuBefore = process.cpuUsage();
    const r = await assemble(full);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const spread =
      r.status !== "assembled"
        ? "—"
        : by === "facility"
          ? `facility ${Math.min(...r.forms.map((f) => f.meanFacility!)).toFixed(3)}–${Math.max(...r.forms.map((f) => f.meanFacility!)).toFixed(3)}`
          : `I(0) ${Math.min(...r.forms.map((f) => f.information[1]!.value)).toFixed(2)}–${Math.max(...r.forms.map((f) => f.information[1]!.value)).toFixed(2)}`;
    const status = r.status === "assembled" ? (r.optimal ? "assembled (optimal)" : "assembled (time up)") : r.status;
    console.log(
      `${String(seed).padEnd(5)} ${by.padEnd(12)} ${`${lp.cols} × ${lp.rows}`.padEnd(21)} ${s(lp.seconds).padEnd(14)} ${s(one.seconds).padEnd(10)} ${s(r.seconds).padEnd(9)} ${`(${s(cpuSeconds)})`.padEnd(9)} ${status.padEnd(20)} ${String(r.status === "assembled" ? r.pool : "—").padEnd(6)} ${String(r.status === "assembled" ? r.maxShared : "—").padEnd(7)} ${spread}`,
    );
  }
}
const threadStarted = performance.now();
const inThread = await assembleInThread(input(SEEDS[0]!, "facility"));
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`\nIn a parse thread (start, tsx, WebAssembly, model and solve), seed ${SEEDS[0]} by facility: ${s((performance.now() - threadStarted) / 1000)}, ${inThread.status}`);
