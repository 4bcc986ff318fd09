/**
 * A queued run's input: the scenario documents as they were when the run was created (so a
 * scenario edited mid-run cannot make shards disagree), turned into engine plans once per
 * process and run.
 */
import type { HouseholdPlan } from '../../engine/index.js';
import { toHouseholdPlan, validateScenario } from '../scenario/index.js';
import { householdPartition } from '../../store/keys.js';
import { getBlob, putBlob } from '../../store/runs/blobs.js';
import { runInputName } from '../../store/runs/keys.js';
import type { RunRef } from './run.js';

export interface RunInput {
  /** One document for a simulation; baseline then alternative for a comparison. */
  scenarios: unknown[];
}

export function plansOf(input: RunInput): HouseholdPlan[] {
  return input.scenarios.map((document, index) => {
    const checked = validateScenario(document);
    if (!checked.ok) throw new Error(`stored scenario ${index} no longer validates: ${checked.errors[0]?.field} ${checked.errors[0]?.message}`);
    return toHouseholdPlan(checked.value);
  });
}

export async function storeRunInput(ref: RunRef, input: RunInput): Promise<void> {
  await putBlob(householdPartition(ref.realmId, ref.householdId), runInputName(ref), input);
}

const cache = new Map<string, HouseholdPlan[]>();
const cacheSize = 8;

export async function loadRunPlans(ref: RunRef): Promise<HouseholdPlan[]> {
  const cached = cache.get(ref.runId);
  if (cached) return cached;
  const input = await getBlob<RunInput>(householdPartition(ref.realmId, ref.householdId), runInputName(ref));
  if (!input) throw new Error('the run has no stored input');
  const plans = plansOf(input);
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
  cache.set(ref.runId, plans);
  return plans;
}
