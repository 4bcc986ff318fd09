/**
 * The two tax-wrapper examples under their country's rules, on a deterministic path (no returns,
 * no inflation, nobody dies): the first year's taxes are the one-year calculator's for the same
 * incomes, the share of gross income paid in tax lies within what the published rates allow, and
 * the public pensions start in the year their rules say.
 */
import { describe, expect, it } from 'vitest';
import { calculateTax } from '../../../shared/engine/tax/index.js';
import { loadExample } from '../output/example-plans.js';
import { economy, life, riskFree, simulator } from './fixtures.js';

const YEARS = 30;

function deterministic(name: string) {
  const p = loadExample(name);
  const plan = { ...p, years: YEARS, assumptions: riskFree(0) };
  const sim = simulator(plan);
  sim.run(economy(YEARS), [life(YEARS), life(YEARS)]);
  return sim;
}

const cents = (x: number) => Math.round(x * 100) / 100;

describe('the UK couple with ISAs and workplace pensions (examples/uk-couple-isa-pension.json)', () => {
  const sim = deterministic('uk-couple-isa-pension');
  const gross = 62000 + 41000;

  it("pays in 2025 the calculator's tax on the two salaries less their own pension contributions", () => {
    const published = calculateTax({
      system: 'UK',
      taxYear: 2025,
      people: [
        { age: 55, earnings: 62000, pensionContributions: 0.06 * 62000 },
        { age: 53, earnings: 41000, pensionContributions: 0.05 * 41000 },
      ],
    });
    expect(cents(sim.taxes[0])).toBe(published.total);
  });

  it('pays between 22% and 48% of the income above the allowances and the relieved contributions', () => {
    // Above the two personal allowances (12,570 each) and the contributions, each pound pays at least
    // the basic rate and the NI rate above the upper earnings limit (20% + 2%), at most the higher rate
    // and the main NI rate (40% + 8%); below the allowances nothing is paid but NI, under 8% of 12,570.
    const above = gross - 2 * 12570 - (0.06 * 62000 + 0.05 * 41000);
    const share = sim.taxes[0] / gross;
    expect(share).toBeGreaterThan((0.22 * above) / gross);
    expect(share).toBeLessThan((0.48 * above + 2 * 0.08 * 12570) / gross);
  });

  it('starts the State Pensions in the years of State Pension age (67: May 2037 and September 2039), part years first', () => {
    const year = (y: number) => sim.income[y - 2025];
    // Both retired by 2034 (at 63 and 62), with no returns nothing is earned until the State Pension.
    expect(year(2035)).toBe(0);
    expect(year(2036)).toBe(0);
    expect(year(2037)).toBeGreaterThan(0);
    // Full rate 11,973 in 2025-26, raised by the triple lock's 2.5% floor each April on a path without
    // inflation; 38 qualifying years give the full rate, 31 give 31/35 of it.
    const full = (taxYear: number) => 11973 * 1.025 ** (taxYear - 2025);
    // 2037 pays from 14 May: 232 of 365 days, at the 2037-38 rate.
    expect(year(2037)).toBeCloseTo((full(2037) * 232) / 365, -1);
    const both = 1 + 31 / 35;
    // A calendar year pays the rate of the tax year starting in its April.
    expect(year(2040)).toBeCloseTo(full(2040) * both, 6);
    // Helen's first year pays part of hers: more than Gareth's alone, less than both in full.
    expect(year(2039)).toBeGreaterThan(full(2039));
    expect(year(2039)).toBeLessThan(full(2039) * both);
    expect(year(2038)).toBeCloseTo(full(2038), 6);
  });
});

describe('the US couple with 401(k)s and Roth IRAs (examples/us-couple-401k-roth.json)', () => {
  const sim = deterministic('us-couple-401k-roth');
  const gross = 120000 + 85000;
  const deferrals = 0.1 * 120000 + 0.08 * 85000;

  it("pays in 2025 the calculator's joint return, FICA and 5% state tax on the salaries less the 401(k) deferrals", () => {
    const published = calculateTax({
      system: 'US',
      taxYear: 2025,
      filingStatus: 'MARRIED_JOINT',
      stateIncomeTaxRate: 0.05,
      people: [
        { age: 48, earnings: 120000, pensionContributions: 0.1 * 120000 },
        { age: 46, earnings: 85000, pensionContributions: 0.08 * 85000 },
      ],
    });
    expect(cents(sim.taxes[0])).toBe(published.total);
  });

  it('pays between the 10% and 22% bracket rates on taxable income, plus FICA and the state tax', () => {
    // FICA 7.65% on all wages (both under the wage base), 5% on AGI; the joint taxable income after the
    // 31,500 standard deduction (2025) ends in the 22% bracket (206,700) and starts in the 10% one.
    const agi = gross - deferrals;
    const taxable = agi - 31500;
    const fixed = 0.0765 * gross + 0.05 * agi;
    expect(sim.taxes[0]).toBeGreaterThan(fixed + 0.1 * taxable);
    expect(sim.taxes[0]).toBeLessThan(fixed + 0.22 * taxable);
  });

  it('pays Social Security from the claiming months: March 2044 (67) and May 2048 (68 and 6 months)', () => {
    const year = (y: number) => sim.income[y - 2025];
    // Retired at 62 (2039) and 63 (2042): no income in 2043 on a path without returns.
    expect(year(2043)).toBe(0);
    // Full retirement age 67 (born 1960 on): Marcus's PIA of 3,300 in full, ten months of 2044.
    expect(year(2044)).toBeCloseTo(10 * 3300, 6);
    expect(year(2047)).toBeCloseTo(12 * 3300, 6);
    // Dana's 2,500 with 18 months of delayed credits (2/3% each: 12%), eight months of 2048; half of
    // Marcus's PIA (1,650) is below her own, so no spouse's benefit.
    expect(year(2048)).toBeCloseTo(12 * 3300 + 8 * 2500 * 1.12, 6);
    expect(year(2049)).toBeCloseTo(12 * 3300 + 12 * 2500 * 1.12, 6);
  });
});
