import { describe, expect, it } from 'vitest';
import { residenceNilRateBand, ukInheritanceTax, type UkEstate } from '../../../shared/engine/estate/uk-inheritance-tax.js';
import { basicExclusionAmount, tentativeTax, usEstateTax } from '../../../shared/engine/estate/us-estate-tax.js';

const uk = (e: Partial<UkEstate>): UkEstate => ({ estate: 0, pensions: 0, residence: 0, date: '2026-07-01', bands: 1, index: 1, ...e });

describe('UK inheritance tax', () => {
  it('charges 40% above the GBP 325,000 nil-rate band: GBP 70,000 on GBP 500,000 (gov.uk, "Inheritance Tax")', () => {
    expect(ukInheritanceTax(uk({ estate: 500_000 }))).toBeCloseTo(70_000, 9);
    expect(ukInheritanceTax(uk({ estate: 300_000 }))).toBe(0);
  });

  it('lets a couple pass on up to GBP 1 million with the home to direct descendants (gov.uk, "Inheritance Tax"; RNRB guidance)', () => {
    expect(ukInheritanceTax(uk({ estate: 1_000_000, residence: 400_000, bands: 2 }))).toBe(0);
    expect(ukInheritanceTax(uk({ estate: 1_100_000, residence: 400_000, bands: 2 }))).toBeCloseTo(40_000, 9);
    // The residence band is at most the home's value.
    expect(ukInheritanceTax(uk({ estate: 600_000, residence: 100_000 }))).toBeCloseTo(0.4 * (600_000 - 325_000 - 100_000), 9);
  });

  it('tapers the residence band by GBP 1 for every GBP 2 above GBP 2 million (gov.uk, "Inheritance Tax: residence nil rate band")', () => {
    expect(residenceNilRateBand(uk({ estate: 2_100_000, residence: 500_000 }))).toBe(125_000);
    expect(ukInheritanceTax(uk({ estate: 2_100_000, residence: 500_000 }))).toBeCloseTo(0.4 * (2_100_000 - 325_000 - 125_000), 9);
    expect(residenceNilRateBand(uk({ estate: 2_350_000, residence: 500_000 }))).toBe(0);
    expect(residenceNilRateBand(uk({ estate: 2_500_000, residence: 500_000, bands: 2 }))).toBe(100_000);
  });

  it('counts unused pension funds in the estate for deaths from 6 April 2027 (Autumn Budget 2024)', () => {
    expect(ukInheritanceTax(uk({ estate: 800_000, pensions: 300_000, date: '2027-04-05' }))).toBeCloseTo(0.4 * 175_000, 9);
    expect(ukInheritanceTax(uk({ estate: 800_000, pensions: 300_000, date: '2027-04-06' }))).toBeCloseTo(0.4 * 475_000, 9);
  });

  it('moves the bands with the index given after their freeze', () => {
    expect(ukInheritanceTax(uk({ estate: 500_000, index: 1.1 }))).toBeCloseTo(0.4 * (500_000 - 357_500), 9);
  });
});

describe('US federal estate tax', () => {
  it('has the tentative tax of IRC s.2001(c): the credit is USD 5,541,800 in 2025, 5,945,800 in 2026 (Form 706 instructions)', () => {
    expect(basicExclusionAmount(2025)).toBe(13_990_000);
    expect(basicExclusionAmount(2026)).toBe(15_000_000);
    expect(tentativeTax(basicExclusionAmount(2025))).toBeCloseTo(5_541_800, 6);
    expect(tentativeTax(basicExclusionAmount(2026))).toBeCloseTo(5_945_800, 6);
    expect(tentativeTax(1_000_000)).toBeCloseTo(345_800, 6);
    expect(tentativeTax(15_000)).toBeCloseTo(1_800 + 0.2 * 5_000, 9);
  });

  it("taxes at 40% above the exclusion, with a late spouse's unused exclusion ported (portability, IRC s.2010(c)(4))", () => {
    expect(usEstateTax(20_000_000, 15_000_000)).toBeCloseTo(2_000_000, 6);
    expect(usEstateTax(14_000_000, 15_000_000)).toBe(0);
    expect(usEstateTax(20_000_000, 30_000_000)).toBe(0);
  });

  it('indexes the exclusion after 2026, rounded to the nearest USD 10,000 (IRC s.2010(c)(3)(B))', () => {
    expect(basicExclusionAmount(2027, 1.03)).toBe(15_450_000);
    expect(basicExclusionAmount(2028, 1.0234)).toBe(15_350_000);
  });
});
