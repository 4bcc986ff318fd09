/**
 * Lives and queries end to end over HTTP against the local runtime (dynalite, in-process queue,
 * worker threads): every life read through the pages and three queries computed by hand from them
 * equal to the query endpoint's answers; a life equal to the output's sampled life to the bit; the
 * same lives and answers after the scenario is edited; a queued query in shards equal to the inline
 * one; a comparison's paired lives, whose side conditions count the output's outcome changes; and
 * the bad inputs, each a 4xx naming its field. Every response is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessQueue } from '../../../shared/queue/index.js';
import { invalid, sent, type ApiClient } from '../../support/typed-client.js';
import { type RunHarness, startRunHarness } from './harness.js';
import { retireeScenario } from './scenarios.js';

const ALL_INLINE = '1000000000';
const PATHS = 300;
let harness: RunHarness;
let api: ApiClient;
let queue: InProcessQueue;
let householdId: string;
let scenarioId: string;
let simulationId: string;
const scenario = retireeScenario(65, 30);

const livesPath = '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/lives';
const lifePath = '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/lives/{index}';
const queriesPath = '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/queries';
const queryPath = '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/queries/{queryId}';
const run = () => ({ householdId, scenarioId, simulationId });

const page = (query: Record<string, string | number>, ids = run()) => sent(api.GET(livesPath, { params: { path: ids, query } }));
const life = (index: number, ids = run()) => sent(api.GET(lifePath, { params: { path: { ...ids, index: String(index) } } }));
const ask = (body: unknown, ids = run()) => sent(api.POST(queriesPath, { params: { path: ids }, body: invalid<never>(body) }));

async function simulate(paths: number, seed = 5): Promise<string> {
  const created = await sent(
    api.POST('/households/{householdId}/scenarios/{scenarioId}/simulations', {
      params: { path: { householdId, scenarioId } },
      body: { paths, seed },
    }),
  );
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

/** The query's answer once it has completed (a queued one read back with wait). */
async function answerOf(body: unknown, ids = run()): Promise<Record<string, any>> {
  const created = await ask(body, ids);
  expect(created.status, created.text).toBe(201);
  let query = created.body as Record<string, any>;
  const deadline = Date.now() + 120_000;
  while (query.status !== 'COMPLETED') {
    expect(query.status).not.toBe('FAILED');
    if (Date.now() > deadline) throw new Error(`query did not complete: ${JSON.stringify(query)}`);
    const read = await sent(api.GET(queryPath, { params: { path: { ...ids, queryId: query.id }, query: { wait: '5' } } }));
    expect(read.status, read.text).toBe(200);
    query = read.body as Record<string, any>;
  }
  return query.answer;
}

/** Every life of the run, read page by page, with the yearly figures named. */
async function allLives(fields: string): Promise<Record<string, any>[]> {
  const lives: Record<string, any>[] = [];
  for (let p = 0; ; p++) {
    const response = await page({ page: p, size: 20, fields });
    expect(response.status, response.text).toBe(200);
    lives.push(...(response.body.content as Record<string, any>[]));
    if (p + 1 >= response.body.page.totalPages) return lives;
  }
}

/** Type 7 (or type 1 for whole numbers) percentile of values, as docs/QUERIES.md defines it. */
function percentile(values: number[], q: number): number {
  const x = [...values].sort((a, b) => a - b);
  if (x.every(Number.isInteger)) return x[Math.max(1, Math.ceil(q * x.length)) - 1];
  const h = (x.length - 1) * q;
  const lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo] + (h - lo) * (x[lo + 1] - x[lo]) : x[lo];
}

beforeAll(async () => {
  harness = await startRunHarness({ RUN_INLINE_PATH_YEARS: ALL_INLINE });
  api = harness.api;
  queue = harness.queue;
  const household = await sent(api.POST('/households', { body: { name: 'Lives', currency: 'USD' } }));
  householdId = household.body.id;
  const created = await sent(api.POST('/households/{householdId}/scenarios', { params: { path: { householdId } }, body: scenario }));
  expect(created.status, created.text).toBe(201);
  scenarioId = created.body.id;
  simulationId = await simulate(PATHS);
}, 120_000);

afterAll(async () => {
  queue?.resume();
  process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
  await harness?.close();
});

describe('the lives of a simulation', () => {
  let lives: Record<string, any>[];

  it("computed by hand from every life of the pages, give the query endpoint's answers", { timeout: 300_000 }, async () => {
    lives = await allLives('netWorth,ages');
    expect(lives.map((l) => l.index)).toEqual(Array.from({ length: PATHS }, (_, i) => i));
    // 1. Of the lives where pat dies before 80: how many, and how many failed.
    const diedEarly = lives.filter((l) => l.events.some((e: any) => e.type === 'DEATH' && e.memberId === 'pat' && e.year + 60 <= 79));
    const first = await answerOf({
      where: { event: { type: 'DEATH', memberId: 'pat', toAge: 79 } },
      select: [{ stat: 'count' }, { stat: 'probability', where: { outcome: 'FAILED' } }],
    });
    expect(first.matched).toBe(diedEarly.length);
    expect(first.select[0].value).toBe(diedEarly.length);
    expect(first.select[1].value).toBe(diedEarly.filter((l) => l.outcome === 'FAILED').length / diedEarly.length);
    // 2. Real net worth at 75 of the lives still holding 200,000 (real) at 70: its median and mean.
    const at = (l: Record<string, any>, age: number) => l.years.find((y: any) => y.ages.pat === age)?.netWorth.real;
    const rich = lives.filter((l) => (at(l, 70) ?? Number.NaN) >= 200_000);
    const values = rich.map((l) => at(l, 75)).filter((v) => v !== undefined) as number[];
    const second = await answerOf({
      where: { metric: 'netWorth', atAge: 70, gte: 200_000 },
      select: [
        { stat: 'p50', metric: 'netWorth', atAge: 75 },
        { stat: 'mean', metric: 'netWorth', atAge: 75 },
        { stat: 'count', metric: 'netWorth', atAge: 75 },
      ],
    });
    expect(second.matched).toBe(rich.length);
    expect(second.select[0].value).toBe(percentile(values, 0.5));
    expect(second.select[1].value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 2);
    expect(second.select[2].value).toBe(values.length);
    // 3. The lives that did not succeed: their terminal estates' 10th percentile and minimum, and their depletion ages.
    const failed = lives.filter((l) => l.outcome !== 'SUCCEEDED');
    const third = await answerOf({
      where: { not: { outcome: 'SUCCEEDED' } },
      select: [
        { stat: 'p10', metric: 'terminalEstate' },
        { stat: 'min', metric: 'terminalEstate' },
        { stat: 'p50', metric: 'depletionAge' },
      ],
    });
    expect(third.matched).toBe(failed.length);
    expect(failed.length).toBeGreaterThan(0);
    expect(third.select[0].value).toBe(
      percentile(
        failed.map((l) => l.terminalEstate),
        0.1,
      ),
    );
    expect(third.select[1].value).toBe(Math.min(...failed.map((l) => l.terminalEstate)));
    const ages = failed.filter((l) => l.depletionAge !== null).map((l) => l.depletionAge);
    expect(third.select[2].value).toBe(ages.length > 0 ? percentile(ages, 0.5) : null);
  });

  it("reads one life whole, equal to the output's sampled lives to the bit", async () => {
    const output = await sent(
      api.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/output', {
        params: { path: run(), query: { sections: 'lives' } },
      }),
    );
    expect(output.status).toBe(200);
    for (const sampled of output.body.lives as Record<string, any>[]) {
      const read = await life(sampled.pathIndex);
      expect(read.status).toBe(200);
      const { label: _label, percentile: _p, ...whole } = sampled;
      expect(read.body).toEqual(whole);
    }
  });

  it('lists only the lives a where keeps', async () => {
    const where = JSON.stringify({ outcome: 'FAILED' });
    const filtered = await page({ where, size: 100 });
    expect(filtered.status, filtered.text).toBe(200);
    const failed = lives.filter((l) => l.outcome === 'FAILED');
    expect(filtered.body.page.totalElements).toBe(failed.length);
    expect((filtered.body.content as Record<string, any>[]).map((l) => l.index)).toEqual(failed.slice(0, 100).map((l) => l.index));
  });

  it('replays the run as it ran after its scenario is edited', async () => {
    const before = await life(17);
    const answer = await answerOf({ select: [{ stat: 'probability', where: { outcome: 'SUCCEEDED' } }] });
    const patched = await sent(
      api.PATCH('/households/{householdId}/scenarios/{scenarioId}', {
        params: { path: { householdId, scenarioId } },
        body: invalid<never>({ expenses: [{ id: 'living', type: 'LIVING', amount: 90_000, essentialFraction: 0.8 }] }),
        headers: { 'Content-Type': 'application/merge-patch+json' },
      }),
    );
    expect(patched.status, patched.text).toBe(200);
    expect((await life(17)).body).toEqual(before.body);
    const again = await answerOf({ select: [{ stat: 'probability', where: { outcome: 'SUCCEEDED' } }] });
    expect(again.select).toEqual(answer.select);
  });

  it('answers a large query as a queued run in shards, equal to the inline answer', { timeout: 300_000 }, async () => {
    const query = {
      where: { any: [{ event: { type: 'JOB_LOSS', memberId: 'pat' } }, { metric: 'netWorth', atAge: 80, lt: 100_000 }] },
      select: [{ stat: 'count' }, { stat: 'p90', metric: 'netWorth' }, { stat: 'mean', metric: 'netWorth', view: 'nominal' }],
      groupBy: 'year',
      compareTo: 'rest',
    };
    const inline = await answerOf(query);
    process.env.RUN_INLINE_PATH_YEARS = '100';
    process.env.SHARD_PATH_YEARS = '2000';
    try {
      const created = await ask(query);
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('QUEUED');
      expect(created.body.shards).toBeGreaterThan(1);
      const queued = await answerOf(query);
      const { metadata: _a, ...one } = inline;
      const { metadata: _b, ...sharded } = queued;
      expect(sharded).toEqual(one);
      // A fan's statistics of a figure are per year, in the groups; the entry itself has none.
      expect(one.select[1]).toMatchObject({ value: null, n: 0 });
    } finally {
      process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
      delete process.env.SHARD_PATH_YEARS;
    }
  });
});

describe('bad input', () => {
  const field = async (body: unknown, name: string) => {
    const response = await ask(body);
    expect(response.status, response.text).toBe(400);
    expect(JSON.stringify(response.body), response.text).toContain(name);
  };

  it('names the field of a bad query', async () => {
    await field({ select: [{ stat: 'mean', metric: 'wealth', atAge: 70 }] }, 'select[0].metric');
    await field({ where: { event: { type: 'WINNING_THE_LOTTERY' } }, select: [{ stat: 'count' }] }, 'where.event.type');
    await field({ where: { event: { type: 'DEATH', memberId: 'sam' } }, select: [{ stat: 'count' }] }, 'where.event.memberId');
    await field({ where: { goal: 'yacht', met: true }, select: [{ stat: 'count' }] }, 'where.goal');
    await field({ where: { metric: 'netWorth', atAge: 120, gte: 0 }, select: [{ stat: 'count' }] }, 'where.atAge');
    await field({ where: { all: [{ outcome: 'SUCCEEDED', goal: 'x' }] }, select: [{ stat: 'count' }] }, 'where.all[0]');
    await field({ where: { sometimes: true }, select: [{ stat: 'count' }] }, 'where');
    await field({ select: [] }, 'select');
  });

  it('names the parameter of a bad page, and 404s a life past the last', async () => {
    const past = await page({ page: 3, size: 100 });
    expect(past.status).toBe(400);
    expect(past.text).toContain('page');
    const where = await page({ where: '{not json' });
    expect(where.status).toBe(400);
    expect(where.text).toContain('where');
    const unknown = await page({ fields: 'mood' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('fields');
    const big = await page({ fields: 'years', size: 50 });
    expect(big.status).toBe(400);
    expect(big.text).toContain('size');
    expect((await life(PATHS)).status).toBe(404);
  });

  it('is 409 until the run has completed', async () => {
    process.env.RUN_INLINE_PATH_YEARS = '100';
    queue.pause();
    try {
      const queued = await simulate(2000, 9);
      const ids = { householdId, scenarioId, simulationId: queued };
      expect((await page({}, ids)).status).toBe(409);
      expect((await life(0, ids)).status).toBe(409);
      expect((await ask({ select: [{ stat: 'count' }] }, ids)).status).toBe(409);
    } finally {
      queue.resume();
      process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
    }
  });
});

describe("a comparison's paired lives", () => {
  it('reads both sides of a life, and counts the outcome changes with side conditions', { timeout: 120_000 }, async () => {
    const later = await sent(
      api.POST('/households/{householdId}/scenarios', { params: { path: { householdId } }, body: retireeScenario(68, 30) }),
    );
    const comparison = await sent(
      api.POST('/households/{householdId}/comparisons', {
        params: { path: { householdId } },
        body: { baselineScenarioId: scenarioId, alternativeScenarioId: later.body.id, paths: 400, seed: 3 },
      }),
    );
    expect(comparison.status, comparison.text).toBe(201);
    const ids = { householdId, comparisonId: comparison.body.id };
    const paired = await sent(
      api.GET('/households/{householdId}/comparisons/{comparisonId}/lives/{index}', { params: { path: { ...ids, index: '4' } } }),
    );
    expect(paired.status, paired.text).toBe(200);
    expect(paired.body).toMatchObject({ pathIndex: 4, baseline: { pathIndex: 4 }, alternative: { pathIndex: 4 } });
    const created = await sent(
      api.POST('/households/{householdId}/comparisons/{comparisonId}/queries', {
        params: { path: ids },
        body: {
          where: {
            all: [
              { outcome: 'FAILED', side: 'baseline' },
              { outcome: 'SUCCEEDED', side: 'alternative' },
            ],
          },
          select: [{ stat: 'count' }],
        },
      }),
    );
    expect(created.status, created.text).toBe(201);
    const document = comparison.body.comparison as Record<string, any>;
    expect(created.body.answer?.matched).toBe(document.outcomeChanges.failedToSucceeded);
    const onSimulation = await ask({ where: { outcome: 'FAILED', side: 'baseline' }, select: [{ stat: 'count' }] });
    expect(onSimulation.status).toBe(400);
    expect(onSimulation.text).toContain('where.side');
  });
});
