import * as z from 'zod/mini';
import { age, fraction, itemId, itemName, money } from './common.js';

/** Target weights over the three asset classes; must sum to 1. */
export const allocationSchema = z.strictObject({
  cash: z._default(fraction, 0),
  bonds: z._default(fraction, 0),
  equity: z._default(fraction, 0),
});

/** Equity weight falling linearly with the owner's age, from the allocation's weight to `endEquity`; the difference goes to bonds. */
export const glidePathSchema = z.strictObject({
  startAge: age,
  endAge: age,
  endEquity: fraction,
});

export const accountSchema = z.strictObject({
  id: itemId,
  name: itemName,
  /** CASH, TAXABLE, RETIREMENT; under taxSystem UK also ISA, PENSION, GIA; under US also TRADITIONAL, ROTH (docs/TAX.md). */
  type: z.enum(['CASH', 'TAXABLE', 'RETIREMENT', 'ISA', 'PENSION', 'GIA', 'TRADITIONAL', 'ROTH']),
  /** Owning member; required for RETIREMENT accounts and glide paths. */
  ownerId: z.optional(itemId),
  balance: z._default(money, 0),
  allocation: z.optional(allocationSchema),
  annualFee: z._default(z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(0.1, 'must be at most 0.1')), 0),
  glidePath: z.optional(glidePathSchema),
  /** RETIREMENT: the owner's age from which withdrawals are allowed. */
  accessAge: z.optional(age),
  /**
   * UK pension: the owner's age in the year the rest of its tax-free cash is paid as one lump sum
   * (withdrawals before it are a quarter tax-free, after it fully taxable); 120: never, phased
   * throughout. Default: the access age with pensionTaxFreeCash LUMP_SUM, else never.
   */
  taxFreeCashAge: z.optional(age),
  /** RETIREMENT: the owner's contribution as a fraction of salary (pre-tax); one owner's accounts sum to at most 1. */
  contributionFraction: z._default(fraction, 0),
  /** RETIREMENT: the employer adds this multiple of the owner's contribution... */
  employerMatch: z._default(z.number().check(z.minimum(0), z.maximum(5)), 0),
  /** ...on contributions up to this fraction of salary. */
  employerMatchLimit: z._default(fraction, 1),
});
export type Account = z.output<typeof accountSchema>;
