import * as z from 'zod';
import { fraction } from './common.js';

/** Effective (average) tax rates, country-neutral. */
export const taxesSchema = z.strictObject({
  earnedIncome: fraction.default(0),
  pensionIncome: fraction.default(0),
  investmentGains: fraction.default(0),
  retirementWithdrawals: fraction.default(0),
});
