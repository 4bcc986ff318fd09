import * as z from 'zod/mini';
import { age, calendarYear, itemId, itemName, money } from './common.js';

export const GOAL_TYPES = [
  'RETIREMENT',
  'EDUCATION',
  'HOME_PURCHASE',
  'CAR',
  'TRAVEL',
  'WEDDING',
  'CHILD',
  'SABBATICAL',
  'DEBT_PAYOFF',
  'EMERGENCY_FUND',
  'LEGACY',
  'CUSTOM',
  'CUSTOM_RECURRING',
] as const;

export const goalSchema = z.strictObject({
  id: itemId,
  name: itemName,
  type: z.enum(GOAL_TYPES),
  /** Today's money: per occurrence, per year for RETIREMENT, the target estate for LEGACY. */
  amount: money,
  priority: z._default(z.enum(['ESSENTIAL', 'IMPORTANT', 'ASPIRATIONAL']), 'IMPORTANT'),
  /** Timing by calendar year... */
  year: z.optional(calendarYear),
  /** ...or by a member's age (also the member whose retirement a RETIREMENT goal follows). */
  memberId: z.optional(itemId),
  age: z.optional(age),
  /** DEBT_PAYOFF only: the liability the payment repays early (its later payments fall with its balance). */
  liabilityId: z.optional(itemId),
  /** HOME_PURCHASE only: the property the goal buys (`amount` is the deposit; a liability naming the property finances the rest). */
  propertyId: z.optional(itemId),
  recurrence: z.optional(
    z.strictObject({
      everyYears: z.number().check(z.int('must be an integer'), z.minimum(1, 'must be at least 1'), z.maximum(50)),
      times: z.number().check(z.int('must be an integer'), z.minimum(1, 'must be at least 1'), z.maximum(120)),
    }),
  ),
});
export type Goal = z.output<typeof goalSchema>;
