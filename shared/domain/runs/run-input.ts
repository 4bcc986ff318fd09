/**
 * A queued run's input: the scenario documents as they were when the run was created (so a
 * scenario edited mid-run cannot make shards disagree) and, for an analysis, its request; turned
 * into the engine's work once per process and run.
 */
import type { AnalysisRequest } from '../../engine/analysis/index.js';
import type { HouseholdPlan } from '../../engine/index.js';
import { parseQuery, type LivesQuery } from '../../engine/lives/index.js';
import { toHouseholdPlan, validateScenario } from '../scenario/index.js';
import { getRunBlob, putRunBlob } from '../../store/runs/run-data.js';
import type { RunWork } from './run-engine.js';
import type { RunRef } from './run.js';

export interface RunInput {
  /** One document for a simulation; baseline then alternative for a comparison. */
  scenarios: unknown[];
  /** An analysis's request, as validated when the run was created. */
  analysis?: AnalysisRequest;
  /** A query's query, as parsed when it was created (parsed again against the plans when read). */
  query?: LivesQuery;
}

export function plansOf(input: RunInput): HouseholdPlan[] {
  return input.scenarios.map((document, index) => {
    const checked = validateScenario(document);
    if (!checked.ok)
      throw new Error(`stored scenario ${index} no longer validates: ${checked.errors[0]?.field} ${checked.errors[0]?.message}`);
    return toHouseholdPlan(checked.value);
  });
}

export async function storeRunInput(ref: RunRef, input: RunInput): Promise<void> {
  await putRunBlob(ref, 'INPUT', input);
}

/**
 * Each run's work as it is being read or was read, by run id: callers that ask while the read is
 * in flight (a shard's early read of its input, then its fan-in) share it. A failed read is
 * forgotten, so the next caller reads again.
 */
const cache = new Map<string, Promise<RunWork>>();
const cacheSize = 8;

export function loadRunWork(ref: RunRef): Promise<RunWork> {
  const cached = cache.get(ref.runId);
  if (cached) return cached;
  const work = readRunWork(ref);
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
  cache.set(ref.runId, work);
  work.catch(() => {
    if (cache.get(ref.runId) === work) cache.delete(ref.runId);
  });
  return work;
}

async function readRunWork(ref: RunRef): Promise<RunWork> {
  const input = await getRunBlob<RunInput>(ref, 'INPUT');
  if (!input) throw new Error('the run has no stored input');
  return runWorkOf(ref, input);
}

/**
 * The run's work from its input, stored or as a shard message carries it (the shard then hands it
 * to its own fan-in, finalize.ts's `OwnShard.work`, so a carried input is not cached).
 */
export function runWorkOf(ref: RunRef, input: RunInput): RunWork {
  const plans = plansOf(input);
  return {
    kind: ref.kind,
    plans,
    ...(input.analysis ? { analysis: input.analysis } : {}),
    ...(input.query ? { query: queryAgainst(input.query, plans) } : {}),
  };
}

/**
 * A stored query read again against its plans, as a carried or stored input is validated again
 * (the bound on a fan's values was checked with the run's paths at creation).
 */
function queryAgainst(query: LivesQuery, plans: HouseholdPlan[]): LivesQuery {
  const parsed = parseQuery(query, plans, 0);
  if ('issues' in parsed) throw new Error(`stored query no longer parses: ${parsed.issues[0]?.field} ${parsed.issues[0]?.message}`);
  return parsed.query;
}
