/**
 * Annual transition rates other than death: disability incidence and claim termination (2013 IDI
 * valuation table), long-term care incidence (a parametric law), job loss by age band.
 */
import packedIdi from '../../../shared/engine/life/data/idi-2013.packed.js';
import { unpackJson } from './data/packed-json.js';
import type { ResolvedLifeAssumptions, Sex } from './assumptions.js';
import { CareSetting } from './life-path.js';

type IdiSex = 'male' | 'female';
type OccupationClass = '1' | '2' | '3' | '4' | 'M';

/** The 2013 IDI valuation table's base incidence and ultimate claim termination. */
interface IdiTable {
  source: string;
  classes: OccupationClass[];
  eliminationDays: number[];
  incidenceMinAge: number;
  incidenceMaxAge: number;
  /** Per 1,000, by sex, occupation class, elimination days, then age from incidenceMinAge. */
  incidencePerMille: Record<IdiSex, Record<OccupationClass, Record<string, number[]>>>;
  terminationMinAge: number;
  terminationMaxAge: number;
  /** By sex, occupation class, then age from terminationMinAge. */
  ultimateTermination: Record<IdiSex, Record<OccupationClass, number[]>>;
}

const idi = unpackJson<IdiTable>(packedIdi);

function idiSex(sex: Sex): IdiSex {
  return sex === 'MALE' ? 'male' : 'female';
}

/**
 * Annual probability that a healthy insured-type worker becomes disabled at age x: accident plus
 * sickness incidence per 1,000 of the 2013 IDI base table for the occupation class and
 * elimination period. Ages outside the table's 20-70 take the nearest tabulated age.
 */
export function disabilityIncidence(a: ResolvedLifeAssumptions, sex: Sex, occupationClass: number, age: number): number {
  const d = a.disability;
  const byAge = idi.incidencePerMille[idiSex(sex)][String(occupationClass) as OccupationClass][String(d.eliminationDays)];
  const i = Math.min(Math.max(Math.round(age), idi.incidenceMinAge), idi.incidenceMaxAge) - idi.incidenceMinAge;
  return Math.min(1, (byAge[i] / 1000) * d.incidenceMultiplier);
}

/** The table's ultimate annual claim-termination rate at age x (nearest tabulated age outside 32-120). */
export function ultimateClaimTermination(sex: Sex, occupationClass: number, age: number): number {
  const byAge = idi.ultimateTermination[idiSex(sex)][String(occupationClass) as OccupationClass];
  const i = Math.min(Math.max(Math.round(age), idi.terminationMinAge), idi.terminationMaxAge) - idi.terminationMinAge;
  return byAge[i];
}

/** Duration factor on the ultimate termination rate at claim duration d >= 1 (years since onset). */
export function terminationDurationFactor(a: ResolvedLifeAssumptions, duration: number): number {
  const f = a.disability.terminationDurationFactors;
  return f[Math.min(Math.max(duration, 1), f.length) - 1];
}

/** Annual probability that a healthy member aged x starts an episode of long-term care. */
export function longTermCareIncidence(a: ResolvedLifeAssumptions, age: number): number {
  const c = a.longTermCare;
  if (age < c.minimumAge) return 0;
  return Math.min(c.maximumIncidence, c.incidenceAt65 * Math.exp(c.incidenceGrowth * (age - 65)));
}

/** Annual job-loss probability of an employed member aged x (the band whose fromAge is the largest not above x). */
export function jobLossProbability(a: ResolvedLifeAssumptions, age: number): number {
  const bands = a.unemployment.jobLossByAge;
  let p = bands[0].probability;
  for (const band of bands) if (age >= band.fromAge) p = band.probability;
  return p;
}

/**
 * Fraction of a year's salary paid as unemployment benefit in year k (0-based) of a spell:
 * benefitFraction for the first benefitYears of the spell, pro rata in the year it runs out.
 */
export function unemploymentBenefitShare(a: ResolvedLifeAssumptions, yearOfSpell: number): number {
  const u = a.unemployment;
  return u.benefitFraction * Math.min(1, Math.max(0, u.benefitYears - yearOfSpell));
}

/**
 * Nominal cost of a year of care in year t: annualCost(setting) * cpi[t] * (1 + careCostPremium)^t,
 * where cpiAtStartOfYear is the path's CPI index at the start of year t (1 at year 0).
 */
export function annualCareCost(a: ResolvedLifeAssumptions, careSetting: number, t: number, cpiAtStartOfYear: number): number {
  const c = a.longTermCare;
  const base =
    careSetting === CareSetting.NURSING_HOME ? c.nursingHomeAnnualCost : careSetting === CareSetting.HOME ? c.homeCareAnnualCost : 0;
  return base * cpiAtStartOfYear * Math.pow(1 + c.careCostPremium, t);
}
