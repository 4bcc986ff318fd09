/**
 * The realm's counts against what they count, in the store under test: its active runs against its
 * slot items, its households against its household items. Taking and releasing a slot move both,
 * and a recount corrects a count a crashed writer left off, but only once the count has been quiet,
 * and never one that moves while it is recounted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRef } from '../../shared/domain/runs/run.js';
import { LimitReached } from '../../shared/store/facts.js';
import { deleteHouseholdCascade, insertHousehold, maxHouseholdsPerRealm } from '../../shared/store/households.js';
import { readRealmCounter, resetRealmCounter } from '../../shared/store/realm-counters.js';
import {
  acquireRunSlot,
  recountActiveRuns,
  releaseRunSlot,
  reserveRunSlot,
  slotHolders,
  unreserveRunSlot,
} from '../../shared/store/runs/active-runs.js';
import { startStore } from '../runs/store-fixture.js';

let store: { close(): Promise<void> };
beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.close();
});

const QUIET_MS = 30_000;
const minuteAgo = () => new Date(Date.now() - 60_000);
const ref = (realmId: string, runId: string): RunRef => ({ realmId, householdId: 'h1', kind: 'SIMULATION', runId, scenarioId: 's1' });

describe('active run slots', () => {
  it('count what they hold: taken, refused at the cap, released once however often released', async () => {
    expect(await acquireRunSlot(ref('slots-a', 'run1'), 2)).toBe(true);
    expect(await acquireRunSlot(ref('slots-a', 'run2'), 2)).toBe(true);
    expect(await acquireRunSlot(ref('slots-a', 'run3'), 2)).toBe(false);
    expect((await readRealmCounter('slots-a', 'activeRuns')).value).toBe(2);
    await releaseRunSlot(ref('slots-a', 'run1'));
    await releaseRunSlot(ref('slots-a', 'run1'));
    expect((await readRealmCounter('slots-a', 'activeRuns')).value).toBe(1);
    expect((await slotHolders('slots-a')).map((r) => r.runId)).toEqual(['run2']);
    // Nothing to correct: the count is what the items say.
    expect(await recountActiveRuns('slots-a', 0)).toBe(false);
  });

  it('recounts a count raised for a slot whose item was never written, once it has been quiet', async () => {
    expect(await reserveRunSlot('slots-b', 5, minuteAgo())).toBe(true);
    expect(await acquireRunSlot(ref('slots-b', 'run1'), 5, minuteAgo())).toBe(true);
    expect((await readRealmCounter('slots-b', 'activeRuns')).value).toBe(2);
    expect(await recountActiveRuns('slots-b', QUIET_MS)).toBe(true);
    expect((await readRealmCounter('slots-b', 'activeRuns')).value).toBe(1);
    expect((await slotHolders('slots-b')).map((r) => r.runId)).toEqual(['run1']);
  });

  it('leaves alone a count that changed within the quiet time: its slot may still be being taken', async () => {
    expect(await reserveRunSlot('slots-c', 5)).toBe(true);
    expect(await recountActiveRuns('slots-c', QUIET_MS)).toBe(false);
    expect((await readRealmCounter('slots-c', 'activeRuns')).value).toBe(1);
    await unreserveRunSlot('slots-c');
    expect((await readRealmCounter('slots-c', 'activeRuns')).value).toBe(0);
  });

  it('recounts a count left too low, and one that never recorded when it changed', async () => {
    // A release that deleted its item and lowered the count twice (left too low): the next slot item is not counted.
    expect(await acquireRunSlot(ref('slots-d', 'run1'), 5, minuteAgo())).toBe(true);
    const reading = await readRealmCounter('slots-d', 'activeRuns');
    expect(await resetRealmCounter('slots-d', 'activeRuns', reading, 0, minuteAgo())).toBe(true);
    expect(await recountActiveRuns('slots-d', QUIET_MS)).toBe(true);
    expect((await readRealmCounter('slots-d', 'activeRuns')).value).toBe(1);
    // A realm whose counters item has no count yet: a recount of no slots changes nothing.
    expect(await readRealmCounter('slots-none', 'activeRuns')).toEqual({ value: 0, changedAt: undefined });
    expect(await recountActiveRuns('slots-none', QUIET_MS)).toBe(false);
  });

  it('does not overwrite a count that changed between its reading and the reset', async () => {
    expect(await reserveRunSlot('slots-e', 5, minuteAgo())).toBe(true);
    const reading = await readRealmCounter('slots-e', 'activeRuns');
    expect(await reserveRunSlot('slots-e', 5)).toBe(true);
    expect(await resetRealmCounter('slots-e', 'activeRuns', reading, 0)).toBe(false);
    expect((await readRealmCounter('slots-e', 'activeRuns')).value).toBe(2);
  });
});

describe('the count of households', () => {
  const newHousehold = (name: string) => ({ name, currency: 'USD', ownerId: 'u1' });

  it('is recounted at the cap once it has been quiet, and not while it may be moving', async () => {
    const kept = await insertHousehold('hh-a', newHousehold('kept'));
    const deleted = await insertHousehold('hh-a', newHousehold('deleted'));
    await deleteHouseholdCascade({ realmId: 'hh-a', householdId: deleted.id }, deleted.version);
    expect((await readRealmCounter('hh-a', 'households')).value).toBe(1);
    // A count left at the cap a minute ago (writers that crashed after counting): the realm holds one household.
    const atCap = async (changed: Date) =>
      resetRealmCounter('hh-a', 'households', await readRealmCounter('hh-a', 'households'), maxHouseholdsPerRealm, changed);
    expect(await atCap(minuteAgo())).toBe(true);
    await insertHousehold('hh-a', newHousehold('after a recount'));
    expect((await readRealmCounter('hh-a', 'households')).value).toBe(2);
    // Left at the cap moments ago: it may be moving, so the cap holds.
    expect(await atCap(new Date())).toBe(true);
    await expect(insertHousehold('hh-a', newHousehold('refused'))).rejects.toBeInstanceOf(LimitReached);
    expect((await readRealmCounter('hh-a', 'households')).value).toBe(maxHouseholdsPerRealm);
    expect(kept.id).toBeDefined();
  });
});
