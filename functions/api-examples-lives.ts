/**
 * Descriptions and examples of the lives and queries routes: a real query over 1,000 lives of the
 * couple near retirement and its answer (examples/api/query-answer.json, written by
 * `npx tsx scripts/build-lives-examples.ts`). The OpenAPI tests check each against its schema.
 */
import type { Example } from '../shared/http/stack.js';
import queryAnswer from '../examples/api/query-answer.json' with { type: 'json' };

export const livesDescription =
  'Each life: its index, outcome, depletion, terminal estate (real) and events; `fields=years` (or a comma list of yearly ' +
  'figures) adds every year of them, with at most 20 lives a page. `where` (a condition of the query language, as JSON; ' +
  "docs/QUERIES.md) lists only the lives satisfying it. Lives are replayed from the run's own plans and seed, however " +
  'its scenarios were edited since. 409 until the run has COMPLETED; 400 names the parameter of a bad filter, figure ' +
  'or page (a page past the end included).';

export const lifeDescription =
  "The life exactly as the run simulated it (the output's sampled lives are three of them, equal to the bit). " +
  "A comparison's life is the same path on both sides. 404 past the run's last life; 409 until the run has COMPLETED.";

export const queryCreateDescription =
  "Body: a query `{ where?, select, groupBy?, compareTo? }` (docs/QUERIES.md). It replays the run's lives on the run's " +
  'own plans and seed and is metered in path-years like a run: a small one is answered at once (COMPLETED, with its ' +
  '`answer`), a larger one is QUEUED and fanned out in shards (read it back with `?wait=`). 400 names the field of a bad ' +
  'query (an unknown metric, event, member or goal, an age outside the horizon, a malformed condition, too many ' +
  "conditions or statistics); 409 until the run has COMPLETED; 429 over the realm's cap or quota.";

const { query, answer, pathYears } = queryAnswer;

export const queryRequestExamples: Record<string, Example> = {
  careAndWealth: { summary: 'Of the lives where chris needs care: still £100,000 at 85? Against the rest', value: query },
  successFan: {
    summary: "The probability of success (no where: the output's own), and a fan of real net worth",
    value: {
      select: [
        { stat: 'probability', where: { outcome: 'SUCCEEDED' } },
        { stat: 'p10', metric: 'netWorth' },
        { stat: 'p50', metric: 'netWorth' },
        { stat: 'p90', metric: 'netWorth' },
      ],
      groupBy: 'year',
    },
  },
  jobLoss: {
    summary: 'Net worth at 75 of the lives where alex lost a job before 50, against the rest',
    value: {
      where: { event: { type: 'JOB_LOSS', memberId: 'alex', toAge: 49 } },
      select: [
        { stat: 'mean', metric: 'netWorth', atAge: 75, memberId: 'alex' },
        { stat: 'p50', metric: 'netWorth', atAge: 75 },
      ],
      compareTo: 'rest',
    },
  },
};

export const queryExamples: Record<string, Example> = {
  answered: {
    summary: 'A query of 1,000 lives, answered at once',
    value: {
      id: '01JWQ9B7C4TQH0M2N3V5X6Y7Z8',
      householdId: '01JWQ7XW2S6E4M8D1FZB0VKQ7A',
      status: 'COMPLETED',
      progress: 1,
      paths: 1000,
      pathYears,
      seed: 7,
      shards: 1,
      completedShards: 1,
      createdAt: '2025-06-02T09:20:11.004Z',
      updatedAt: '2025-06-02T09:20:11.390Z',
      startedAt: '2025-06-02T09:20:11.004Z',
      completedAt: '2025-06-02T09:20:11.390Z',
      elapsedMs: answer.metadata.elapsedMs,
      durationMs: 386,
      version: 1,
      sourceKind: 'SIMULATION',
      sourceId: '01JWQ80D5V7K2N9S4HB1XRCF3E',
      scenarioId: '01JWQ7Y3M5R8T2V6X9Z1B4D7F0',
      query,
      answer,
    },
  },
};
