import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');

async function cli(script: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [join(root, 'scripts', script), ...args], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('command line', () => {
  it.each(['young-family-mortgage', 'couple-near-retirement', 'single-retiree-care'])('simulates the example %s', async (name) => {
    const { code, stdout } = await cli('simulate.ts', [`examples/${name}.json`, '--paths', '40', '--seed', '3', '--shards', '2']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.metadata).toMatchObject({ seed: 3, paths: 40, shards: 2 });
    expect(out.summary.probabilityOfSuccess).toBeGreaterThanOrEqual(0);
    expect(out.lives.length).toBe(3);
  });

  it('compares two scenarios', async () => {
    const { code, stdout } = await cli('compare.ts', ['examples/couple-near-retirement.json', 'examples/couple-near-retirement.json', '--paths', '32', '--seed', '1']);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.summary.find((f: { figure: string }) => f.figure === 'probabilityOfSuccess').difference).toBe(0);
  });

  it('reports bad input on stderr with a non-zero exit, without a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const badJson = join(dir, 'bad.json');
    writeFileSync(badJson, '{ "name": ');
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ name: 'x', startYear: 2025, members: [{ id: 'a', role: 'PRIMARY', birthYear: 'nineteen', sex: 'MALE' }] }));
    const cases = [
      { args: [join(dir, 'missing.json')], expect: /cannot read/ },
      { args: [badJson], expect: /invalid JSON/ },
      { args: [invalid], expect: /members\[0\]\.birthYear/ },
      { args: ['examples/single-retiree-care.json', '--paths', '0'], expect: /--paths/ },
      { args: ['examples/single-retiree-care.json', '--bogus'], expect: /bogus/ },
      { args: [], expect: /usage/ },
    ];
    for (const c of cases) {
      const r = await cli('simulate.ts', c.args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(c.expect);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
  });
});
