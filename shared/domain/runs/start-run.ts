/**
 * Starting a run (a simulation or a comparison). A run whose path-years fit the inline budget is
 * simulated inside the request and stored COMPLETED; a larger one takes a slot of the realm's
 * concurrent-run cap, stores its input, is stored QUEUED and is fanned out as shards by path range.
 */
import { ulid } from 'ulid';
import {
  buildComparison,
  buildOutput,
  compareShard,
  mergeComparisonShards,
  mergeShardResults,
  simulateShard,
  type ComparisonDocument,
  type OutputDocument,
} from '../../engine/index.js';
import { randomSeed } from '../../engine/random/index.js';
import { householdIsActive } from '../../store/households.js';
import { householdPartition } from '../../store/keys.js';
import { acquireRunSlot, releaseRunSlot, slotHolders } from '../../store/runs/active-runs.js';
import { deleteBlobs, putBlob } from '../../store/runs/blobs.js';
import { runDataPrefix, runOutputName } from '../../store/runs/keys.js';
import { deleteRunItem, putNewRun } from '../../store/runs/runs.js';
import { shardQueue } from '../../queue/index.js';
import { NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../errors.js';
import type { Principal } from '../principal.js';
import { toHouseholdPlan, validateScenario } from '../scenario/index.js';
import { failIfStale, failRunAndRelease, settleSlotHolder } from './end-run.js';
import { maxActiveRunsPerRealm, planRun } from './limits.js';
import { storeRunInput } from './run-input.js';
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
  /** One scenario for a simulation; baseline then alternative for a comparison. */
  scenarios: RunScenario[];
  paths?: number;
  seed?: number;
}

function planOf(scenario: RunScenario) {
  const checked = validateScenario(scenario.document);
  if (!checked.ok) {
    // Stored scenarios are validated on write; one that no longer validates cannot be simulated.
    throw new ServiceUnavailableError(`Scenario ${scenario.id} cannot be simulated: ${checked.errors[0]?.field} ${checked.errors[0]?.message}`);
  }
  return { document: checked.value, plan: toHouseholdPlan(checked.value) };
}

/** Frees slots held by runs that have ended, vanished or gone stale, so a lost release cannot block a realm. */
async function reconcileSlots(realmId: string): Promise<void> {
  for (const ref of await slotHolders(realmId)) await settleSlotHolder(ref, (run) => failIfStale(ref, run));
}

async function takeSlot(ref: RunRef): Promise<void> {
  const cap = maxActiveRunsPerRealm();
  if (await acquireRunSlot(ref, cap)) return;
  await reconcileSlots(ref.realmId);
  if (await acquireRunSlot(ref, cap)) return;
  throw new TooManyRequestsError(
    `At most ${cap} runs may be queued or running at once in this realm; retry when one has completed`,
  );
}

export async function startRun(request: StartRunRequest): Promise<RunRecord> {
  const { principal, householdId, kind } = request;
  const resolved = request.scenarios.map(planOf);
  const paths = request.paths ?? resolved[0].document.simulation.paths;
  const seed = request.seed ?? resolved[0].document.simulation.seed ?? randomSeed();
  const pathYears = paths * resolved.reduce((sum, r) => sum + r.plan.years, 0);
  const runId = ulid();
  const ref: RunRef =
    kind === 'SIMULATION'
      ? { realmId: principal.realmId, householdId, kind, runId, scenarioId: request.scenarios[0].id }
      : { realmId: principal.realmId, householdId, kind, runId };
  const createdAt = new Date();
  const decision = planRun(paths, pathYears);
  const base: Omit<RunFields, 'status' | 'shards' | 'completedShards' | 'progress'> = {
    id: runId,
    paths,
    seed,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    version: 1,
  };
  const identity =
    kind === 'SIMULATION'
      ? { kind, householdId, scenarioId: request.scenarios[0].id, scenarioVersion: request.scenarios[0].version }
      : {
          kind,
          householdId,
          baselineScenarioId: request.scenarios[0].id,
          baselineScenarioVersion: request.scenarios[0].version,
          alternativeScenarioId: request.scenarios[1].id,
          alternativeScenarioVersion: request.scenarios[1].version,
        };
  const pk = householdPartition(ref.realmId, householdId);

  let record: RunRecord;
  if (decision.inline) {
    const started = performance.now();
    const range = { pathStart: 0, pathCount: paths };
    const meta = () => ({ seed, shards: 1, elapsedMs: performance.now() - started });
    const document: OutputDocument | ComparisonDocument =
      kind === 'SIMULATION'
        ? buildOutput(resolved[0].plan, mergeShardResults([simulateShard(resolved[0].plan, seed, range)]), meta())
        : buildComparison(
            resolved[0].plan,
            resolved[1].plan,
            mergeComparisonShards([compareShard(resolved[0].plan, resolved[1].plan, seed, range)]),
            meta(),
          );
    const elapsedMs = document.metadata.elapsedMs;
    // The output first: a run that reads COMPLETED always has its output.
    await putBlob(pk, runOutputName(ref), document);
    const completedAt = new Date();
    record = {
      ...base,
      ...identity,
      status: 'COMPLETED',
      progress: 1,
      shards: 1,
      completedShards: 1,
      joinedShards: [0],
      startedAt: createdAt.toISOString(),
      completedAt: completedAt.toISOString(),
      updatedAt: completedAt.toISOString(),
      elapsedMs: Math.round(elapsedMs),
      durationMs: completedAt.getTime() - createdAt.getTime(),
      lastProgressAt: completedAt.toISOString(),
      holdsSlot: false,
    } as RunRecord;
    await putNewRun(ref, record);
  } else {
    await takeSlot(ref);
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
    try {
      await storeRunInput(ref, { scenarios: resolved.map((r) => r.document) });
      await putNewRun(ref, record);
    } catch (error) {
      await releaseRunSlot(ref);
      await deleteBlobs(pk, runDataPrefix(ref));
      throw error;
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
          }),
        ),
      );
    } catch {
      await failRunAndRelease(ref, 'the run could not be queued');
      throw new ServiceUnavailableError('The run could not be queued; try again');
    }
  }

  // A household deleted while the run was being created must not keep it (as scenarios do).
  if (!(await householdIsActive(ref.realmId, householdId))) {
    await deleteRunItem(ref);
    await deleteBlobs(pk, runDataPrefix(ref));
    await releaseRunSlot(ref);
    throw new NotFoundError(`Household ${householdId} not found`);
  }
  return record;
}
