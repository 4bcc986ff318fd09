/**
 * Household engine throughput (bench/household-cases.ts says what is measured, and the targets).
 * The cases run from an esbuild bundle built with the functions' settings (one scope for every
 * module, as deployed), in a child process of the Node.js running this bench: a figure measured on
 * the sources through a development loader can differ from the deployed code's (docs/PERFORMANCE.md).
 * The bundles are kept unminified, so that a `--cpu-prof` of them names the engine's functions:
 * `node --cpu-prof .tmp/household-cases.mjs`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { esbuildOptions } from '../infra/cdk/bundling.js';
import { bundleEngineAt } from './against-ref.js';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Directly under the project root: the bundles find examples/ where the sources under bench/ do. */
const OUT_DIR = join(PROJECT_ROOT, '.tmp');

/** Bundles one bench module as the functions are bundled (but unminified, for readable profiles); returns its path. */
export async function bundleBenchModule(name: string): Promise<string> {
  const outfile = join(OUT_DIR, `${name}.mjs`);
  await build({ ...esbuildOptions(join(PROJECT_ROOT, 'bench', `${name}.ts`), outfile), minify: false, sourcemap: false, metafile: false });
  return outfile;
}

/** `npm run bench -- household --against <git-ref>` (bench/run.ts passes the ref as BENCH_AGAINST). */
export const comparesAgainstRef = true;

export async function run(): Promise<void> {
  const cases = await bundleBenchModule('household-cases');
  await bundleBenchModule('household-memory');
  const against = process.env.BENCH_AGAINST;
  const ref = against ? await bundleEngineAt(against, OUT_DIR) : undefined;
  const env = ref
    ? { ...process.env, HOUSEHOLD_BENCH_REF_BUNDLE: ref.file, HOUSEHOLD_BENCH_REF_LABEL: `${ref.ref} (${ref.commit.slice(0, 7)})` }
    : process.env;
  const child = spawnSync(process.execPath, [cases], { stdio: 'inherit', env });
  if (child.status !== 0) throw new Error(`household cases exited with ${child.status}`);
}
