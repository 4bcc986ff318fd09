/** Zod schemas of the lives and queries routes: paths, the query's documentation, and the responses. */
import * as z from 'zod/mini';
import { idSchema as id } from '../ids.js';
import { runFields } from './schemas.js';
import { queryInteger } from '../paging.js';
import { MAX_PATHS } from '../scenario/index.js';

const index = queryInteger(0, MAX_PATHS).register(z.globalRegistry, { description: "the life's index, 0 to the run's paths − 1" });

export const simulationLivesPathSchema = z.object({ householdId: id, scenarioId: id, simulationId: id });
export const simulationLifePathSchema = z.object({ householdId: id, scenarioId: id, simulationId: id, index });
export const simulationQueryPathSchema = z.object({ householdId: id, scenarioId: id, simulationId: id, queryId: id });
export const comparisonLivesPathSchema = z.object({ householdId: id, comparisonId: id });
export const comparisonLifePathSchema = z.object({ householdId: id, comparisonId: id, index });
export const comparisonQueryPathSchema = z.object({ householdId: id, comparisonId: id, queryId: id });

const int = () => z.number().check(z.int());
const anyObject = () => z.looseObject({});

export const lifeSchema = z
  .looseObject({
    index: z.optional(int()),
    pathIndex: z.optional(int()),
    events: z.optional(z.array(anyObject())),
    years: z.optional(z.array(anyObject())),
    baseline: z.optional(anyObject()),
    alternative: z.optional(anyObject()),
  })
  .register(z.globalRegistry, {
    id: 'Life',
    description: 'one life of a run (docs/QUERIES.md, "Lives"); a comparison\'s as its baseline and alternative sides',
  });

export const queryRequestSchema = z
  .looseObject({
    where: z.optional(anyObject()),
    select: z.array(anyObject()),
    groupBy: z.optional(z.union([z.literal('year'), anyObject()])),
    compareTo: z.optional(z.literal('rest')),
  })
  .register(z.globalRegistry, { id: 'LivesQuery', description: 'docs/QUERIES.md: where, select, groupBy, compareTo' });

export const queryAnswerSchema = z
  .looseObject({
    lives: int(),
    matched: int(),
    rest: z.optional(int()),
    select: z.array(anyObject()),
    groups: z.optional(z.array(anyObject())),
  })
  .register(z.globalRegistry, { id: 'QueryAnswer', description: 'docs/QUERIES.md, "The answer"' });

export const queryRunSchema = z
  .object({
    ...runFields,
    sourceKind: z.enum(['SIMULATION', 'COMPARISON']),
    sourceId: z.string(),
    scenarioId: z.optional(z.string()),
    query: queryRequestSchema,
    answer: z.optional(queryAnswerSchema),
  })
  .register(z.globalRegistry, { id: 'Query' });
