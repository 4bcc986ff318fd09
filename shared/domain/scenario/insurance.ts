import * as z from 'zod';
import { age, fraction, indexation, itemId, money } from './common.js';

const base = {
  id: itemId,
  name: z.string().max(200).optional(),
  insuredId: itemId,
  annualPremium: money,
  /** Whether premium and benefit amounts grow with CPI (today's money) or stay fixed nominal. */
  indexation: indexation.default('NONE'),
};

export const insuranceSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('TERM_LIFE'), sumAssured: money, untilAge: age }),
  z.strictObject({
    ...base,
    type: z.literal('DISABILITY_INCOME'),
    benefitFraction: fraction,
    waitingYears: z.number().int('must be an integer').min(0).max(5).default(0),
    untilAge: age,
  }),
  z.strictObject({
    ...base,
    type: z.literal('LONG_TERM_CARE'),
    annualBenefit: money,
    maxYears: z.number().int('must be an integer').min(1).max(100),
  }),
]);
export type Insurance = z.output<typeof insuranceSchema>;
