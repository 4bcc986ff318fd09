import { describe, expect, it } from 'vitest';
import { simulate, type HouseholdPlan } from '../../../shared/engine/index.js';
import { analyse } from '../../../shared/engine/analysis/index.js';
import { stylisedRetiree } from '../../../bench/stylised-retiree.js';
import { loadExample } from '../output/example-plans.js';
import { account, plan, riskFree } from '../household/fixtures.js';

/** W in cash, spending at the start of each of `years` years, a constant continuously compounded rate r, no other risk. */
function deterministic(wealth: number, years: number, r: number): HouseholdPlan {
  return plan({
    years,
    members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1960, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 60 }],
    expenses: [
      { id: 'living', type: 'LIVING', amount: 30_000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
    ],
    accounts: [account('cash', 'CASH', wealth)],
    assumptions: riskFree(r),
  });
}

const solveSpending = (p: HouseholdPlan, probability: number, paths = 4, seed = 1) =>
  analyse(p, { type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability } }, { seed, paths }).solve!;

describe('SOLVE: exact answers', () => {
  it('with no risk and no return, the most one can spend over a fixed horizon is wealth / years, to the cent', () => {
    const s = solveSpending(deterministic(1_000_000, 30, 0), 0.5);
    expect(s.status).toBe('SOLVED');
    expect(Math.abs(s.value - 1_000_000 / 30)).toBeLessThanOrEqual(0.01);
    expect(s.probability.value).toBe(1);
    expect(s.resolution).toBe(0.01);
  });

  it('with a constant real rate, it is the annuity-due payment W / ä(n) at the effective rate e^r − 1', () => {
    const r = 0.03;
    const i = Math.expm1(r);
    const n = 25;
    const annuityDue = (1 - (1 + i) ** -n) / (i / (1 + i));
    const s = solveSpending(deterministic(800_000, n, r), 0.5);
    expect(Math.abs(s.value - 800_000 / annuityDue)).toBeLessThanOrEqual(0.01);
  });

  it('a cent more than the solution fails: the solved value is the boundary, not a point near it', () => {
    const p = deterministic(1_000_000, 30, 0);
    const s = solveSpending(p, 0.5);
    const above = analyse(p, { type: 'SOLVE', lever: { type: 'SPENDING', min: s.value + 0.01, max: s.value + 100 } }, { seed: 1, paths: 2 })
      .solve!;
    expect(above.status).toBe('UNREACHABLE');
  });
});

describe('SOLVE on random paths', () => {
  it('re-simulating the scenario at the solved value gives exactly the reported probability', () => {
    const yf = loadExample('young-family-mortgage');
    const seed = 11;
    const paths = 600;
    const s = solveSpending(yf, 0.8, paths, seed);
    expect(s.status).toBe('SOLVED');
    // The client's way: the scenario's own LIVING expenses, scaled to the solved total.
    const living = yf.expenses.filter((e) => e.type === 'LIVING').reduce((sum, e) => sum + e.amount, 0);
    const rerun = simulate(
      { ...yf, expenses: yf.expenses.map((e) => (e.type === 'LIVING' ? { ...e, amount: (e.amount * s.value) / living } : e)) },
      { seed, paths },
    );
    expect(rerun.summary.probabilityOfSuccess).toBe(s.probability.value);
    expect(s.probability.value).toBeGreaterThanOrEqual(0.8);
    // One cent more and the target is missed (the boundary) — unless paths are not monotone, which the result would say.
    expect(s.nonMonotonePaths).toBe(0);
    const trials = s.trials.filter((t) => t.source === 'THRESHOLDS');
    expect(trials.length).toBeGreaterThan(3);
    expect(s.effect.standardError).toBeLessThan(s.effect.unpairedStandardError);
  });

  it('gives the same answer however the paths are sharded', () => {
    const yf = loadExample('young-family-mortgage');
    const request = {
      type: 'SOLVE' as const,
      lever: { type: 'RETIREMENT_AGE' as const, memberId: yf.members[0].id },
      target: { probability: 0.87 },
    };
    const one = analyse(yf, request, { seed: 5, paths: 400 });
    const three = analyse(yf, request, { seed: 5, paths: 400, shards: 3 });
    expect(three.solve).toEqual(one.solve);
  });

  it('steps on past a solved value whose simulated probability misses the target, and says so', () => {
    // Retiring at 71 was predicted to reach 0.885 from the paths' switch points, but simulates
    // 0.8838 (paths that do not respond monotonically); 72 simulates 0.885.
    const yf = loadExample('young-family-mortgage');
    const s = analyse(
      yf,
      { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'sam' }, target: { probability: 0.885 } },
      { seed: 11, paths: 5000 },
    ).solve!;
    expect(s.status).toBe('SOLVED');
    expect(s.value).toBe(72);
    expect(s.probability.value).toBeGreaterThanOrEqual(0.885);
    const simulated = s.trials.filter((t) => t.source === 'SIMULATED');
    expect(simulated.map((t) => t.value)).toEqual([71, 72]);
    expect(simulated[0].probability).toBeLessThan(0.885);
    expect(s.reason).toMatch(/retiring at 71\).*0\.8838.*stepped on to sam retiring at 72/);
    // The reported figure is the simulation of the value reported.
    const sam = yf.members.findIndex((m) => m.id === 'sam');
    const rerun = simulate(
      { ...yf, members: yf.members.map((m, i) => (i === sam ? { ...m, retirementAge: 72 } : m)) },
      { seed: 11, paths: 5000 },
    );
    expect(rerun.summary.probabilityOfSuccess).toBe(s.probability.value);
  }, 60_000);

  it('a lever that cannot reach the target says so, with the best value inside its bounds', () => {
    const yf = loadExample('young-family-mortgage');
    const s = analyse(
      yf,
      { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: yf.members[0].id, max: 70 }, target: { probability: 0.999 } },
      { seed: 3, paths: 300 },
    ).solve!;
    expect(s.status).toBe('UNREACHABLE');
    expect(s.value).toBe(70);
    expect(s.reason).toMatch(/even .* retiring at 70/);
    expect(s.probability.value).toBeLessThan(0.999);
  });

  it("the stylised retiree's spending at 80% success lies within sampling error of a plain bisection on another seed", () => {
    const retiree = stylisedRetiree();
    const paths = 4000;
    const s = solveSpending(retiree, 0.8, paths, 21);
    // Plain bisection on the public simulate(), seed 22: P(success) at a spending level, to 1 unit of money.
    const successAt = (spend: number, seed: number) =>
      simulate({ ...retiree, expenses: [{ ...retiree.expenses[0], amount: spend }] }, { seed, paths }).summary.probabilityOfSuccess;
    let lo = 0,
      hi = 120_000;
    while (hi - lo > 1) {
      const mid = (lo + hi) / 2;
      if (successAt(mid, 22) >= 0.8) lo = mid;
      else hi = mid;
    }
    // Same seed, same paths: the plain bisection lands on the solver's boundary.
    expect(successAt(s.value, 21)).toBeGreaterThanOrEqual(0.8);
    expect(successAt(s.value + 1, 21)).toBeLessThan(0.8);
    // Sampling error of a quantile of switch points: SE(p) / slope, the slope read off P around the solution.
    const slope = (successAt(s.value - 2_000, 21) - successAt(s.value + 2_000, 21)) / 4_000;
    const seSpend = Math.sqrt((0.8 * 0.2) / paths) / slope;
    expect(Math.abs(lo - s.value)).toBeLessThan(4 * Math.SQRT2 * seSpend);
  });
});

describe('SOLVE with a lever that works against the target', () => {
  it("keeps today's value as the best found, and says the lever works against the target", () => {
    // Saving more into a locked RETIREMENT account leaves less cash for the family car.
    const yf = loadExample('young-family-mortgage');
    const pension = yf.accounts.find((a) => a.type === 'RETIREMENT')!;
    const a = analyse(
      yf,
      { type: 'SOLVE', lever: { type: 'CONTRIBUTION', accountId: pension.id }, target: { goalId: 'family-car', probability: 0.95 } },
      { seed: 3, paths: 400 },
    );
    const s = a.solve!;
    expect(s.status).toBe('UNREACHABLE');
    expect(s.value).toBe(0);
    expect(s.reason).toMatch(/works against it/);
    const atBound = s.trials.find((t) => t.source === 'SIMULATED')!;
    expect(atBound.probability).toBeLessThan(s.probability.value);
  });
});
