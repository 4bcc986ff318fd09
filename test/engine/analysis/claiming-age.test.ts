import { describe, expect, it } from 'vitest';
import { simulate, type HouseholdPlan } from '../../../shared/engine/index.js';
import { analyse } from '../../../shared/engine/analysis/index.js';
import { resolveLever } from '../../../shared/engine/analysis/levers.js';
import { account, plan, riskFree } from '../household/fixtures.js';

/**
 * Born 15 June 1960 (full retirement age 67), 66 in 2026, with a PIA of 2,000 a month claimed at
 * 66, 150,000 in cash at no return and no inflation, and 30,000 a year of essential spending for
 * 30 years, no other risk: claimed at 66 (93.3% of the PIA) or 69 (116%) the cash runs out, at 70
 * (124%) it lasts.
 */
function claimer(claimingAge: number): HouseholdPlan {
  return plan({
    startYear: 2026,
    years: 30,
    members: [
      {
        id: 'p1',
        role: 'PRIMARY',
        birthYear: 1960,
        birthDate: '1960-06-15',
        sex: 'MALE',
        health: 'AVERAGE',
        smoker: false,
        retirementAge: 60,
      },
    ],
    incomes: [{ id: 'ss', type: 'SOCIAL_SECURITY', memberId: 'p1', pia: 2000, claimingAge, claimingMonths: 0 }],
    expenses: [
      { id: 'living', type: 'LIVING', amount: 30_000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
    ],
    accounts: [account('cash', 'CASH', 150_000)],
    assumptions: riskFree(0),
  });
}

const success = (p: HouseholdPlan) => simulate(p, { seed: 1, paths: 4 }).summary.probabilityOfSuccess;

describe('SOLVE: the Social Security claiming age', () => {
  it('finds the youngest claiming age that reaches the target, checked by simulating it and the year before', () => {
    const s = analyse(
      claimer(66),
      { type: 'SOLVE', lever: { type: 'CLAIMING_AGE', memberId: 'p1' }, target: { probability: 0.5 } },
      { seed: 1, paths: 4 },
    ).solve!;
    expect(s.status).toBe('SOLVED');
    expect(s.value).toBe(70);
    expect(success(claimer(70))).toBe(1);
    expect(success(claimer(69))).toBe(0);
    expect(success(claimer(66))).toBe(0);
  });

  it('refuses a member without Social Security and bounds outside 62 to 70, naming the field', () => {
    expect(resolveLever(claimer(66), { type: 'CLAIMING_AGE', memberId: 'p2' })).toEqual([
      { field: 'lever.memberId', message: 'no SOCIAL_SECURITY income of member p2 in the scenario' },
    ]);
    expect(resolveLever(claimer(66), { type: 'CLAIMING_AGE', memberId: 'p1', min: 61 })).toEqual([
      { field: 'lever.min', message: 'must be a whole age from 62 to 70' },
    ]);
    expect(resolveLever(claimer(64), { type: 'CLAIMING_AGE', memberId: 'p1' })).toEqual([
      { field: 'lever.memberId', message: 'p1 has already claimed (at 64)' },
    ]);
    expect(resolveLever(claimer(67), { type: 'CLAIMING_AGE', memberId: 'p1' })).toMatchObject({ min: 66, max: 70, current: 67 });
  });
});
