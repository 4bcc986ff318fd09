import * as z from 'zod/mini';
import { calendarYear, fraction, indexation, itemId, itemName, money } from './common.js';

const factor = z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(2, 'must be at most 2'));

export const expenseSchema = z.discriminatedUnion('type', [
  z.strictObject({
    id: itemId,
    name: itemName,
    type: z.literal('LIVING'),
    amount: money,
    /** Part of the spending that cannot be cut; the rest is discretionary. */
    essentialFraction: z._default(fraction, 1),
    /** Multiplier once every working member has retired. */
    retirementFactor: z._default(factor, 1),
    /** Multiplier after the first death among the adult members. */
    survivorFactor: z._default(factor, 1),
    indexation: z._default(indexation, 'CPI'),
  }),
  z.strictObject({
    id: itemId,
    name: itemName,
    type: z.literal('OTHER'),
    amount: money,
    fromYear: z.optional(calendarYear),
    toYear: z.optional(calendarYear),
    essential: z._default(z.boolean(), true),
    indexation: z._default(indexation, 'CPI'),
  }),
]);
export type Expense = z.output<typeof expenseSchema>;
