/**
 * `run.completed` and `run.failed`: every run that ends (queued or completed inside its request,
 * simulation, comparison or analysis) has its event. The write that ends a run marks it
 * `eventPending` (shared/store/runs/runs.ts); the event is handed on and the mark cleared after.
 * A process that stops in between leaves the mark, and the event is handed on by whoever finds it:
 * a redelivered shard of the run (process-shard.ts), or the local runtime as it starts.
 */
import { allRunsWithPendingEvents, clearRunEventPending, getRun } from '../../store/runs/runs.js';
import { log } from '../../log/logger.js';
import type { DeliveryRef } from '../../store/webhook-deliveries.js';
import type { RunRecord, RunRef } from '../runs/run.js';
import { apiBaseUrl, derivedId, type WebhookEvent } from './events.js';
import { publishEvent } from './publish.js';

function resourcePath(ref: RunRef, run: RunRecord): string {
  if (run.kind === 'QUERY') {
    // A query lives under the run whose lives it asks about (docs/QUERIES.md).
    const source =
      run.sourceKind === 'COMPARISON'
        ? `/households/${ref.householdId}/comparisons/${run.sourceId}`
        : `/households/${ref.householdId}/scenarios/${run.scenarioId}/simulations/${run.sourceId}`;
    return `${source}/queries/${ref.runId}`;
  }
  if (ref.kind === 'COMPARISON') return `/households/${ref.householdId}/comparisons/${ref.runId}`;
  const collection = ref.kind === 'ANALYSIS' ? 'analyses' : 'simulations';
  return `/households/${ref.householdId}/scenarios/${ref.scenarioId}/${collection}/${ref.runId}`;
}

export function runEvent(ref: RunRef, run: RunRecord): WebhookEvent {
  const status = run.status === 'COMPLETED' ? 'COMPLETED' : 'FAILED';
  const type = status === 'COMPLETED' ? 'run.completed' : 'run.failed';
  const time = run.completedAt ?? run.updatedAt;
  return {
    id: derivedId(new Date(time), type, ref.realmId, ref.runId),
    type,
    time,
    realm: ref.realmId,
    resourceUrl: `${apiBaseUrl()}${resourcePath(ref, run)}`,
    data: {
      kind: ref.kind,
      runId: ref.runId,
      householdId: ref.householdId,
      ...(ref.scenarioId !== undefined ? { scenarioId: ref.scenarioId } : {}),
      status,
    },
  };
}

/**
 * Hands on the event of an ended run still marked `eventPending` (nothing for a live or unmarked
 * run); the deliveries it queued.
 */
export async function publishRunEnded(ref: RunRef, run: RunRecord): Promise<DeliveryRef[]> {
  if (!run.eventPending || (run.status !== 'COMPLETED' && run.status !== 'FAILED')) return [];
  const queued = await publishEvent(ref.realmId, run.status === 'COMPLETED' ? 'run.completed' : 'run.failed', () => runEvent(ref, run));
  await clearRunEventPending(ref);
  return queued;
}

/** As `publishRunEnded`, reading the run first (after an end whose record the caller does not hold). */
export async function publishRunEndedByRef(ref: RunRef): Promise<DeliveryRef[]> {
  const run = await getRun(ref);
  return run ? publishRunEnded(ref, run) : [];
}

/**
 * For a run ended inside a request: the event is handed on, or, should that fail, left marked for
 * a later hand-on, without failing the request that ended the run.
 */
export async function publishRunEndedQuietly(ref: RunRef, run?: RunRecord): Promise<void> {
  try {
    if (run) await publishRunEnded(ref, run);
    else await publishRunEndedByRef(ref);
  } catch (error) {
    log('error', 'the run event was not handed on; it stays pending', { runId: ref.runId, error: String(error) });
  }
}

/**
 * The local runtime, as it starts: hands on the event of every ended run whose event a stopped
 * process did not; the deliveries it queued.
 */
export async function publishPendingRunEvents(): Promise<DeliveryRef[]> {
  const refs = await allRunsWithPendingEvents();
  const queued: DeliveryRef[] = [];
  for (const ref of refs) queued.push(...(await publishRunEndedByRef(ref)));
  if (refs.length > 0) log('info', 'handed on the events of runs that ended before a restart', { runs: refs.length });
  return queued;
}
