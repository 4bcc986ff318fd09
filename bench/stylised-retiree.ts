/**
 * The stylised retirement case: one retiree aged 65, Gompertz mortality, 100% equity GBM, zero
 * inflation, rates and taxes, fixed real spending of 40,000 from 1,000,000. The household benchmark
 * runs it for throughput; the analysis tests solve its spending against a plain bisection.
 */
import { resolveEconomicAssumptions } from '../shared/engine/economy/index.js';
import { resolveLifeAssumptions } from '../shared/engine/life/index.js';
import type { HouseholdPlan } from '../shared/engine/index.js';

export function stylisedRetiree(): HouseholdPlan {
  return {
    name: 'stylised retiree',
    startYear: 2025,
    years: 55,
    members: [{ id: 'r', role: 'PRIMARY', birthYear: 1960, sex: 'MALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }],
    incomes: [],
    expenses: [
      { id: 'spend', type: 'LIVING', amount: 40_000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
    ],
    accounts: [
      {
        id: 'pot',
        type: 'TAXABLE',
        balance: 1_000_000,
        allocation: { cash: 0, bonds: 0, equity: 1 },
        annualFee: 0,
        accessAge: 0,
        contributionFraction: 0,
        employerMatch: 0,
        employerMatchLimit: 1,
      },
    ],
    properties: [],
    liabilities: [],
    insurance: [],
    goals: [],
    taxes: { earnedIncome: 0, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
    strategy: { withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'], cashBuffer: 0, spendingRule: { type: 'FIXED_REAL' } },
    assumptions: {
      economic: resolveEconomicAssumptions({
        shortRate: { initial: 0, longRunMean: 0, volatility: 0 },
        inflation: { initial: 0, longRunMean: 0, volatility: 0 },
        equity: { model: 'GBM', riskPremium: 0.05, volatility: 0.18 },
        property: { realGrowth: 0, volatility: 0 },
      }),
      life: resolveLifeAssumptions({
        mortality: { law: 'GOMPERTZ', modalAge: 88, dispersion: 10 },
        longevityRisk: { enabled: false },
        disability: { enabled: false },
        longTermCare: { enabled: false },
        unemployment: { enabled: false },
      }),
    },
  };
}
