/**
 * Runs the benchmark sections: every bench/<name>.bench.ts (or those named on the command line,
 * e.g. `npm run bench -- economy sketch`), each in its own child process, and prints each
 * process's peak memory (maxRSS). A section exports `run(): Promise<void>` and prints its figures;
 * one that also exports `comparesAgainstRef` takes `--against <git-ref>` (BENCH_AGAINST in its
 * environment) and runs that revision's engine beside today's (bench/against-ref.ts).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SUFFIX = '.bench.ts';

interface Section {
  run?: () => Promise<void>;
  comparesAgainstRef?: boolean;
}

async function runSectionInThisProcess(file: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as Section;
  if (typeof mod.run !== 'function') throw new Error(`${file} does not export run()`);
  if (process.env.BENCH_AGAINST && !mod.comparesAgainstRef) {
    console.log(`  (no comparison against a revision in this section: it runs on today's code alone)`);
  }
  await mod.run();
  // resourceUsage().maxRSS is in kilobytes.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`  peak memory (maxRSS)`.padEnd(48), `${peakMb.toFixed(1)} MB`);
}

function runSectionInChild(file: string, against: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--section', file], {
      stdio: 'inherit',
      env: against ? { ...process.env, BENCH_AGAINST: against } : process.env,
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--section') {
    await runSectionInThisProcess(argv[1]);
    return;
  }
  const at = argv.indexOf('--against');
  const against = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && (!against || against.startsWith('-'))) {
    console.error('--against needs a git ref (a commit, branch or tag)');
    process.exitCode = 2;
    return;
  }
  const args = at >= 0 ? argv.filter((_, i) => i !== at && i !== at + 1) : argv;
  const all = readdirSync(here)
    .filter((f) => f.endsWith(SUFFIX))
    .sort();
  if (args.includes('--help') || args.includes('-h')) {
    console.log(
      'usage: npm run bench [-- section ...] [--against <git-ref>]: ' +
        'runs each section in its own process and prints its figures and peak memory; ' +
        "with --against, a section that can (household) runs the engine at that revision beside today's, alternately in one process; " +
        `sections: ${all.map((f) => f.slice(0, -SUFFIX.length)).join(', ')}`,
    );
    return;
  }
  const chosen = args.length === 0 ? all : all.filter((f) => args.includes(f.slice(0, -SUFFIX.length)));
  const unknown = args.filter((a) => !all.includes(a + SUFFIX));
  if (unknown.length > 0) {
    console.error(`unknown bench section(s): ${unknown.join(', ')}; available: ${all.map((f) => f.slice(0, -SUFFIX.length)).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  let failed = 0;
  for (const file of chosen) {
    console.log(`\n== ${file.slice(0, -SUFFIX.length)} ==`);
    const code = await runSectionInChild(file, against);
    if (code !== 0) {
      console.log(`  section failed (exit code ${code})`);
      failed++;
    }
  }
  if (failed > 0) process.exitCode = 1;
}

await main();
