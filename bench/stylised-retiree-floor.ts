/**
 * A reference for the household benchmark's case (a), not the engine: the stylised retiree as one
 * hand-written loop on the engine's own primitives (its random streams, its per-year distribution
 * grid, the same six series a path records, batches of 128 paths), with nothing general about it:
 * no plan, no economy model, no life model, no output document. What it reaches on a machine is
 * about the most any engine built on these primitives could reach there, which puts the general
 * engine's figure and the 15 M target in proportion.
 */
import { RandomStream } from '../shared/engine/random/index.js';
import { DistributionGrid } from '../shared/engine/output/distribution-grid.js';
import { MONEY_UNIT } from '../shared/engine/output/fixed-point-sum.js';

const YEARS = 55;
const BATCH = 128;
const SERIES = 6; // net worth, liquid assets, income, spending, shortfall, taxes
const START_AGE = 65;
const BALANCE = 1_000_000;
const SPENDING = 40_000;
const PREMIUM = 0.05;
const VOLATILITY = 0.18;
const MODAL_AGE = 88;
const DISPERSION = 10;

/** Runs `paths` paths; returns the path-years simulated and the share that never ran out. */
export function stylisedRetireeFloor(paths: number, seed: number): { pathYears: number; success: number } {
  const q = new Float64Array(YEARS);
  for (let t = 0; t < YEARS; t++) {
    q[t] = 1 - Math.exp(Math.exp((START_AGE + t - MODAL_AGE) / DISPERSION) * (1 - Math.exp(1 / DISPERSION)));
  }
  const drift = PREMIUM - (VOLATILITY * VOLATILITY) / 2;
  const grid = new DistributionGrid(SERIES * YEARS, MONEY_UNIT);
  const YB = YEARS * BATCH;
  const buffer = new Float64Array(SERIES * YB);
  const buffered = new Int32Array(YEARS);
  const equity = new RandomStream();
  const life = new RandomStream();
  let pathYears = 0;
  let successes = 0;
  let inBatch = 0;
  const flush = () => {
    for (let s = 0; s < SERIES; s++) {
      for (let t = 0; t < YEARS && buffered[t] > 0; t++) grid.addBatch(s * YEARS + t, buffer, (s * YEARS + t) * BATCH, buffered[t]);
    }
    buffered.fill(0);
    inBatch = 0;
  };
  for (let p = 0; p < paths; p++) {
    equity.reset(seed, p, 1);
    life.reset(seed, p, 2);
    let balance = BALANCE;
    let success = 1;
    for (let t = 0; t < YEARS; t++) {
      const dies = life.uniform() < q[t];
      let shortfall = 0;
      if (balance >= SPENDING) balance -= SPENDING;
      else {
        shortfall = SPENDING - balance;
        balance = 0;
        success = 0;
      }
      balance *= Math.exp(drift + VOLATILITY * equity.normal());
      const at = t * BATCH + buffered[t]++;
      buffer[at] = balance;
      buffer[at + YB] = balance;
      buffer[at + 2 * YB] = 0;
      buffer[at + 3 * YB] = SPENDING - shortfall;
      buffer[at + 4 * YB] = shortfall;
      buffer[at + 5 * YB] = 0;
      pathYears++;
      if (dies) break;
    }
    successes += success;
    if (++inBatch === BATCH) flush();
  }
  flush();
  return { pathYears, success: successes / paths };
}
