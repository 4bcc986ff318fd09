import * as z from 'zod/mini';
import { fraction } from './common.js';

/** Effective (average) tax rates, country-neutral. */
export const taxesSchema = z.strictObject({
  earnedIncome: z._default(fraction, 0),
  pensionIncome: z._default(fraction, 0),
  investmentGains: z._default(fraction, 0),
  retirementWithdrawals: z._default(fraction, 0),
});
