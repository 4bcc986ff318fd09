/**
 * Other intervals for the comparison's depletion-age percentile differences, measured beside the
 * reported ones (difference ± t · SE, its ends rounded to whole years) by the coverage measure,
 * from the same paired table and the same resampling stream: the resamples' central 95%, widened
 * to hold the difference and not; and percentiles on a continuous scale (`MID`, paired-ages.ts)
 * with the difference ± 1.96 SE. None is reported by the API.
 */
import type { ComparisonDocument } from '../shared/engine/compare/comparison-document.js';
import type { ComparisonShardResult } from '../shared/engine/compare/comparison-shard.js';
import { ageFigures, bootstrapPairedDifferences, replicateStandardDeviation } from '../shared/engine/compare/paired-ages.js';
import { PERCENTILE_LEVELS } from '../shared/engine/output/percentiles.js';
import type { Figures } from './interval-coverage-types.js';

const LEVELS = PERCENTILE_LEVELS.map((p) => p / 100);
const STREAM = 'compare:bootstrap:depletionAge';

/** One side's MID percentiles of depletion age from the paired table (-1: no depletion, left out). */
function midPercentiles(merged: ComparisonShardResult, side: 0 | 1): (number | null)[] {
  const counts = new Map<number, number>();
  for (const c of merged.depletionAges) if (c[side] >= 0) counts.set(c[side], (counts.get(c[side]) ?? 0) + c[2]);
  const ages = [...counts.keys()].sort((x, y) => x - y);
  return ageFigures(
    ages,
    ages.map((a) => counts.get(a)!),
    LEVELS,
    0,
    'MID',
  ).quantiles;
}

export function wholeYearAlternatives(doc: ComparisonDocument, merged: ComparisonShardResult, seed: number, out: Figures): void {
  const replicates = bootstrapPairedDifferences(merged.depletionAges, LEVELS, seed, STREAM);
  const mid = bootstrapPairedDifferences(merged.depletionAges, LEVELS, seed, STREAM, { counts: (a, b) => a >= 0 || b >= 0, how: 'MID' });
  const qa = midPercentiles(merged, 0);
  const qb = midPercentiles(merged, 1);
  PERCENTILE_LEVELS.forEach((p, i) => {
    const name = `compare.depletionAge.p${p}`;
    const f = doc.summary.find((x) => x.figure === `depletionAge.p${p}`);
    const xs = replicates.quantiles[i];
    if (f && f.difference !== null && f.standardError !== null && xs !== null) {
      const sorted = [...xs].sort((x, y) => x - y);
      const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
      const d = f.difference;
      const other = (how: string, interval95: [number, number]) =>
        out.set(`${name} (${how})`, { value: d, standardError: f.standardError, interval95, method: 'PAIRED_BOOTSTRAP' });
      other('central 95%, widened to hold d', [Math.min(d, at(0.025)), Math.max(d, at(0.975))]);
      other('central 95%, not widened', [at(0.025), at(0.975)]);
    }
    const se = replicateStandardDeviation(mid.quantiles[i]);
    const a = qa[i];
    const b = qb[i];
    if (a === null || b === null || se === null) return;
    const d = b - a;
    out.set(`${name} (MID, d ± 1.96 SE)`, {
      value: d,
      standardError: se,
      interval95: [d - 1.96 * se, d + 1.96 * se],
      method: 'PAIRED_BOOTSTRAP',
    });
  });
}
