import { readFileSync } from 'node:fs';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';
import type { HouseholdPlan } from '../shared/engine/index.js';

/** A command-line failure: printed as a message on stderr, never as a stack trace. */
export class CliError extends Error {}

export interface LoadedScenario {
  plan: HouseholdPlan;
  paths: number;
  seed: number | undefined;
}

/** Reads and parses a JSON file; a missing file or bad JSON becomes a CliError naming the file. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file}: invalid JSON (${(err as Error).message})`);
  }
}

/** Reads, parses and validates a scenario file; every problem becomes a CliError naming the file and fields. */
export function loadScenario(file: string): LoadedScenario {
  const json = readJsonFile(file);
  const result = validateScenario(json);
  if (!result.ok) {
    throw new CliError(
      `${file}: the scenario is invalid:\n${result.errors.map((e) => `  ${e.field || '(document)'}: ${e.message}`).join('\n')}`,
    );
  }
  return { plan: toHouseholdPlan(result.value), paths: result.value.simulation.paths, seed: result.value.simulation.seed };
}

/** Parses a whole-number option within [min, max]. */
export function intOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new CliError(`--${name}: must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}

/** Runs a command body, turning CliErrors and bad arguments into a message on stderr and exit code 1 (2 for usage). */
/** True when the command line asks for help (`--help` or `-h`). */
export const wantsHelp = (argv: readonly string[] = process.argv.slice(2)): boolean => argv.includes('--help') || argv.includes('-h');

/** Runs a command body; `--help` prints the usage instead. */
export function runCli(usage: string, body: () => void): void {
  if (wantsHelp()) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  try {
    body();
  } catch (err) {
    if (err instanceof CliError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 1;
    } else if (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${err.message}\n${usage}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    }
  }
}
