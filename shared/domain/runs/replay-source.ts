/**
 * What a replay of a run's lives needs: the completed run (a simulation or a comparison), its
 * plans as it ran them (its stored input, however the scenarios were edited since) and its seed.
 * Access follows the run's household, as the run's own reads do.
 */
import type { HouseholdPlan } from '../../engine/index.js';
import { getRunBlob } from '../../store/runs/run-data.js';
import { findScenario } from '../../store/scenarios.js';
import { ConflictError } from '../errors.js';
import { loadHousehold } from '../households/service.js';
import type { Principal } from '../principal.js';
import { loadScenario } from '../scenario-resource/service.js';
import { plansOf, type RunInput } from './run-input.js';
import { loadRun } from './run-access.js';
import type { ComparisonRecord, RunRecord, RunRef, SimulationRecord } from './run.js';

/** A simulation (with its scenario) or a comparison of a household. */
export type SourceAddress =
  | { kind: 'SIMULATION'; householdId: string; scenarioId: string; runId: string }
  | { kind: 'COMPARISON'; householdId: string; runId: string };

export interface ReplaySource {
  address: SourceAddress;
  run: RunRecord;
  /** Its input as stored (the scenario documents it ran on). */
  input: RunInput;
  plans: HouseholdPlan[];
  seed: number;
  paths: number;
}

const nameOf = (a: SourceAddress) => `${a.kind === 'SIMULATION' ? 'Simulation' : 'Comparison'} ${a.runId}`;

function refOf(principal: Principal, a: SourceAddress): RunRef {
  return a.kind === 'SIMULATION'
    ? { realmId: principal.realmId, householdId: a.householdId, kind: a.kind, runId: a.runId, scenarioId: a.scenarioId }
    : { realmId: principal.realmId, householdId: a.householdId, kind: a.kind, runId: a.runId };
}

/**
 * The input of a run made before inputs were kept with every run: the scenarios themselves, while
 * they are still at the versions it ran (then their documents are what it ran on); else undefined.
 */
async function unchangedScenarios(principal: Principal, run: RunRecord): Promise<RunInput | undefined> {
  const versions: [string, number][] =
    run.kind === 'SIMULATION'
      ? [[(run as SimulationRecord).scenarioId, (run as SimulationRecord).scenarioVersion]]
      : [
          [(run as ComparisonRecord).baselineScenarioId, (run as ComparisonRecord).baselineScenarioVersion],
          [(run as ComparisonRecord).alternativeScenarioId, (run as ComparisonRecord).alternativeScenarioVersion],
        ];
  const scenarios = await Promise.all(
    versions.map(([scenarioId]) => findScenario({ realmId: principal.realmId, householdId: run.householdId, scenarioId })),
  );
  if (scenarios.some((s, i) => !s || s.deletingAt || s.version !== versions[i][1])) return undefined;
  return { scenarios: scenarios.map((s) => s?.document) };
}

/** The completed run to replay; 404 when there is none, 409 when it has not completed (or cannot be replayed). */
export async function loadReplaySource(principal: Principal, address: SourceAddress): Promise<ReplaySource> {
  if (address.kind === 'SIMULATION') await loadScenario(principal, address.householdId, address.scenarioId);
  else await loadHousehold(principal, address.householdId);
  const ref = refOf(principal, address);
  const run = await loadRun(ref, nameOf(address));
  if (run.status !== 'COMPLETED')
    throw new ConflictError(`${nameOf(address)} is ${run.status}: its lives can be read once it has COMPLETED`);
  const input = (await getRunBlob<RunInput>(ref, 'INPUT')) ?? (await unchangedScenarios(principal, run));
  if (!input)
    throw new ConflictError(
      `${nameOf(address)} was run before runs kept their input, and its scenario has changed since: run it again to read its lives`,
    );
  return { address, run, input, plans: plansOf(input), seed: run.seed, paths: run.paths };
}
