import * as z from 'zod';
import { age, calendarYear, fraction, indexation, itemId, money } from './common.js';

const base = { id: itemId, name: z.string().max(200).optional(), amount: money };

export const incomeSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...base,
    type: z.literal('SALARY'),
    memberId: itemId,
    /** Annual growth on top of CPI (career progression). */
    realGrowth: z.number().finite().min(-0.2).max(0.2).default(0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('STATE_PENSION'),
    memberId: itemId,
    fromAge: age.default(67),
    indexation: indexation.default('CPI'),
    survivorFraction: fraction.default(0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('DEFINED_BENEFIT_PENSION'),
    memberId: itemId,
    fromAge: age,
    indexation: indexation.default('CPI'),
    /** Fraction of the pension that continues to the surviving partner after the member's death. */
    survivorFraction: fraction.default(0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('ANNUITY'),
    memberId: itemId,
    fromAge: age.default(0),
    indexation: indexation.default('NONE'),
    survivorFraction: fraction.default(0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('RENTAL'),
    /** Net annual rent of a RENTAL property; stops when the property is sold. */
    propertyId: itemId,
    indexation: indexation.default('CPI'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('OTHER'),
    memberId: itemId.optional(),
    fromYear: calendarYear.optional(),
    toYear: calendarYear.optional(),
    indexation: indexation.default('CPI'),
    /** Which effective tax rate applies. */
    taxCategory: z.enum(['EARNED', 'PENSION', 'NONE']).default('NONE'),
  }),
]);
export type Income = z.output<typeof incomeSchema>;
