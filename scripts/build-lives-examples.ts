/**
 * Usage: npx tsx scripts/build-lives-examples.ts: writes the query example the OpenAPI document
 * shows (examples/api/query-answer.json): a real query over 1,000 lives of
 * examples/couple-near-retirement.json on seed 7, and the query it answered.
 */
import { writeFileSync } from 'node:fs';
import { parseQuery, queryLives } from '../shared/engine/lives/index.js';
import { loadScenario } from './cli-support.js';

const paths = 1000;
const seed = 7;
export const exampleQuery = {
  where: { event: { type: 'LONG_TERM_CARE', memberId: 'chris' } },
  select: [
    { stat: 'probability', where: { metric: 'netWorth', atAge: 85, memberId: 'chris', gte: 100000 } },
    { stat: 'p50', metric: 'terminalEstate' },
    { stat: 'mean', metric: 'netWorth', atAge: 75, memberId: 'chris' },
  ],
  compareTo: 'rest',
};

const { plan } = loadScenario('examples/couple-near-retirement.json');
const parsed = parseQuery(exampleQuery, [plan], paths);
if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
const answer = queryLives([plan], parsed.query, { seed, paths });
answer.metadata.elapsedMs = Math.round(answer.metadata.elapsedMs);
writeFileSync(
  'examples/api/query-answer.json',
  `${JSON.stringify({ query: parsed.query, pathYears: paths * plan.years, answer }, null, 2)}\n`,
);
