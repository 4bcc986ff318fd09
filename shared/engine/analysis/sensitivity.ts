/**
 * SENSITIVITY (a tornado): each input moved down and up, every variant on the base's paths.
 * Economic inputs move the stochastic model's parameters (HISTORICAL economies have none to move
 * and skip them); life expectancy scales every mortality rate; spending scales the LIVING
 * expenses; the retirement age moves every earner's; early returns shift the first five years'
 * equity returns on each path.
 */
import type { HouseholdPlan } from '../household/plan.js';
import type { ResolvedEconomicAssumptions } from '../economy/index.js';
import { validateEconomicAssumptions } from '../economy/index.js';
import type { EconomyShock } from '../household/path-runner.js';
import type { AnalysisIssue } from './issues.js';
import type { SensitivityInput, SensitivityInputName } from './request.js';

export const EARLY_RETURN_YEARS = 5;

/** Default moves (down, up): additive for rates and returns, factors for MORTALITY and SPENDING, years for RETIREMENT_AGE. */
export const DEFAULT_SENSITIVITY: Record<SensitivityInputName, { down: number; up: number }> = {
  EQUITY_PREMIUM: { down: -0.01, up: 0.01 },
  EQUITY_VOLATILITY: { down: -0.05, up: 0.05 },
  INFLATION_MEAN: { down: -0.01, up: 0.01 },
  RATE_LEVEL: { down: -0.01, up: 0.01 },
  MORTALITY: { down: 0.8, up: 1.25 },
  SPENDING: { down: 0.9, up: 1.1 },
  RETIREMENT_AGE: { down: -2, up: 2 },
  EARLY_RETURNS: { down: -0.05, up: 0.05 },
};

export const DEFAULT_SENSITIVITY_INPUTS = Object.keys(DEFAULT_SENSITIVITY) as SensitivityInputName[];

const ECONOMIC: ReadonlySet<SensitivityInputName> = new Set(['EQUITY_PREMIUM', 'EQUITY_VOLATILITY', 'INFLATION_MEAN', 'RATE_LEVEL']);
const FACTORS: ReadonlySet<SensitivityInputName> = new Set(['MORTALITY', 'SPENDING']);

export function isApplicable(plan: HouseholdPlan, input: SensitivityInputName): boolean {
  if (ECONOMIC.has(input)) return plan.assumptions.economic.model === 'STOCHASTIC';
  if (input === 'RETIREMENT_AGE') return earners(plan).length > 0;
  if (input === 'SPENDING') return plan.expenses.some((e) => e.type === 'LIVING');
  return true;
}

const earners = (plan: HouseholdPlan) =>
  plan.members.filter((m) => m.role !== 'DEPENDANT' && plan.incomes.some((i) => i.type === 'SALARY' && i.memberId === m.id));

/** The input's base value: the parameter itself, or 1 for factors, or the first earner's retirement age. */
export function baseValue(plan: HouseholdPlan, input: SensitivityInputName): number {
  const e = plan.assumptions.economic;
  switch (input) {
    case 'EQUITY_PREMIUM':
      return e.equity.model === 'GBM' ? e.equity.riskPremium : 0;
    case 'EQUITY_VOLATILITY':
      return e.equity.volatility;
    case 'INFLATION_MEAN':
      return e.inflation.longRunMean;
    case 'RATE_LEVEL':
      return e.shortRate.longRunMean;
    case 'RETIREMENT_AGE':
      return earners(plan)[0]?.retirementAge ?? 0;
    case 'EARLY_RETURNS':
      return 0;
    default:
      return 1;
  }
}

function withEconomy(plan: HouseholdPlan, change: (e: ResolvedEconomicAssumptions) => ResolvedEconomicAssumptions): HouseholdPlan {
  return { ...plan, assumptions: { ...plan.assumptions, economic: change(structuredClone(plan.assumptions.economic)) } };
}

/** The plan (and shock) with `input` moved by `move`. */
export function moved(plan: HouseholdPlan, input: SensitivityInputName, move: number): { plan: HouseholdPlan; shock?: EconomyShock } {
  switch (input) {
    case 'EQUITY_PREMIUM':
      return {
        plan: withEconomy(plan, (e) => {
          e.equity.riskPremium += move;
          // RSLN2 has monthly regime means: move both by the monthly share of the yearly change.
          e.equity.regime1Mean += move / 12;
          e.equity.regime2Mean += move / 12;
          return e;
        }),
      };
    case 'EQUITY_VOLATILITY':
      return {
        plan: withEconomy(plan, (e) => {
          const scale = e.equity.volatility > 0 ? (e.equity.volatility + move) / e.equity.volatility : 1;
          e.equity.volatility += move;
          e.equity.regime1Volatility *= scale;
          e.equity.regime2Volatility *= scale;
          return e;
        }),
      };
    case 'INFLATION_MEAN':
      return { plan: withEconomy(plan, (e) => ((e.inflation.longRunMean += move), e)) };
    case 'RATE_LEVEL':
      return { plan: withEconomy(plan, (e) => ((e.shortRate.longRunMean += move), (e.shortRate.initial += move), e)) };
    case 'MORTALITY': {
      const life = structuredClone(plan.assumptions.life);
      const m = life.health.mortalityMultiplier;
      for (const k of Object.keys(m) as (keyof typeof m)[]) m[k] *= move;
      return { plan: { ...plan, assumptions: { ...plan.assumptions, life } } };
    }
    case 'SPENDING':
      return { plan: { ...plan, expenses: plan.expenses.map((e) => (e.type === 'LIVING' ? { ...e, amount: e.amount * move } : e)) } };
    case 'RETIREMENT_AGE': {
      const ids = new Set(earners(plan).map((m) => m.id));
      return { plan: { ...plan, members: plan.members.map((m) => (ids.has(m.id) ? { ...m, retirementAge: m.retirementAge + move } : m)) } };
    }
    case 'EARLY_RETURNS':
      return {
        plan,
        shock: (e, years) => {
          for (let t = 0; t < Math.min(EARLY_RETURN_YEARS, years); t++) e.equityReturn[t] = Math.max(-1, e.equityReturn[t] + move);
        },
      };
  }
}

/** An input's moves: the client's as given, or the defaults, shortened where they would leave the valid range, with why. */
export interface ResolvedMoves {
  down: number;
  up: number;
  /** Per side, a default move that was shortened (or could not be made at all: 0), in words. */
  limited?: { down?: string; up?: string };
}

export function resolvedMoves(plan: HouseholdPlan, input: SensitivityInput): ResolvedMoves {
  const d = DEFAULT_SENSITIVITY[input.input];
  const out: ResolvedMoves = { down: input.down ?? d.down, up: input.up ?? d.up };
  if (!(input.input in DEFAULT_SENSITIVITY)) return out;
  const range = moveRange(plan, input.input);
  const limited: { down?: string; up?: string } = {};
  if (input.down === undefined && range.lowest > d.down) {
    out.down = Math.min(0, range.lowest) + 0; // + 0: never −0
    limited.down = limitedMove(d.down, out.down, range.why);
  }
  if (input.up === undefined && range.highest < d.up) {
    out.up = Math.max(0, range.highest) + 0;
    limited.up = limitedMove(d.up, out.up, range.why);
  }
  if (limited.down !== undefined || limited.up !== undefined) out.limited = limited;
  return out;
}

const signed = (x: number) => (x < 0 ? `−${-x}` : `+${x}`);

function limitedMove(wanted: number, made: number, why: string): string {
  return made === 0
    ? `the default move ${signed(wanted)} cannot be made: ${why}; no move is made, so the change is 0`
    : `the default move ${signed(wanted)} is shortened to ${signed(made)}: ${why}`;
}

/** The moves an input allows on this plan (additive inputs only have limits), and what sets them. */
function moveRange(plan: HouseholdPlan, input: SensitivityInputName): { lowest: number; highest: number; why: string } {
  if (input === 'EQUITY_VOLATILITY' && isApplicable(plan, input)) {
    const v = plan.assumptions.economic.equity.volatility;
    return { lowest: -v, highest: Infinity, why: `equity volatility is ${v} and cannot fall below 0` };
  }
  if (input === 'RETIREMENT_AGE') {
    let lowest = -Infinity;
    let highest = Infinity;
    const why: string[] = [];
    for (const m of earners(plan)) {
      const age = plan.startYear - m.birthYear;
      if (age - m.retirementAge > lowest) lowest = age - m.retirementAge;
      if (120 - m.retirementAge < highest) highest = 120 - m.retirementAge;
      why.push(`${m.id} is ${age} in ${plan.startYear} and retires at ${m.retirementAge}`);
    }
    return { lowest, highest, why: `${why.join(', ')}; a retirement age stays from the age in ${plan.startYear} to 120` };
  }
  return { lowest: -Infinity, highest: Infinity, why: '' };
}

export function sensitivityIssues(plan: HouseholdPlan, input: SensitivityInput, field: string): AnalysisIssue[] {
  const issues: AnalysisIssue[] = [];
  if (!(input.input in DEFAULT_SENSITIVITY)) return [{ field: `${field}.input`, message: `unknown input ${input.input}` }];
  const moves = resolvedMoves(plan, input);
  for (const side of ['down', 'up'] as const) {
    const move = moves[side];
    const f = `${field}.${side}`;
    if (!Number.isFinite(move)) {
      issues.push({ field: f, message: 'must be a number' });
      continue;
    }
    if (FACTORS.has(input.input) && !(move > 0 && move <= 10)) issues.push({ field: f, message: 'must be a factor in (0, 10]' });
    if (input.input === 'RETIREMENT_AGE') {
      if (!Number.isInteger(move) || Math.abs(move) > 20)
        issues.push({ field: f, message: 'must be a whole number of years from −20 to 20' });
      else
        for (const m of earners(plan)) {
          const age = plan.startYear - m.birthYear;
          if (m.retirementAge + move < age || m.retirementAge + move > 120)
            issues.push({ field: f, message: `would move ${m.id}'s retirement age outside ${age} to 120` });
        }
    }
    if (input.input === 'EARLY_RETURNS' && !(Math.abs(move) <= 0.5)) issues.push({ field: f, message: 'must lie between −0.5 and 0.5' });
    if (ECONOMIC.has(input.input) && isApplicable(plan, input.input)) {
      if (!(Math.abs(move) <= 0.2)) {
        issues.push({ field: f, message: 'must lie between −0.2 and 0.2' });
        continue;
      }
      const bad = validateEconomicAssumptions(moved(plan, input.input, move).plan.assumptions.economic);
      if (bad.length) issues.push({ field: f, message: `gives invalid economic assumptions (${bad[0].field}: ${bad[0].message})` });
    }
  }
  return issues;
}
