import * as z from 'zod';
import { calendarYear, fraction, indexation, itemId, money } from './common.js';

const factor = z.number().finite().min(0, 'must be at least 0').max(2, 'must be at most 2');

export const expenseSchema = z.discriminatedUnion('type', [
  z.strictObject({
    id: itemId,
    name: z.string().max(200).optional(),
    type: z.literal('LIVING'),
    amount: money,
    /** Part of the spending that cannot be cut; the rest is discretionary. */
    essentialFraction: fraction.default(1),
    /** Multiplier once every working member has retired. */
    retirementFactor: factor.default(1),
    /** Multiplier after the first death among the adult members. */
    survivorFactor: factor.default(1),
    indexation: indexation.default('CPI'),
  }),
  z.strictObject({
    id: itemId,
    name: z.string().max(200).optional(),
    type: z.literal('OTHER'),
    amount: money,
    fromYear: calendarYear.optional(),
    toYear: calendarYear.optional(),
    essential: z.boolean().default(true),
    indexation: indexation.default('CPI'),
  }),
]);
export type Expense = z.output<typeof expenseSchema>;
