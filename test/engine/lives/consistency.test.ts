/**
 * Queries over a run's lives against the run's own output, on 10,000 lives of each example: with no
 * `where`, the probability of success and the means are the output's to the bit and the percentiles
 * within the output sketch's relative accuracy (1/129 of the exact order statistics); each member's
 * count of care, disability and job-loss events is the output's probability times the lives,
 * exactly; a condition and its `not` split the lives; the output's sampled lives are the replayed
 * lives; a sharded query gives the one-shard answer.
 */
import { describe, expect, it } from 'vitest';
import { simulate, type HouseholdPlan, type OutputDocument } from '../../../shared/engine/index.js';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { parseQuery, queryLives, replayLife, type LivesQuery, type QueryAnswer } from '../../../shared/engine/lives/index.js';
import { loadExample } from '../output/example-plans.js';

const PATHS = 10_000;
const SEED = 7;
const LEVELS = ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95'] as const;
/** The sketch's relative accuracy (docs/OUTPUT.md), with room for a type-7 interpolation between two such order statistics. */
const ACCURACY = 1 / 129;

function parsed(raw: unknown, plan: HouseholdPlan, paths = PATHS): LivesQuery {
  const q = parseQuery(raw, [plan], paths);
  if ('issues' in q) throw new Error(JSON.stringify(q.issues));
  return q.query;
}

const withinAccuracy = (exact: number | null, sketched: number | null) => {
  expect(exact === null).toBe(sketched === null);
  if (exact === null || sketched === null) return;
  expect(Math.abs(exact - sketched)).toBeLessThanOrEqual(Math.abs(exact) * ACCURACY + 1e-9);
};

describe.each(['young-family-mortgage', 'couple-near-retirement', 'single-retiree-care'])('the lives of %s', (name) => {
  const plan = loadExample(name);
  let output: OutputDocument;
  let answer: QueryAnswer;
  const members = plan.members.map((m) => m.id);
  const eventCounts = members.flatMap((memberId) =>
    ['LONG_TERM_CARE', 'DISABILITY', 'JOB_LOSS'].map((type) => ({ stat: 'count', where: { event: { type, memberId } } })),
  );
  const figures = ['terminalEstate', 'depletionAge'].flatMap((metric) => [...LEVELS, 'mean'].map((stat) => ({ stat, metric })));
  const year10 = [...LEVELS, 'mean'].map((stat) => ({ stat, metric: 'netWorth', atYear: 10 }));

  it("answers a query with no where with the output's own figures", { timeout: 600_000 }, () => {
    output = simulate(plan, { seed: SEED, paths: PATHS });
    const query = parsed(
      { select: [{ stat: 'probability', where: { outcome: 'SUCCEEDED' } }, ...eventCounts, ...figures, ...year10] },
      plan,
    );
    answer = queryLives([plan], query, { seed: SEED, paths: PATHS });
    expect(answer.lives).toBe(PATHS);
    expect(answer.matched).toBe(PATHS);
    expect(answer.select[0].value).toBe(output.summary.probabilityOfSuccess);
    eventCounts.forEach((_, k) => {
      const m = output.summary.members[Math.floor(k / 3)];
      const probability = [m.probabilityLongTermCare, m.probabilityDisabled, m.probabilityUnemployed][k % 3];
      expect((answer.select[1 + k].value as number) / PATHS, `${m.memberId} ${eventCounts[k].where.event.type}`).toBe(probability);
    });
    const at = 1 + eventCounts.length;
    const blocks = [output.summary.terminalEstate, output.summary.depletionAge, output.timeSeries[10].netWorth.real];
    blocks.forEach((block, b) => {
      LEVELS.forEach((level, l) => withinAccuracy(answer.select[at + b * 8 + l].value, block[level]));
      expect(answer.select[at + b * 8 + 7].value).toBe(block.mean);
    });
  });

  it('splits the lives between a condition and its not', { timeout: 600_000 }, () => {
    const conditions = [
      { event: { type: 'LONG_TERM_CARE', memberId: members[0], fromAge: 80 } },
      { metric: 'netWorth', atAge: 80, gte: 500_000 },
      { any: [{ outcome: 'DEPLETED' }, { event: { type: 'DEATH', toAge: 75 } }] },
      ...(plan.goals.length > 0 ? [{ goal: plan.goals[0].id, met: true }] : []),
    ];
    const select = conditions.flatMap((c) => [
      { stat: 'count', where: c },
      { stat: 'count', where: { not: c } },
    ]);
    const split = queryLives([plan], parsed({ select }, plan), { seed: SEED, paths: 2_000 });
    for (let k = 0; k < select.length; k += 2)
      expect((split.select[k].value as number) + (split.select[k + 1].value as number)).toBe(2_000);
  });

  it("gives the output's sampled lives as the replay gives them, year by year", () => {
    const runner = new PathRunner(plan, SEED);
    for (const life of output.lives) {
      const replayed = replayLife(runner, life.pathIndex);
      expect(replayed.years).toEqual(life.years);
      expect(replayed.events).toEqual(life.events);
      expect(replayed.terminalEstate).toBe(life.terminalEstate);
    }
  });
});

describe('a sharded query', () => {
  it('gives the one-shard answer exactly', { timeout: 600_000 }, () => {
    const plan = loadExample('young-family-mortgage');
    const raw = {
      where: { all: [{ event: { type: 'JOB_LOSS', memberId: 'alex', toAge: 49 } }, { not: { outcome: 'DEPLETED' } }] },
      select: [
        { stat: 'probability', where: { metric: 'netWorth', atAge: 75, gte: 1_000_000 } },
        { stat: 'p50', metric: 'netWorth', atAge: 75 },
        { stat: 'mean', metric: 'terminalEstate' },
      ],
      compareTo: 'rest',
      groupBy: { goal: 'retirement' },
    };
    const query = parsed(raw, plan, 3_000);
    const one = queryLives([plan], query, { seed: 11, paths: 3_000, shards: 1 });
    const seven = queryLives([plan], query, { seed: 11, paths: 3_000, shards: 7 });
    const { metadata: _a, ...oneAnswer } = one;
    const { metadata: _b, ...sevenAnswer } = seven;
    expect(sevenAnswer).toEqual(oneAnswer);
    expect(one.matched).toBeGreaterThan(0);
    expect(one.rest).toBe(3_000 - one.matched);
  });
});
