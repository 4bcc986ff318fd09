import * as z from 'zod/mini';
import { integer } from './common.js';

export const MAX_PATHS = 100_000;

export const horizonSchema = z.union([z.strictObject({ years: integer(1, 150) }), z.strictObject({ untilAge: integer(1, 130) })]);

export const simulationSchema = z.strictObject({
  paths: z._default(integer(1, MAX_PATHS), 1000),
  seed: z
    .optional(z.number().check(z.int('must be an integer'), z.minimum(0, 'must be at least 0'), z.maximum(Number.MAX_SAFE_INTEGER)))
    .register(z.globalRegistry, {
      description:
        "The seed of the scenario's runs, comparisons and analyses unless a run names its own. A scenario created without one " +
        'gets one drawn at creation and stored here, so its figures agree from run to run.',
    }),
  horizon: z.optional(horizonSchema).register(z.globalRegistry, {
    description: "Years simulated: `{ years }`, or `{ untilAge }` of the youngest adult; by default until the youngest adult's 120th year",
  }),
});
