/**
 * Runs the benchmark sections: every bench/<name>.bench.ts (or those named on the command line,
 * e.g. `npm run bench -- economy sketch`), each in its own child process, and prints each
 * process's peak memory (maxRSS). A section exports `run(): Promise<void>` and prints its figures.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SUFFIX = '.bench.ts';

async function runSectionInThisProcess(file: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== 'function') throw new Error(`${file} does not export run()`);
  await mod.run();
  // resourceUsage().maxRSS is in kilobytes.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`  peak memory (maxRSS)`.padEnd(48), `${peakMb.toFixed(1)} MB`);
}

function runSectionInChild(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--section', file], {
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--section') {
    await runSectionInThisProcess(args[1]);
    return;
  }
  const all = readdirSync(here)
    .filter((f) => f.endsWith(SUFFIX))
    .sort();
  if (args.includes('--help') || args.includes('-h')) {
    console.log(
      'usage: npm run bench [-- section ...]: runs each section in its own process and prints its figures and peak memory; ' +
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
    const code = await runSectionInChild(file);
    if (code !== 0) {
      console.log(`  section failed (exit code ${code})`);
      failed++;
    }
  }
  if (failed > 0) process.exitCode = 1;
}

await main();
