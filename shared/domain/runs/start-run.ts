/**
 * Starting a run (a simulation, a comparison or an analysis). A run whose path-years fit the
 * inline budget is simulated inside the request and stored COMPLETED (or FAILED with the reason,
 * should the engine refuse it); a larger one takes a slot of the realm's concurrent-run cap, is
 * stored QUEUED (with its input, when the shard messages cannot carry it) and is fanned out as
 * shards by path range. A simulation's and a comparison's input (the scenario documents as run)
 * is kept with the run, whichever way it ran: a query over its lives replays exactly those plans,
 * however the scenarios were edited since. Before the run is written, its path-years are admitted against the realm's
 * monthly quota (a refusal is a 429 that leaves nothing behind: a queued run's slot, reserved at
 * the same time, is given back); a run that is not created after all, or fails, gives them back.
 */
import { ulid } from 'ulid';
import { analysisIssues, type AnalysisRequest } from '../../engine/analysis/index.js';
import type { LivesQuery } from '../../engine/lives/index.js';
import { randomSeed } from '../../engine/random/index.js';
import { householdIsActive } from '../../store/households.js';
import {
  recordRunSlot,
  recountActiveRuns,
  releaseRunSlot,
  reserveRunSlot,
  slotHolders,
  unreserveRunSlot,
} from '../../store/runs/active-runs.js';
import { deleteRunData, putRunBlob } from '../../store/runs/run-data.js';
import { deleteRunItem, putNewRun } from '../../store/runs/runs.js';
import { shardQueue } from '../../queue/index.js';
import { NotFoundError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../errors.js';
import type { Principal } from '../principal.js';
import { toHouseholdPlan, validateScenario } from '../scenario/index.js';
import { meterInlineRun } from '../usage/meter-run.js';
import { publishRunEndedQuietly } from '../webhooks/run-events.js';
import { admitRun, returnAdmission, type Admission } from '../usage/quota.js';
import { failIfStale, failRunAndRelease, settleSlotHolder } from './end-run.js';
import { maxActiveRunsPerRealm, messageInputMaxBytes, planRun, slotCreationGraceMs } from './limits.js';
import { buildRunDocument, runPathYears, runShard, runShardingPathYears, type RunDocument, type RunWork } from './run-engine.js';
import { type RunInput, storeRunInput } from './run-input.js';
import type { RunFields, RunKind, RunRecord, RunRef } from './run.js';
import { encodeShardMessage } from './shard-message.js';

export interface RunScenario {
  id: string;
  version: number;
  document: unknown;
}

export interface StartRunRequest {
  principal: Principal;
  householdId: string;
  kind: RunKind;
  /** One scenario for a simulation or an analysis; baseline then alternative for a comparison. */
  scenarios: RunScenario[];
  /** An analysis's request (checked here against its scenario). */
  analysis?: AnalysisRequest;
  /** A query's source run and its query, parsed against the source's plans (`scenarios` are the source's stored input). */
  query?: { sourceKind: 'SIMULATION' | 'COMPARISON'; sourceId: string; scenarioId?: string; query: LivesQuery };
  paths?: number;
  seed?: number;
  /** The realm's quota, read (`readQuota`) with the scenarios; read at admission when not given. */
  quota?: Promise<number | undefined>;
}

function planOf(scenario: RunScenario) {
  const checked = validateScenario(scenario.document);
  if (!checked.ok) {
    // Stored scenarios are validated on write; one that no longer validates cannot be simulated.
    throw new ServiceUnavailableError(
      `Scenario ${scenario.id} cannot be simulated: ${checked.errors[0]?.field} ${checked.errors[0]?.message}`,
    );
  }
  return { document: checked.value, plan: toHouseholdPlan(checked.value) };
}

/**
 * Frees slots held by runs that have ended, vanished or gone stale, so a lost release cannot block a
 * realm, then recounts the realm's slots if their count has not changed within the same grace (a
 * writer that crashed between the count and a slot's item left it off). A slot taken within the
 * last `slotCreationGraceMs` is left alone: a run's slot item is written with its run item, so a
 * slot whose run is not there yet may belong to a run still being created, not to one that vanished.
 */
async function reconcileSlots(realmId: string): Promise<void> {
  const now = new Date();
  const takenBefore = new Date(now.getTime() - slotCreationGraceMs());
  for (const ref of await slotHolders(realmId, takenBefore)) await settleSlotHolder(ref, (run) => failIfStale(ref, run));
  await recountActiveRuns(realmId, slotCreationGraceMs(), now);
}

/**
 * Reserves a slot of the realm's cap for the run (its item is written with the run item); a 429
 * when the realm is at its cap even after reconciling its slots.
 */
async function reserveSlot(realmId: string): Promise<void> {
  const cap = maxActiveRunsPerRealm();
  if (await reserveRunSlot(realmId, cap)) return;
  await reconcileSlots(realmId);
  if (await reserveRunSlot(realmId, cap)) return;
  throw new TooManyRequestsError(`At most ${cap} runs may be queued or running at once in this realm; retry when one has completed`);
}

/** The seed and input for the shard messages to carry, unless the input is too large for a message (the worker then reads both). */
function carriedBy(seed: number, input: RunInput): { carried?: { seed: number; input: RunInput } } {
  return Buffer.byteLength(JSON.stringify(input)) <= messageInputMaxBytes() ? { carried: { seed, input } } : {};
}

/** An analysis's request against its scenario: unknown goals, members, accounts, expenses... are 400s naming the field. */
function checkAnalysis(work: RunWork): void {
  if (work.kind !== 'ANALYSIS' || !work.analysis) return;
  const issues = analysisIssues(work.plans[0], work.analysis);
  if (issues.length > 0) throw new ValidationError('Invalid analysis', issues);
}

function identityOf(request: StartRunRequest, householdId: string) {
  const [first, second] = request.scenarios;
  switch (request.kind) {
    case 'SIMULATION':
      return { kind: request.kind, householdId, scenarioId: first.id, scenarioVersion: first.version };
    case 'ANALYSIS':
      return {
        kind: request.kind,
        householdId,
        scenarioId: first.id,
        scenarioVersion: first.version,
        type: request.analysis?.type,
        request: request.analysis,
      };
    case 'QUERY':
      return { kind: request.kind, householdId, ...request.query };
    case 'COMPARISON':
      return {
        kind: request.kind,
        householdId,
        baselineScenarioId: first.id,
        baselineScenarioVersion: first.version,
        alternativeScenarioId: second.id,
        alternativeScenarioVersion: second.version,
      };
  }
}

/**
 * Runs the engine inside the request: the document, or why the engine failed (it refused the run,
 * or broke on it), which ends the run FAILED with that reason as a failing shard's run ends.
 */
function runInline(work: RunWork, seed: number, paths: number): { document: RunDocument } | { error: string } {
  const started = performance.now();
  try {
    const result = runShard(work, seed, { pathStart: 0, pathCount: paths });
    return { document: buildRunDocument(work, [result], { seed, shards: 1, elapsedMs: performance.now() - started }) };
  } catch (error) {
    return { error: `the engine failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
  }
}

export async function startRun(request: StartRunRequest): Promise<RunRecord> {
  const { principal, householdId, kind } = request;
  const resolved = request.scenarios.map(planOf);
  const work: RunWork = {
    kind,
    plans: resolved.map((r) => r.plan),
    ...(request.analysis ? { analysis: request.analysis } : {}),
    ...(request.query ? { query: request.query.query } : {}),
  };
  checkAnalysis(work);
  const paths = request.paths ?? resolved[0].document.simulation.paths;
  const seed = request.seed ?? resolved[0].document.simulation.seed ?? randomSeed();
  const pathYears = runPathYears(work, paths);
  const runId = ulid();
  const ref: RunRef =
    kind === 'COMPARISON' || kind === 'QUERY'
      ? { realmId: principal.realmId, householdId, kind, runId }
      : { realmId: principal.realmId, householdId, kind, runId, scenarioId: request.scenarios[0].id };
  const createdAt = new Date();
  const decision = planRun(paths, pathYears, runShardingPathYears(work, paths));
  // A queued run's slot is reserved before its path-years are admitted (its item is written with the
  // run item): a run the cap refuses never holds quota, not even for the moment it would take to give
  // it back, so parallel callers near the quota are not refused by runs that will not run. A refused
  // admission gives the reserved slot back: the 429 leaves nothing behind.
  const slot = decision.inline ? undefined : reserveSlot(ref.realmId);
  if (slot) await slot;
  let admission: Admission;
  try {
    admission = await admitRun(principal.realmId, pathYears, createdAt, request.quota);
  } catch (error) {
    const slotReserved = await slot?.then(
      () => true,
      () => false,
    );
    if (slotReserved) await unreserveRunSlot(ref.realmId);
    throw error;
  }
  // Held until the run is counted or has given it back (a failing run's end gives it back itself).
  let held: Admission | undefined = admission;
  const giveBack = async () => {
    const returning = held;
    held = undefined;
    if (returning) await returnAdmission(returning);
  };
  try {
    return await createRun();
  } catch (error) {
    await giveBack();
    throw error;
  }

  async function createRun(): Promise<RunRecord> {
    const base: Omit<RunFields, 'status' | 'shards' | 'completedShards' | 'progress'> & { admittedIn: string } = {
      id: runId,
      paths,
      pathYears,
      seed,
      createdAt: createdAt.toISOString(),
      updatedAt: createdAt.toISOString(),
      version: 1,
      admittedIn: admission.month,
    };
    const identity = identityOf(request, householdId);

    const runInput: RunInput = {
      scenarios: resolved.map((r) => r.document),
      ...(request.analysis ? { analysis: request.analysis } : {}),
      ...(request.query ? { query: request.query.query } : {}),
    };
    // What a query over the run's lives replays: kept with every simulation and comparison.
    const replayable = kind === 'SIMULATION' || kind === 'COMPARISON';
    let record: RunRecord;
    if (decision.inline) {
      const outcome = runInline(work, seed, paths);
      // The output first: a run that reads COMPLETED always has its output (and its input, to replay).
      await Promise.all([
        'document' in outcome ? putRunBlob(ref, 'OUTPUT', outcome.document) : undefined,
        replayable && 'document' in outcome ? storeRunInput(ref, runInput) : undefined,
      ]);
      const completedAt = new Date();
      const ended =
        'document' in outcome
          ? {
              status: 'COMPLETED',
              progress: 1,
              shards: 1,
              completedShards: 1,
              joinedShards: [0],
              elapsedMs: Math.round(outcome.document.metadata.elapsedMs),
            }
          : { status: 'FAILED', progress: 0, error: { reason: outcome.error }, shards: 1, completedShards: 0, joinedShards: [] };
      record = {
        ...base,
        ...identity,
        ...ended,
        startedAt: createdAt.toISOString(),
        completedAt: completedAt.toISOString(),
        updatedAt: completedAt.toISOString(),
        durationMs: completedAt.getTime() - createdAt.getTime(),
        lastProgressAt: completedAt.toISOString(),
        holdsSlot: false,
        eventPending: true,
      } as RunRecord;
      await putNewRun(ref, record);
      if (record.status === 'COMPLETED') {
        held = undefined;
        await meterInlineRun(ref.realmId, record);
      } else await giveBack();
      await publishRunEndedQuietly(ref, record);
    } else {
      await slot;
      record = {
        ...base,
        ...identity,
        status: 'QUEUED',
        progress: 0,
        shards: decision.ranges.length,
        completedShards: 0,
        joinedShards: [],
        lastProgressAt: createdAt.toISOString(),
        holdsSlot: true,
      } as RunRecord;
      // The run item, its slot's item and its input are written at once: none depends on another,
      // and all are in place before the first shard is sent (a shard joins the run item, and reads
      // the input when its message does not carry it). The input is stored only when the shard
      // messages cannot carry it: a carried input reaches every delivery of every shard, a fan-in
      // resumed after a crash included, so no shard reads a stored copy; a simulation's or a
      // comparison's is stored all the same, for the queries over its lives.
      const carried = carriedBy(seed, runInput);
      const written = await Promise.allSettled([
        putNewRun(ref, record),
        recordRunSlot(ref, createdAt),
        carried.carried && !replayable ? Promise.resolve() : storeRunInput(ref, runInput),
      ]);
      const [item, slotItem] = written;
      const failed = written.find((write) => write.status === 'rejected');
      if (failed) {
        if (item.status === 'fulfilled') await deleteRunItem(ref);
        if (slotItem.status === 'fulfilled') await releaseRunSlot(ref);
        else await unreserveRunSlot(ref.realmId);
        await deleteRunData(ref);
        throw failed.reason;
      }
      try {
        await shardQueue().send(
          decision.ranges.map((range, shard) =>
            encodeShardMessage({
              v: 1,
              realmId: ref.realmId,
              householdId,
              kind,
              runId,
              ...(ref.scenarioId !== undefined ? { scenarioId: ref.scenarioId } : {}),
              shard,
              pathStart: range.pathStart,
              pathCount: range.pathCount,
              ...carried,
            }),
          ),
        );
      } catch {
        held = undefined; // failing the run gives its path-years back
        await failRunAndRelease(ref, 'the run could not be queued');
        throw new ServiceUnavailableError('The run could not be queued; try again');
      }
    }

    // A household deleted while the run was being created must not keep it (as scenarios do).
    if (!(await householdIsActive(ref))) {
      await deleteRunItem(ref);
      await deleteRunData(ref);
      await releaseRunSlot(ref);
      throw new NotFoundError(`Household ${householdId} not found`);
    }
    return record;
  }
}
