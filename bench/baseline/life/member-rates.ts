/**
 * Per member and year, every rate the simulation compares a uniform draw with, computed once when
 * a model is created so that a path is only draws and comparisons.
 *
 * The mortality table describes a whole population, disabled and cared-for people included. When
 * disabled or cared-for members die at a multiple of the healthy rate, the healthy rate is set so
 * that the member's expected death rate in each year (over the states the member can be in,
 * computed exactly by the Markov chain below) equals the table's: switching disability or care on
 * moves deaths between states without changing the member's life expectancy.
 */
import type { HealthStatus, ResolvedLifeAssumptions, Sex } from './assumptions.js';
import { baseDeathProbability, leeCarterSensitivity, memberMortalityMultiplier, scaleDeathProbability } from './mortality.js';
import {
  disabilityIncidence,
  jobLossProbability,
  longTermCareIncidence,
  terminationDurationFactor,
  ultimateClaimTermination,
} from './morbidity.js';

export interface LifeMemberSpec {
  id: string;
  birthYear: number;
  sex: Sex;
  health: HealthStatus;
  smoker: boolean;
  retirementAge: number;
  /** 1 (lowest disability incidence) .. 4 (highest); the assumptions' default when absent. */
  occupationClass?: number;
  /** The member has a salary: only then can they become disabled (in the income sense) or lose a job. */
  employed: boolean;
}

export interface MemberRates {
  readonly years: number;
  /** Death probability of the table (with health and smoking) before any state split. */
  readonly qPopulation: Float64Array;
  readonly qHealthy: Float64Array;
  readonly qDisabled: Float64Array;
  readonly qCare: Float64Array;
  /** Lee-Carter b_x at the member's age in year t. */
  readonly longevitySensitivity: Float64Array;
  /** 1 while the member can be disabled (employed, below retirement age, disability on). */
  readonly disabilityActive: Uint8Array;
  readonly disabilityIncidence: Float64Array;
  /** Recovery probability in year t at claim duration d (1..maxDuration): index t * maxDuration + d - 1. */
  readonly disabilityRecovery: Float64Array;
  readonly maxDuration: number;
  readonly careIncidence: Float64Array;
  readonly careRecovery: number;
  readonly nursingHomeShare: number;
  /** Job-loss probability in year t, or -1 when the member cannot be unemployed then. */
  readonly jobLoss: Float64Array;
  readonly reemployment: number;
}

/** Exact state probabilities of one member over the horizon (no longevity shock). */
export interface MemberLifeChain {
  /** P(alive at the start of year t). */
  readonly alive: Float64Array;
  /** P(alive at the start of year t and disabled during it). */
  readonly disabled: Float64Array;
  /** P(alive at the start of year t and in care during it). */
  readonly care: Float64Array;
  /** P(an episode of disability starts in year t). */
  readonly disabilityOnset: Float64Array;
  /** P(an episode of care starts in year t). */
  readonly careOnset: Float64Array;
  /** P(the member ever needs care within the horizon). */
  readonly everInCare: number;
}

export function memberAge(member: LifeMemberSpec, startYear: number, t: number): number {
  return startYear + t - member.birthYear;
}

export function buildMemberRates(
  a: ResolvedLifeAssumptions,
  member: LifeMemberSpec,
  startYear: number,
  years: number,
): { rates: MemberRates; chain: MemberLifeChain } {
  const k = memberMortalityMultiplier(a, member.health, member.smoker);
  const occupationClass = member.occupationClass ?? a.disability.occupationClass;
  const maxDuration = a.disability.terminationDurationFactors.length;
  const mortalityOn = a.mortality.law !== 'NONE';
  const disabledK = a.disability.mortalityMultiplier;
  const careK = a.longTermCare.mortalityMultiplier;

  const qPopulation = new Float64Array(years);
  const longevitySensitivity = new Float64Array(years);
  const disabilityActive = new Uint8Array(years);
  const disabilityIncidenceArr = new Float64Array(years);
  const disabilityRecovery = new Float64Array(years * maxDuration);
  const careIncidence = new Float64Array(years);
  const jobLoss = new Float64Array(years).fill(-1);

  for (let t = 0; t < years; t++) {
    const age = memberAge(member, startYear, t);
    const q = scaleDeathProbability(baseDeathProbability(a, member.sex, age, startYear + t), k);
    qPopulation[t] = q;
    longevitySensitivity[t] = leeCarterSensitivity(age);
    const working = member.employed && age >= 0 && age < member.retirementAge;
    if (a.disability.enabled && working) {
      disabilityActive[t] = 1;
      disabilityIncidenceArr[t] = disabilityIncidence(a, member.sex, occupationClass, age);
      // The table's termination counts recoveries and deaths; deaths come from the disabled
      // mortality below, so the recovery is what remains of the termination rate.
      const deaths = mortalityOn ? scaleDeathProbability(q, disabledK) : 0;
      const ultimate = ultimateClaimTermination(member.sex, occupationClass, age);
      for (let d = 1; d <= maxDuration; d++) {
        const termination = Math.min(1, ultimate * terminationDurationFactor(a, d));
        disabilityRecovery[t * maxDuration + d - 1] = Math.min(1, Math.max(0, termination - deaths));
      }
    }
    if (a.longTermCare.enabled && age >= 0) careIncidence[t] = longTermCareIncidence(a, age);
    if (a.unemployment.enabled && working) jobLoss[t] = jobLossProbability(a, age);
  }

  const partial = {
    years,
    qPopulation,
    longevitySensitivity,
    disabilityActive,
    disabilityIncidence: disabilityIncidenceArr,
    disabilityRecovery,
    maxDuration,
    careIncidence,
    careRecovery: a.longTermCare.enabled ? a.longTermCare.recoveryProbability : 0,
    nursingHomeShare: a.longTermCare.nursingHomeShare,
    jobLoss,
    reemployment: a.unemployment.reemploymentProbability,
  };
  const qHealthy = new Float64Array(years);
  const qDisabled = new Float64Array(years);
  const qCare = new Float64Array(years);
  const chain = runChain(partial, disabledK, careK, qHealthy, qDisabled, qCare);
  return { rates: { ...partial, qHealthy, qDisabled, qCare }, chain };
}

type RatesWithoutDeaths = Omit<MemberRates, 'qHealthy' | 'qDisabled' | 'qCare'>;

/**
 * The member's exact Markov chain over (state, claim duration, ever-in-care flag), mirroring the
 * order of events of a simulated year; it also fixes the healthy death rate each year.
 */
function runChain(
  r: RatesWithoutDeaths,
  disabledK: number,
  careK: number,
  qHealthy: Float64Array,
  qDisabled: Float64Array,
  qCare: Float64Array,
): MemberLifeChain {
  const years = r.years;
  const F = r.maxDuration;
  const alive = new Float64Array(years);
  const disabled = new Float64Array(years);
  const care = new Float64Array(years);
  const disabilityOnset = new Float64Array(years);
  const careOnset = new Float64Array(years);
  // Distribution of living members at the start of a year, conditional on being alive.
  // Index e: 0 never in care so far, 1 has been in care; D[e][d]: disabled at claim duration d.
  const H = [1, 0];
  let D = [new Float64Array(F + 1), new Float64Array(F + 1)];
  let L = 0;
  let S = 1;
  let everInCare = 0;
  for (let t = 0; t < years; t++) {
    alive[t] = S;
    const lam = r.careIncidence[t];
    const active = r.disabilityActive[t] === 1;
    const iota = active ? r.disabilityIncidence[t] : 0;
    const rho = r.careRecovery;
    const H2 = [0, 0];
    const D2 = [new Float64Array(F + 1), new Float64Array(F + 1)];
    let L2 = L * (1 - rho);
    H2[1] += L * rho;
    let newCare = 0;
    let newDisabled = 0;
    for (let e = 0; e < 2; e++) {
      const toCare = H[e] * lam;
      L2 += toCare;
      newCare += toCare;
      if (e === 0) everInCare += S * toCare;
      const stay = H[e] * (1 - lam);
      D2[e][0] += stay * iota;
      newDisabled += stay * iota;
      H2[e] += stay * (1 - iota);
      for (let d = 0; d <= F; d++) {
        const mass = D[e][d];
        if (mass === 0) continue;
        if (!active) {
          H2[e] += mass;
          continue;
        }
        const nd = Math.min(d + 1, F);
        const rec = r.disabilityRecovery[t * F + nd - 1];
        H2[e] += mass * rec;
        D2[e][nd] += mass * (1 - rec);
      }
    }
    let disabledMass = 0;
    for (let e = 0; e < 2; e++) for (let d = 0; d <= F; d++) disabledMass += D2[e][d];
    disabled[t] = S * disabledMass;
    care[t] = S * L2;
    disabilityOnset[t] = S * newDisabled;
    careOnset[t] = S * newCare;

    const healthyMass = H2[0] + H2[1];
    const qh = solveHealthyDeathProbability(r.qPopulation[t], healthyMass, disabledMass, L2, disabledK, careK);
    const qd = scaleDeathProbability(qh, disabledK);
    const ql = scaleDeathProbability(qh, careK);
    qHealthy[t] = qh;
    qDisabled[t] = qd;
    qCare[t] = ql;

    const survivors = healthyMass * (1 - qh) + disabledMass * (1 - qd) + L2 * (1 - ql);
    S *= survivors;
    if (survivors <= 0) {
      for (let u = t + 1; u < years; u++) alive[u] = 0;
      break;
    }
    for (let e = 0; e < 2; e++) {
      H[e] = (H2[e] * (1 - qh)) / survivors;
      for (let d = 0; d <= F; d++) D2[e][d] = (D2[e][d] * (1 - qd)) / survivors;
    }
    D = D2;
    L = (L2 * (1 - ql)) / survivors;
  }
  return { alive, disabled, care, disabilityOnset, careOnset, everInCare };
}

/**
 * The healthy death probability q_h with
 * pHealthy q_h + pDisabled (1 - (1 - q_h)^kD) + pCare (1 - (1 - q_h)^kC) = q (the population rate),
 * by bisection (the left side increases with q_h and reaches at least q at q_h = q).
 */
function solveHealthyDeathProbability(
  q: number,
  pHealthy: number,
  pDisabled: number,
  pCare: number,
  disabledK: number,
  careK: number,
): number {
  const total = pHealthy + pDisabled + pCare;
  if (q <= 0 || q >= 1 || total <= 0 || (pDisabled === 0 && pCare === 0)) return q;
  let lo = 0;
  let hi = q;
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (lo + hi);
    const avg = (pHealthy * mid + pDisabled * scaleDeathProbability(mid, disabledK) + pCare * scaleDeathProbability(mid, careK)) / total;
    if (avg < q) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}
