import * as z from 'zod/mini';
import { age, fraction, indexation, itemId, itemName, money } from './common.js';

const base = {
  id: itemId,
  name: itemName,
  insuredId: itemId,
  annualPremium: money,
  /** Whether premium and benefit amounts grow with CPI (today's money) or stay fixed nominal. */
  indexation: z._default(indexation, 'NONE'),
};

export const insuranceSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('TERM_LIFE'), sumAssured: money, untilAge: age }),
  z.strictObject({
    ...base,
    type: z.literal('DISABILITY_INCOME'),
    benefitFraction: fraction,
    waitingYears: z._default(z.number().check(z.int('must be an integer'), z.minimum(0), z.maximum(5)), 0),
    untilAge: age,
  }),
  z.strictObject({
    ...base,
    type: z.literal('LONG_TERM_CARE'),
    annualBenefit: money,
    maxYears: z.number().check(z.int('must be an integer'), z.minimum(1), z.maximum(100)),
  }),
]);
export type Insurance = z.output<typeof insuranceSchema>;
