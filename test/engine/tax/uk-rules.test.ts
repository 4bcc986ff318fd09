import { describe, expect, it } from 'vitest';
import { calculateTax } from '../../../shared/engine/tax/index.js';
import { personalAllowance } from '../../../shared/engine/tax/uk/personal-allowance.js';
import { ukRules } from '../../../shared/engine/tax/uk/uk-rules.js';

const uk = (taxYear: number, person: Record<string, number>, region?: 'SCOTLAND') =>
  calculateTax({ system: 'UK', taxYear, ...(region ? { region } : {}), people: [{ age: 40, ...person }] }).people[0]!;

describe('UK income tax', () => {
  it('taxes 30,000 of wages at the basic rate above the personal allowance (gov.uk/income-tax-rates, 2025-26)', () => {
    // 20% of 30,000 - 12,570 = 17,430
    expect(uk(2025, { earnings: 30000 }).incomeTax).toBe(3486);
  });

  it('tapers the allowance above 100,000: 110,000 leaves 7,570 (gov.uk/income-tax-rates/income-over-100000)', () => {
    expect(personalAllowance(110000, 12570, 100000, 0.5)).toBe(7570);
    expect(personalAllowance(125140, 12570, 100000, 0.5)).toBe(0);
    // 20% of 37,700 + 40% of (110,000 - 7,570 - 37,700)
    expect(uk(2025, { earnings: 110000 }).incomeTax).toBe(33432);
  });

  it('charges the additional rate above 125,140 with no allowance (gov.uk/income-tax-rates)', () => {
    // 20% of 37,700 + 40% of 87,440 + 45% of 24,860
    expect(uk(2025, { earnings: 150000 }).incomeTax).toBe(53703);
  });

  it('uses the Scottish bands for a Scottish taxpayer (gov.uk/scottish-income-tax, 2025-26)', () => {
    // 19% of 2,827 + 20% of 12,094 + 21% of 16,171 + 42% of 6,338 on 50,000 - 12,570 = 37,430
    expect(uk(2025, { earnings: 50000 }, 'SCOTLAND').incomeTax).toBeCloseTo(9013.8, 9);
  });
});

describe('UK savings income', () => {
  it('keeps 200 of interest tax-free on 16,000 of wages: starting rate for savings (gov.uk/apply-tax-free-interest-on-savings)', () => {
    // Wages: 20% of 3,430; the starting rate band left is 5,000 - 3,430 = 1,570, which covers the interest.
    expect(uk(2025, { earnings: 16000, interest: 200 }).incomeTax).toBe(686);
  });

  it('gives a higher-rate taxpayer a 500 personal savings allowance (gov.uk/apply-tax-free-interest-on-savings)', () => {
    // 60,000 of wages: 7,540 + 40% of 9,730 = 11,432; 2,000 of interest: 500 free, 1,500 at 40%.
    expect(uk(2025, { earnings: 60000, interest: 2000 }).incomeTax).toBe(11432 + 600);
  });
});

describe('UK dividends', () => {
  it('taxes 3,000 of dividends on 29,570 of wages at 8.75% above the 500 allowance (gov.uk/tax-on-dividends)', () => {
    // The page's example: £218.75 on the dividends, on top of 20% of 17,000 of wages.
    expect(uk(2025, { earnings: 29570, dividends: 3000 }).incomeTax).toBe(3400 + 218.75);
  });

  it('applies the 2026-27 rates of 10.75% and 35.75% (Budget 2025)', () => {
    expect(uk(2026, { earnings: 29570, dividends: 3000 }).incomeTax).toBe(3400 + 268.75);
    // 60,000 of wages: all 10,500 of dividends above the allowance in the higher band.
    expect(uk(2026, { earnings: 60000, dividends: 11000 }).incomeTax).toBeCloseTo(11432 + 0.3575 * 10500, 9);
  });
});

describe('UK National Insurance (employee Class 1)', () => {
  it('charges 8% between 12,570 and 50,270 and 2% above (gov.uk/national-insurance-rates-letters)', () => {
    expect(uk(2025, { earnings: 30000 }).socialContributions).toBeCloseTo(1394.4, 9);
    expect(uk(2025, { earnings: 60000 }).socialContributions).toBeCloseTo(3016 + 194.6, 9);
    expect(uk(2025, { earnings: 12000 }).socialContributions).toBe(0);
  });

  it('charges nothing from state pension age', () => {
    expect(calculateTax({ system: 'UK', taxYear: 2025, people: [{ age: 67, earnings: 30000 }] }).people[0]!.socialContributions).toBe(0);
  });
});

describe('UK capital gains tax', () => {
  it('taxes gains above the 3,000 exempt amount at 18% within the basic rate band and 24% above (gov.uk/capital-gains-tax/rates)', () => {
    // Taxable income 20,000 - 12,570 = 7,430 leaves 30,270 of the basic rate band.
    // Gains of 40,000: 37,000 taxable, 30,270 at 18% and 6,730 at 24%.
    expect(uk(2025, { earnings: 20000, capitalGains: 40000 }).capitalGainsTax).toBeCloseTo(0.18 * 30270 + 0.24 * 6730, 9);
    expect(uk(2025, { earnings: 20000, capitalGains: 3000 }).capitalGainsTax).toBe(0);
  });
});

describe('UK thresholds after the last enacted year', () => {
  it('are frozen to 2030-31 and then move with prices', () => {
    const prices = (y: number) => Math.pow(1.03, y - 2026);
    expect(ukRules(2030, false, prices).personalAllowance).toBe(12570);
    expect(ukRules(2031, false, prices).personalAllowance).toBeCloseTo(12570 * 1.03, 9);
    expect(ukRules(2032, false, prices).bandTops[0]).toBeCloseTo(37700 * 1.03 * 1.03, 9);
    // The taper threshold, the additional-rate threshold and the allowances stay as the law writes them.
    expect(ukRules(2040, false, prices).taperThreshold).toBe(100000);
    expect(ukRules(2040, false, prices).dividendAllowance).toBe(500);
    expect(ukRules(2027, false, prices).savingsRates).toEqual([0.22, 0.42, 0.47]);
  });
});
