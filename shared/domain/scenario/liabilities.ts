import * as z from 'zod/mini';
import { integer, itemId, itemName, money } from './common.js';

export const liabilityRateSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('FIXED'),
    annual: z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(0.5, 'must be at most 0.5')),
  }),
  z.strictObject({
    type: z.literal('VARIABLE'),
    spread: z.number().check(z.minimum(-0.1, 'must be at least -0.1'), z.maximum(0.5, 'must be at most 0.5')),
  }),
]);

export const liabilitySchema = z.strictObject({
  id: itemId,
  name: itemName,
  type: z.enum(['MORTGAGE', 'LOAN']),
  /**
   * Outstanding balance (nominal) at the start of year 0. Omitted for the loan that finances a
   * property a HOME_PURCHASE goal buys: that loan is the price less the deposit, at purchase.
   */
  balance: z.optional(money),
  rate: liabilityRateSchema,
  remainingYears: integer(1, 60),
  repayment: z._default(z.enum(['AMORTIZING', 'INTEREST_ONLY']), 'AMORTIZING'),
  /** The property securing a MORTGAGE; its sale repays the debt. */
  propertyId: z.optional(itemId),
});
export type Liability = z.output<typeof liabilitySchema>;
