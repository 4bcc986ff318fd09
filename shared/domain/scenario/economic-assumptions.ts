/**
 * `assumptions.economic`: overrides of the economic defaults (every field optional; what is left
 * out keeps its calibrated default). This schema checks shapes and ranges only. The checks that
 * need the whole resolved parameter set (a positive semi-definite correlation matrix, a
 * historical range inside the shipped data, block length within the range) are the engine's
 * `validateEconomicAssumptions`, run on defaults plus overrides by the scenario's assumption rules.
 */
import * as z from 'zod';

const rate = z.number().min(-0.2).max(1);
const volatility = z.number().min(0).max(2);
const probability = z.number().min(0).max(1);

const ornsteinUhlenbeck = z.strictObject({
  initial: rate.optional(),
  meanReversion: z.number().min(0).max(10).optional(),
  longRunMean: rate.optional(),
  volatility: z.number().min(0).max(1).optional(),
});

const equity = z.strictObject({
  model: z.enum(['GBM', 'RSLN2']).optional(),
  riskPremium: z.number().min(-0.5).max(0.5).optional(),
  volatility: volatility.optional(),
  /** RSLN2, monthly log-return mean and volatility per regime, monthly switching probabilities. */
  regime1Mean: z.number().min(-0.5).max(0.5).optional(),
  regime1Volatility: z.number().min(0).max(1).optional(),
  regime2Mean: z.number().min(-0.5).max(0.5).optional(),
  regime2Volatility: z.number().min(0).max(1).optional(),
  p12: probability.optional(),
  p21: probability.optional(),
});

const correlationRow = z.array(z.number().min(-1).max(1)).length(4);

export const economicAssumptionsSchema = z.strictObject({
  model: z.enum(['STOCHASTIC', 'HISTORICAL']).optional(),
  shortRate: ornsteinUhlenbeck.optional(),
  inflation: ornsteinUhlenbeck.optional(),
  equity: equity.optional(),
  bonds: z.strictObject({ maturity: z.number().min(1).max(50).optional() }).optional(),
  property: z
    .strictObject({ realGrowth: z.number().min(-0.5).max(0.5).optional(), volatility: volatility.optional() })
    .optional(),
  correlation: z.array(correlationRow).length(4).optional(),
  historical: z
    .strictObject({
      method: z.enum(['BOOTSTRAP', 'SEQUENTIAL']).optional(),
      fromYear: z.number().int().min(1800).max(2100).optional(),
      toYear: z.number().int().min(1800).max(2100).optional(),
      blockYears: z.number().int().min(1).max(200).optional(),
    })
    .optional(),
});

export type EconomicAssumptionsOverrides = z.infer<typeof economicAssumptionsSchema>;
