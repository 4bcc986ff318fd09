/**
 * Life risk models of the engine: mortality (tables with improvement, or Gompertz), longevity risk,
 * health and smoking, disability, long-term care and job loss. docs/LIFE.md describes each model.
 */
import type { ResolvedLifeAssumptions } from './assumptions.js';
import { buildMemberRates, type LifeMemberSpec, type MemberLifeChain } from './member-rates.js';
import { MAX_AGE } from './mortality.js';

export {
  DEFAULT_LIFE_ASSUMPTIONS,
  ELIMINATION_DAYS,
  HEALTH_STATUSES,
  LEE_CARTER_1992_SIGMA,
  LIFE_RANGES,
  lifeDefaults,
  MORTALITY_IMPROVEMENTS,
  MORTALITY_LAWS,
  MORTALITY_TABLES,
  OCCUPATION_CLASSES,
  resolveLifeAssumptions,
  UK_LIFE_ASSUMPTIONS,
  validateLifeAssumptions,
  type DeepPartial,
  type DisabilityAssumptions,
  type EliminationDays,
  type HealthAssumptions,
  type HealthStatus,
  type JobLossBand,
  type LifeAssumptionError,
  type LifeAssumptionsInput,
  type LongevityRiskAssumptions,
  type LongTermCareAssumptions,
  type MortalityAssumptions,
  type MortalityImprovement,
  type MortalityLaw,
  type MortalityTable,
  type OccupationClass,
  type ResolvedLifeAssumptions,
  type Sex,
  type UnemploymentAssumptions,
} from './assumptions.js';
export { createLifeModel, type LifeModel } from './model.js';
export { validateLifeMembers } from './members.js';
export { memberAge, type LifeMemberSpec, type MemberLifeChain } from './member-rates.js';
export { MAX_AGE, baseDeathProbability, gompertzDeathProbability } from './mortality.js';
export { annualCareCost, unemploymentBenefitShare } from './morbidity.js';
export {
  allocateMemberLifePath,
  CareSetting,
  MEMBER_STATE_NAMES,
  MemberState,
  type MemberLifePath,
  type MemberStateCode,
} from './life-path.js';

/**
 * S[t] = P(alive at the start of year t), t = 0..years (S[0] = 1), from mortality alone (health
 * and smoking included, no longevity shock). Disability and care do not change it: their raised
 * mortality is offset in the healthy rate (see docs/LIFE.md).
 */
export function survivalProbabilities(a: ResolvedLifeAssumptions, member: LifeMemberSpec, startYear: number, years: number): Float64Array {
  const { rates } = buildMemberRates(a, member, startYear, years);
  const s = new Float64Array(years + 1);
  s[0] = 1;
  for (let t = 0; t < years; t++) s[t + 1] = s[t] * (1 - rates.qPopulation[t]);
  return s;
}

/**
 * Life expectancy from year `startYear` by docs/MODEL.md's convention: expected whole years lived plus
 * half of the year of death, e = sum_{t>=1} S[t] + 1/2, run until no one survives (age MAX_AGE).
 */
export function lifeExpectancyFromTable(a: ResolvedLifeAssumptions, member: LifeMemberSpec, startYear: number): number {
  const age = Math.max(0, startYear - member.birthYear);
  const years = Math.max(1, MAX_AGE - age + 1);
  if (a.mortality.law === 'NONE') return Number.POSITIVE_INFINITY;
  const s = survivalProbabilities(a, member, startYear, years);
  let e = 0.5;
  for (let t = 1; t <= years; t++) e += s[t];
  return e;
}

/**
 * The member's exact state probabilities over the horizon (alive, disabled, in care, onsets, the
 * probability of ever needing care), without the longevity shock: what a simulation's averages
 * converge to.
 */
export function memberLifeChain(a: ResolvedLifeAssumptions, member: LifeMemberSpec, startYear: number, years: number): MemberLifeChain {
  return buildMemberRates(a, member, startYear, years).chain;
}
