import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compare, simulate } from '../../shared/engine/index.js';
import { loadExample } from '../engine/output/example-plans.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');
const withoutTime = (doc: { metadata: { elapsedMs: number } }) => JSON.stringify({ ...doc, metadata: { ...doc.metadata, elapsedMs: 0 } });

describe('progress of the simulating commands', () => {
  it('slices for progress change no figure of the output or the comparison', () => {
    const plan = loadExample('young-family-mortgage');
    const seen: number[] = [];
    const sliced = simulate(plan, { seed: 4, paths: 1_300, shards: 2, onProgress: (done) => seen.push(done) });
    expect(withoutTime(sliced)).toBe(withoutTime(simulate(plan, { seed: 4, paths: 1_300, shards: 2 })));
    // Each 650-path shard in two even slices of at most 500 paths.
    expect(seen).toEqual([325, 650, 975, 1_300]);
    const other = loadExample('young-family-mortgage', (doc) => (doc.members[0].retirementAge = 70));
    expect(withoutTime(compare(plan, other, { seed: 4, paths: 700, onProgress: () => {} }))).toBe(
      withoutTime(compare(plan, other, { seed: 4, paths: 700 })),
    );
  });

  it('draws a bar on stderr when it is a terminal, and nothing when it is a pipe', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-progress-'));
    const out = join(dir, 'output.json');
    const command = `${tsx} scripts/simulate.ts examples/single-retiree-care.json --paths 1200 --seed 2 > ${out}`;
    // `script` gives the command a terminal; its transcript is what the terminal showed (stderr here).
    const terminal = await run('script', ['-qfec', command, '/dev/null'], { cwd: root, env: { ...process.env, PROGRESS_DELAY_MS: '0' } });
    expect(terminal.stdout).toContain('simulating [');
    expect(terminal.stdout).toContain('1,200/1,200 paths');
    expect(JSON.parse(readFileSync(out, 'utf8')).metadata.paths).toBe(1_200);
    const piped = await run(tsx, ['scripts/simulate.ts', 'examples/single-retiree-care.json', '--paths', '1200', '--seed', '2'], {
      cwd: root,
      env: { ...process.env, PROGRESS_DELAY_MS: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(piped.stderr).not.toContain('simulating');
  });
});
