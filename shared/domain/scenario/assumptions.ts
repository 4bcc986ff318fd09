import * as z from 'zod/mini';
import { COUNTRIES } from '../../engine/country.js';
import { economicAssumptionsSchema } from './economic-assumptions.js';
import { lifeAssumptionsSchema } from './life-assumptions.js';

/**
 * Overrides of the engine's defaults, laid over the defaults of `country` (US when absent; the API
 * fills it from the household's currency on write); the resolved set is reported in the output's metadata.
 */
export const assumptionsSchema = z.strictObject({
  country: z.optional(z.enum(COUNTRIES)),
  economic: z.optional(economicAssumptionsSchema),
  life: z.optional(lifeAssumptionsSchema),
});
