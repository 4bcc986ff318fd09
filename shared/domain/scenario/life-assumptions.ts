/**
 * The scenario's `assumptions.life` overrides: every field optional (the engine's defaults fill the
 * rest), unknown fields refused, every number range-checked with the same limits the engine uses.
 */
import * as z from 'zod/mini';
import {
  ELIMINATION_DAYS,
  LIFE_RANGES,
  MORTALITY_IMPROVEMENTS,
  MORTALITY_LAWS,
  MORTALITY_TABLES,
  OCCUPATION_CLASSES,
  type LifeAssumptionsInput,
} from '../../engine/life/index.js';

const num = ([min, max]: readonly [number, number]) => z.number().check(z.minimum(min), z.maximum(max));
const probability = num(LIFE_RANGES.probability);
const oneOf = <T extends readonly number[]>(values: T) =>
  z.custom<T[number]>((v) => typeof v === 'number' && values.includes(v), { message: `must be one of ${values.join(', ')}` });
/** A group of overrides: every field optional, unknown fields refused, the group itself optional. */
const group = <S extends z.core.$ZodLooseShape>(shape: S) => z.optional(z.partial(z.strictObject(shape)));

const healthMultiplier = num(LIFE_RANGES.healthMultiplier);

export const lifeAssumptionsSchema = z.strictObject({
  mortality: group({
    law: z.enum(MORTALITY_LAWS),
    table: z.enum(MORTALITY_TABLES),
    improvement: z.enum(MORTALITY_IMPROVEMENTS),
    modalAge: num(LIFE_RANGES.modalAge),
    dispersion: num(LIFE_RANGES.dispersion),
  }),
  health: group({
    mortalityMultiplier: z.partial(
      z.strictObject({ EXCELLENT: healthMultiplier, GOOD: healthMultiplier, AVERAGE: healthMultiplier, POOR: healthMultiplier }),
    ),
    smokerMortalityMultiplier: num(LIFE_RANGES.smokerMultiplier),
  }),
  longevityRisk: group({ enabled: z.boolean(), volatility: num(LIFE_RANGES.longevityVolatility) }),
  disability: group({
    enabled: z.boolean(),
    occupationClass: oneOf(OCCUPATION_CLASSES),
    eliminationDays: oneOf(ELIMINATION_DAYS),
    incidenceMultiplier: num(LIFE_RANGES.incidenceMultiplier),
    terminationDurationFactors: z.array(num(LIFE_RANGES.terminationFactor)).check(z.minLength(1), z.maxLength(50)),
    mortalityMultiplier: num(LIFE_RANGES.stateMortalityMultiplier),
  }),
  longTermCare: group({
    enabled: z.boolean(),
    incidenceAt65: probability,
    incidenceGrowth: num(LIFE_RANGES.ltcIncidenceGrowth),
    minimumAge: num(LIFE_RANGES.ltcMinimumAge),
    maximumIncidence: probability,
    recoveryProbability: probability,
    mortalityMultiplier: num(LIFE_RANGES.stateMortalityMultiplier),
    homeCareAnnualCost: num(LIFE_RANGES.annualCost),
    nursingHomeAnnualCost: num(LIFE_RANGES.annualCost),
    nursingHomeShare: probability,
    careCostPremium: num(LIFE_RANGES.careCostPremium),
  }),
  unemployment: group({
    enabled: z.boolean(),
    jobLossByAge: z.array(z.strictObject({ fromAge: num(LIFE_RANGES.jobLossFromAge), probability })).check(
      z.minLength(1),
      z.maxLength(20),
      z.refine((bands) => bands.every((b, i) => i === 0 || b.fromAge > bands[i - 1].fromAge), {
        message: 'bands must be in ascending order of fromAge',
      }),
    ),
    reemploymentProbability: probability,
    benefitFraction: probability,
    benefitYears: num(LIFE_RANGES.benefitYears),
  }),
});

export type LifeAssumptionsOverrides = z.infer<typeof lifeAssumptionsSchema>;

// Compile-time guarantee that whatever the schema accepts, the engine's resolver accepts.
const _schemaFitsEngine = (value: LifeAssumptionsOverrides): LifeAssumptionsInput => value;
void _schemaFitsEngine;
