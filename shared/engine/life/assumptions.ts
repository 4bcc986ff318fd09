/**
 * The life risk assumptions (`assumptions.life`): their resolved shape, the defaults, the merge of a
 * scenario's overrides onto them and the checks a resolved set must pass. docs/LIFE.md gives the
 * source or the reasoning of every default.
 */

import { DEFAULT_COUNTRY, type Country } from '../country.js';

export type Sex = 'FEMALE' | 'MALE';
export type HealthStatus = 'EXCELLENT' | 'GOOD' | 'AVERAGE' | 'POOR';
export const HEALTH_STATUSES = ['EXCELLENT', 'GOOD', 'AVERAGE', 'POOR'] as const;
export const MORTALITY_LAWS = ['TABLE', 'GOMPERTZ', 'NONE'] as const;
export const MORTALITY_TABLES = ['US_SSA_2017', 'US_SSA_2021', 'UK_ONS_2022_2024', 'UK_ONS_2021_2023', 'UK_ONS_2020_2022'] as const;
export const MORTALITY_IMPROVEMENTS = ['US_SSA_ALT2', 'UK_ONS_2024', 'NONE'] as const;
/** Elimination (waiting) periods, in days, that the 2013 IDI table covers with sickness rates. */
export const ELIMINATION_DAYS = [7, 14, 30, 60, 90, 180, 360, 720] as const;
export const OCCUPATION_CLASSES = [1, 2, 3, 4] as const;

export type MortalityLaw = (typeof MORTALITY_LAWS)[number];
export type MortalityTable = (typeof MORTALITY_TABLES)[number];
export type MortalityImprovement = (typeof MORTALITY_IMPROVEMENTS)[number];
export type EliminationDays = (typeof ELIMINATION_DAYS)[number];
export type OccupationClass = (typeof OCCUPATION_CLASSES)[number];

export interface MortalityAssumptions {
  law: MortalityLaw;
  table: MortalityTable;
  improvement: MortalityImprovement;
  /** Gompertz modal age m (years). */
  modalAge: number;
  /** Gompertz dispersion b (years). */
  dispersion: number;
}

export interface HealthAssumptions {
  /** Multiplier on the force of mortality by self-rated health; AVERAGE is 1 by convention. */
  mortalityMultiplier: Record<HealthStatus, number>;
  /** Multiplier on the force of mortality of a current smoker (relative to the table's population). */
  smokerMortalityMultiplier: number;
}

export interface LongevityRiskAssumptions {
  enabled: boolean;
  /** Annual volatility of the Lee-Carter mortality index kappa (a driftless random walk). */
  volatility: number;
}

export interface DisabilityAssumptions {
  enabled: boolean;
  /** Occupation class used when a member has none (1 lowest incidence .. 4 highest). */
  occupationClass: OccupationClass;
  /** Elimination period of the incidence table: a disability counts once it outlasts it. */
  eliminationDays: EliminationDays;
  /** Scales the table's incidence (1 = the 2013 IDI base table). */
  incidenceMultiplier: number;
  /**
   * Claim-termination rate at claim duration d (years since onset, 1-based) is the table's
   * ultimate rate times factor[d - 1]; the last factor holds for later durations.
   */
  terminationDurationFactors: number[];
  /** Multiplier on the force of mortality while disabled (relative to a healthy member). */
  mortalityMultiplier: number;
}

export interface LongTermCareAssumptions {
  enabled: boolean;
  /** Annual probability that a healthy member aged 65 starts needing paid care. */
  incidenceAt65: number;
  /** Exponential growth of incidence per year of age: incidence(x) = incidenceAt65 * exp(growth (x - 65)). */
  incidenceGrowth: number;
  /** No new episode starts below this age. */
  minimumAge: number;
  /** Upper bound of the annual incidence at the oldest ages. */
  maximumIncidence: number;
  /** Annual probability that a member in care recovers (needs no more paid care). */
  recoveryProbability: number;
  /** Multiplier on the force of mortality while in care (relative to a healthy member). */
  mortalityMultiplier: number;
  /** Annual cost of care at home, today's money. */
  homeCareAnnualCost: number;
  /** Annual cost of a nursing home, today's money. */
  nursingHomeAnnualCost: number;
  /** Probability that an episode of care is spent in a nursing home (otherwise at home). */
  nursingHomeShare: number;
  /** Annual real growth of care costs over CPI. */
  careCostPremium: number;
}

export interface JobLossBand {
  /** The band applies from this age up to the next band's fromAge. */
  fromAge: number;
  /** Annual probability that an employed member loses their job. */
  probability: number;
}

export interface UnemploymentAssumptions {
  enabled: boolean;
  /** Annual job-loss probability by age band, ascending fromAge; the first band also covers younger ages. */
  jobLossByAge: JobLossBand[];
  /** Annual probability that an unemployed member finds work again (from the year after the loss). */
  reemploymentProbability: number;
  /** Unemployment benefit as a fraction of salary. */
  benefitFraction: number;
  /** Years of a spell for which the benefit is paid (may be fractional: 0.5 = 26 weeks). */
  benefitYears: number;
}

export interface ResolvedLifeAssumptions {
  mortality: MortalityAssumptions;
  health: HealthAssumptions;
  longevityRisk: LongevityRiskAssumptions;
  disability: DisabilityAssumptions;
  longTermCare: LongTermCareAssumptions;
  unemployment: UnemploymentAssumptions;
}

export type DeepPartial<T> = T extends readonly (infer _U)[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export type LifeAssumptionsInput = DeepPartial<ResolvedLifeAssumptions>;

/** Lee and Carter (1992): the innovation volatility fitted to their published k(t) forecast errors. */
export const LEE_CARTER_1992_SIGMA = 0.6513;

export const DEFAULT_LIFE_ASSUMPTIONS: ResolvedLifeAssumptions = deepFreeze({
  mortality: { law: 'TABLE', table: 'US_SSA_2017', improvement: 'US_SSA_ALT2', modalAge: 87, dispersion: 9.5 },
  health: {
    mortalityMultiplier: { EXCELLENT: 0.75, GOOD: 0.9, AVERAGE: 1, POOR: 1.5 },
    smokerMortalityMultiplier: 2.2,
  },
  longevityRisk: { enabled: true, volatility: LEE_CARTER_1992_SIGMA },
  disability: {
    enabled: true,
    occupationClass: 2,
    eliminationDays: 90,
    incidenceMultiplier: 1,
    terminationDurationFactors: [16, 8, 5, 3.5, 2.5, 2, 1.6, 1.3, 1.15, 1],
    mortalityMultiplier: 2.5,
  },
  longTermCare: {
    enabled: true,
    incidenceAt65: 0.0078,
    incidenceGrowth: 0.1,
    minimumAge: 50,
    maximumIncidence: 0.5,
    recoveryProbability: 0.35,
    mortalityMultiplier: 3,
    homeCareAnnualCost: 75_000,
    nursingHomeAnnualCost: 105_000,
    nursingHomeShare: 0.35,
    careCostPremium: 0.01,
  },
  unemployment: {
    enabled: true,
    jobLossByAge: [
      { fromAge: 16, probability: 0.05 },
      { fromAge: 25, probability: 0.03 },
      { fromAge: 35, probability: 0.022 },
      { fromAge: 45, probability: 0.02 },
      { fromAge: 55, probability: 0.022 },
    ],
    reemploymentProbability: 0.75,
    benefitFraction: 0.45,
    benefitYears: 0.5,
  },
});

/**
 * The UK set: the latest ONS period table with the ONS 2024-based projected improvement. Health,
 * disability, care and job loss keep the US-derived defaults (docs/LIFE.md says why).
 */
export const UK_LIFE_ASSUMPTIONS: ResolvedLifeAssumptions = deepFreeze({
  ...DEFAULT_LIFE_ASSUMPTIONS,
  mortality: { ...DEFAULT_LIFE_ASSUMPTIONS.mortality, table: 'UK_ONS_2022_2024', improvement: 'UK_ONS_2024' },
});

/** The life defaults of a country's assumption set. */
export function lifeDefaults(country: Country = DEFAULT_COUNTRY): ResolvedLifeAssumptions {
  return country === 'UK' ? UK_LIFE_ASSUMPTIONS : DEFAULT_LIFE_ASSUMPTIONS;
}

/** The country's defaults with the scenario's overrides laid over them (arrays replace, objects merge). */
export function resolveLifeAssumptions(overrides?: LifeAssumptionsInput, country: Country = DEFAULT_COUNTRY): ResolvedLifeAssumptions {
  return merge(lifeDefaults(country), overrides) as ResolvedLifeAssumptions;
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return clone(base);
  if (Array.isArray(over)) return clone(over);
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(base), ...Object.keys(over)])) out[key] = merge(base[key], over[key]);
    return out;
  }
  return clone(over);
}

function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export interface LifeAssumptionError {
  field: string;
  message: string;
}

/**
 * Numeric ranges of every field, shared with the scenario schema so that the API and the engine
 * refuse the same values.
 */
export const LIFE_RANGES = {
  modalAge: [40, 130],
  dispersion: [0.5, 40],
  healthMultiplier: [0.1, 10],
  smokerMultiplier: [1, 10],
  longevityVolatility: [0, 5],
  incidenceMultiplier: [0, 20],
  terminationFactor: [0, 100],
  stateMortalityMultiplier: [1, 20],
  probability: [0, 1],
  ltcMinimumAge: [0, 120],
  ltcIncidenceGrowth: [0, 1],
  annualCost: [0, 1e9],
  careCostPremium: [-0.1, 0.2],
  jobLossFromAge: [0, 120],
  benefitYears: [0, 10],
} as const satisfies Record<string, readonly [number, number]>;

/** Checks a resolved set; every error names the field path under `fieldPrefix`. */
export function validateLifeAssumptions(a: ResolvedLifeAssumptions, fieldPrefix = 'assumptions.life'): LifeAssumptionError[] {
  const errors: LifeAssumptionError[] = [];
  const at = (path: string) => `${fieldPrefix}.${path}`;
  const oneOf = (path: string, value: unknown, allowed: readonly unknown[]) => {
    if (!allowed.includes(value)) errors.push({ field: at(path), message: `must be one of ${allowed.join(', ')}` });
  };
  const inRange = (path: string, value: unknown, [min, max]: readonly [number, number]) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) errors.push({ field: at(path), message: 'must be a finite number' });
    else if (value < min || value > max) errors.push({ field: at(path), message: `must be between ${min} and ${max}` });
  };
  const bool = (path: string, value: unknown) => {
    if (typeof value !== 'boolean') errors.push({ field: at(path), message: 'must be true or false' });
  };
  const P = LIFE_RANGES.probability;

  const m = a.mortality;
  oneOf('mortality.law', m.law, MORTALITY_LAWS);
  oneOf('mortality.table', m.table, MORTALITY_TABLES);
  oneOf('mortality.improvement', m.improvement, MORTALITY_IMPROVEMENTS);
  inRange('mortality.modalAge', m.modalAge, LIFE_RANGES.modalAge);
  inRange('mortality.dispersion', m.dispersion, LIFE_RANGES.dispersion);

  for (const h of HEALTH_STATUSES)
    inRange(`health.mortalityMultiplier.${h}`, a.health.mortalityMultiplier?.[h], LIFE_RANGES.healthMultiplier);
  inRange('health.smokerMortalityMultiplier', a.health.smokerMortalityMultiplier, LIFE_RANGES.smokerMultiplier);

  bool('longevityRisk.enabled', a.longevityRisk.enabled);
  inRange('longevityRisk.volatility', a.longevityRisk.volatility, LIFE_RANGES.longevityVolatility);

  const d = a.disability;
  bool('disability.enabled', d.enabled);
  oneOf('disability.occupationClass', d.occupationClass, OCCUPATION_CLASSES);
  oneOf('disability.eliminationDays', d.eliminationDays, ELIMINATION_DAYS);
  inRange('disability.incidenceMultiplier', d.incidenceMultiplier, LIFE_RANGES.incidenceMultiplier);
  if (
    !Array.isArray(d.terminationDurationFactors) ||
    d.terminationDurationFactors.length === 0 ||
    d.terminationDurationFactors.length > 50
  ) {
    errors.push({ field: at('disability.terminationDurationFactors'), message: 'must be a list of 1 to 50 factors' });
  } else {
    d.terminationDurationFactors.forEach((f, i) =>
      inRange(`disability.terminationDurationFactors[${i}]`, f, LIFE_RANGES.terminationFactor),
    );
  }
  inRange('disability.mortalityMultiplier', d.mortalityMultiplier, LIFE_RANGES.stateMortalityMultiplier);

  const c = a.longTermCare;
  bool('longTermCare.enabled', c.enabled);
  inRange('longTermCare.incidenceAt65', c.incidenceAt65, P);
  inRange('longTermCare.incidenceGrowth', c.incidenceGrowth, LIFE_RANGES.ltcIncidenceGrowth);
  inRange('longTermCare.minimumAge', c.minimumAge, LIFE_RANGES.ltcMinimumAge);
  inRange('longTermCare.maximumIncidence', c.maximumIncidence, P);
  inRange('longTermCare.recoveryProbability', c.recoveryProbability, P);
  inRange('longTermCare.mortalityMultiplier', c.mortalityMultiplier, LIFE_RANGES.stateMortalityMultiplier);
  inRange('longTermCare.homeCareAnnualCost', c.homeCareAnnualCost, LIFE_RANGES.annualCost);
  inRange('longTermCare.nursingHomeAnnualCost', c.nursingHomeAnnualCost, LIFE_RANGES.annualCost);
  inRange('longTermCare.nursingHomeShare', c.nursingHomeShare, P);
  inRange('longTermCare.careCostPremium', c.careCostPremium, LIFE_RANGES.careCostPremium);

  const u = a.unemployment;
  bool('unemployment.enabled', u.enabled);
  if (!Array.isArray(u.jobLossByAge) || u.jobLossByAge.length === 0 || u.jobLossByAge.length > 20) {
    errors.push({ field: at('unemployment.jobLossByAge'), message: 'must be a list of 1 to 20 age bands' });
  } else {
    u.jobLossByAge.forEach((band, i) => {
      inRange(`unemployment.jobLossByAge[${i}].fromAge`, band?.fromAge, LIFE_RANGES.jobLossFromAge);
      inRange(`unemployment.jobLossByAge[${i}].probability`, band?.probability, P);
      if (i > 0 && !(band?.fromAge > u.jobLossByAge[i - 1]?.fromAge)) {
        errors.push({ field: at(`unemployment.jobLossByAge[${i}].fromAge`), message: 'bands must be in ascending order of fromAge' });
      }
    });
  }
  inRange('unemployment.reemploymentProbability', u.reemploymentProbability, P);
  inRange('unemployment.benefitFraction', u.benefitFraction, P);
  inRange('unemployment.benefitYears', u.benefitYears, LIFE_RANGES.benefitYears);
  return errors;
}
