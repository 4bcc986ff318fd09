import type { Draw } from './draw.js';

const START = 2025;
const money = (d: Draw, hi: number) => Math.round(d.uniform(0, hi) * 100) / 100;

/**
 * A random household scenario document: one to four members, and each kind of income, expense,
 * account, property, liability, insurance and goal drawn in, with amounts and fractions over their
 * accepted ranges and cross-references that may be right or wrong. Most are valid; the rest test
 * that validation refuses them cleanly.
 */
export function randomScenario(d: Draw, paths: number, seed: number): Record<string, unknown> {
  const adults = d.int(1, 2);
  const members: Record<string, unknown>[] = [];
  for (let i = 0; i < adults; i++) {
    const birthYear = START - d.int(18, 95);
    members.push({
      id: `m${i}`,
      role: i === 0 ? 'PRIMARY' : 'PARTNER',
      birthYear,
      sex: d.oneOf(['MALE', 'FEMALE']),
      health: d.oneOf(['EXCELLENT', 'GOOD', 'AVERAGE', 'POOR']),
      smoker: d.bool(0.2),
      retirementAge: d.int(START - birthYear - 5, 80),
    });
  }
  for (let i = 0; i < d.int(0, 2); i++) members.push({ id: `k${i}`, role: 'DEPENDANT', birthYear: START - d.int(0, 17), sex: 'FEMALE' });
  const adult = () => `m${d.int(0, adults - 1)}`;

  const properties = Array.from({ length: d.int(0, 2) }, (_, i) => ({
    id: `p${i}`,
    type: d.oneOf(['RESIDENCE', 'RENTAL']),
    value: money(d, 1_500_000),
    ...(d.bool(0.3) ? { sellYear: START + d.int(0, 40) } : {}),
    sellOnNursingHome: d.bool(0.3),
    sellingCost: d.uniform(0, 0.1),
  }));
  const incomes: Record<string, unknown>[] = [];
  for (let i = 0; i < adults; i++) {
    if (d.bool(0.7))
      incomes.push({ id: `s${i}`, type: 'SALARY', memberId: `m${i}`, amount: money(d, 300_000), realGrowth: d.uniform(-0.05, 0.05) });
    if (d.bool(0.5))
      incomes.push({ id: `sp${i}`, type: 'STATE_PENSION', memberId: `m${i}`, amount: money(d, 30_000), fromAge: d.int(60, 70) });
    if (d.bool(0.3))
      incomes.push({
        id: `db${i}`,
        type: 'DEFINED_BENEFIT_PENSION',
        memberId: `m${i}`,
        amount: money(d, 50_000),
        fromAge: d.int(55, 70),
        survivorFraction: d.uniform(0, 1),
      });
    if (d.bool(0.2)) incomes.push({ id: `an${i}`, type: 'ANNUITY', memberId: `m${i}`, amount: money(d, 20_000), fromAge: d.int(50, 90) });
  }
  for (const p of properties)
    if (p.type === 'RENTAL' && d.bool(0.8)) incomes.push({ id: `r${p.id}`, type: 'RENTAL', propertyId: p.id, amount: money(d, 40_000) });
  if (d.bool(0.4)) {
    const from = START + d.int(0, 20);
    incomes.push({
      id: 'o',
      type: 'OTHER',
      amount: money(d, 50_000),
      fromYear: from,
      toYear: from + d.int(0, 20),
      taxCategory: d.oneOf(['EARNED', 'PENSION', 'NONE']),
    });
  }

  const expenses: Record<string, unknown>[] = [
    {
      id: 'living',
      type: 'LIVING',
      amount: money(d, 200_000),
      essentialFraction: d.uniform(0, 1),
      retirementFactor: d.uniform(0.3, 1.5),
      survivorFactor: d.uniform(0.3, 1.2),
      indexation: d.oneOf(['CPI', 'NONE']),
    },
  ];
  if (d.bool(0.4)) {
    const from = START + d.int(0, 20);
    expenses.push({ id: 'x', type: 'OTHER', amount: money(d, 50_000), fromYear: from, toYear: from + d.int(0, 10), essential: d.bool() });
  }

  const weights = () => {
    const c = d.uniform(0, 1);
    const b = d.uniform(0, 1 - c);
    return { cash: c, bonds: b, equity: 1 - c - b };
  };
  const accounts: Record<string, unknown>[] = [{ id: 'cash', type: 'CASH', balance: money(d, 200_000) }];
  if (d.bool(0.7))
    accounts.push({ id: 'brk', type: 'TAXABLE', balance: money(d, 2_000_000), allocation: weights(), annualFee: d.uniform(0, 0.02) });
  for (let i = 0; i < d.int(0, 3); i++) {
    const owner = d.bool(0.6) ? 'm0' : adult();
    accounts.push({
      id: `ret${i}`,
      type: 'RETIREMENT',
      ownerId: owner,
      balance: money(d, 2_000_000),
      allocation: weights(),
      annualFee: d.uniform(0, 0.02),
      accessAge: d.int(50, 75),
      // Fractions up to 1 each: some owners ask for more than their salary between accounts, which is refused.
      contributionFraction: d.bool(0.4) ? d.uniform(0.4, 1) : d.uniform(0, 0.2),
      employerMatch: d.uniform(0, 2),
      employerMatchLimit: d.uniform(0, 0.1),
      ...(d.bool(0.3) ? { glidePath: { startAge: 40, endAge: 70, endEquity: d.uniform(0, 1) } } : {}),
    });
  }

  const liabilities: Record<string, unknown>[] = [];
  if (properties.length > 0 && d.bool(0.6))
    liabilities.push({
      id: 'mortgage',
      type: 'MORTGAGE',
      balance: money(d, properties[0].value),
      rate: d.bool() ? { type: 'FIXED', annual: d.uniform(0, 0.12) } : { type: 'VARIABLE', spread: d.uniform(-0.01, 0.05) },
      remainingYears: d.int(1, 35),
      repayment: d.oneOf(['AMORTIZING', 'INTEREST_ONLY']),
      propertyId: properties[0].id,
    });
  if (d.bool(0.3))
    liabilities.push({
      id: 'loan',
      type: 'LOAN',
      balance: money(d, 100_000),
      rate: { type: 'FIXED', annual: d.uniform(0, 0.3) },
      remainingYears: d.int(1, 10),
    });

  const insurance: Record<string, unknown>[] = [];
  if (d.bool(0.4))
    insurance.push({
      id: 'tl',
      type: 'TERM_LIFE',
      insuredId: adult(),
      annualPremium: money(d, 3000),
      sumAssured: money(d, 1_000_000),
      untilAge: d.int(40, 90),
    });
  if (d.bool(0.3))
    insurance.push({
      id: 'di',
      type: 'DISABILITY_INCOME',
      insuredId: adult(),
      annualPremium: money(d, 3000),
      benefitFraction: d.uniform(0, 1),
      waitingYears: d.int(0, 5),
      untilAge: d.int(50, 70),
    });
  if (d.bool(0.3))
    insurance.push({
      id: 'ltc',
      type: 'LONG_TERM_CARE',
      insuredId: adult(),
      annualPremium: money(d, 5000),
      annualBenefit: money(d, 80_000),
      maxYears: d.int(1, 10),
      indexation: d.oneOf(['CPI', 'NONE']),
    });

  const goals: Record<string, unknown>[] = [];
  const priority = () => d.oneOf(['ESSENTIAL', 'IMPORTANT', 'ASPIRATIONAL']);
  if (d.bool(0.4))
    goals.push({
      id: 'car',
      type: 'CAR',
      amount: money(d, 60_000),
      priority: priority(),
      year: START + d.int(0, 20),
      recurrence: { everyYears: d.int(1, 10), times: d.int(1, 5) },
    });
  if (d.bool(0.3)) goals.push({ id: 'retire', type: 'RETIREMENT', amount: money(d, 30_000), priority: priority(), memberId: 'm0' });
  if (d.bool(0.3)) goals.push({ id: 'legacy', type: 'LEGACY', amount: money(d, 1_000_000), priority: 'ASPIRATIONAL' });
  if (liabilities.length > 0 && d.bool(0.3))
    goals.push({
      id: 'payoff',
      type: 'DEBT_PAYOFF',
      amount: money(d, 200_000),
      priority: priority(),
      year: START + d.int(0, 15),
      liabilityId: 'mortgage',
    });
  if (d.bool(0.2)) {
    properties.push({ id: 'new', type: 'RESIDENCE', value: money(d, 800_000), sellOnNursingHome: false, sellingCost: 0.05 });
    goals.push({
      id: 'buy',
      type: 'HOME_PURCHASE',
      amount: money(d, 200_000),
      priority: priority(),
      year: START + d.int(0, 10),
      propertyId: 'new',
    });
    liabilities.push({
      id: 'newloan',
      type: 'MORTGAGE',
      rate: { type: 'FIXED', annual: d.uniform(0, 0.08) },
      remainingYears: d.int(5, 30),
      propertyId: 'new',
    });
  }

  return {
    name: 'fuzz',
    startYear: START,
    members,
    incomes,
    expenses,
    accounts,
    properties,
    liabilities,
    insurance,
    goals,
    taxes: {
      earnedIncome: d.uniform(0, 0.6),
      pensionIncome: d.uniform(0, 0.6),
      investmentGains: d.uniform(0, 0.6),
      retirementWithdrawals: d.uniform(0, 0.6),
    },
    strategy: {
      withdrawalOrder: d.oneOf([['CASH', 'TAXABLE', 'RETIREMENT'], ['RETIREMENT', 'CASH'], ['TAXABLE']]),
      cashBuffer: money(d, 50_000),
      spendingRule: d.bool()
        ? { type: 'FIXED_REAL' }
        : { type: 'GUARDRAILS', badYearReturn: d.uniform(-0.3, 0.1), cut: d.uniform(0, 0.5), floor: d.uniform(0, 1) },
    },
    assumptions: {
      life: {
        disability: { enabled: d.bool() },
        unemployment: { enabled: d.bool() },
        longTermCare: { enabled: d.bool() },
        longevityRisk: { enabled: d.bool() },
      },
      ...(d.bool(0.4) ? { economic: { equity: { volatility: d.uniform(0, 0.08) } } } : {}),
    },
    simulation: { paths, seed, horizon: d.bool() ? { years: d.int(1, 60) } : { untilAge: d.int(90, 110) } },
  };
}
