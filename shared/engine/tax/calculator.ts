import { sourcesFor, type ParameterFile } from './parameters.js';
import {
  Breakdown,
  emptyPerson,
  type BreakdownLine,
  type FilingStatus,
  type PersonTax,
  type TaxPerson,
  type TaxRegion,
  type TaxSystem,
} from './types.js';
import { statePensionAgeForNi } from './uk/national-insurance.js';
import { ukPersonTax } from './uk/uk-person-tax.js';
import { UK_PARAMETERS, ukRules } from './uk/uk-rules.js';
import { federalReturn, grossIncome, type FederalReturn } from './us/federal-return.js';
import { ficaOf } from './us/fica.js';
import { US_PARAMETERS, usRules, type UsRules } from './us/us-rules.js';

/** One year's tax, asked for on its own (docs/TAX.md, "The calculator"). Absent amounts are 0. */
export interface TaxCalculationRequest {
  system: TaxSystem;
  taxYear: number;
  region?: TaxRegion;
  filingStatus?: FilingStatus;
  stateIncomeTaxRate?: number;
  people: Partial<TaxPerson>[];
}

export interface PersonTaxResult extends PersonTax {
  /** US net investment income tax (the person's share of the return's); 0 in the UK. */
  netInvestmentIncomeTax: number;
  total: number;
  /** Every tax on one more unit of the person's earnings, over that unit. */
  marginalRate: number;
}

export interface TaxCalculationResult {
  system: TaxSystem;
  taxYear: number;
  rulesVersion: string;
  total: number;
  people: PersonTaxResult[];
  household: Omit<PersonTaxResult, 'marginalRate'>;
  breakdown: { steps: (BreakdownLine & { person?: number })[]; sources: Record<string, string> };
}

export const PARAMETER_FILES: Record<TaxSystem, ParameterFile> = { UK: UK_PARAMETERS, US: US_PARAMETERS };

/** The tax years the calculator answers for: from the first dated value to the last enacted year. */
export function taxYearsWithRules(system: TaxSystem): { first: number; last: number } {
  const file = PARAMETER_FILES[system];
  let first = Number.POSITIVE_INFINITY;
  for (const p of Object.values(file.parameters)) first = Math.min(first, p.values[0]!.from);
  return { first, last: file.enactedThrough };
}

/** The filing status a US household takes when it names none: one adult SINGLE, a couple MARRIED_JOINT. */
export function defaultFilingStatus(adults: number): FilingStatus {
  return adults === 2 ? 'MARRIED_JOINT' : 'SINGLE';
}

type PersonTotals = PersonTax & { netInvestmentIncomeTax: number };

/** The people's taxes by kind, unrounded, with the breakdown's steps when asked. */
function taxesOf(req: TaxCalculationRequest, people: TaxPerson[], steps: Breakdown[] | null): PersonTotals[] {
  if (req.system === 'UK') {
    const r = ukRules(req.taxYear, req.region === 'SCOTLAND');
    return people.map((p, i) => {
      const pastSpa = p.age >= statePensionAgeForNi(req.taxYear - p.age);
      return { ...ukPersonTax(p, r, pastSpa, steps?.[i] ?? null), netInvestmentIncomeTax: 0 };
    });
  }
  const status = req.filingStatus ?? defaultFilingStatus(people.length);
  const r = usRules(req.taxYear, status);
  const rate = req.stateIncomeTaxRate ?? 0;
  if (status === 'SINGLE') return people.map((p, i) => jointShares([p], federalReturn([p], r, rate, steps?.[i] ?? null), r)[0]!);
  return jointShares(people, federalReturn(people, r, rate, steps?.[0] ?? null), r);
}

/** Each person's share of a return's taxes, by their share of its gross income (equal shares of none), and their own FICA. */
function jointShares(people: TaxPerson[], ret: FederalReturn, r: UsRules): PersonTotals[] {
  const gross = people.map(grossIncome);
  const total = gross.reduce((s, g) => s + g, 0);
  const wages = people.reduce((s, p) => s + p.earnings, 0);
  return people.map((p, i) => {
    const share = total > 0 ? gross[i]! / total : 1 / people.length;
    return {
      incomeTax: ret.ordinaryTax * share,
      socialContributions: ficaOf(p.earnings, wages, r),
      capitalGainsTax: ret.gainsTax * share,
      stateIncomeTax: ret.stateIncomeTax * share,
      netInvestmentIncomeTax: ret.niit * share,
    };
  });
}

const sum = (t: PersonTotals) => t.incomeTax + t.socialContributions + t.capitalGainsTax + t.stateIncomeTax + t.netInvestmentIncomeTax;
const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * One year's tax by the rules of `req.system` for `req.taxYear` as enacted. Amounts are computed
 * unrounded and rounded to the cent (penny) only in the answer.
 */
export function calculateTax(req: TaxCalculationRequest): TaxCalculationResult {
  const people = req.people.map((p) => ({ ...emptyPerson(), ...p }));
  const joint = req.system === 'US' && (req.filingStatus ?? defaultFilingStatus(people.length)) === 'MARRIED_JOINT';
  const breakdowns = (joint ? [people[0]] : people).map(() => new Breakdown());
  const taxes = taxesOf(req, people, breakdowns);
  const base = taxes.reduce((s, t) => s + sum(t), 0);
  const results = taxes.map((t, i) => {
    const more = people.map((p, j) => (j === i ? { ...p, earnings: p.earnings + 1 } : p));
    const marginal = taxesOf(req, more, null).reduce((s, x) => s + sum(x), 0) - base;
    return {
      incomeTax: cents(t.incomeTax),
      socialContributions: cents(t.socialContributions),
      capitalGainsTax: cents(t.capitalGainsTax),
      stateIncomeTax: cents(t.stateIncomeTax),
      netInvestmentIncomeTax: cents(t.netInvestmentIncomeTax),
      total: cents(sum(t)),
      marginalRate: Math.round(marginal * 1e6) / 1e6,
    };
  });
  const kind = (k: keyof PersonTotals) => cents(taxes.reduce((s, t) => s + t[k], 0));
  const steps = breakdowns.flatMap((b, i) =>
    b.lines.map((l) => ({
      ...(joint ? {} : { person: i }),
      ...l,
      amount: cents(l.amount),
      ...(l.tax !== undefined ? { tax: cents(l.tax) } : {}),
    })),
  );
  return {
    system: req.system,
    taxYear: req.taxYear,
    rulesVersion: PARAMETER_FILES[req.system].version,
    total: cents(base),
    people: results,
    household: {
      incomeTax: kind('incomeTax'),
      socialContributions: kind('socialContributions'),
      capitalGainsTax: kind('capitalGainsTax'),
      stateIncomeTax: kind('stateIncomeTax'),
      netInvestmentIncomeTax: kind('netInvestmentIncomeTax'),
      total: cents(base),
    },
    breakdown: { steps, sources: sourcesFor(PARAMETER_FILES[req.system], req.taxYear) },
  };
}
