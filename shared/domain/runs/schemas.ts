/** Zod schemas of the run routes: paths, and the responses as the OpenAPI document describes them. */
import * as z from 'zod/mini';
import { idSchema as id } from '../ids.js';

export const simulationListPathSchema = z.object({ householdId: id, scenarioId: id });
export const simulationPathSchema = z.object({ householdId: id, scenarioId: id, simulationId: id });
export const analysisListPathSchema = simulationListPathSchema;
export const analysisPathSchema = z.object({ householdId: id, scenarioId: id, analysisId: id });
export const comparisonListPathSchema = z.object({ householdId: id });
export const comparisonPathSchema = z.object({ householdId: id, comparisonId: id });

const int = () => z.number().check(z.int());
const runStatus = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']);
/** The fields every kind of run shows (a query's too: lives-schemas.ts). */
export const runFields = {
  id: z.string(),
  householdId: z.string(),
  status: runStatus,
  progress: z.number().check(z.minimum(0), z.maximum(1)).register(z.globalRegistry, { description: 'completed shards / shards' }),
  paths: int(),
  billedPathYears: z.optional(int()).register(z.globalRegistry, {
    description: 'what the run is billed and counted against the quota by: paths × horizon, per scenario and per trial (docs/USAGE.md)',
  }),
  pathYears: z
    .optional(int())
    .register(z.globalRegistry, { description: 'the same as billedPathYears, under its former name', deprecated: true }),
  seed: int(),
  shards: int(),
  completedShards: int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  startedAt: z.optional(z.iso.datetime()),
  completedAt: z.optional(z.iso.datetime()),
  elapsedMs: z.optional(z.number()).register(z.globalRegistry, { description: 'time spent simulating, summed over shards' }),
  durationMs: z.optional(z.number()).register(z.globalRegistry, { description: 'wall time from creation to completion' }),
  error: z.optional(z.object({ reason: z.string() })),
  version: int(),
};

export const simulationSchema = z
  .object({ ...runFields, scenarioId: z.string(), scenarioVersion: int() })
  .register(z.globalRegistry, { id: 'Simulation' });

const comparisonFields = {
  ...runFields,
  baselineScenarioId: z.string(),
  baselineScenarioVersion: int(),
  alternativeScenarioId: z.string(),
  alternativeScenarioVersion: int(),
};

/** Any JSON object, documented as one. */
const anyObject = () => z.looseObject({});

const money = () => z.nullable(z.number());
const percentileFields = { p5: money(), p10: money(), p25: money(), p50: money(), p75: money(), p90: money(), p95: money(), mean: money() };

/** A year of the comparison: the two medians, their difference with its interval, and the paired differences' fan. */
export const comparisonYearSchema = z
  .looseObject({
    year: int(),
    calendarYear: int(),
    baselineMedianNetWorth: money(),
    alternativeMedianNetWorth: money(),
    medianNetWorthDifference: money().register(z.globalRegistry, { description: 'alternative − baseline median real net worth' }),
    medianNetWorthDifferenceStandardError: money().register(z.globalRegistry, {
      description: 'paired bootstrap over paths (docs/OUTPUT.md, "Comparisons")',
    }),
    medianNetWorthDifferenceInterval95: z
      .nullable(z.tuple([z.number(), z.number()]))
      .register(z.globalRegistry, { description: 'difference ± t · standard error' }),
    pairedPaths: int().register(z.globalRegistry, { description: 'paths running in both scenarios this year' }),
    netWorthDifference: z.object(percentileFields).register(z.globalRegistry, {
      description: 'percentiles and mean, over the paired paths, of each path’s real net worth in the alternative minus the baseline',
    }),
  })
  .register(z.globalRegistry, { id: 'ComparisonYear', description: 'real (today’s money) net worth of both scenarios in one year' });

export const comparisonDocumentSchema = z
  .looseObject({
    summary: z.array(anyObject()),
    goals: z.array(anyObject()),
    members: z.array(anyObject()),
    timeSeries: z.array(comparisonYearSchema),
    outcomeChanges: anyObject(),
    metadata: anyObject(),
  })
  .register(z.globalRegistry, { id: 'ComparisonDocument', description: 'docs/MODEL.md, "Comparison of two scenarios"' });

export const comparisonSchema = z.object(comparisonFields).register(z.globalRegistry, { id: 'Comparison' });
export const comparisonWithDocumentSchema = z
  .object({ ...comparisonFields, comparison: z.optional(comparisonDocumentSchema) })
  .register(z.globalRegistry, { id: 'ComparisonWithDocument' });

export const outputDocumentSchema = z
  .looseObject({
    summary: z.optional(anyObject()),
    timeSeries: z.optional(z.array(anyObject())),
    economy: z.optional(anyObject()),
    lives: z.optional(z.array(anyObject())),
    metadata: anyObject(),
  })
  .register(z.globalRegistry, { id: 'OutputDocument', description: 'docs/MODEL.md, "The output"; only the sections asked for' });

export const scenarioOutputSchema = z
  .extend(outputDocumentSchema, {
    simulationId: z.string(),
    scenarioVersion: int(),
    stale: z.boolean().register(z.globalRegistry, { description: 'the scenario has changed since this output was simulated' }),
  })
  .register(z.globalRegistry, { id: 'ScenarioOutput' });

export const analysisDocumentSchema = z
  .looseObject({
    metadata: anyObject(),
    request: anyObject(),
    solve: z.optional(anyObject()),
    diagnose: z.optional(anyObject()),
    sensitivity: z.optional(anyObject()),
    stress: z.optional(anyObject()),
  })
  .register(z.globalRegistry, { id: 'AnalysisDocument', description: 'docs/ANALYSES.md; one of solve, diagnose, sensitivity, stress' });

const analysisFields = {
  ...runFields,
  scenarioId: z.string(),
  scenarioVersion: int(),
  type: z.enum(['SOLVE', 'DIAGNOSE', 'SENSITIVITY', 'STRESS']),
  request: anyObject().register(z.globalRegistry, { description: 'the analysis as asked, without paths and seed' }),
};
export const analysisSchema = z.object(analysisFields).register(z.globalRegistry, { id: 'Analysis' });
export const analysisWithDocumentSchema = z
  .object({ ...analysisFields, analysis: z.optional(analysisDocumentSchema) })
  .register(z.globalRegistry, { id: 'AnalysisWithDocument' });
