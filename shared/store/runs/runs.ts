/**
 * Run items: one per simulation, comparison or analysis, in the household's partition. Every change is a
 * conditional single-item write (dynalite has no transactions), so each step is safe to repeat:
 * - `joinShard` adds a shard index to the `joined` number set on condition that it is not there
 *   yet and the run is still live; a redelivered shard cannot count twice;
 * - `markComputed` adds a shard index to the `computed` number set once the shard has simulated
 *   (bookkeeping for the join's order: which shards are about to join; never shown);
 * - `completeRun` / `failRun` move a live run to its end state exactly once (the caller that wins
 *   the transition releases the run's concurrency slot).
 */
import type { AnalysisRequest } from '../../engine/analysis/index.js';
import type { LivesQuery } from '../../engine/lives/index.js';
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { type HouseholdRef, householdKeys } from '../households.js';
import { countAll, queryAll, scanAll } from '../query-all.js';
import { type ScenarioRef, scenarioKeys } from '../scenarios.js';
import { tableName } from '../table.js';

export type RunStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
export type RunKind = 'SIMULATION' | 'COMPARISON' | 'ANALYSIS' | 'QUERY';

/** Fields every run has, as the API shows them. */
export interface RunFields {
  id: string;
  status: RunStatus;
  /** Completed shards / shards, 0..1. */
  progress: number;
  paths: number;
  /** What the run is metered by: paths × horizon, per scenario and per trial (docs/USAGE.md). */
  pathYears?: number;
  seed: number;
  shards: number;
  completedShards: number;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  completedAt?: string;
  /** Time spent simulating (summed over shards), not queueing. */
  elapsedMs?: number;
  /** Wall time from creation to completion. */
  durationMs?: number;
  error?: { reason: string };
  version: number;
}

export interface Simulation extends RunFields {
  householdId: string;
  scenarioId: string;
  /** The scenario `version` the run simulated. */
  scenarioVersion: number;
}

export interface Comparison extends RunFields {
  householdId: string;
  baselineScenarioId: string;
  baselineScenarioVersion: number;
  alternativeScenarioId: string;
  alternativeScenarioVersion: number;
}

export interface Analysis extends RunFields {
  householdId: string;
  scenarioId: string;
  /** The scenario `version` the analysis ran on. */
  scenarioVersion: number;
  type: AnalysisRequest['type'];
  /** The analysis as asked (without `paths` and `seed`, which are the run's). */
  request: AnalysisRequest;
}

/** A query over the lives of a completed simulation or comparison (its source), replayed on the source's plans and seed. */
export interface Query extends RunFields {
  householdId: string;
  sourceKind: 'SIMULATION' | 'COMPARISON';
  /** The simulation's or the comparison's id. */
  sourceId: string;
  /** A simulation's scenario. */
  scenarioId?: string;
  /** The query as asked (parsed: the form it was answered in). */
  query: LivesQuery;
}

/** What the store keeps beyond the public fields. */
export interface RunBookkeeping {
  kind: RunKind;
  /** Shard indices whose results have joined. */
  joinedShards: number[];
  /** Last time a shard joined (or the run was created): the staleness check reads it. */
  lastProgressAt: string;
  /** Whether the run holds a slot of the realm's concurrent-run cap. */
  holdsSlot: boolean;
  /** The month (`yyyy-mm`, UTC) its path-years were admitted in, against the realm's quota. */
  admittedIn?: string;
  /** Set once the run's usage is in the ledger (a later visit need not count it again). */
  metered?: boolean;
  /**
   * Set by the write that ends the run, cleared once its `run.completed` or `run.failed` event is
   * handed to the webhook deliveries: the event's outbox, in the same item and the same write as
   * the run's end, so a crash between the two loses no event.
   */
  eventPending?: boolean;
}

export type SimulationRecord = Simulation & RunBookkeeping & { kind: 'SIMULATION' };
export type ComparisonRecord = Comparison & RunBookkeeping & { kind: 'COMPARISON' };
export type AnalysisRecord = Analysis & RunBookkeeping & { kind: 'ANALYSIS' };
export type QueryRecord = Query & RunBookkeeping & { kind: 'QUERY' };
export type RunRecord = SimulationRecord | ComparisonRecord | AnalysisRecord | QueryRecord;

/**
 * Where a run lives: its household, its kind and id, and for simulations and analyses its scenario
 * (a query sits in the household's partition, as a comparison does, whatever its source).
 */
export interface RunRef extends HouseholdRef {
  kind: RunKind;
  runId: string;
  /** For simulations and analyses: the scenario it belongs to. */
  scenarioId?: string;
}

/** The scenario of a simulation's or an analysis's reference. */
export function scenarioOf(ref: RunRef): string {
  if (!ref.scenarioId) throw new Error(`a ${ref.kind.toLowerCase()} reference needs its scenario`);
  return ref.scenarioId;
}

/**
 * Run items sit in the household's partition, so the household's cascading delete removes them;
 * simulations and analyses sit under their scenario's prefix, so the scenario's delete does too.
 */
export const runKeys = {
  /** Sort-key prefix of a scenario's simulations: `SCENARIO#<scenarioId>#RUN#`. */
  simulationsOf: (scenarioId: string) => `${scenarioKeys.children(scenarioId)}RUN#`,
  /** Sort-key prefix of a scenario's analyses: `SCENARIO#<scenarioId>#ANALYSIS#`. */
  analysesOf: (scenarioId: string) => `${scenarioKeys.children(scenarioId)}ANALYSIS#`,
  /** Sort-key prefix of a household's comparisons. */
  comparisons: 'COMPARISON#',
  /** Sort-key prefix of a household's queries over lives. */
  queries: 'QUERY#',
  run: (ref: RunRef) => {
    const pk = householdKeys.partition(ref);
    if (ref.kind === 'COMPARISON') return { pk, sk: `${runKeys.comparisons}${ref.runId}` };
    if (ref.kind === 'QUERY') return { pk, sk: `${runKeys.queries}${ref.runId}` };
    if (ref.kind === 'ANALYSIS') return { pk, sk: `${runKeys.analysesOf(scenarioOf(ref))}${ref.runId}` };
    return { pk, sk: `${runKeys.simulationsOf(scenarioOf(ref))}${ref.runId}` };
  },
};

const entityOf = (kind: RunKind) => kind.toLowerCase();

/** The shard indices of a number-set attribute (the store leaves out an empty set), in ascending order. */
function shardSet(value: unknown): number[] {
  return value instanceof Set ? [...(value as Set<number>)].map(Number).sort((a, b) => a - b) : [];
}

function toRecord(item: Record<string, unknown>): RunRecord {
  const { pk: _pk, sk: _sk, entity: _entity, joined, computed: _computed, ...rest } = item;
  const joinedShards = shardSet(joined);
  const record = { ...rest, joinedShards, completedShards: joinedShards.length } as unknown as RunRecord;
  record.progress = record.shards > 0 ? joinedShards.length / record.shards : 0;
  if (record.status === 'COMPLETED') record.progress = 1;
  return record;
}

function toItem(ref: RunRef, record: RunRecord): Record<string, unknown> {
  const { joinedShards, completedShards: _c, progress: _p, ...rest } = record;
  return {
    ...runKeys.run(ref),
    entity: entityOf(record.kind),
    ...rest,
    ...(joinedShards.length > 0 ? { joined: new Set(joinedShards) } : {}),
  };
}

export async function putNewRun(ref: RunRef, record: RunRecord): Promise<void> {
  await dynamoClient().put({ TableName: tableName(), Item: toItem(ref, record), ConditionExpression: 'attribute_not_exists(pk)' });
}

export async function getRun(ref: RunRef): Promise<RunRecord | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: runKeys.run(ref), ConsistentRead: true });
  return result.Item ? toRecord(result.Item) : undefined;
}

/** The query of a household's runs whose keys begin with `prefix`. */
const runsQuery = (household: HouseholdRef, prefix: string) => ({
  TableName: tableName(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': householdKeys.partition(household), ':prefix': prefix },
});

async function listRuns(household: HouseholdRef, prefix: string): Promise<RunRecord[]> {
  return (await queryAll(runsQuery(household, prefix))).map(toRecord);
}

/**
 * How many of a scenario's simulations, of its analyses, or of a household's comparisons there are:
 * what a new run's limit checks, without reading the runs themselves (up to a thousand items).
 */
export function countSimulations(scenario: ScenarioRef): Promise<number> {
  return countAll(runsQuery(scenario, runKeys.simulationsOf(scenario.scenarioId)));
}

export function countAnalyses(scenario: ScenarioRef): Promise<number> {
  return countAll(runsQuery(scenario, runKeys.analysesOf(scenario.scenarioId)));
}

export function countComparisons(household: HouseholdRef): Promise<number> {
  return countAll(runsQuery(household, runKeys.comparisons));
}

export function countQueries(household: HouseholdRef): Promise<number> {
  return countAll(runsQuery(household, runKeys.queries));
}

export async function listSimulations(scenario: ScenarioRef): Promise<SimulationRecord[]> {
  return (await listRuns(scenario, runKeys.simulationsOf(scenario.scenarioId))) as SimulationRecord[];
}

export async function listAnalyses(scenario: ScenarioRef): Promise<AnalysisRecord[]> {
  return (await listRuns(scenario, runKeys.analysesOf(scenario.scenarioId))) as AnalysisRecord[];
}

export async function listComparisons(household: HouseholdRef): Promise<ComparisonRecord[]> {
  return (await listRuns(household, runKeys.comparisons)) as ComparisonRecord[];
}

/** The newest completed simulation of a scenario, reading newest first (ids sort by time). */
export async function latestCompletedSimulation(scenario: ScenarioRef): Promise<SimulationRecord | undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().query({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#status = :completed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': householdKeys.partition(scenario),
        ':prefix': runKeys.simulationsOf(scenario.scenarioId),
        ':completed': 'COMPLETED',
      },
      ScanIndexForward: false,
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    });
    const first = page.Items?.[0];
    if (first) return toRecord(first) as SimulationRecord;
    startKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return undefined;
}

/**
 * Adds the shard's index to the run's `computed` set (the shards that have simulated their range);
 * the run and that set after the change, or undefined if the run is gone. Any state: a run that
 * ended is left to the join to find.
 */
export async function markComputed(ref: RunRef, shard: number): Promise<{ run: RunRecord; computed: number[] } | undefined> {
  try {
    const result = await dynamoClient().update({
      TableName: tableName(),
      Key: runKeys.run(ref),
      UpdateExpression: 'ADD computed :shard',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':shard': new Set([shard]) },
      ReturnValues: 'ALL_NEW',
    });
    const item = result.Attributes ?? {};
    return { run: toRecord(item), computed: shardSet(item.computed) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return undefined;
  }
}

export type JoinOutcome =
  /** This shard's index was added; `run` is the run after the join. */
  | { joined: true; run: RunRecord }
  /** Not added: the shard had joined before, or the run has ended or is gone. */
  | { joined: false; run: RunRecord | undefined };

export async function joinShard(ref: RunRef, shard: number, engineMs: number, now = new Date()): Promise<JoinOutcome> {
  try {
    const result = await dynamoClient().update({
      TableName: tableName(),
      Key: runKeys.run(ref),
      UpdateExpression:
        'ADD joined :shard, elapsedMs :ms, version :one ' +
        'SET #status = :running, updatedAt = :now, lastProgressAt = :now, startedAt = if_not_exists(startedAt, :now)',
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running) AND NOT contains(joined, :index)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':shard': new Set([shard]),
        ':index': shard,
        ':ms': Math.round(engineMs),
        ':one': 1,
        ':running': 'RUNNING',
        ':queued': 'QUEUED',
        ':now': now.toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    });
    return { joined: true, run: toRecord(result.Attributes ?? {}) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { joined: false, run: await getRun(ref) };
  }
}

/** Moves a live run to COMPLETED; false when it had already ended (or is gone). */
export async function completeRun(ref: RunRef, fields: { completedAt: string; durationMs: number; elapsedMs?: number }): Promise<boolean> {
  return endRun(ref, 'COMPLETED', fields.completedAt, {
    completedAt: fields.completedAt,
    durationMs: fields.durationMs,
    ...(fields.elapsedMs !== undefined ? { elapsedMs: Math.round(fields.elapsedMs) } : {}),
  });
}

/** Moves a live run to FAILED with its reason; false when it had already ended (or is gone). */
export async function failRun(ref: RunRef, reason: string, now = new Date()): Promise<boolean> {
  return endRun(ref, 'FAILED', now.toISOString(), { completedAt: now.toISOString(), error: { reason } });
}

async function endRun(ref: RunRef, status: RunStatus, now: string, fields: Record<string, unknown>): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {
    ':status': status,
    ':now': now,
    ':one': 1,
    ':queued': 'QUEUED',
    ':running': 'RUNNING',
    ':pending': true,
  };
  const sets = ['#status = :status', 'updatedAt = :now', 'eventPending = :pending'];
  for (const [index, [name, value]] of Object.entries(fields).entries()) {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    sets.push(`#f${index} = :f${index}`);
  }
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: runKeys.run(ref),
      UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Notes that the run's usage is in the ledger; nothing when the run is gone. */
export async function markRunMetered(ref: RunRef): Promise<void> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: runKeys.run(ref),
      UpdateExpression: 'SET metered = :true',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':true': true },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Notes that the run's end event has been handed on; nothing when the run is gone. */
export async function clearRunEventPending(ref: RunRef): Promise<void> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: runKeys.run(ref),
      UpdateExpression: 'REMOVE eventPending',
      ConditionExpression: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** The reference of a run item, from its key and fields. */
function refOfItem(item: Record<string, unknown>): RunRef {
  const pk = String(item.pk);
  const realmId = pk.slice('R#'.length, pk.lastIndexOf(`#H#${String(item.householdId)}`));
  const kind = String(item.entity).toUpperCase() as RunKind;
  const scenarioId = kind === 'COMPARISON' ? undefined : String(item.scenarioId);
  return { realmId, householdId: String(item.householdId), kind, runId: String(item.id), ...(scenarioId ? { scenarioId } : {}) };
}

/**
 * The ended runs whose event was not handed on, in every realm. It scans the table, so only the
 * local runtime calls it, once as it starts; in the cloud, the redelivered shard of a run whose
 * worker stopped after the run's end hands the event on.
 */
export async function allRunsWithPendingEvents(): Promise<RunRef[]> {
  const items = await scanAll({
    TableName: tableName(),
    FilterExpression: 'eventPending = :true',
    ExpressionAttributeValues: { ':true': true },
    ConsistentRead: true,
  });
  return items.map(refOfItem);
}

/** Removes the run item; false when it was not there. */
export async function deleteRunItem(ref: RunRef): Promise<boolean> {
  try {
    await dynamoClient().delete({ TableName: tableName(), Key: runKeys.run(ref), ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
