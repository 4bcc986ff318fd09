/**
 * The scenario's `assumptions.life` overrides: every field optional (the engine's defaults fill the
 * rest), unknown fields refused, every number range-checked with the same limits the engine uses.
 */
import * as z from 'zod';
import {
  ELIMINATION_DAYS,
  LIFE_RANGES,
  MORTALITY_IMPROVEMENTS,
  MORTALITY_LAWS,
  MORTALITY_TABLES,
  OCCUPATION_CLASSES,
  type LifeAssumptionsInput,
} from '../../engine/life/index.js';

const num = ([min, max]: readonly [number, number]) => z.number().min(min).max(max);
const probability = num(LIFE_RANGES.probability);
const oneOf = <T extends readonly number[]>(values: T) =>
  z.custom<T[number]>((v) => typeof v === 'number' && values.includes(v), { message: `must be one of ${values.join(', ')}` });

const healthMultiplier = num(LIFE_RANGES.healthMultiplier);

export const lifeAssumptionsSchema = z.strictObject({
  mortality: z
    .strictObject({
      law: z.enum(MORTALITY_LAWS),
      table: z.enum(MORTALITY_TABLES),
      improvement: z.enum(MORTALITY_IMPROVEMENTS),
      modalAge: num(LIFE_RANGES.modalAge),
      dispersion: num(LIFE_RANGES.dispersion),
    })
    .partial()
    .optional(),
  health: z
    .strictObject({
      mortalityMultiplier: z
        .strictObject({ EXCELLENT: healthMultiplier, GOOD: healthMultiplier, AVERAGE: healthMultiplier, POOR: healthMultiplier })
        .partial(),
      smokerMortalityMultiplier: num(LIFE_RANGES.smokerMultiplier),
    })
    .partial()
    .optional(),
  longevityRisk: z
    .strictObject({ enabled: z.boolean(), volatility: num(LIFE_RANGES.longevityVolatility) })
    .partial()
    .optional(),
  disability: z
    .strictObject({
      enabled: z.boolean(),
      occupationClass: oneOf(OCCUPATION_CLASSES),
      eliminationDays: oneOf(ELIMINATION_DAYS),
      incidenceMultiplier: num(LIFE_RANGES.incidenceMultiplier),
      terminationDurationFactors: z.array(num(LIFE_RANGES.terminationFactor)).min(1).max(50),
      mortalityMultiplier: num(LIFE_RANGES.stateMortalityMultiplier),
    })
    .partial()
    .optional(),
  longTermCare: z
    .strictObject({
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
    })
    .partial()
    .optional(),
  unemployment: z
    .strictObject({
      enabled: z.boolean(),
      jobLossByAge: z
        .array(z.strictObject({ fromAge: num(LIFE_RANGES.jobLossFromAge), probability }))
        .min(1)
        .max(20)
        .refine((bands) => bands.every((b, i) => i === 0 || b.fromAge > bands[i - 1].fromAge), {
          message: 'bands must be in ascending order of fromAge',
        }),
      reemploymentProbability: probability,
      benefitFraction: probability,
      benefitYears: num(LIFE_RANGES.benefitYears),
    })
    .partial()
    .optional(),
});

export type LifeAssumptionsOverrides = z.infer<typeof lifeAssumptionsSchema>;

// Compile-time guarantee that whatever the schema accepts, the engine's resolver accepts.
const _schemaFitsEngine = (value: LifeAssumptionsOverrides): LifeAssumptionsInput => value;
void _schemaFitsEngine;
