import type { Breakdown } from '../types.js';
import type { UsRules } from './us-rules.js';

/**
 * Employee FICA of each person on a return (IRC s.3101): Social Security on wages up to the wage
 * base, Medicare on all wages, and the additional Medicare tax on the return's wages above its
 * threshold (combined wages on a joint return), shared in proportion to each person's wages.
 * Pre-tax elective deferrals are wages for FICA.
 */
export function fica(wages: readonly number[], r: UsRules, b: Breakdown | null = null): number[] {
  let total = 0;
  for (const w of wages) total += w;
  const additional = total > r.additionalMedicareThreshold ? (total - r.additionalMedicareThreshold) * r.additionalMedicareRate : 0;
  return wages.map((w, i) => {
    const ss = (w < r.wageBase ? w : r.wageBase) * r.socialSecurityRate;
    const medicare = w * r.medicareRate;
    const extra = total > 0 ? (additional * w) / total : 0;
    if (b !== null && w > 0) {
      b.lines.push({
        step: `person ${i + 1}: Social Security tax (wages up to the wage base)`,
        amount: w < r.wageBase ? w : r.wageBase,
        rate: r.socialSecurityRate,
        tax: ss,
      });
      b.lines.push({ step: `person ${i + 1}: Medicare tax`, amount: w, rate: r.medicareRate, tax: medicare });
      if (extra > 0) b.lines.push({ step: `person ${i + 1}: additional Medicare tax (share of the return's)`, amount: w, tax: extra });
    }
    return ss + medicare + extra;
  });
}
