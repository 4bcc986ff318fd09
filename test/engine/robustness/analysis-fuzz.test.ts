import { describe, expect, it } from 'vitest';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import type { HouseholdPlan } from '../../../shared/engine/index.js';
import { analyse, analysisIssues } from '../../../shared/engine/analysis/index.js';
import type { AnalysisRequest } from '../../../shared/engine/analysis/request.js';
import { DEFAULT_SENSITIVITY_INPUTS } from '../../../shared/engine/analysis/sensitivity.js';
import { Draw } from './draw.js';
import { nonFinite, percentilesOutOfOrder } from './document-checks.js';
import { randomScenario } from './random-scenario.js';

/**
 * Random analysis requests (every kind, levers and inputs naming real or missing items, bounds
 * and moves in and out of range) on random valid scenarios, seeded: each is refused naming its
 * fields, or runs to a document with no NaN and percentiles in order. `npm run fuzz` runs
 * FUZZ_SCALE times as many, from FUZZ_SEED.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const CASES = 30 * SCALE;
const PATHS = 12;

function randomRequest(d: Draw, plan: HouseholdPlan): AnalysisRequest {
  const some = <T extends { id: string }>(items: readonly T[], missing: string) =>
    items.length > 0 && d.bool(0.85) ? d.oneOf(items).id : missing;
  const bound = (lo: number, hi: number) => (d.bool(0.5) ? {} : { min: d.uniform(lo, hi), max: d.uniform(lo, hi) });
  const target = () =>
    d.bool(0.5) ? {} : { target: { probability: d.uniform(-0.1, 1.1), ...(d.bool(0.3) ? { goalId: some(plan.goals, 'nope') } : {}) } };
  switch (d.int(0, 3)) {
    case 0: {
      const lever = d.oneOf([
        () => ({ type: 'SPENDING' as const, ...(d.bool(0.3) ? { expenseId: some(plan.expenses, 'nope') } : {}), ...bound(-1000, 300_000) }),
        () => ({ type: 'RETIREMENT_AGE' as const, memberId: some(plan.members, 'nope'), ...bound(20, 130) }),
        () => ({ type: 'CONTRIBUTION' as const, accountId: some(plan.accounts, 'nope'), ...bound(-100, 100_000) }),
        () => ({
          type: 'LUMP_SUM' as const,
          ...(d.bool(0.5) ? { accountId: some(plan.accounts, 'nope') } : {}),
          ...bound(-100, 2_000_000),
        }),
      ])();
      return { type: 'SOLVE', lever, ...target(), ...(d.bool(0.3) ? { maxTrials: d.int(1, 80) } : {}) };
    }
    case 1:
      return { type: 'DIAGNOSE', ...target(), maxTrials: d.int(4, 12) };
    case 2: {
      if (d.bool(0.6)) return { type: 'SENSITIVITY' };
      const inputs = Array.from({ length: d.int(1, 4) }, () => ({
        input: d.oneOf(DEFAULT_SENSITIVITY_INPUTS),
        ...(d.bool(0.4) ? { down: d.oneOf([-0.3, -0.05, 0, 0.5, -3, 2]) } : {}),
        ...(d.bool(0.4) ? { up: d.oneOf([0.3, 0.05, 1.5, 3, 11]) } : {}),
      }));
      return { type: 'SENSITIVITY', inputs };
    }
    default: {
      if (d.bool(0.3)) return { type: 'STRESS' };
      const shocks = Array.from({ length: d.int(0, 3) }, () =>
        d.oneOf([
          () => ({ type: 'EQUITY_FALL' as const, fall: d.uniform(-0.2, 1.2), ...(d.bool() ? { year: d.int(-1, 200) } : {}) }),
          () => ({ type: 'HIGH_INFLATION' as const, extra: d.uniform(-0.5, 0.6), years: d.int(0, 60), fromYear: d.int(-1, 60) }),
          () => ({ type: 'RATES_UP' as const, points: d.uniform(-0.2, 0.3) }),
          () => ({ type: 'HISTORICAL' as const, startYear: d.int(1850, 2030), ...(d.bool() ? { years: d.int(0, 40) } : {}) }),
        ])(),
      );
      return { type: 'STRESS', shocks };
    }
  }
}

describe('random analyses (seeded fuzz)', () => {
  it(
    `${CASES} requests: refused naming fields, or run to a document with no NaN and percentiles in order`,
    () => {
      const d = new Draw(SEED + 2);
      let ran = 0;
      for (let k = 0; k < CASES; k++) {
        let v = validateScenario(randomScenario(d, PATHS, k));
        while (!v.ok) v = validateScenario(randomScenario(d, PATHS, k));
        const plan = toHouseholdPlan(v.value);
        const request = randomRequest(d, plan);
        const where = `case ${k} (FUZZ_SEED=${SEED}): ${JSON.stringify({ request, scenario: v.value })}`;
        const issues = analysisIssues(plan, request);
        if (issues.length > 0) {
          for (const i of issues) expect(i.field, where).toMatch(/\S/);
          continue;
        }
        let doc: ReturnType<typeof analyse>;
        try {
          doc = analyse(plan, request, { seed: k, paths: PATHS, shards: 2 });
        } catch (err) {
          throw new Error(`${where}\nthrew ${(err as Error).stack}`);
        }
        expect(nonFinite(doc), where).toEqual([]);
        expect(percentilesOutOfOrder(doc), where).toEqual([]);
        ran++;
      }
      expect(ran).toBeGreaterThan(CASES / 3);
    },
    120_000 * SCALE,
  );
});
