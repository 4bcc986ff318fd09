import * as z from 'zod';
import { age, fraction, itemId, money } from './common.js';

/** Target weights over the three asset classes; must sum to 1. */
export const allocationSchema = z.strictObject({
  cash: fraction.default(0),
  bonds: fraction.default(0),
  equity: fraction.default(0),
});

/** Equity weight falling linearly with the owner's age, from the allocation's weight to `endEquity`; the difference goes to bonds. */
export const glidePathSchema = z.strictObject({
  startAge: age,
  endAge: age,
  endEquity: fraction,
});

export const accountSchema = z.strictObject({
  id: itemId,
  name: z.string().max(200).optional(),
  type: z.enum(['CASH', 'TAXABLE', 'RETIREMENT']),
  /** Owning member; required for RETIREMENT accounts and glide paths. */
  ownerId: itemId.optional(),
  balance: money.default(0),
  allocation: allocationSchema.optional(),
  annualFee: z.number().finite().min(0, 'must be at least 0').max(0.1, 'must be at most 0.1').default(0),
  glidePath: glidePathSchema.optional(),
  /** RETIREMENT: the owner's age from which withdrawals are allowed. */
  accessAge: age.optional(),
  /** RETIREMENT: the owner's contribution as a fraction of salary (pre-tax). */
  contributionFraction: fraction.default(0),
  /** RETIREMENT: the employer adds this multiple of the owner's contribution... */
  employerMatch: z.number().finite().min(0).max(5).default(0),
  /** ...on contributions up to this fraction of salary. */
  employerMatchLimit: fraction.default(1),
});
export type Account = z.output<typeof accountSchema>;
