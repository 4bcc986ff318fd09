/**
 * Lines stay within 140 characters in every file written by hand. Biome's formatter keeps code to
 * that width, but it wraps neither comments, nor strings, nor the prose of a document: this test
 * checks them all, over the files git tracks.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

const MAX_WIDTH = 140;

/** The kinds of files people write: code, styles, pages, configuration, documents. */
const CHECKED = /\.(ts|tsx|js|mjs|cjs|css|html|json|jsonc|md|sh|ya?ml)$/;

/** Files a tool writes; each is regenerated rather than edited, and its lines are the tool's. */
const WRITTEN_BY_TOOLS: [RegExp, string][] = [
  [/^client\/api-types\.ts$/, 'generated from the OpenAPI document by npm run api-types (a test checks it is)'],
  [/\.packed\.ts$/, 'compressed life tables written by scripts/build-life-data.ts'],
  [/(^|\/)package-lock\.json$/, 'written by npm'],
  [/^examples\/api\/.*\.json$/, 'example responses written by npm run api-examples'],
  [/^shared\/engine\/.*\.json$/, 'data: calibrated by npm run calibrate, or tables from data/ (data/SOURCES.md)'],
];

/**
 * Lines that cannot be wrapped: a Markdown table row (a row is one line), and a JSON line that
 * holds one string (JSON has no way to continue a string on the next line).
 */
const unwrappable = (file: string, line: string) =>
  (file.endsWith('.md') && /^\s*\|.*\|\s*$/.test(line)) ||
  (/\.jsonc?$/.test(file) && /^\s*("[^"\\]*(\\.[^"\\]*)*":\s*)?"[^"\\]*(\\.[^"\\]*)*",?$/.test(line));

function overWidth(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => [...line].length > MAX_WIDTH && !unwrappable(file, line))
    .map(({ line, number }) => `${file}:${number} (${[...line].length} characters)`);
}

describe('line width', () => {
  it(`keeps every hand-written line within ${MAX_WIDTH} characters, comments, strings and documents included`, () => {
    const tracked = [...new Set(execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0'))].filter(Boolean);
    const checked = tracked.filter((file) => CHECKED.test(file) && !WRITTEN_BY_TOOLS.some(([pattern]) => pattern.test(file)));
    expect(checked.length).toBeGreaterThan(300);
    expect(checked.flatMap((file) => overWidth(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('counts characters, not bytes, and lets only table rows and single JSON strings run long', () => {
    const long = 'x'.repeat(MAX_WIDTH + 1);
    expect(overWidth('a.ts', `ok\n// ${long}`)).toEqual(['a.ts:2 (144 characters)']);
    expect(overWidth('a.ts', 'é'.repeat(MAX_WIDTH))).toEqual([]);
    expect(overWidth('a.md', `| ${long} |`)).toEqual([]);
    expect(overWidth('a.md', `text ${long}`)).toHaveLength(1);
    expect(overWidth('a.json', `  "description": "${long}",`)).toEqual([]);
    expect(overWidth('a.json', `  { "a": "${long}", "b": 1 },`)).toHaveLength(1);
  });
});
