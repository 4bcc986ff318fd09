import * as z from 'zod';
import { fraction, money } from './common.js';

export const spendingRuleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('FIXED_REAL') }),
  z.strictObject({
    type: z.literal('GUARDRAILS'),
    /** After a year whose liquid portfolio return falls below `badYearReturn`, discretionary spending is cut by `cut`... */
    badYearReturn: z.number().finite().min(-1).max(1).default(0),
    cut: fraction.default(0.1),
    /** ...never below this fraction of the plan; each good year restores one `cut` step. */
    floor: fraction.default(0.5),
  }),
]);

export const strategySchema = z.strictObject({
  withdrawalOrder: z.array(z.enum(['CASH', 'TAXABLE', 'RETIREMENT'])).min(1).max(3).default(['CASH', 'TAXABLE', 'RETIREMENT']),
  /** Cash kept aside (today's money): surpluses fill it first; only essential spending may dip into it. */
  cashBuffer: money.default(0),
  spendingRule: spendingRuleSchema.default({ type: 'FIXED_REAL' }),
});
