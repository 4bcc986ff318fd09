import * as z from 'zod/mini';
import { calendarYear } from './common.js';
import { memberSchema } from './members.js';
import { incomeSchema } from './incomes.js';
import { expenseSchema } from './expenses.js';
import { accountSchema } from './accounts.js';
import { propertySchema } from './properties.js';
import { liabilitySchema } from './liabilities.js';
import { insuranceSchema } from './insurance.js';
import { goalSchema } from './goals.js';
import { taxesSchema } from './taxes.js';
import { taxSettingsShape } from './tax-settings.js';
import { strategySchema } from './strategy.js';
import { simulationSchema } from './simulation.js';
import { assumptionsSchema } from './assumptions.js';

const list = <T extends z.core.SomeType>(item: T, max: number) =>
  z._default(z.array(item).check(z.maxLength(max, `must have at most ${max} items`)), []);

/**
 * A scenario: one whole household configuration (docs/MODEL.md, "The household's cash flows").
 * Strict objects throughout; defaults filled in on parse; cross-field rules in `checkScenarioRules`.
 */
export const scenarioObjectSchema = z.strictObject({
  name: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200, 'must be at most 200 characters')),
  description: z.optional(z.string().check(z.maxLength(2000, 'must be at most 2000 characters'))),
  startYear: z._default(calendarYear, () => new Date().getUTCFullYear()),
  members: z.array(memberSchema).check(z.minLength(1, 'must have at least 1 member'), z.maxLength(12, 'must have at most 12 items')),
  incomes: list(incomeSchema, 100),
  expenses: list(expenseSchema, 100),
  accounts: list(accountSchema, 50),
  properties: list(propertySchema, 20),
  liabilities: list(liabilitySchema, 20),
  insurance: list(insuranceSchema, 50),
  goals: list(goalSchema, 100),
  ...taxSettingsShape,
  /** FLAT only: effective rates. */
  taxes: z._default(taxesSchema, { earnedIncome: 0, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 }),
  strategy: z._default(strategySchema, {
    withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'],
    cashBuffer: 0,
    spendingRule: { type: 'FIXED_REAL' },
  }),
  assumptions: z._default(assumptionsSchema, {}),
  simulation: z._default(simulationSchema, { paths: 1000 }),
});
