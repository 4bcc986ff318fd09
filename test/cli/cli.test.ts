import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    const { code, stdout } = await cli('compare.ts', [
      'examples/couple-near-retirement.json',
      'examples/couple-near-retirement.json',
      '--paths',
      '32',
      '--seed',
      '1',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.summary.find((f: { figure: string }) => f.figure === 'probabilityOfSuccess').difference).toBe(0);
  });

  it('reports bad input on stderr with a non-zero exit, without a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const badJson = join(dir, 'bad.json');
    writeFileSync(badJson, '{ "name": ');
    const invalid = join(dir, 'invalid.json');
    writeFileSync(
      invalid,
      JSON.stringify({ name: 'x', startYear: 2025, members: [{ id: 'a', role: 'PRIMARY', birthYear: 'nineteen', sex: 'MALE' }] }),
    );
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

  it('analyses a scenario: each kind prints its document on stdout and its progress on stderr', async () => {
    const solve = await cli('analyse.ts', [
      'examples/couple-near-retirement.json',
      '--solve',
      'spending',
      '--target',
      '0.9',
      '--paths',
      '40',
      '--seed',
      '4',
      '--shards',
      '2',
    ]);
    expect(solve.code, solve.stderr).toBe(0);
    expect(solve.stderr).toMatch(/^shard 1\/2 done\nshard 2\/2 done\n/);
    const solved = JSON.parse(solve.stdout);
    expect(solved.metadata).toMatchObject({ type: 'SOLVE', paths: 40, seed: 4, shards: 2 });
    expect(solved.request).toEqual({ type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 0.9 } });
    expect(solved.solve.target.probability).toBe(0.9);

    const memberId = JSON.parse(readFileSync(join(root, 'examples/couple-near-retirement.json'), 'utf8')).members[0].id as string;
    const kinds: Array<[string[], string]> = [
      [['--solve', `retirement:${memberId}`, '--min', '60', '--max', '70'], 'solve'],
      [['--diagnose'], 'diagnose'],
      [['--sensitivity'], 'sensitivity'],
      [['--stress'], 'stress'],
    ];
    for (const [args, section] of kinds) {
      const r = await cli('analyse.ts', ['examples/couple-near-retirement.json', ...args, '--paths', '20', '--seed', '1']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)[section], args.join(' ')).toBeDefined();
    }
  });

  it('refuses a bad analysis on stderr, naming the option or field', async () => {
    const file = 'examples/couple-near-retirement.json';
    const cases = [
      { args: [file, '--solve', 'wages'], expect: /--solve: the lever must be/ },
      { args: [file, '--solve', 'retirement'], expect: /name the member/ },
      { args: [file, '--solve', 'retirement:ghost'], expect: /lever\.memberId/ },
      { args: [file, '--solve', 'spending', '--target', '1'], expect: /target\.probability/ },
      { args: [file, '--solve', 'spending', '--min', '50000', '--max', '10000'], expect: /lever\.max/ },
      { args: [file, '--diagnose', 'ghost-goal'], expect: /target\.goalId/ },
      { args: [file, '--sensitivity', '--stress'], expect: /exactly one/ },
      { args: [file], expect: /exactly one/ },
      { args: [file, '--stress', '--paths', 'many'], expect: /--paths/ },
    ];
    for (const c of cases) {
      const r = await cli('analyse.ts', c.args);
      expect(r.code, c.args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(c.expect);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
    const help = await cli('analyse.ts', ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--solve <lever>/);
  });

  it.each([
    ['simulate.ts', /usage: npm run -s simulate/],
    ['compare.ts', /usage: npm run -s compare/],
    ['analyse.ts', /usage: npm run -s analyse/],
    ['admin.ts', /create-realm/],
    ['calibrate.ts', /usage: npm run calibrate/],
  ])('%s --help prints its usage and exits 0 without doing anything', async (script, usage) => {
    const { code, stdout } = await cli(script, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(usage);
  });

  it('--format table prints a readable summary: success, depletion, goals and net worth percentiles by age', async () => {
    const { code, stdout } = await cli('simulate.ts', [
      'examples/couple-near-retirement.json',
      '--paths',
      '200',
      '--seed',
      '7',
      '--format',
      'table',
    ]);
    expect(code).toBe(0);
    const json = JSON.parse((await cli('simulate.ts', ['examples/couple-near-retirement.json', '--paths', '200', '--seed', '7'])).stdout);
    expect(stdout).toContain(`Success ${(100 * json.summary.probabilityOfSuccess).toFixed(1)}%`);
    expect(stdout).toContain(`depletion ${(100 * json.summary.probabilityOfDepletion).toFixed(1)}%`);
    for (const goal of json.summary.goals)
      expect(stdout).toMatch(new RegExp(`${goal.goalId}\\s+${(100 * goal.achievability).toFixed(1)}%`));
    const at70 = json.timeSeries.find((t: { ages: Record<string, number> }) => t.ages.chris === 70);
    expect(stdout).toMatch(new RegExp(`^70\\s.*${Math.round(at70.netWorth.real.p50).toLocaleString('en-US')}`, 'm'));
    const compared = await cli('compare.ts', [
      'examples/couple-near-retirement.json',
      'examples/couple-near-retirement.json',
      '--paths',
      '100',
      '--seed',
      '7',
      '--format',
      'table',
    ]);
    expect(compared.code).toBe(0);
    expect(compared.stdout).toMatch(/probabilityOfSuccess\s+\S+%\s+\S+%\s+0\.0%/);
    const bad = await cli('simulate.ts', ['examples/couple-near-retirement.json', '--format', 'xml']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--format: must be json or table/);
  });
});
