/**
 * Mortality rates: the base law (a period table, SSA's or ONS's, with its projected improvement
 * by calendar year, or Gompertz), the member's health and smoking multipliers, and the Lee-Carter
 * age sensitivity of the longevity shock.
 */
import ssaTables from './data/ssa-period-tables.json' with { type: 'json' };
import onsTables from './data/ons-period-tables.json' with { type: 'json' };
import packedProjection from './data/ssa-alt2-projection.packed.js';
import leeCarter from './data/lee-carter-1992.json' with { type: 'json' };
import { unpackJson } from './data/packed-json.js';
import type { HealthStatus, MortalityTable, ResolvedLifeAssumptions, Sex } from './assumptions.js';
import { onsImprovementRatio } from './ons-projection.js';

/** SSA's projected period tables, q(x) in millionths by calendar year (rows) and age 0-119. */
interface SsaProjection {
  source: string;
  firstYear: number;
  lastYear: number;
  male: number[][];
  female: number[][];
}

const projection = unpackJson<SsaProjection>(packedProjection);

/** A period table: q(x) in millionths by sex, ages 0-119, and the calendar year its rates describe. */
interface PeriodTable {
  baseYear: number;
  male: number[];
  female: number[];
}

const periodTables: Record<MortalityTable, PeriodTable> = {
  US_SSA_2017: ssaTables.US_SSA_2017,
  US_SSA_2021: ssaTables.US_SSA_2021,
  UK_ONS_2022_2024: onsTables.UK_ONS_2022_2024,
  UK_ONS_2021_2023: onsTables.UK_ONS_2021_2023,
  UK_ONS_2020_2022: onsTables.UK_ONS_2020_2022,
};

/** The oldest age anyone reaches under a mortality law: q = 1 at this age and beyond (law NONE has no deaths at all). */
export const MAX_AGE = 120;

const TABLE_SCALE = 1e-6; // the JSON holds q(x) in millionths

function sexKey(sex: Sex): 'male' | 'female' {
  return sex === 'MALE' ? 'male' : 'female';
}

/**
 * One-year death probability of the base law at age x in a calendar year (before the member's
 * health and smoking multipliers). TABLE with an improvement follows the cohort:
 * q(x, year) = q_base(x) * q_proj(x, year) / q_proj(x, baseYear), with the year held within
 * [baseYear, last projected year] (US_SSA_ALT2: SSA's Alternative 2; UK_ONS_2024: ons-projection.ts).
 */
export function baseDeathProbability(a: ResolvedLifeAssumptions, sex: Sex, age: number, year: number): number {
  if (age < 0) return 0; // not yet born in that year: nothing to die of
  const m = a.mortality;
  if (m.law === 'NONE') return 0; // no deaths at any age: the horizon ends the path
  if (age >= MAX_AGE) return 1;
  if (m.law === 'GOMPERTZ') return gompertzDeathProbability(age, m.modalAge, m.dispersion);
  const table = periodTables[m.table];
  const key = sexKey(sex);
  const q = table[key][age] * TABLE_SCALE;
  if (m.improvement === 'NONE') return q;
  if (m.improvement === 'UK_ONS_2024') return Math.min(1, q * onsImprovementRatio(key, age, year, table.baseYear));
  const y = Math.min(Math.max(year, table.baseYear), projection.lastYear);
  const rows = projection[key];
  return Math.min(1, (q * rows[y - projection.firstYear][age]) / rows[table.baseYear - projection.firstYear][age]);
}

/** Gompertz: one-year survival from age x is exp(exp((x - m) / b) (1 - exp(1 / b))). */
export function gompertzDeathProbability(age: number, modalAge: number, dispersion: number): number {
  return 1 - Math.exp(Math.exp((age - modalAge) / dispersion) * (1 - Math.exp(1 / dispersion)));
}

/** The member's multiplier on the force of mortality from self-rated health and smoking. */
export function memberMortalityMultiplier(a: ResolvedLifeAssumptions, health: HealthStatus, smoker: boolean): number {
  return a.health.mortalityMultiplier[health] * (smoker ? a.health.smokerMortalityMultiplier : 1);
}

/** Applies a multiplier k to the force of mortality: q' = 1 - (1 - q)^k (stays a probability). */
export function scaleDeathProbability(q: number, k: number): number {
  if (k === 1 || q <= 0) return q;
  if (q >= 1) return 1;
  return -Math.expm1(k * Math.log1p(-q));
}

/** Lee-Carter (1992) b_x: how strongly the log death rate at age x moves with kappa. */
export function leeCarterSensitivity(age: number): number {
  const ages = leeCarter.bByAge;
  return ages[Math.min(Math.max(0, Math.floor(age)), ages.length - 1)];
}
