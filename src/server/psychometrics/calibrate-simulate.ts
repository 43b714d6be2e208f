// Simulated responses for parameter-recovery tests and the bench: a seeded generator, so that every run is the same.
import { categoryProbabilities, type ItemModel } from "./calibrate-model";
import { NOT_PRESENTED, type GpcmParams, type ItemParams, type ResponseMatrix } from "./types";

/** mulberry32: a small, fast 32-bit generator; uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal by Box–Muller. */
export function seededNormal(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function modelOf(item: ItemParams | GpcmParams): ItemModel {
  if (Array.isArray(item.b)) {
    const d = new Float64Array(item.b.length + 1);
    for (let v = 1; v <= item.b.length; v++) d[v] = d[v - 1]! - item.a * item.b[v - 1]!;
    return { kind: "logit", categories: item.b.length + 1, a: item.a, d, c: 0, fixedA: false };
  }
  const p = item as ItemParams;
  return { kind: "3pl", categories: 2, a: p.a, d: Float64Array.of(0, -p.a * p.b), c: p.c, fixedA: false };
}

/**
 * Responses of `persons` with θ ~ N(0, 1) — or each person's own N(mean, sd²) from `latent` — to `items` (3PL/2PL
 * given as {a, b, c}, GPCM as {a, b: steps}). `presented(person, item)` leaves an item blank (not presented) when
 * it returns false.
 */
export function simulate(
  items: (ItemParams | GpcmParams)[],
  persons: number,
  seed: number,
  presented: (person: number, item: number) => boolean = () => true,
  latent: (person: number) => { mean: number; sd: number } = () => ({ mean: 0, sd: 1 }),
): { matrix: ResponseMatrix; thetas: Float64Array } {
  const random = seededRandom(seed);
  const normal = seededNormal(random);
  const models = items.map(modelOf);
  const data = new Int8Array(persons * items.length);
  const thetas = new Float64Array(persons);
  const probs = new Float64Array(16);
  for (let p = 0; p < persons; p++) {
    const { mean, sd } = latent(p);
    const theta = mean + sd * normal();
    thetas[p] = theta;
    models.forEach((m, i) => {
      if (!presented(p, i)) {
        data[p * items.length + i] = NOT_PRESENTED;
        return;
      }
      const pk = probs.subarray(0, m.categories);
      categoryProbabilities(m, theta, pk);
      let u = random();
      let k = 0;
      while (k < m.categories - 1 && u >= pk[k]!) u -= pk[k++]!;
      data[p * items.length + i] = k;
    });
  }
  return { matrix: { items: items.map((_, i) => `Q${i + 1}`), nPersons: persons, data }, thetas };
}
