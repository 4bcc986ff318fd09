/**
 * Usage: npm run -s compare -- <baseline.json> <alternative.json> [--paths N] [--seed S]
 * [--shards K] [--format json|table]: prints the comparison document.
 */
import { parseArgs } from 'node:util';
import { randomSeed } from '../shared/engine/random/index.js';
import { compare } from '../shared/engine/index.js';
import { MAX_PATHS } from '../shared/domain/scenario/index.js';
import { comparisonTable } from './output-table.js';
import { CliError, intOption, loadScenario, runCli } from './cli-support.js';
import { progressBar } from './cli-progress.js';

const USAGE = 'usage: npm run -s compare -- <baseline.json> <alternative.json> [--paths N] [--seed S] [--shards K] [--format json|table]';

runCli(USAGE, () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { paths: { type: 'string' }, seed: { type: 'string' }, shards: { type: 'string' }, format: { type: 'string' } },
  });
  if (positionals.length !== 2) throw new CliError(USAGE);
  const baseline = loadScenario(positionals[0]);
  const alternative = loadScenario(positionals[1]);
  const paths = intOption('paths', values.paths, 1, MAX_PATHS) ?? baseline.paths;
  const seed = intOption('seed', values.seed, 0, Number.MAX_SAFE_INTEGER) ?? baseline.seed ?? randomSeed();
  const shards = intOption('shards', values.shards, 1, 1000) ?? 1;
  const bar = progressBar('comparing');
  const output = compare(baseline.plan, alternative.plan, { seed, paths, shards, onProgress: bar.update });
  bar.finish();
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'table') throw new CliError(`--format: must be json or table (got "${format}")`);
  process.stdout.write(
    format === 'table' ? comparisonTable(output as unknown as Record<string, unknown>) : `${JSON.stringify(output, null, 2)}\n`,
  );
});
