/** Zod schemas of the run routes: paths, and the responses as the OpenAPI document describes them. */
import * as z from 'zod';

const id = z.string().min(1).max(128);
export const simulationListPathSchema = z.object({ householdId: id, scenarioId: id });
export const simulationPathSchema = z.object({ householdId: id, scenarioId: id, simulationId: id });
export const comparisonListPathSchema = z.object({ householdId: id });
export const comparisonPathSchema = z.object({ householdId: id, comparisonId: id });

const runStatus = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']);
const runFields = {
  id: z.string(),
  householdId: z.string(),
  status: runStatus,
  progress: z.number().min(0).max(1).meta({ description: 'completed shards / shards' }),
  paths: z.number().int(),
  seed: z.number().int(),
  shards: z.number().int(),
  completedShards: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().optional(),
  completedAt: z.iso.datetime().optional(),
  elapsedMs: z.number().optional().meta({ description: 'time spent simulating, summed over shards' }),
  durationMs: z.number().optional().meta({ description: 'wall time from creation to completion' }),
  error: z.object({ reason: z.string() }).optional(),
  version: z.number().int(),
};

export const simulationSchema = z
  .object({ ...runFields, scenarioId: z.string(), scenarioVersion: z.number().int() })
  .meta({ id: 'Simulation' });

const comparisonFields = {
  ...runFields,
  baselineScenarioId: z.string(),
  baselineScenarioVersion: z.number().int(),
  alternativeScenarioId: z.string(),
  alternativeScenarioVersion: z.number().int(),
};

export const comparisonDocumentSchema = z
  .looseObject({
    summary: z.array(z.looseObject({})),
    goals: z.array(z.looseObject({})),
    members: z.array(z.looseObject({})),
    timeSeries: z.array(z.looseObject({})),
    outcomeChanges: z.looseObject({}),
    metadata: z.looseObject({}),
  })
  .meta({ id: 'ComparisonDocument', description: 'MODEL.md, "Comparison of two scenarios"' });

export const comparisonSchema = z.object(comparisonFields).meta({ id: 'Comparison' });
export const comparisonWithDocumentSchema = z
  .object({ ...comparisonFields, comparison: comparisonDocumentSchema.optional() })
  .meta({ id: 'ComparisonWithDocument' });

export const outputDocumentSchema = z
  .looseObject({
    summary: z.looseObject({}).optional(),
    timeSeries: z.array(z.looseObject({})).optional(),
    economy: z.looseObject({}).optional(),
    lives: z.array(z.looseObject({})).optional(),
    metadata: z.looseObject({}),
  })
  .meta({ id: 'OutputDocument', description: 'MODEL.md, "The output"; only the sections asked for' });

export const scenarioOutputSchema = outputDocumentSchema
  .extend({
    simulationId: z.string(),
    scenarioVersion: z.number().int(),
    stale: z.boolean().meta({ description: 'the scenario has changed since this output was simulated' }),
  })
  .meta({ id: 'ScenarioOutput' });
