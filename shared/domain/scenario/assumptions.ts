import * as z from 'zod/mini';
import { economicAssumptionsSchema } from './economic-assumptions.js';
import { lifeAssumptionsSchema } from './life-assumptions.js';

/** Overrides of the engine's defaults; the resolved set (defaults plus overrides) is reported in the output's metadata. */
export const assumptionsSchema = z.strictObject({
  economic: z.optional(economicAssumptionsSchema),
  life: z.optional(lifeAssumptionsSchema),
});
