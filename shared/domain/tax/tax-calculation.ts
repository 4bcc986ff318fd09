/**
 * `POST /tax-calculations` and `npm run tax`: one year's tax by the UK's or the US's rules, on its
 * own (docs/TAX.md, "The calculator"). Nothing is stored.
 */
import * as z from 'zod/mini';
import { calculateTax, taxYearsWithRules, type TaxCalculationResult } from '../../engine/tax/index.js';
import { ValidationError, type FieldError } from '../errors.js';
import { parseOrThrow } from '../field-errors.js';
import { integer } from '../scenario/common.js';

// Fresh schemas for every field: a description registered on a shared schema would describe every use of it.
const describe = <T extends z.ZodMiniType>(schema: T, description: string): T => {
  z.globalRegistry.add(schema, { description });
  return schema;
};
const money = () => z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(1e12, 'must be at most 1e12'));
const age = () => integer(0, 120);
const fraction = () => z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(1, 'must be at most 1'));

const personSchema = z
  .strictObject({
    age: describe(age(), 'age at the end of the tax year'),
    earnings: z.optional(describe(money(), 'employment income')),
    pensionIncome: z.optional(describe(money(), 'taxable pension or annuity income (any tax-free part already taken out)')),
    statePension: z.optional(describe(money(), 'UK state pension or US Social Security benefits received')),
    interest: z.optional(describe(money(), 'interest (savings income)')),
    dividends: z.optional(describe(money(), 'dividends (qualified dividends in the US)')),
    capitalGains: z.optional(describe(money(), 'long-term capital gains realised')),
    pensionContributions: z.optional(
      describe(money(), "the person's own pension contributions out of earnings (UK net pay arrangement; US pre-tax deferrals)"),
    ),
  })
  .register(z.globalRegistry, { id: 'TaxPerson' });

export const taxCalculationRequestSchema = z
  .strictObject({
    system: describe(z.enum(['UK', 'US']), 'the tax system'),
    taxYear: describe(integer(1900, 2200), 'UK: the tax year starting in April of this year (2025 is 2025-26); US: the calendar year'),
    region: z.optional(describe(z.enum(['SCOTLAND']), 'UK only: Scottish income tax on non-savings income')),
    filingStatus: z.optional(
      describe(z.enum(['SINGLE', 'MARRIED_JOINT']), 'US only; default SINGLE for one person, MARRIED_JOINT for two'),
    ),
    stateIncomeTaxRate: z.optional(describe(fraction(), 'US only: a flat state income tax rate on AGI less taxable Social Security')),
    people: z.array(personSchema).check(z.minLength(1, 'must have at least 1 item'), z.maxLength(12, 'must have at most 12 items')),
  })
  .register(z.globalRegistry, { id: 'TaxCalculationRequest' });
export type TaxCalculationBody = z.output<typeof taxCalculationRequestSchema>;

const cents = () => describe(z.number(), 'money, rounded to the cent (penny)');
const kinds = {
  incomeTax: describe(cents(), 'income tax on earnings, pensions, savings and dividends (UK dividend tax included; US ordinary tax only)'),
  socialContributions: describe(cents(), "the person's own National Insurance (Class 1) or FICA, on annual earnings"),
  capitalGainsTax: describe(cents(), 'UK capital gains tax, or US tax on long-term gains and qualified dividends'),
  stateIncomeTax: describe(cents(), 'US state income tax at the flat rate given'),
  netInvestmentIncomeTax: describe(cents(), 'US net investment income tax (IRC s.1411)'),
  total: cents(),
};
export const taxCalculationResultSchema = z
  .strictObject({
    system: z.enum(['UK', 'US']),
    taxYear: z.number(),
    rulesVersion: describe(z.string(), 'the version of the rules (their parameter data)'),
    total: cents(),
    people: z.array(
      z.strictObject({
        ...kinds,
        marginalRate: describe(z.number(), "every tax on one more unit of the person's earnings"),
      }),
    ),
    household: describe(z.strictObject(kinds), 'the people together; a US joint return is split between them by gross income'),
    breakdown: z.strictObject({
      steps: z.array(
        z.strictObject({
          person: z.optional(describe(z.number(), 'index in people; absent for a joint return')),
          step: z.string(),
          amount: z.number(),
          rate: z.optional(z.number()),
          tax: z.optional(z.number()),
        }),
      ),
      sources: describe(z.record(z.string(), z.string()), 'each parameter’s source for this tax year'),
    }),
  })
  .register(z.globalRegistry, { id: 'TaxCalculation' });

/** The rules that no schema can say: a year with rules, fields of the other system, a joint return of two. */
function checkRequest(req: TaxCalculationBody): FieldError[] {
  const errors: FieldError[] = [];
  const { first, last } = taxYearsWithRules(req.system);
  if (req.taxYear < first || req.taxYear > last)
    errors.push({ field: 'taxYear', message: `has no ${req.system} rules: must be ${first} to ${last}` });
  if (req.system === 'US' && req.region !== undefined) errors.push({ field: 'region', message: 'applies to the UK system only' });
  if (req.system === 'UK' && req.filingStatus !== undefined)
    errors.push({ field: 'filingStatus', message: 'applies to the US system only' });
  if (req.system === 'UK' && req.stateIncomeTaxRate !== undefined)
    errors.push({ field: 'stateIncomeTaxRate', message: 'applies to the US system only' });
  if (req.filingStatus === 'MARRIED_JOINT' && req.people.length !== 2)
    errors.push({ field: 'people', message: 'a MARRIED_JOINT return has exactly 2 people' });
  if (req.system === 'US' && req.filingStatus === undefined && req.people.length > 2)
    errors.push({ field: 'filingStatus', message: 'is required for more than 2 people' });
  return errors;
}

/** Validates a request (400 naming each bad field) and computes it. */
export function taxCalculation(body: unknown): TaxCalculationResult {
  const req = parseOrThrow(taxCalculationRequestSchema, body, 'tax calculation');
  const errors = checkRequest(req);
  if (errors.length > 0) throw new ValidationError('Invalid tax calculation', errors);
  return calculateTax(req);
}
