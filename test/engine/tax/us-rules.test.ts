import { describe, expect, it } from 'vitest';
import { calculateTax } from '../../../shared/engine/tax/index.js';
import { stackedBandTax } from '../../../shared/engine/tax/bands.js';
import {
  distributionPeriod,
  requiredMinimumDistribution,
  rmdStartAge,
} from '../../../shared/engine/tax/us/required-minimum-distribution.js';
import { taxableBenefits } from '../../../shared/engine/tax/us/social-security-benefits.js';
import { usRules } from '../../../shared/engine/tax/us/us-rules.js';

const schedule = (year: number, status: 'SINGLE' | 'MARRIED_JOINT', taxable: number) => {
  const r = usRules(year, status);
  return stackedBandTax(taxable, 0, r.ordinaryTops, r.ordinaryRates);
};

describe('US ordinary rate schedules', () => {
  it('match Rev. Proc. 2024-40 s.3.01 for 2025 (the base amounts at each bracket)', () => {
    // Table 3, unmarried individuals: "$5,578.50 plus 22% of the excess over $48,475", etc.
    expect(schedule(2025, 'SINGLE', 11925)).toBeCloseTo(1192.5, 9);
    expect(schedule(2025, 'SINGLE', 48475)).toBeCloseTo(5578.5, 9);
    expect(schedule(2025, 'SINGLE', 103350)).toBeCloseTo(17651, 9);
    expect(schedule(2025, 'SINGLE', 197300)).toBeCloseTo(40199, 9);
    expect(schedule(2025, 'SINGLE', 250525)).toBeCloseTo(57231, 9);
    expect(schedule(2025, 'SINGLE', 626350)).toBeCloseTo(188769.75, 9);
    // Table 1, married filing jointly.
    expect(schedule(2025, 'MARRIED_JOINT', 96950)).toBeCloseTo(11157, 9);
    expect(schedule(2025, 'MARRIED_JOINT', 206700)).toBeCloseTo(35302, 9);
    expect(schedule(2025, 'MARRIED_JOINT', 394600)).toBeCloseTo(80398, 9);
    expect(schedule(2025, 'MARRIED_JOINT', 501050)).toBeCloseTo(114462, 9);
    expect(schedule(2025, 'MARRIED_JOINT', 751600)).toBeCloseTo(202154.5, 9);
  });

  it('match Rev. Proc. 2025-32 s.4.01 for 2026', () => {
    expect(schedule(2026, 'SINGLE', 50400)).toBeCloseTo(5800, 9);
    expect(schedule(2026, 'SINGLE', 640600)).toBeCloseTo(192979.25, 9);
    expect(schedule(2026, 'MARRIED_JOINT', 100800)).toBeCloseTo(11600, 9);
    expect(schedule(2026, 'MARRIED_JOINT', 768700)).toBeCloseTo(206583.5, 9);
  });
});

describe('US federal return', () => {
  it('taxes a couple with 235,000 of wages on the 2025 schedule after the 31,500 standard deduction, with FICA', () => {
    const r = calculateTax({
      system: 'US',
      taxYear: 2025,
      people: [
        { age: 40, earnings: 150000 },
        { age: 40, earnings: 85000 },
      ],
    });
    // Taxable income 203,500: 11,157 + 22% of 106,550.
    expect(r.household.incomeTax).toBe(34598);
    // 7.65% of each person's wages (both under the wage base; combined wages under 250,000).
    expect(r.household.socialContributions).toBe(17977.5);
    expect(r.total).toBe(52575.5);
  });

  it('applies the wage base and the additional Medicare tax (SSA OACT; IRC s.3101(b)(2))', () => {
    const r = calculateTax({ system: 'US', taxYear: 2025, people: [{ age: 40, earnings: 300000 }] });
    expect(r.people[0]!.socialContributions).toBeCloseTo(176100 * 0.062 + 300000 * 0.0145 + 100000 * 0.009, 9);
  });

  it('taxes qualified dividends and gains at 0/15/20% stacked on ordinary income (Rev. Proc. 2024-40 s.3.03)', () => {
    // Single, 2025: 60,000 of wages, 20,000 of gains. Taxable 64,250: ordinary 44,250, gains from 44,250 to 64,250.
    const r = calculateTax({ system: 'US', taxYear: 2025, people: [{ age: 40, earnings: 60000, capitalGains: 20000 }] });
    expect(r.people[0]!.capitalGainsTax).toBeCloseTo(0.15 * (64250 - 48350), 9);
    expect(r.people[0]!.incomeTax).toBeCloseTo(1192.5 + 0.12 * (44250 - 11925), 9);
  });

  it('charges the 3.8% NIIT on investment income above the MAGI threshold (IRC s.1411)', () => {
    const r = calculateTax({ system: 'US', taxYear: 2025, people: [{ age: 40, earnings: 190000, interest: 30000 }] });
    expect(r.people[0]!.netInvestmentIncomeTax).toBeCloseTo(0.038 * 20000, 9);
  });

  it('gives the additional deduction and the senior deduction at 65, phased out above 75,000 (P.L. 119-21)', () => {
    // Single, 70, 2025, pension 95,000: AGI 95,000; senior deduction 6,000 - 6% of 20,000 = 4,800.
    const r = calculateTax({ system: 'US', taxYear: 2025, people: [{ age: 70, pensionIncome: 95000 }] });
    const taxable = 95000 - 15750 - 2000 - 4800;
    expect(r.people[0]!.incomeTax).toBeCloseTo(schedule(2025, 'SINGLE', taxable), 9);
    // From 2029 the senior deduction is gone.
    expect(usRules(2029, 'SINGLE', (y) => Math.pow(1.02, y - 2026)).seniorDeduction).toBe(0);
  });

  it('taxes Social Security benefits by IRS Publication 915 (IRC s.86)', () => {
    const r = usRules(2025, 'MARRIED_JOINT');
    // Provisional income 40,000 + 10,000 = 50,000 > 44,000: 85% of 6,000 + 6,000 = 11,100.
    expect(taxableBenefits(20000, 40000, r)).toBeCloseTo(11100, 9);
    // Provisional income 30,000 + 6,000 = 36,000: half of the 4,000 above 32,000.
    expect(taxableBenefits(12000, 30000, r)).toBe(2000);
    // At most 85% of the benefits.
    expect(taxableBenefits(20000, 200000, r)).toBe(17000);
    expect(taxableBenefits(20000, 10000, r)).toBe(0);
    // The bases never move.
    expect(usRules(2060, 'SINGLE', (y) => Math.pow(1.03, y - 2026)).benefitsBase).toBe(25000);
  });

  it('indexes brackets with the path’s prices after 2026', () => {
    const r = usRules(2028, 'SINGLE', (y) => Math.pow(1.025, y - 2026));
    expect(r.ordinaryTops[0]).toBeCloseTo(12400 * 1.025 * 1.025, 9);
    expect(r.niitThreshold).toBe(200000);
  });

  it('adds a flat state income tax on AGI less taxable Social Security', () => {
    const r = calculateTax({ system: 'US', taxYear: 2025, stateIncomeTaxRate: 0.05, people: [{ age: 40, earnings: 80000 }] });
    expect(r.people[0]!.stateIncomeTax).toBe(4000);
  });
});

describe('Required minimum distributions', () => {
  it('use the Uniform Lifetime Table (26 CFR 1.401(a)(9)-9(c); IRS Pub. 590-B, Table III)', () => {
    expect(distributionPeriod(72)).toBe(27.4);
    expect(distributionPeriod(73)).toBe(26.5);
    expect(distributionPeriod(75)).toBe(24.6);
    expect(distributionPeriod(80)).toBe(20.2);
    expect(distributionPeriod(90)).toBe(12.2);
    expect(distributionPeriod(100)).toBe(6.4);
    expect(distributionPeriod(125)).toBe(2.0);
  });

  it('start at 73 for those born 1951-1959 and 75 from 1960 (SECURE 2.0 s.107)', () => {
    expect(rmdStartAge(1955)).toBe(73);
    expect(rmdStartAge(1960)).toBe(75);
    expect(requiredMinimumDistribution(265000, 73, 1952)).toBeCloseTo(10000, 9);
    expect(requiredMinimumDistribution(265000, 73, 1960)).toBe(0);
  });
});
