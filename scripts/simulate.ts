/** Usage: npm run -s simulate -- <scenario.json> [--paths N] [--seed S] [--shards K] [--format json|table]: prints the output document. */
import { parseArgs } from 'node:util';
import { randomSeed } from '../shared/engine/random/index.js';
import { simulate } from '../shared/engine/index.js';
import { MAX_PATHS } from '../shared/domain/scenario/index.js';
import { outputTable } from './output-table.js';
import { CliError, intOption, loadScenario, runCli } from './cli-support.js';
import { progressBar } from './cli-progress.js';

const USAGE = 'usage: npm run -s simulate -- <scenario.json> [--paths N] [--seed S] [--shards K] [--format json|table]';

runCli(USAGE, () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { paths: { type: 'string' }, seed: { type: 'string' }, shards: { type: 'string' }, format: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new CliError(USAGE);
  const scenario = loadScenario(positionals[0]);
  const paths = intOption('paths', values.paths, 1, MAX_PATHS) ?? scenario.paths;
  const seed = intOption('seed', values.seed, 0, Number.MAX_SAFE_INTEGER) ?? scenario.seed ?? randomSeed();
  const shards = intOption('shards', values.shards, 1, 1000) ?? 1;
  const bar = progressBar('simulating');
  const output = simulate(scenario.plan, { seed, paths, shards, onProgress: bar.update });
  bar.finish();
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'table') throw new CliError(`--format: must be json or table (got "${format}")`);
  process.stdout.write(
    format === 'table' ? outputTable(output as unknown as Record<string, unknown>) : `${JSON.stringify(output, null, 2)}\n`,
  );
});
