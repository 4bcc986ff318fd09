/**
 * Usage: see USAGE. Analyses a scenario document (docs/ANALYSES.md) in process, shard by shard as
 * the service would, and prints the analysis document (JSON) on stdout; progress goes to stderr.
 */
import { parseArgs } from 'node:util';
import {
  analysisIssues,
  analysisShard,
  buildAnalysis,
  mergeAnalysisShards,
  type AnalysisRequest,
  type AnalysisShardResult,
  type LeverSpec,
} from '../shared/engine/analysis/index.js';
import { splitPaths } from '../shared/engine/index.js';
import { randomSeed } from '../shared/engine/random/index.js';
import { fieldErrorsOf } from '../shared/domain/field-errors.js';
import { analysisRequestSchema } from '../shared/domain/runs/analysis-request.js';
import { MAX_PATHS } from '../shared/domain/scenario/index.js';
import * as z from 'zod/mini';
import { CliError, intOption, loadScenario, runCli } from './cli-support.js';

const USAGE = `usage: npm run -s analyse -- <scenario.json> <analysis> [options]

analysis (exactly one):
  --solve <lever>        find the lever's value that reaches the target; <lever> is one of
                           spending[:<expenseId>]   the living expenses (or one expense), yearly
                           retirement:<memberId>    a member's retirement age
                           contribution:<accountId> an extra yearly contribution until retirement
                           lump-sum[:<accountId>]   an extra lump sum today
                           claiming:<memberId>      the age a member claims Social Security
                           tax-free-cash:<accountId> the age a UK pension pays its tax-free cash
                                                    as a lump sum (120: phased throughout)
  --diagnose [goalId]    why the plan (or the goal) fails, and what each lever would take
  --sensitivity          move each input down and up (the documented defaults)
  --stress               the default shocks, historical windows among them

options:
  --target P             probability to reach, strictly between 0 and 1 (default 0.85)
  --goal <goalId>        aim at a goal's achievability instead of the plan's success (--solve)
  --min X --max Y        the lever's search bounds (--solve)
  --max-trials N         lever values a search may try
  --paths N --seed S     paths and seed (default: the scenario's simulation settings)
  --shards K             split the paths into K shards, merged as the service merges them
  --help                 this text`;

const options = {
  solve: { type: 'string' },
  diagnose: { type: 'boolean' },
  sensitivity: { type: 'boolean' },
  stress: { type: 'boolean' },
  target: { type: 'string' },
  goal: { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  'max-trials': { type: 'string' },
  paths: { type: 'string' },
  seed: { type: 'string' },
  shards: { type: 'string' },
  help: { type: 'boolean' },
} as const;

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new CliError(`--${name}: must be a number (got "${value}")`);
  return n;
}

function leverOf(text: string, min: number | undefined, max: number | undefined): LeverSpec {
  const [name, item, ...rest] = text.split(':');
  const bounds = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  const needsItem = (what: string) => {
    if (!item) throw new CliError(`--solve ${name}: name the ${what} (${name}:<${what}Id>)`);
    return item;
  };
  if (rest.length > 0) throw new CliError(`--solve: "${text}" has more than one ":"`);
  switch (name) {
    case 'spending':
      return { type: 'SPENDING', ...(item ? { expenseId: item } : {}), ...bounds };
    case 'retirement':
      return { type: 'RETIREMENT_AGE', memberId: needsItem('member'), ...bounds };
    case 'contribution':
      return { type: 'CONTRIBUTION', accountId: needsItem('account'), ...bounds };
    case 'claiming':
      return { type: 'CLAIMING_AGE', memberId: needsItem('member'), ...bounds };
    case 'lump-sum':
      return { type: 'LUMP_SUM', ...(item ? { accountId: item } : {}), ...bounds };
    case 'tax-free-cash':
      return { type: 'TAX_FREE_CASH_AGE', accountId: needsItem('account'), ...bounds };
    default:
      throw new CliError(
        '--solve: the lever must be spending, retirement:<memberId>, contribution:<accountId>, lump-sum, claiming:<memberId> ' +
          'or tax-free-cash:<accountId> ' +
          `(got "${text}")`,
      );
  }
}

/** The analysis the options ask for; `goalOfDiagnose` is the positional right after `--diagnose`, if any. */
function requestOf(values: Record<string, string | boolean | undefined>, goalOfDiagnose: string | undefined): Record<string, unknown> {
  const chosen = (['solve', 'diagnose', 'sensitivity', 'stress'] as const).filter(
    (name) => values[name] !== undefined && values[name] !== false,
  );
  if (chosen.length !== 1) throw new CliError(`choose exactly one of --solve, --diagnose, --sensitivity and --stress\n${USAGE}`);
  const probability = numberOption('target', values.target as string | undefined);
  const goalId = (values.goal as string | undefined) ?? goalOfDiagnose;
  if (values.goal !== undefined && goalOfDiagnose !== undefined)
    throw new CliError('--goal and --diagnose <goalId> both name a goal: give one');
  const target =
    goalId !== undefined || probability !== undefined
      ? { target: { ...(goalId !== undefined ? { goalId } : {}), ...(probability !== undefined ? { probability } : {}) } }
      : {};
  const maxTrials = intOption('max-trials', values['max-trials'] as string | undefined, 1, Number.MAX_SAFE_INTEGER);
  const trials = maxTrials !== undefined ? { maxTrials } : {};
  const min = numberOption('min', values.min as string | undefined);
  const max = numberOption('max', values.max as string | undefined);
  if (chosen[0] !== 'solve' && (min !== undefined || max !== undefined))
    throw new CliError('--min and --max bound a lever: they go with --solve');
  if (chosen[0] !== 'solve' && values.goal !== undefined) throw new CliError('--goal goes with --solve (--diagnose takes the goal itself)');
  switch (chosen[0]) {
    case 'solve':
      return { type: 'SOLVE', lever: leverOf(values.solve as string, min, max), ...target, ...trials };
    case 'diagnose':
      return { type: 'DIAGNOSE', ...target, ...trials };
    case 'sensitivity':
    case 'stress':
      if (probability !== undefined || maxTrials !== undefined)
        throw new CliError(`--target and --max-trials go with --solve and --diagnose`);
      return { type: chosen[0].toUpperCase() };
  }
}

/** Checks the request as the API does: its shape, then against the plan; each problem named by its field. */
function checked(raw: Record<string, unknown>, plan: Parameters<typeof analysisIssues>[0]): AnalysisRequest {
  const parsed = z.safeParse(analysisRequestSchema, raw);
  const problems = parsed.success ? analysisIssues(plan, parsed.data as AnalysisRequest) : fieldErrorsOf(parsed.error);
  if (problems.length > 0) throw new CliError(`the analysis is invalid:\n${problems.map((p) => `  ${p.field}: ${p.message}`).join('\n')}`);
  return parsed.data as AnalysisRequest;
}

/** Progress on stderr: one line a shard, or a line rewritten in place on a terminal. */
function progress(total: number): { shardDone(index: number): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  let finished = 0;
  return {
    shardDone() {
      finished += 1;
      const text = `shard ${finished}/${total} done`;
      process.stderr.write(tty ? `\r${text}` : `${text}\n`);
    },
    done() {
      process.stderr.write(tty ? '\rbuilding the analysis document\n' : 'building the analysis document\n');
    },
  };
}

runCli(USAGE, () => {
  const { values, positionals, tokens } = parseArgs({ allowPositionals: true, tokens: true, options });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // `--diagnose` takes an optional goal: the positional right after it, when there is another (the scenario file).
  const diagnoseAt = tokens.find((token) => token.kind === 'option' && token.name === 'diagnose')?.index;
  const goalToken =
    diagnoseAt === undefined ? undefined : tokens.find((token) => token.kind === 'positional' && token.index === diagnoseAt + 1);
  const goalOfDiagnose = goalToken?.kind === 'positional' && positionals.length === 2 ? goalToken.value : undefined;
  const files = goalOfDiagnose === undefined ? positionals : positionals.filter((value) => value !== goalOfDiagnose);
  if (files.length !== 1) throw new CliError(USAGE);
  const scenario = loadScenario(files[0]);
  const request = checked(requestOf(values, goalOfDiagnose), scenario.plan);
  const paths = intOption('paths', values.paths, 1, MAX_PATHS) ?? scenario.paths;
  const seed = intOption('seed', values.seed, 0, Number.MAX_SAFE_INTEGER) ?? scenario.seed ?? randomSeed();
  const shards = Math.min(intOption('shards', values.shards, 1, 1000) ?? 1, paths);

  const started = performance.now();
  const report = progress(shards);
  const results: AnalysisShardResult[] = splitPaths(paths, shards).map((range, index) => {
    const result = analysisShard(scenario.plan, request, seed, range);
    report.shardDone(index);
    return result;
  });
  report.done();
  const document = buildAnalysis(scenario.plan, request, mergeAnalysisShards(results), {
    seed,
    shards,
    elapsedMs: performance.now() - started,
  });
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
});
