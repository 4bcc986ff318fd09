import type { Breakdown } from '../types.js';
import type { UsRules } from './us-rules.js';

/**
 * A person's employee FICA (IRC s.3101): Social Security on wages up to the wage base, Medicare on
 * all wages, and their share of the additional Medicare tax on the return's wages above its
 * threshold (combined wages on a joint return), in proportion to their wages. Pre-tax elective
 * deferrals are wages for FICA.
 */
export function ficaOf(wages: number, returnWages: number, r: UsRules, b: Breakdown | null = null, who = ''): number {
  if (wages <= 0) return 0;
  const base = wages < r.wageBase ? wages : r.wageBase;
  const ss = base * r.socialSecurityRate;
  const medicare = wages * r.medicareRate;
  const over = returnWages - r.additionalMedicareThreshold;
  const extra = over > 0 ? (over * r.additionalMedicareRate * wages) / returnWages : 0;
  if (b !== null) {
    b.lines.push({ step: `${who}Social Security tax (wages up to the wage base)`, amount: base, rate: r.socialSecurityRate, tax: ss });
    b.lines.push({ step: `${who}Medicare tax`, amount: wages, rate: r.medicareRate, tax: medicare });
    if (extra > 0) b.lines.push({ step: `${who}additional Medicare tax (share of the return's)`, amount: wages, tax: extra });
  }
  return ss + medicare + extra;
}
