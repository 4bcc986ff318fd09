/**
 * Usage: npm run -s api-examples: writes the output and comparison excerpts the OpenAPI
 * document shows (examples/api/), from real runs of the engine on examples/couple-near-retirement.json
 * (and the same couple retiring two years later), trimmed to a few years of time series, and an
 * analysis (the couple's spending solved for 90% success).
 */
import { writeFileSync } from 'node:fs';
import { analyse } from '../shared/engine/analysis/index.js';
import { compare, simulate } from '../shared/engine/index.js';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';
import { loadScenario } from './cli-support.js';

const source = 'examples/couple-near-retirement.json';
const paths = 1000;
const seed = 7;
const years = 3;

const baseline = loadScenario(source);
const output = simulate(baseline.plan, { seed, paths, shards: 1 }) as unknown as Record<string, unknown>;
const outputExcerpt = {
  summary: output.summary,
  timeSeries: (output.timeSeries as unknown[]).slice(0, years),
  metadata: { ...(output.metadata as object), assumptions: undefined },
};

const later = JSON.parse(JSON.stringify((await import('../examples/couple-near-retirement.json', { with: { type: 'json' } })).default));
for (const member of later.members) member.retirementAge += 2;
const checked = validateScenario(later);
if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
const comparison = compare(baseline.plan, toHouseholdPlan(checked.value), { seed, paths, shards: 1 }) as unknown as Record<string, unknown>;
const created = '2025-06-02T09:14:03.120Z';
/** The fields of a run that completed inside its request. */
const completedRun = (id: string, version: number) => ({
  id,
  householdId: '01JWQ7XW2S6E4M8D1FZB0VKQ7A',
  status: 'COMPLETED',
  progress: 1,
  paths,
  seed,
  shards: 1,
  completedShards: 1,
  createdAt: created,
  updatedAt: created,
  completedAt: created,
  version,
});
const comparisonExcerpt = {
  ...completedRun('01JWQ7ZP4C8N5T2K9XGR3HB6MD', 2),
  baselineScenarioId: '01JWQ7Y3M0A9C2V5R8TE6NWJ4P',
  baselineScenarioVersion: 1,
  alternativeScenarioId: '01JWQ7YB7H3Q6Z0D4KX8SFMC2R',
  alternativeScenarioVersion: 1,
  comparison: {
    ...comparison,
    timeSeries: (comparison.timeSeries as unknown[]).slice(0, years),
    metadata: { ...(comparison.metadata as object), assumptions: undefined },
  },
};

const solveRequest = { type: 'SOLVE' as const, lever: { type: 'SPENDING' as const }, target: { probability: 0.9 } };
const analysisExample = {
  ...completedRun('01JWQ84R1N7D3K6S9VB2XTF5GE', 1),
  scenarioId: comparisonExcerpt.baselineScenarioId,
  scenarioVersion: 1,
  type: solveRequest.type,
  request: solveRequest,
  analysis: analyse(baseline.plan, solveRequest, { seed, paths, shards: 1 }),
};

const write = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
write('examples/api/output-excerpt.json', outputExcerpt);
write('examples/api/comparison-excerpt.json', comparisonExcerpt);
write('examples/api/analysis-solve.json', analysisExample);
