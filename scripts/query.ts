/**
 * Usage: npm run -s query -- <scenario.json> <query.json> [--paths N] [--seed S]: answers a query
 * (docs/QUERIES.md) over the lives of the scenario's run of N paths on seed S (default: its
 * `simulation` settings), in process, and prints the answer as JSON. A bad query names its field.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseQuery, queryLives } from '../shared/engine/lives/index.js';
import { MAX_PATHS } from '../shared/domain/scenario/index.js';
import { randomSeed } from '../shared/engine/random/index.js';
import { CliError, intOption, loadScenario, runCli } from './cli-support.js';

const USAGE = 'usage: npm run -s query -- <scenario.json> <query.json> [--paths N] [--seed S]';

runCli(USAGE, () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { paths: { type: 'string' }, seed: { type: 'string' } } });
  if (positionals.length !== 2) throw new CliError(USAGE);
  const scenario = loadScenario(positionals[0]);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(positionals[1], 'utf8'));
  } catch (error) {
    throw new CliError(`${positionals[1]}: not a JSON file (${error instanceof Error ? error.message : String(error)})`);
  }
  const paths = intOption('paths', values.paths, 1, MAX_PATHS) ?? scenario.paths;
  const seed = intOption('seed', values.seed, 0, Number.MAX_SAFE_INTEGER) ?? scenario.seed ?? randomSeed();
  const parsed = parseQuery(raw, [scenario.plan], paths);
  if ('issues' in parsed) throw new CliError(`invalid query: ${parsed.issues.map((i) => `${i.field} ${i.message}`).join('; ')}`);
  process.stdout.write(`${JSON.stringify(queryLives([scenario.plan], parsed.query, { seed, paths }), null, 2)}\n`);
});
