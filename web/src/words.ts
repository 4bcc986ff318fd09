/**
 * Every code the API uses, in the words an adviser and a client read: roles, item types, event
 * types, levers, analysis inputs. A code without an entry is turned into lower-case words, so no
 * SCREAMING_SNAKE_CASE reaches the screen.
 */
const words: Record<string, string> = {
  // Members
  PRIMARY: 'Main client',
  PARTNER: 'Partner',
  DEPENDANT: 'Child or dependant',
  FEMALE: 'Female',
  MALE: 'Male',
  EXCELLENT: 'Excellent',
  GOOD: 'Good',
  AVERAGE: 'Average',
  POOR: 'Poor',
  // Incomes
  SALARY: 'Salary',
  STATE_PENSION: 'State pension',
  SOCIAL_SECURITY: 'Social Security',
  DEFINED_BENEFIT_PENSION: 'Defined-benefit pension',
  ANNUITY: 'Annuity',
  RENTAL: 'Rental',
  OTHER: 'Other',
  CPI: 'Rises with inflation',
  NONE: 'Fixed in money of the day',
  EARNED: 'Earned income',
  PENSION: 'Pension',
  // Expenses
  LIVING: 'Living costs',
  // Accounts
  CASH: 'Cash',
  TAXABLE: 'Investments (taxable)',
  RETIREMENT: 'Retirement',
  ISA: 'ISA (tax-free)',
  GIA: 'General investment account',
  TRADITIONAL: 'Traditional 401(k) or IRA (pre-tax)',
  ROTH: 'Roth 401(k) or IRA (after tax)',
  // Tax rules
  UK: 'UK rules',
  US: 'US federal rules',
  FLAT: 'Flat effective rates',
  SCOTLAND: 'Scotland',
  SINGLE: 'Single',
  MARRIED_JOINT: 'Married filing jointly',
  WITH_EACH_WITHDRAWAL: 'A quarter of each withdrawal',
  // Property and debts
  RESIDENCE: 'Home',
  MORTGAGE: 'Mortgage',
  LOAN: 'Loan',
  FIXED: 'Fixed',
  VARIABLE: 'Variable (short rate plus a spread)',
  AMORTIZING: 'Repayment',
  INTEREST_ONLY: 'Interest only',
  // Protection
  TERM_LIFE: 'Term life',
  DISABILITY_INCOME: 'Disability income',
  LONG_TERM_CARE: 'Long-term care',
  // Goals
  EDUCATION: 'Education',
  HOME_PURCHASE: 'Home purchase',
  CAR: 'Car',
  TRAVEL: 'Travel',
  WEDDING: 'Wedding',
  CHILD: 'Child',
  SABBATICAL: 'Sabbatical',
  DEBT_PAYOFF: 'Paying off a debt',
  EMERGENCY_FUND: 'Emergency fund',
  LEGACY: 'Legacy',
  CUSTOM: 'Other, once',
  CUSTOM_RECURRING: 'Other, repeating',
  ESSENTIAL: 'Essential',
  IMPORTANT: 'Important',
  ASPIRATIONAL: 'Nice to have',
  // Strategy and assumptions
  FIXED_REAL: "The plan's spending every year",
  GUARDRAILS: 'Guardrails: cut after bad years',
  STOCHASTIC: 'Simulated (calibrated to history)',
  HISTORICAL: 'Replayed from history',
  BOOTSTRAP: 'Random blocks of years',
  SEQUENTIAL: 'Years in order',
  GBM: 'Lognormal',
  RSLN2: 'Two regimes (calm and turbulent)',
  // Events of a life
  DEATH: 'Death',
  DISABILITY: 'Disability',
  RECOVERY: 'Recovery',
  JOB_LOSS: 'Job loss',
  REEMPLOYMENT: 'Back in work',
  GOAL_FUNDED: 'Goal met',
  GOAL_MISSED: 'Goal missed',
  DEPLETION: 'Essential spending not met',
  PROPERTY_SOLD: 'Property sold',
  INSURANCE_PAYOUT: 'Insurance payout',
  // Analyses
  SOLVE: 'Solve',
  DIAGNOSE: 'Diagnosis',
  SENSITIVITY: 'Sensitivity',
  STRESS: 'Stress test',
  SPENDING: 'Spending',
  RETIREMENT_AGE: 'Retirement age',
  CONTRIBUTION: 'Contribution',
  LUMP_SUM: 'A lump sum today',
  SOLVED: 'solved',
  ALREADY_MET: 'already met',
  UNREACHABLE: 'out of reach',
  EQUITY_PREMIUM: 'Equity returns',
  EQUITY_VOLATILITY: 'Equity volatility',
  INFLATION_MEAN: 'Inflation',
  RATE_LEVEL: 'Interest rates',
  MORTALITY: 'Mortality',
  EARLY_RETURNS: 'Returns in the first five years',
  LTC_INCIDENCE: 'Chance of needing care',
  CARE_COSTS: 'Care costs',
  POOR_EARLY_RETURNS: 'Poor returns early on',
  HIGH_EARLY_INFLATION: 'High inflation early on',
  LONG_LIFE: 'A long life',
  EARNER_DEATH: 'An earner dying before retiring',
  // Runs
  QUEUED: 'queued',
  RUNNING: 'running',
  COMPLETED: 'done',
  FAILED: 'failed',
};

/** A code in words: the table's, or the code in lower case with spaces. */
export function say(code: string | undefined | null): string {
  if (!code) return '';
  return words[code] ?? code.replace(/_/g, ' ').toLowerCase();
}

/** `[code, words]` pairs for a select's options. */
export const choices = (codes: readonly string[]): [string, string][] => codes.map((c) => [c, say(c)]);
