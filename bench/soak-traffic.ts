/**
 * The soak's mixed load: `connections` virtual users, each with one request in flight at a time
 * (so at most that many keep-alive connections, from fetch's connection pool), each looping
 * over the API's kinds of work until the deadline: households and scenarios created, read, patched
 * and deleted; queued simulation runs of 1,000 paths followed with `?wait` reads to their end;
 * comparisons; lives pages and queries over completed runs; list pages. A 429 (the realm's cap on
 * active runs) is waited out as its Retry-After says.
 */
import { readFileSync } from 'node:fs';

const example = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8')) as {
  expenses: Array<{ amount: number }>;
} & Record<string, unknown>;

/** The alternative the comparisons weigh against the example: 10% less living spending. */
const thrifty = {
  ...example,
  name: 'Young family, spending 10% less',
  expenses: example.expenses.map((e, i) => (i === 0 ? { ...e, amount: Math.round(e.amount * 0.9) } : e)),
};

const RUN_PATHS = 1_000;
const WAIT_SECONDS = 20;

export interface TrafficCounts {
  /** Responses by status code. */
  byStatus: Map<number, number>;
  runsCompleted: number;
  /** Requests that failed without a response (connection refused or reset). */
  networkErrors: number;
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any; retryAfter: number }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function caller(url: string, token: () => Promise<string>, counts: TrafficCounts): Call {
  return async (method, path, body) => {
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${await token()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      counts.networkErrors++;
      return { status: 0, body: undefined, retryAfter: 1 };
    }
    counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
    const text = await response.text();
    const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    return { status: response.status, body: parsed, retryAfter: Number(response.headers.get('retry-after')) || 1 };
  };
}

/** One virtual user's household, its two scenarios and the runs it completed. */
interface UserState {
  household: string;
  baseline: string;
  alternative: string;
  simulations: string[];
  comparisons: string[];
}

/** POSTs a run and reads it with `?wait` until it ends; the path of the completed run, if it completed. */
async function runToEnd(call: Call, collection: string, body: unknown): Promise<string | undefined> {
  const created = await call('POST', collection, body);
  if (created.status === 429 || created.status === 503) {
    await sleep(Math.min(created.retryAfter, 5) * 1000);
    return undefined;
  }
  if (!created.body?.id) return undefined;
  const path = `${collection}/${created.body.id}`;
  let run = created.body;
  while (run?.status !== 'COMPLETED' && run?.status !== 'FAILED') {
    const read = await call('GET', `${path}?wait=${WAIT_SECONDS}`);
    if (read.status !== 200) return undefined;
    run = read.body;
  }
  return run.status === 'COMPLETED' ? path : undefined;
}

const pick = <T>(items: readonly T[], random: () => number): T | undefined => items[Math.floor(random() * items.length)];

/** The kinds of work, with their shares of a user's steps. */
function steps(call: Call, user: UserState, counts: TrafficCounts, random: () => number) {
  const household = `/households/${user.household}`;
  const scenario = `${household}/scenarios/${user.baseline}`;
  return [
    {
      weight: 3,
      async run() {
        const done = await runToEnd(call, `${scenario}/simulations`, { paths: RUN_PATHS, seed: Math.floor(random() * 1e9) });
        if (done) {
          counts.runsCompleted++;
          user.simulations.push(done);
          await call('GET', `${done}/output`);
        }
      },
    },
    {
      weight: 1,
      async run() {
        const done = await runToEnd(call, `${household}/comparisons`, {
          baselineScenarioId: user.baseline,
          alternativeScenarioId: user.alternative,
          paths: RUN_PATHS,
          seed: Math.floor(random() * 1e9),
        });
        if (done) {
          counts.runsCompleted++;
          user.comparisons.push(done);
        }
      },
    },
    {
      weight: 1,
      async run() {
        const source = pick(user.simulations, random);
        if (!source) return;
        const where = JSON.stringify({ event: { type: 'JOB_LOSS', memberId: 'alex' } });
        await call('GET', `${source}/lives?size=20&where=${encodeURIComponent(where)}`);
        await call('GET', `${source}/lives/${Math.floor(random() * RUN_PATHS)}`);
        const done = await runToEnd(call, `${source}/queries`, {
          where: { event: { type: 'JOB_LOSS', memberId: 'alex' } },
          select: [
            { stat: 'probability', where: { metric: 'netWorth', atAge: 65, memberId: 'alex', gte: 100000 } },
            { stat: 'p50', metric: 'terminalEstate' },
          ],
          compareTo: 'rest',
        });
        if (done) counts.runsCompleted++;
      },
    },
    {
      weight: 1,
      async run() {
        const source = pick(user.comparisons, random);
        if (source) await call('GET', `${source}/lives?size=20`);
      },
    },
    {
      weight: 3,
      async run() {
        await call('GET', `/households?page=${Math.floor(random() * 3)}&size=20`);
        await call('GET', `${household}/scenarios?size=20`);
        await call('GET', `${scenario}/simulations?size=20`);
        await call('GET', `${household}/comparisons?size=20`);
      },
    },
    {
      weight: 2,
      async run() {
        await call('GET', household);
        await call('GET', scenario);
        await call('GET', `${scenario}/output`);
      },
    },
    {
      weight: 1,
      async run() {
        const created = await call('POST', '/households', { name: 'Soak, short-lived', currency: 'USD' });
        if (!created.body?.id) return;
        const path = `/households/${created.body.id}`;
        await call('POST', `${path}/scenarios`, example);
        await call('PATCH', path, { name: 'Soak, renamed' });
        await call('DELETE', path);
      },
    },
  ];
}

/** A small seeded generator (mulberry32), so that two soaks drive the same mix of work. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

async function virtualUser(call: Call, index: number, deadline: number, counts: TrafficCounts): Promise<void> {
  const random = seededRandom(index + 1);
  const household = await call('POST', '/households', { name: `Soak ${index}`, currency: 'USD' });
  const baseline = await call('POST', `/households/${household.body.id}/scenarios`, example);
  const alternative = await call('POST', `/households/${household.body.id}/scenarios`, thrifty);
  if (!household.body?.id || !baseline.body?.id || !alternative.body?.id) throw new Error('the soak could not create its household');
  const user: UserState = {
    household: household.body.id,
    baseline: baseline.body.id,
    alternative: alternative.body.id,
    simulations: [],
    comparisons: [],
  };
  const work = steps(call, user, counts, random);
  const total = work.reduce((sum, w) => sum + w.weight, 0);
  while (Date.now() < deadline) {
    let ticket = random() * total;
    const step = work.find((w) => (ticket -= w.weight) < 0) ?? work[work.length - 1];
    await step.run();
    // A user keeps the last few runs to read from: the lists stay short.
    user.simulations.splice(0, Math.max(0, user.simulations.length - 5));
    user.comparisons.splice(0, Math.max(0, user.comparisons.length - 5));
  }
}

/** Drives the load until `deadline` (epoch ms); resolves when every user's last step has ended. */
export async function driveTraffic(
  url: string,
  token: () => Promise<string>,
  connections: number,
  deadline: number,
  counts: TrafficCounts,
): Promise<void> {
  const call = caller(url, token, counts);
  await Promise.all(Array.from({ length: connections }, (_, i) => virtualUser(call, i, deadline, counts)));
}
