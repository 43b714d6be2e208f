// 2PL calibration of one large exam (issue 35; docs/decisions/0041): 20,000 simulated students × 40 items from known
// parameters, calibrated by MML-EM in memory — the time printed beside the recovery (RMSE of a and b) and the share
// spent in the E-step cycles. The target is under 10 s for the whole calibration.
//
//   npx tsx bench/calibrate.ts
//   PERSONS=20000 ITEMS=40 MODEL=2pl npx tsx bench/calibrate.ts
import { loadavg } from "node:os";
import { calibrate } from "../src/server/psychometrics/calibrate";
import { seededRandom, simulate } from "../src/server/psychometrics/calibrate-simulate";
import type { IrtModel } from "../src/server/psychometrics/types";

const PERSONS = Number(process.env.PERSONS ?? 20000);
const ITEMS = Number(process.env.ITEMS ?? 40);
const MODEL = (process.env.MODEL ?? "2pl") as IrtModel;
const TARGET_SECONDS = 10;

const random = seededRandom(7);
const items = Array.from({ length: ITEMS }, () => ({ a: 0.6 + 1.6 * random(), b: -2.2 + 4.4 * random(), c: MODEL === "3pl" ? 0.2 : 0 }));
const { matrix } = simulate(items, PERSONS, 8);
const started = performance.now();
const result = calibrate(matrix, MODEL);
const seconds = (performance.now() - started) / 1000;
const rmse = (key: "a" | "b") => Math.sqrt(result.items.reduce((s, x, i) => s + (x[key] - items[i]![key]) ** 2, 0) / result.items.length);

console.log(`${MODEL} calibration: ${PERSONS} students × ${ITEMS} items, ${result.patterns} patterns (load ${loadavg()[0]!.toFixed(1)})`);
console.log(`  ${seconds.toFixed(2)} s, ${result.iterations} EM cycles, converged ${result.converged}, ${result.problems.length} problems (target ${TARGET_SECONDS} s)`);
console.log(`  RMSE(a) ${rmse("a").toFixed(3)}, RMSE(b) ${rmse("b").toFixed(3)}`);
