import { describe, expect, it } from 'vitest';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import { simulate, type HouseholdPlan } from '../../../shared/engine/index.js';
import { economy, life, simulator } from '../household/fixtures.js';
import { Draw } from './draw.js';
import { nonFinite, percentilesOutOfOrder } from './document-checks.js';
import { randomScenario } from './random-scenario.js';

/**
 * Random household scenarios (random-scenario.ts), seeded: each is either refused by validation,
 * naming fields, or simulated, and then its output has no NaN, no negative tax, percentiles in
 * order, and no path whose net worth exceeds what its incomes, returns and starting balances can
 * give. `npm run fuzz` runs FUZZ_SCALE times as many, from FUZZ_SEED.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const CASES = 60 * SCALE;
const PATHS = 24;

/**
 * The most net worth a path can reach by the end of each year on a deterministic economy whose
 * returns are all at most `growth`: everything held at the start and every income, employer match
 * and insurance benefit the plan could pay (at their largest), all earning `growth` from then on.
 */
function netWorthCeiling(plan: HouseholdPlan, cpi: Float64Array, growth: number): Float64Array {
  const out = new Float64Array(plan.years);
  // Properties count twice: a price bought later has grown meanwhile, at most as the best return.
  let held = plan.accounts.reduce((s, a) => s + a.balance, 0) + plan.properties.reduce((s, p) => s + p.value * 2, 0);
  for (let t = 0; t < plan.years; t++) {
    const index = cpi[t + 1];
    let salary = 0;
    let inflow = 0;
    for (const i of plan.incomes) {
      // Public pensions from rules (no typed amount) are not among the incomes the fuzz draws.
      if (!('amount' in i) || i.amount === undefined) continue;
      const growthFactor = i.type === 'SALARY' ? Math.max(1, 1 + i.realGrowth) ** t : 1;
      inflow += i.amount * Math.max(1, index) * growthFactor;
      if (i.type === 'SALARY') salary += i.amount * Math.max(1, index) * growthFactor;
    }
    for (const a of plan.accounts) if (a.type === 'RETIREMENT') inflow += a.employerMatch * Math.min(1, a.employerMatchLimit) * salary;
    for (const x of plan.insurance)
      inflow +=
        x.type === 'TERM_LIFE' ? x.sumAssured * index : x.type === 'LONG_TERM_CARE' ? x.annualBenefit * index : x.benefitFraction * salary;
    held = (held + inflow) * (1 + growth);
    out[t] = held;
  }
  return out;
}

describe('random scenarios (seeded fuzz)', () => {
  it(
    `${CASES} scenarios: refused naming fields, or simulated with finite outputs, taxes ≥ 0 and percentiles in order`,
    () => {
      const d = new Draw(SEED);
      let simulated = 0;
      for (let k = 0; k < CASES; k++) {
        const doc = randomScenario(d, PATHS, k);
        const v = validateScenario(doc);
        const where = `case ${k} (FUZZ_SEED=${SEED}): ${JSON.stringify(doc)}`;
        if (!v.ok) {
          expect(v.errors.length, where).toBeGreaterThan(0);
          for (const e of v.errors) expect(e.field, where).toMatch(/\S/);
          continue;
        }
        const out = simulate(toHouseholdPlan(v.value), { seed: k, paths: PATHS, shards: 2 });
        expect(nonFinite(out), where).toEqual([]);
        expect(percentilesOutOfOrder(out), where).toEqual([]);
        for (const y of out.timeSeries) expect(y.taxes.nominal.p5 ?? 0, where).toBeGreaterThanOrEqual(0);
        simulated++;
      }
      // Most draws are valid scenarios: the fuzz tests the engine, not only the validation.
      expect(simulated).toBeGreaterThan(CASES / 2);
    },
    120_000 * SCALE,
  );

  it(
    `${CASES} scenarios on deterministic economies: no path makes money, and no year's tax is negative`,
    () => {
      const d = new Draw(SEED + 1);
      let checked = 0;
      for (let k = 0; k < CASES; k++) {
        const doc = randomScenario(d, PATHS, k);
        const v = validateScenario(doc);
        if (!v.ok) continue;
        const plan = toHouseholdPlan(v.value);
        const r = {
          inflation: d.uniform(0, 0.05),
          cash: d.uniform(-0.02, 0.05),
          bonds: d.uniform(-0.1, 0.08),
          equity: d.uniform(-0.3, 0.15),
        };
        const rates = { ...r, property: d.uniform(-0.1, 0.08), shortRate: r.cash };
        const econ = economy(plan.years, rates);
        const growth = Math.max(0, r.cash, r.bonds, r.equity, rates.property);
        const ceiling = netWorthCeiling(plan, econ.cpi, growth);
        const sim = simulator(plan);
        for (let p = 0; p < 4; p++) {
          const lives = plan.members.map(() => life(plan.years, d.bool() ? d.int(0, plan.years - 1) : -1));
          sim.run(econ, lives);
          const deaths = lives.map((l) => l.deathYear);
          const where = `case ${k}, path ${p} (FUZZ_SEED=${SEED}): ${JSON.stringify({ rates, deaths, doc })}`;
          for (let t = 0; t < sim.yearsRun; t++) {
            expect(sim.taxes[t], `${where}, year ${t}`).toBeGreaterThanOrEqual(0);
            expect(sim.netWorth[t], `${where}, year ${t}`).toBeLessThanOrEqual(ceiling[t] * (1 + 1e-9) + 1e-6);
            expect(Number.isFinite(sim.netWorth[t]), `${where}, year ${t}`).toBe(true);
          }
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(CASES / 2);
    },
    120_000 * SCALE,
  );
});
