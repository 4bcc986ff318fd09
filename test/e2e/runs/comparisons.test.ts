/**
 * Comparisons end to end over HTTP with a real token: paired runs fanned out over the queue,
 * through the typed client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, invalid, sent } from '../../support/typed-client.js';
import { createHouseholdWithScenario, startRunHarness, waitForRun, type RunHarness } from './harness.js';
import { retireeScenario } from './scenarios.js';

let harness: RunHarness;
let householdId: string;
let retire67: string;

beforeAll(async () => {
  harness = await startRunHarness({ SHARD_PATH_YEARS: '40000', RUN_INLINE_PATH_YEARS: '20000', RUNS_MAX_ACTIVE_PER_REALM: '10' });
  ({ householdId, scenarioId: retire67 } = await createHouseholdWithScenario(harness, retireeScenario(67, 20)));
});

afterAll(async () => {
  await harness?.close();
});

interface ComparisonBody {
  baselineScenarioId: string;
  alternativeScenarioId: string;
  paths?: number;
  seed?: number;
}

const startComparison = (body: ComparisonBody) =>
  sent(harness.api.POST('/households/{householdId}/comparisons', { params: { path: { householdId } }, body }));

async function compareToEnd(body: ComparisonBody): Promise<Record<string, any>> {
  const created = await startComparison(body);
  expect(created.status, created.text).toBe(201);
  expect(created.headers.get('location')).toBe(`${harness.server.url}/households/${householdId}/comparisons/${created.body.id}`);
  const ended = await waitForRun(harness, { householdId, comparisonId: created.body.id });
  expect(ended.status).toBe('COMPLETED');
  return ended;
}

const figure = (document: Record<string, any>, name: string) => document.summary.find((f: { figure: string }) => f.figure === name);

describe('comparisons', () => {
  it('shows zero differences between a scenario and a copy of itself', async () => {
    const copy = await sent(
      harness.api.POST('/households/{householdId}/scenarios', { params: { path: { householdId } }, body: { copyOf: retire67 } }),
    );
    expect(copy.status).toBe(201);
    const comparison = await compareToEnd({ baselineScenarioId: retire67, alternativeScenarioId: copy.body.id, paths: 3_000, seed: 9 });
    expect(comparison.shards).toBeGreaterThan(1);
    const document = comparison.comparison;
    expect(document.metadata.paths).toBe(3_000);
    const success = figure(document, 'probabilityOfSuccess');
    expect(success.baseline).toBeGreaterThan(0);
    for (const entry of document.summary) {
      if (entry.difference === null) continue;
      expect(entry.difference, entry.figure).toBe(0);
      expect(entry.standardError, entry.figure).toBe(0);
    }
    for (const year of document.timeSeries) {
      expect(year.meanNetWorthDifference).toBe(0);
      expect(year.medianNetWorthDifference).toBe(0);
    }
    expect(document.outcomeChanges).toEqual({ failedToSucceeded: 0, succeededToFailed: 0, net: 0 });
  });

  it('shows retiring at 67 more likely to succeed than at 62, with a 95% interval excluding zero', async () => {
    const retire62 = await sent(
      harness.api.POST('/households/{householdId}/scenarios', { params: { path: { householdId } }, body: retireeScenario(62, 20) }),
    );
    expect(retire62.status).toBe(201);
    const comparison = await compareToEnd({ baselineScenarioId: retire62.body.id, alternativeScenarioId: retire67, paths: 2_000, seed: 5 });
    expect(comparison.baselineScenarioVersion).toBe(1);
    const success = figure(comparison.comparison, 'probabilityOfSuccess');
    expect(success.difference).toBeCloseTo(success.alternative - success.baseline, 12);
    expect(success.difference).toBeGreaterThan(0);
    expect(success.interval95[0]).toBeGreaterThan(0);
    expect(comparison.comparison.outcomeChanges.failedToSucceeded).toBeGreaterThan(comparison.comparison.outcomeChanges.succeededToFailed);

    // The same comparison small enough to run inside the request gives the same figures on the same paths.
    const inline = await startComparison({ baselineScenarioId: retire62.body.id, alternativeScenarioId: retire67, paths: 400, seed: 5 });
    expect(inline.status).toBe(201);
    expect(inline.body.status).toBe('COMPLETED');
    expect(inline.body.shards).toBe(1);
    expect(figure(inline.body.comparison, 'probabilityOfSuccess').difference).toBeGreaterThan(0);
  });

  it('lists, checks and deletes comparisons, and names a bad scenario id', async () => {
    const list = await sent(
      harness.api.GET('/households/{householdId}/comparisons', { params: { path: { householdId }, query: { sort: ['createdAt,asc'] } } }),
    );
    expect(list.status).toBe(200);
    expect(list.body.content).toHaveLength(3);
    expect(list.body.content[0].comparison).toBeUndefined();
    const path = { householdId, comparisonId: list.body.content[0].id as string };
    expect((await sent(harness.api.HEAD('/households/{householdId}/comparisons/{comparisonId}', { params: { path } }))).status).toBe(204);
    expect((await sent(harness.api.DELETE('/households/{householdId}/comparisons/{comparisonId}', { params: { path } }))).status).toBe(204);
    expect((await sent(harness.api.GET('/households/{householdId}/comparisons/{comparisonId}', { params: { path } }))).status).toBe(404);

    const bad = await startComparison({ baselineScenarioId: retire67, alternativeScenarioId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['alternativeScenarioId']);
    const unknownField = await startComparison(invalid({ baselineScenarioId: retire67, alternativeScenarioId: retire67, shards: 2 }));
    expect(unknownField.status).toBe(400);
    // Well-formed ids the household does not hold: the first one named is reported, as if the
    // scenarios were read one after the other (they are read at once).
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const neither = await startComparison({ baselineScenarioId: missing, alternativeScenarioId: missing });
    expect(neither.status).toBe(400);
    expect(neither.body.errors.map((e: { field: string }) => e.field)).toEqual(['baselineScenarioId']);
    const second = await startComparison({ baselineScenarioId: retire67, alternativeScenarioId: missing });
    expect(second.body.errors.map((e: { field: string }) => e.field)).toEqual(['alternativeScenarioId']);
    const noHousehold = await sent(
      harness.api.POST('/households/{householdId}/comparisons', {
        params: { path: { householdId: missing } },
        body: { baselineScenarioId: retire67, alternativeScenarioId: missing },
      }),
    );
    expect(noHousehold.status).toBe(404);
  });

  it("keeps another user of the realm out of the household's runs (403)", async () => {
    const other = await harness.otherUserToken();
    const list = await sent(
      harness.api.GET('/households/{householdId}/comparisons', { params: { path: { householdId } }, headers: auth(other) }),
    );
    expect(list.status).toBe(403);
    expect(list.body.status).toBe('FORBIDDEN');
    const start = await sent(
      harness.api.POST('/households/{householdId}/scenarios/{scenarioId}/simulations', {
        params: { path: { householdId, scenarioId: retire67 } },
        body: {},
        headers: auth(other),
      }),
    );
    expect(start.status).toBe(403);
    // A comparison names nothing the other user may see: the household's 403 comes before whether
    // its scenarios exist.
    const compare = await sent(
      harness.api.POST('/households/{householdId}/comparisons', {
        params: { path: { householdId } },
        body: { baselineScenarioId: retire67, alternativeScenarioId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
        headers: auth(other),
      }),
    );
    expect(compare.status).toBe(403);
  });
});
