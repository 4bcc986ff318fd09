/**
 * `assumptions.economic`: overrides of the economic defaults (every field optional; what is left
 * out keeps its calibrated default). This schema checks shapes and ranges only. The checks that
 * need the whole resolved parameter set (a positive semi-definite correlation matrix, a
 * historical range inside the shipped data, block length within the range) are the engine's
 * `validateEconomicAssumptions`, run on defaults plus overrides by the scenario's assumption rules.
 */
import * as z from 'zod/mini';
import { ECONOMIC_RANGES as R } from '../../engine/economy/index.js';

type Range = readonly [number, number];
/** An optional number in [min, max], with zod's own messages. */
const between = ([min, max]: Range) => z.optional(z.number().check(z.minimum(min), z.maximum(max)));
const wholeBetween = ([min, max]: Range) => z.optional(z.number().check(z.int(), z.minimum(min), z.maximum(max)));

const rate = between(R.rate);
const probability = between(R.probability);

const ornsteinUhlenbeck = z.strictObject({
  initial: rate,
  meanReversion: between(R.meanReversion),
  longRunMean: rate,
  volatility: between(R.factorVolatility),
});

const equity = z.strictObject({
  model: z.optional(z.enum(['GBM', 'RSLN2'])),
  riskPremium: between(R.riskPremium),
  volatility: between(R.volatility),
  /** RSLN2, monthly log-return mean and volatility per regime, monthly switching probabilities. */
  regime1Mean: between(R.regimeMean),
  regime1Volatility: between(R.regimeVolatility),
  regime2Mean: between(R.regimeMean),
  regime2Volatility: between(R.regimeVolatility),
  p12: probability,
  p21: probability,
});

const correlationRow = z.array(z.number().check(z.minimum(R.correlation[0]), z.maximum(R.correlation[1]))).check(z.length(4));

export const economicAssumptionsSchema = z.strictObject({
  model: z.optional(z.enum(['STOCHASTIC', 'HISTORICAL'])),
  shortRate: z.optional(ornsteinUhlenbeck),
  inflation: z.optional(ornsteinUhlenbeck),
  equity: z.optional(equity),
  bonds: z.optional(z.strictObject({ maturity: between(R.bondMaturity), termPremium: between(R.termPremium) })),
  property: z.optional(z.strictObject({ realGrowth: between(R.realGrowth), volatility: between(R.volatility) })),
  correlation: z.optional(z.array(correlationRow).check(z.length(4))),
  historical: z.optional(
    z.strictObject({
      method: z.optional(z.enum(['BOOTSTRAP', 'SEQUENTIAL'])),
      fromYear: wholeBetween(R.year),
      toYear: wholeBetween(R.year),
      blockYears: wholeBetween(R.blockYears),
    }),
  ),
});

export type EconomicAssumptionsOverrides = z.infer<typeof economicAssumptionsSchema>;
