import * as z from 'zod/mini';
import { age, calendarYear, fraction, indexation, integer, itemId, itemName, money } from './common.js';

const base = { id: itemId, name: itemName, amount: money };

export const incomeSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...base,
    type: z.literal('SALARY'),
    memberId: itemId,
    /** Annual growth on top of CPI (career progression). */
    realGrowth: z._default(z.number().check(z.minimum(-0.2), z.maximum(0.2)), 0),
  }),
  z.strictObject({
    id: itemId,
    name: itemName,
    type: z.literal('STATE_PENSION'),
    memberId: itemId,
    /** A typed yearly amount (today's money) from fromAge (default 67); or, instead, */
    amount: z.optional(money),
    fromAge: z.optional(age),
    /** the member's qualifying years at State Pension age: the UK new State Pension rules set the amount and its start. */
    qualifyingYears: z.optional(integer(0, 70)),
    indexation: z._default(indexation, 'CPI'),
    survivorFraction: z._default(fraction, 0),
  }),
  z.strictObject({
    id: itemId,
    name: itemName,
    type: z.literal('SOCIAL_SECURITY'),
    memberId: itemId,
    /** Primary insurance amount, a month, in today's money; or, instead, */
    pia: z.optional(money),
    /** average indexed monthly earnings, from which the PIA follows by the bend points. */
    aime: z.optional(money),
    /** The age at which the member claims, 62 to 70, and the months past it (0 to 11; 0 at 70). */
    claimingAge: integer(62, 70),
    claimingMonths: z._default(integer(0, 11), 0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('DEFINED_BENEFIT_PENSION'),
    memberId: itemId,
    fromAge: age,
    indexation: z._default(indexation, 'CPI'),
    /** Fraction of the pension that continues to the surviving partner after the member's death. */
    survivorFraction: z._default(fraction, 0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('ANNUITY'),
    memberId: itemId,
    fromAge: z._default(age, 0),
    indexation: z._default(indexation, 'NONE'),
    survivorFraction: z._default(fraction, 0),
  }),
  z.strictObject({
    ...base,
    type: z.literal('RENTAL'),
    /** Net annual rent of a RENTAL property; stops when the property is sold. */
    propertyId: itemId,
    indexation: z._default(indexation, 'CPI'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('OTHER'),
    memberId: z.optional(itemId),
    fromYear: z.optional(calendarYear),
    toYear: z.optional(calendarYear),
    indexation: z._default(indexation, 'CPI'),
    /** Which effective tax rate applies. */
    taxCategory: z._default(z.enum(['EARNED', 'PENSION', 'NONE']), 'NONE'),
  }),
]);
export type Income = z.output<typeof incomeSchema>;
