import * as z from 'zod';
import { itemId, money } from './common.js';

export const liabilityRateSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('FIXED'), annual: z.number().finite().min(0, 'must be at least 0').max(0.5, 'must be at most 0.5') }),
  z.strictObject({ type: z.literal('VARIABLE'), spread: z.number().finite().min(-0.1, 'must be at least -0.1').max(0.5, 'must be at most 0.5') }),
]);

export const liabilitySchema = z.strictObject({
  id: itemId,
  name: z.string().max(200).optional(),
  type: z.enum(['MORTGAGE', 'LOAN']),
  /** Outstanding balance (nominal) at the start of year 0. */
  balance: money,
  rate: liabilityRateSchema,
  remainingYears: z.number().int('must be an integer').min(1, 'must be at least 1').max(60, 'must be at most 60'),
  repayment: z.enum(['AMORTIZING', 'INTEREST_ONLY']).default('AMORTIZING'),
  /** The property securing a MORTGAGE; its sale repays the debt. */
  propertyId: itemId.optional(),
});
export type Liability = z.output<typeof liabilitySchema>;
