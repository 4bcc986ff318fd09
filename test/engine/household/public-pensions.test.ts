import { describe, expect, it } from 'vitest';
import type { PlanMember } from '../../../shared/engine/household/plan.js';
import { CENT, economy, life, plan, simulator } from './fixtures.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(CENT);
const adult = (id: string, role: PlanMember['role'], birthDate: string, sex: PlanMember['sex'] = 'FEMALE'): PlanMember => ({
  id,
  role,
  birthYear: Number(birthDate.slice(0, 4)),
  birthDate,
  sex,
  health: 'AVERAGE',
  smoker: false,
  retirementAge: 67,
});

describe('public pensions from rules in the household year (zero volatility, no mortality)', () => {
  it('pays the UK new State Pension from State Pension age, qualifying years / 35 of the full rate, uprated by the triple lock', () => {
    const years = 12;
    // Born 20 August 1960: State Pension age 66 and 5 months, on 20 January 2027.
    const p = plan({
      startYear: 2026,
      years,
      members: [adult('p1', 'PRIMARY', '1960-08-20')],
      incomes: [
        {
          id: 'sp',
          type: 'STATE_PENSION',
          memberId: 'p1',
          amount: 0,
          fromAge: 67,
          indexation: 'CPI',
          survivorFraction: 0,
          qualifyingYears: 28,
        },
      ],
    });
    for (const inflation of [0.03, 0, 0.08]) {
      const sim = simulator(p);
      sim.run(economy(years, { inflation }), [life(years)]);
      // The triple lock on a constant path: the highest of inflation, inflation plus the OBR's real earnings growth, and 2.5%.
      const rise = Math.max(inflation, (1 + inflation) * (1.038 / 1.02) - 1, 0.025);
      const fullRate = (t: number) => 241.3 * 52 * Math.pow(1 + rise, t);
      close(sim.income[0], 0);
      close(sim.income[1], fullRate(1) * (28 / 35) * ((365 - 19) / 365));
      for (let t = 2; t < years; t++) close(sim.income[t], fullRate(t) * (28 / 35));
    }
  });

  it('pays no new State Pension below 10 qualifying years', () => {
    const p = plan({
      startYear: 2026,
      years: 5,
      members: [adult('p1', 'PRIMARY', '1955-03-10')],
      incomes: [
        {
          id: 'sp',
          type: 'STATE_PENSION',
          memberId: 'p1',
          amount: 0,
          fromAge: 67,
          indexation: 'CPI',
          survivorFraction: 0,
          qualifyingYears: 9,
        },
      ],
    });
    const sim = simulator(p);
    sim.run(economy(5, { inflation: 0.02 }), [life(5)]);
    for (let t = 0; t < 5; t++) expect(sim.income[t]).toBe(0);
  });

  it("pays Social Security reduced for an early claim, the spouse's benefit from both claims, the survivor's after a death", () => {
    const years = 14;
    const inflation = 0.02;
    const deathYear = 9; // the primary dies in 2035
    const p = plan({
      startYear: 2026,
      years,
      members: [adult('a', 'PRIMARY', '1960-03-15', 'MALE'), adult('b', 'PARTNER', '1962-06-10')],
      incomes: [
        { id: 'ssa', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 2000, claimingAge: 62, claimingMonths: 0 },
        { id: 'ssb', type: 'SOCIAL_SECURITY', memberId: 'b', pia: 600, claimingAge: 67, claimingMonths: 0 },
      ],
    });
    const sim = simulator(p);
    const econ = economy(years, { inflation });
    sim.run(econ, [life(years, deathYear), life(years)]);
    for (let t = 0; t < years; t++) {
      const year = 2026 + t;
      // a: claimed at 62 in March 2022, FRA 67: 70% of the PIA.
      const own = t <= deathYear ? 2000 * 0.7 : 0;
      // b: claims at 67 (her FRA) in June 2029: her PIA plus the spouse's excess, half a's PIA less hers, unreduced.
      const share = year < 2029 ? 0 : year === 2029 ? 7 / 12 : 1;
      // After a's death, b takes the survivor's benefit: a's benefit, at least 82.5% of his PIA (the widow(er)'s limit).
      const partner = t <= deathYear ? (600 + (0.5 * 2000 - 600)) * share : Math.max(600, 0.825 * 2000);
      close(sim.income[t], 12 * (own + partner) * econ.cpi[t]);
    }
  });

  it("takes the PIA from the AIME by the eligibility year's bend points and the COLAs since", () => {
    // Eligible in 2025 (62 in 2025): SSA's example AIME of 13,689 gives a PIA of 4,020.90; claimed at 62 with FRA 67.
    const p = plan({
      startYear: 2026,
      years: 3,
      members: [adult('a', 'PRIMARY', '1963-05-10', 'MALE')],
      incomes: [{ id: 'ss', type: 'SOCIAL_SECURITY', memberId: 'a', aime: 13_689, claimingAge: 62, claimingMonths: 0 }],
    });
    const sim = simulator(p);
    const econ = economy(3, { inflation: 0.03 });
    sim.run(econ, [life(3)]);
    // Claimed in May 2025; the 2.8% COLA of January 2026 applies in year 0, the path's CPI after.
    for (let t = 0; t < 3; t++) close(sim.income[t], 12 * 4020.9 * 1.028 * 0.7 * econ.cpi[t]);
  });
});
