/**
 * The runs whose documents are recorded (record.ts) and compared to the bit (recorded-outputs.test.ts):
 * the three examples, the UK and US couples (their tax figures), the stylised retiree, a comparison, a
 * sharded run and one analysis of each type,
 * each on a fixed seed. Any change to the engine's numbers shows here; a change meant to move them
 * re-records (`npx tsx test/engine/recorded/record.ts`) and says so.
 */
import { compare, simulate } from '../../../shared/engine/index.js';
import { analyse } from '../../../shared/engine/analysis/index.js';
import { stylisedRetiree } from '../../../bench/stylised-retiree.js';
import { loadExample } from '../output/example-plans.js';

export interface RecordedCase {
  name: string;
  run: () => unknown;
}

const couple = () => loadExample('couple-near-retirement');
const care = () => loadExample('single-retiree-care');
const family = () => loadExample('young-family-mortgage');

export const RECORDED_CASES: RecordedCase[] = [
  { name: 'couple-near-retirement', run: () => simulate(couple(), { seed: 7, paths: 1500 }) },
  { name: 'single-retiree-care', run: () => simulate(care(), { seed: 7, paths: 1500 }) },
  { name: 'young-family-mortgage', run: () => simulate(family(), { seed: 7, paths: 1500 }) },
  { name: 'uk-couple-isa-pension', run: () => simulate(loadExample('uk-couple-isa-pension'), { seed: 7, paths: 200 }) },
  { name: 'us-couple-401k-roth', run: () => simulate(loadExample('us-couple-401k-roth'), { seed: 7, paths: 200 }) },
  // Past the economy sample's first 4,096 paths, so sampled and unsampled paths both run.
  { name: 'stylised-retiree', run: () => simulate(stylisedRetiree(), { seed: 2024, paths: 6000 }) },
  { name: 'young-family-sharded', run: () => simulate(family(), { seed: 11, paths: 1200, shards: 5 }) },
  {
    name: 'comparison',
    run: () =>
      compare(
        couple(),
        loadExample('couple-near-retirement', (d) => {
          d.strategy.spendingRule = { type: 'GUARDRAILS', badYearReturn: -0.1, cut: 0.1, floor: 0.8 };
        }),
        { seed: 7, paths: 1000, shards: 3 },
      ),
  },
  {
    name: 'analysis-solve',
    run: () =>
      analyse(couple(), { type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 0.9 } }, { seed: 7, paths: 400, shards: 2 }),
  },
  { name: 'analysis-diagnose', run: () => analyse(family(), { type: 'DIAGNOSE', target: { probability: 0.9 } }, { seed: 7, paths: 300 }) },
  { name: 'analysis-sensitivity', run: () => analyse(couple(), { type: 'SENSITIVITY' }, { seed: 7, paths: 300 }) },
  { name: 'analysis-stress', run: () => analyse(care(), { type: 'STRESS' }, { seed: 7, paths: 300, shards: 2 }) },
];

/**
 * A document as text for comparison: elapsedMs (wall time) removed wherever it appears, -0 kept
 * apart from 0 and non-finite numbers named (JSON would write both as something else), every other
 * number in its shortest round-trip form, so equal text means equal bits.
 */
export function canonical(doc: unknown): string {
  return JSON.stringify(
    doc,
    (key, value) => {
      if (key === 'elapsedMs') return undefined;
      if (typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value)))
        return `number:${Object.is(value, -0) ? '-0' : String(value)}`;
      return value;
    },
    1,
  );
}
