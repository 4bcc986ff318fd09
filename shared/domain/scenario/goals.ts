import * as z from 'zod';
import { age, calendarYear, itemId, money } from './common.js';

export const GOAL_TYPES = [
  'RETIREMENT', 'EDUCATION', 'HOME_PURCHASE', 'CAR', 'TRAVEL', 'WEDDING', 'CHILD', 'SABBATICAL',
  'DEBT_PAYOFF', 'EMERGENCY_FUND', 'LEGACY', 'CUSTOM', 'CUSTOM_RECURRING',
] as const;

export const goalSchema = z.strictObject({
  id: itemId,
  name: z.string().max(200).optional(),
  type: z.enum(GOAL_TYPES),
  /** Today's money: per occurrence, per year for RETIREMENT, the target estate for LEGACY. */
  amount: money,
  priority: z.enum(['ESSENTIAL', 'IMPORTANT', 'ASPIRATIONAL']).default('IMPORTANT'),
  /** Timing by calendar year... */
  year: calendarYear.optional(),
  /** ...or by a member's age (also the member whose retirement a RETIREMENT goal follows). */
  memberId: itemId.optional(),
  age: age.optional(),
  recurrence: z.strictObject({
    everyYears: z.number().int('must be an integer').min(1, 'must be at least 1').max(50),
    times: z.number().int('must be an integer').min(1, 'must be at least 1').max(120),
  }).optional(),
});
export type Goal = z.output<typeof goalSchema>;
