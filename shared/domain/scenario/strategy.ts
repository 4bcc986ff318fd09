import * as z from 'zod/mini';
import { fraction, money } from './common.js';
import { TAX_BANDS } from '../../engine/household/plan.js';

export const spendingRuleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('FIXED_REAL') }),
  z.strictObject({
    type: z.literal('GUARDRAILS'),
    /** After a year whose liquid portfolio return falls below `badYearReturn`, discretionary spending is cut by `cut`... */
    badYearReturn: z._default(z.number().check(z.minimum(-1), z.maximum(1)), 0),
    cut: z._default(fraction, 0.1),
    /** ...never below this fraction of the plan; each good year restores one `cut` step. */
    floor: z._default(fraction, 0.5),
  }),
]);

export const strategySchema = z.strictObject({
  withdrawalOrder: z._default(
    z
      .array(z.enum(['CASH', 'TAXABLE', 'RETIREMENT', 'ISA', 'PENSION', 'GIA', 'TRADITIONAL', 'ROTH']))
      .check(z.minLength(1), z.maxLength(8)),
    ['CASH', 'TAXABLE', 'RETIREMENT'],
  ),
  /** Cash kept aside (today's money): surpluses fill it first; only essential spending may dip into it. */
  cashBuffer: z._default(money, 0),
  spendingRule: z._default(spendingRuleSchema, { type: 'FIXED_REAL' }),
  /**
   * UK or US rules only: each year's withdrawals first draw the tax-deferred accounts (PENSION,
   * TRADITIONAL, RETIREMENT) up to the top of this band of the owner's taxable income, then follow
   * the withdrawal order. Absent: no such fill (docs/TAX.md, "Withdrawal order").
   */
  taxDeferredFirstUpTo: z.optional(z.enum(TAX_BANDS)),
});
