/**
 * `assumptions.economic`: overrides of the economic defaults (every field optional; what is left
 * out keeps its calibrated default). This schema checks shapes and ranges only. The checks that
 * need the whole resolved parameter set (a positive semi-definite correlation matrix, a
 * historical range inside the shipped data, block length within the range) are the engine's
 * `validateEconomicAssumptions`, run on defaults plus overrides by the scenario's assumption rules.
 */
import * as z from 'zod/mini';

/** An optional number in [min, max], with zod's own messages. */
const between = (min: number, max: number) => z.optional(z.number().check(z.minimum(min), z.maximum(max)));
const wholeBetween = (min: number, max: number) => z.optional(z.number().check(z.int(), z.minimum(min), z.maximum(max)));

const rate = between(-0.2, 1);
const volatility = between(0, 2);
const probability = between(0, 1);

const ornsteinUhlenbeck = z.strictObject({
  initial: rate,
  meanReversion: between(0, 10),
  longRunMean: rate,
  volatility: between(0, 1),
});

const equity = z.strictObject({
  model: z.optional(z.enum(['GBM', 'RSLN2'])),
  riskPremium: between(-0.5, 0.5),
  volatility: volatility,
  /** RSLN2, monthly log-return mean and volatility per regime, monthly switching probabilities. */
  regime1Mean: between(-0.5, 0.5),
  regime1Volatility: between(0, 1),
  regime2Mean: between(-0.5, 0.5),
  regime2Volatility: between(0, 1),
  p12: probability,
  p21: probability,
});

const correlationRow = z.array(z.number().check(z.minimum(-1), z.maximum(1))).check(z.length(4));

export const economicAssumptionsSchema = z.strictObject({
  model: z.optional(z.enum(['STOCHASTIC', 'HISTORICAL'])),
  shortRate: z.optional(ornsteinUhlenbeck),
  inflation: z.optional(ornsteinUhlenbeck),
  equity: z.optional(equity),
  bonds: z.optional(z.strictObject({ maturity: between(1, 50) })),
  property: z.optional(z.strictObject({ realGrowth: between(-0.5, 0.5), volatility: volatility })),
  correlation: z.optional(z.array(correlationRow).check(z.length(4))),
  historical: z.optional(
    z.strictObject({
      method: z.optional(z.enum(['BOOTSTRAP', 'SEQUENTIAL'])),
      fromYear: wholeBetween(1800, 2100),
      toYear: wholeBetween(1800, 2100),
      blockYears: wholeBetween(1, 200),
    }),
  ),
});

export type EconomicAssumptionsOverrides = z.infer<typeof economicAssumptionsSchema>;
