import type { AnalysisIssue } from './issues.js';
import type { ResolvedLever } from './resolved-lever.js';

/**
 * An age lever (whole years, a later age helping), or what is wrong with its bounds (fields
 * relative to `field`): each must be a whole age from `from` to `to` (else `message`), and max
 * above min.
 */
export function ageLever(
  field: string,
  bounds: { from: number; to: number; message: string },
  lever: Pick<ResolvedLever, 'type' | 'itemId' | 'current' | 'min' | 'max' | 'apply' | 'describe'>,
): ResolvedLever | AnalysisIssue[] {
  const issues: AnalysisIssue[] = [];
  for (const name of ['min', 'max'] as const) {
    const v = lever[name];
    if (!Number.isInteger(v) || v < bounds.from || v > bounds.to) issues.push({ field: `${field}.${name}`, message: bounds.message });
  }
  if (!(lever.max > lever.min)) issues.push({ field: `${field}.max`, message: 'must be greater than min' });
  if (issues.length) return issues;
  return { ...lever, unit: 'YEARS', step: 1, better: 'HIGHER' };
}
