/**
 * The usage ledger end to end over HTTP, on the local runtime (embedded store, in-process queue,
 * worker threads): runs show in `/usage` exactly as run, redelivered shards count once, deleting a
 * household keeps its usage, an exhausted monthly quota is a 429 with `Retry-After`, and `/usage`
 * checks its parameters, its callers and the realm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as shardWorker } from '../../../functions/workers/shard-worker.js';
import { splitPathsByCost } from '../../../shared/engine/index.js';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import { secondsUntilNextMonth } from '../../../shared/domain/usage/calendar.js';
import { createClient, createRealm } from '../../../shared/identity/registration.js';
import { identityStore } from '../../../shared/store/identity/process-store.js';
import { slotHolders } from '../../../shared/store/runs/active-runs.js';
import { setMonthlyQuota } from '../../../shared/store/usage/quota.js';
import { event } from '../../runs/queued-run.js';
import { auth, invalid, sent } from '../../support/typed-client.js';
import { createHouseholdWithScenario, faultsForNextRun, startRunHarness, waitForRun, type RunHarness } from './harness.js';
import { retireeScenario } from './scenarios.js';

let harness: RunHarness;
let ids: { householdId: string; scenarioId: string };
/** The demo realm's back end (realm-admin), a billing client (usage-reader), and another realm's back end (usage-reader). */
let admin: string;
let billing: string;
let otherRealm: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Yesterday to tomorrow: every count made during the test, even across midnight UTC. */
const around = { from: day(-1), to: day(1) };
const scenario = retireeScenario(67, 20);
const simulationsPath = '/households/{householdId}/scenarios/{scenarioId}/simulations' as const;

async function usage(token: string, query: Record<string, string> = around) {
  return sent(harness.api.GET('/usage', { params: { query: invalid<{ from: string; to: string }>(query) }, headers: auth(token) }));
}
async function usageTotal(token = admin) {
  const response = await usage(token);
  expect(response.status, response.text).toBe(200);
  return response.body.total as Record<string, number>;
}
function difference(after: Record<string, number>, before: Record<string, number>) {
  return Object.fromEntries(Object.keys(after).map((name) => [name, after[name] - before[name]]));
}
const startSimulation = (body: { paths: number; seed?: number }, where = ids) =>
  sent(harness.api.POST(simulationsPath, { params: { path: where }, body }));

beforeAll(async () => {
  harness = await startRunHarness({ SHARD_PATH_YEARS: '50000', RUN_INLINE_PATH_YEARS: '20000', RUNS_MAX_ACTIVE_PER_REALM: '10' });
  ids = await createHouseholdWithScenario(harness, scenario);
  admin = await harness.serviceToken();
  const store = identityStore();
  const { secret } = await createClient(store, { realmId: 'demo', clientId: 'billing', serviceAccountRoles: ['usage-reader'] });
  billing = await harness.serviceToken({ realmId: 'demo', clientId: 'billing', secret });
  await createRealm(store, 'elsewhere');
  // A usage reader that also owns households of its own (a service account acts on what it owns).
  const other = await createClient(store, { realmId: 'elsewhere', clientId: 'backend', serviceAccountRoles: ['usage-reader'] });
  otherRealm = await harness.serviceToken({ realmId: 'elsewhere', clientId: 'backend', secret: other.secret });
});

afterAll(async () => {
  harness?.queue.setFaults(undefined);
  await setMonthlyQuota('demo', undefined);
  await harness?.close();
});

describe('GET /usage after runs', () => {
  it('shows an end-to-end run of N paths over Y years as exactly one run of N paths and N × Y path-years', async () => {
    const checked = validateScenario(scenario);
    if (!checked.ok) throw new Error('invalid test scenario');
    const years = toHouseholdPlan(checked.value).years;
    expect(years).toBe(20);

    const before = await usageTotal();
    // 4,000 paths over 20 years: 80,000 path-years, queued in 2 shards.
    const created = await startSimulation({ paths: 4_000, seed: 5 });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('QUEUED');
    expect(created.body.billedPathYears).toBe(4_000 * years);
    // The former name stays for one release, a deprecated alias of the same figure.
    expect(created.body.pathYears).toBe(created.body.billedPathYears);
    const run = await waitForRun(harness, { ...ids, simulationId: created.body.id });
    expect(run.status).toBe('COMPLETED');
    const queued = difference(await usageTotal(), before);
    expect({ ...queued, apiRequests: undefined }).toEqual({
      apiRequests: undefined,
      runs: 1,
      simulations: 1,
      comparisons: 0,
      analyses: 0,
      queries: 0,
      paths: 4_000,
      billedPathYears: 80_000,
      pathYears: 80_000,
      computeMs: run.elapsedMs,
      webhookDeliveries: 0,
    });

    // 500 paths: 10,000 path-years, simulated inside the request.
    const inline = await startSimulation({ paths: 500, seed: 6 });
    expect(inline.body.status).toBe('COMPLETED');
    const after = difference(await usageTotal(), before);
    expect(after).toMatchObject({
      runs: 2,
      simulations: 2,
      paths: 4_500,
      billedPathYears: 90_000,
      computeMs: run.elapsedMs + inline.body.elapsedMs,
    });
  });

  it('counts every authenticated request of the realm once, the reading one included', async () => {
    const before = await usageTotal();
    for (let i = 0; i < 3; i += 1) expect((await sent(harness.api.GET('/households'))).status).toBe(200);
    expect((await sent(harness.api.GET('/households', { headers: { Authorization: 'Bearer not-a-token' } }))).status).toBe(401);
    expect(difference(await usageTotal(), before)).toMatchObject({ apiRequests: 4, runs: 0 });
  });

  it('counts a run once when its shards are delivered twice and redelivered, and again through the worker after it completed', async () => {
    const faults = faultsForNextRun(harness.queue, (shard, receiveCount, isDuplicate) => {
      if (shard === 0 && receiveCount === 1) return 'fail-after'; // ran, its ack lost: delivered again
      if (!isDuplicate) return 'duplicate';
      return undefined;
    });
    const before = await usageTotal();
    const created = await startSimulation({ paths: 2_000, seed: 8 });
    const run = await waitForRun(harness, { ...ids, simulationId: created.body.id });
    harness.queue.setFaults(undefined);
    expect(run.status).toBe('COMPLETED');
    expect(faults.applied).toContain('fail-after:0');
    expect(faults.applied).toContain('duplicate:1');
    const counted = await usageTotal();
    expect(difference(counted, before)).toMatchObject({ runs: 1, paths: 2_000, billedPathYears: 40_000, computeMs: run.elapsedMs });

    // The same shard message once more, twice, through the real worker.
    const [range] = splitPathsByCost(2_000, run.shards);
    const message = { v: 1, realmId: 'demo', ...ids, kind: 'SIMULATION', runId: run.id, shard: 0, ...range } as const;
    for (const receiveCount of [2, 3]) expect((await shardWorker(event(message, receiveCount))).batchItemFailures).toEqual([]);
    expect(difference(await usageTotal(), counted)).toMatchObject({ runs: 0, paths: 0, billedPathYears: 0, computeMs: 0 });
  });

  it('keeps a household’s usage when the household is deleted', async () => {
    const doomed = await createHouseholdWithScenario(harness, scenario);
    expect((await startSimulation({ paths: 500 }, doomed)).status).toBe(201);
    const before = await usageTotal();
    const deleted = await sent(harness.api.DELETE('/households/{householdId}', { params: { path: { householdId: doomed.householdId } } }));
    expect(deleted.status).toBe(204);
    const gone = await sent(harness.api.GET('/households/{householdId}', { params: { path: { householdId: doomed.householdId } } }));
    expect(gone.status).toBe(404);
    expect(difference(await usageTotal(), before)).toEqual({
      apiRequests: 3, // the delete, the read and this usage request
      runs: 0,
      simulations: 0,
      comparisons: 0,
      analyses: 0,
      queries: 0,
      paths: 0,
      billedPathYears: 0,
      pathYears: 0,
      computeMs: 0,
      webhookDeliveries: 0,
    });
  });
});

describe('the monthly path-year quota', () => {
  it('refuses a run that would pass it with 429, Retry-After until next month and a message saying so, and writes nothing', async () => {
    const admitted = (await usage(admin)).body.quota.admittedPathYears as number;
    await setMonthlyQuota('demo', admitted + 10_000);
    const quota = (await usage(billing)).body.quota;
    expect(quota).toMatchObject({ monthlyPathYears: admitted + 10_000, admittedPathYears: admitted });

    expect((await startSimulation({ paths: 500 })).status).toBe(201); // exactly 10,000 path-years: fits
    const listBefore = await sent(harness.api.GET(simulationsPath, { params: { path: ids, query: { size: '100' } } }));
    const refused = await startSimulation({ paths: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/monthly path-year quota \(\d+\) is exhausted/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(retryAfter - secondsUntilNextMonth(new Date()))).toBeLessThanOrEqual(5);
    const listAfter = await sent(harness.api.GET(simulationsPath, { params: { path: ids, query: { size: '100' } } }));
    expect(listAfter.body.content.length).toBe(listBefore.body.content.length);
    expect((await usage(admin)).body.quota.admittedPathYears).toBe(admitted + 10_000);
  });

  it('refuses a queued run over the quota with 429 and releases the slot it took meanwhile', async () => {
    const admitted = (await usage(admin)).body.quota.admittedPathYears as number;
    await setMonthlyQuota('demo', admitted + 10_000);
    const holdersBefore = await slotHolders('demo');
    // 2,000 paths of 20 years is above the inline budget: queued, so it takes a slot while it is admitted.
    const refused = await startSimulation({ paths: 2_000 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/monthly path-year quota \(\d+\) is exhausted/);
    expect(await slotHolders('demo')).toEqual(holdersBefore);
    expect((await usage(admin)).body.quota.admittedPathYears).toBe(admitted);
    await setMonthlyQuota('demo', undefined);
  });

  it('lets runs the concurrent-run cap refuses hold no quota: near the quota, parallel callers are refused by the cap alone', async () => {
    const admitted = (await usage(admin)).body.quota.admittedPathYears as number;
    // Room in the quota for exactly the 10 queued runs the cap lets in (2,000 paths of 20 years:
    // 40,000 path-years each) of 12 sent at once; the queue held, so each admitted run keeps its slot.
    await setMonthlyQuota('demo', admitted + 10 * 40_000);
    harness.queue.pause();
    const answers = await Promise.all(Array.from({ length: 12 }, () => startSimulation({ paths: 2_000 })));
    harness.queue.resume();
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body.message).toMatch(/At most 10 runs may be queued or running/);
    expect((await usage(admin)).body.quota.admittedPathYears).toBe(admitted + 10 * 40_000);
    for (const r of answers.filter((a) => a.status === 201)) await waitForRun(harness, { ...ids, simulationId: r.body.id });
    await setMonthlyQuota('demo', undefined);
  });

  it('admits a concurrent burst only up to the quota', async () => {
    const admitted = (await usage(admin)).body.quota.admittedPathYears as number;
    await setMonthlyQuota('demo', admitted + 30_000);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => startSimulation({ paths: 500 })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect((await usage(admin)).body.quota.admittedPathYears).toBe(admitted + 30_000);
    await setMonthlyQuota('demo', undefined);
    expect((await startSimulation({ paths: 500 })).status).toBe(201);
  });
});

describe('GET /usage requests', () => {
  it('answers 400 naming the field for a bad date, a reversed or too long range, and an unknown granularity', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ to: '2026-01-31' }, 'from'],
      [{ from: '2026-01-01' }, 'to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-1-1', to: '2026-03-01' }, 'from'],
      [{ from: '2026-01-01', to: 'tomorrow' }, 'to'],
      [{ from: '2026-03-01', to: '2026-02-01' }, 'from'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'to'],
      [{ from: '2026-01-01', to: '2026-01-31', granularity: 'WEEK' }, 'granularity'],
    ];
    for (const [query, field] of cases) {
      const response = await usage(admin, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(
        response.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(query),
      ).toContain(field);
    }
  });

  it('lists every period of the range, per day or per month', async () => {
    const byDay = await usage(billing, { from: '2026-01-30', to: '2026-03-02' });
    expect(byDay.status).toBe(200);
    expect(byDay.body.periods).toHaveLength(32);
    expect(byDay.body.periods[0]).toMatchObject({ period: '2026-01-30', from: '2026-01-30', to: '2026-01-30' });
    const byMonth = await usage(billing, { from: '2026-01-30', to: '2026-03-02', granularity: 'MONTH' });
    expect(byMonth.body.periods.map((p: Record<string, string>) => [p.period, p.from, p.to])).toEqual([
      ['2026-01', '2026-01-30', '2026-01-31'],
      ['2026-02', '2026-02-01', '2026-02-28'],
      ['2026-03', '2026-03-01', '2026-03-02'],
    ]);
    const thisMonth = await usage(admin, { ...around, granularity: 'MONTH' });
    const summed = thisMonth.body.periods.reduce((sum: number, p: { billedPathYears: number }) => sum + p.billedPathYears, 0);
    expect(summed).toBe(thisMonth.body.total.billedPathYears);
  });

  it('serves service accounts with the usage-reader or realm-admin role, and no user', async () => {
    expect((await usage(billing)).status).toBe(200);
    expect((await usage(admin)).status).toBe(200);
    const asUser = await usage(harness.token);
    expect(asUser.status).toBe(403);
    expect(asUser.body.message).toMatch(/usage-reader/);
    // The billing client reads usage and nothing else.
    expect((await sent(harness.api.GET('/users', { headers: auth(billing) }))).status).toBe(403);
  });

  it('shows each realm only its own usage', async () => {
    const demoBefore = await usageTotal(admin);
    const otherBefore = await usageTotal(otherRealm);
    expect(otherBefore).toMatchObject({ runs: 0, paths: 0, billedPathYears: 0 });
    const headers = auth(otherRealm);
    const household = await sent(harness.api.POST('/households', { body: { name: 'Elsewhere', currency: 'USD' }, headers }));
    expect(household.status, household.text).toBe(201);
    const created = await sent(
      harness.api.POST('/households/{householdId}/scenarios', {
        params: { path: { householdId: household.body.id } },
        body: scenario,
        headers,
      }),
    );
    expect(created.status, created.text).toBe(201);
    const run = await sent(
      harness.api.POST(simulationsPath, {
        params: { path: { householdId: household.body.id, scenarioId: created.body.id } },
        body: { paths: 100 },
        headers,
      }),
    );
    expect(run.status, run.text).toBe(201);
    const other = (await usage(otherRealm)).body;
    expect(other.realmId).toBe('elsewhere');
    expect(other.total).toMatchObject({ runs: 1, paths: 100, billedPathYears: 2_000, apiRequests: 5 });
    expect(difference(await usageTotal(admin), demoBefore)).toMatchObject({ apiRequests: 1, runs: 0, paths: 0, billedPathYears: 0 });
  });
});
