import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canonical, RECORDED_CASES } from './cases.js';
import { NODE_MAJOR, recordingsFolder } from './recordings.js';

// Every document the engine builds is a pure function of (plan, request, seed, paths, shards): a
// change to how it computes (batching, loop order, recording) leaves each number's bits as recorded.
describe(`recorded outputs, to the bit (Node.js ${NODE_MAJOR})`, () => {
  const folder = recordingsFolder();
  for (const c of RECORDED_CASES) {
    it(c.name, () => {
      const recorded = gunzipSync(readFileSync(new URL(`./${c.name}.json.gz`, folder))).toString('utf8');
      const now = canonical(c.run());
      if (now !== recorded) {
        const a = now.split('\n');
        const b = recorded.split('\n');
        const at = a.findIndex((line, i) => line !== b[i]);
        expect(a.slice(Math.max(0, at - 3), at + 3).join('\n')).toBe(b.slice(Math.max(0, at - 3), at + 3).join('\n'));
      }
      expect(now === recorded).toBe(true);
    }, 120_000);
  }
});
