/**
 * Records every case of cases.ts into recorded/node<major>/<name>.json.gz for the running Node.js major:
 * `npx tsx test/engine/recorded/record.ts`. Run only when the engine's numbers are meant to change
 * (then on every supported major: 20, 22 and 24), and say so in the commit.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { canonical, RECORDED_CASES } from './cases.js';
import { recordingsFolder } from './recordings.js';

const folder = recordingsFolder(true);

for (const c of RECORDED_CASES) {
  const started = performance.now();
  const text = canonical(c.run());
  writeFileSync(new URL(`./${c.name}.json.gz`, folder), gzipSync(text, { level: 9 }));
  console.log(`${c.name}: ${text.length} characters, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
