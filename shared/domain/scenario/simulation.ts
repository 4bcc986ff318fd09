import * as z from 'zod';

export const MAX_PATHS = 100_000;

export const horizonSchema = z.union([
  z.strictObject({ years: z.number().int('must be an integer').min(1, 'must be at least 1').max(150, 'must be at most 150') }),
  z.strictObject({ untilAge: z.number().int('must be an integer').min(1, 'must be at least 1').max(130, 'must be at most 130') }),
]);

export const simulationSchema = z.strictObject({
  paths: z.number().int('must be an integer').min(1, 'must be at least 1').max(MAX_PATHS, `must be at most ${MAX_PATHS}`).default(1000),
  seed: z.number().int('must be an integer').min(0, 'must be at least 0').max(Number.MAX_SAFE_INTEGER).optional(),
  horizon: horizonSchema.optional(),
});
