import type { UsRules } from './us-rules.js';

/**
 * The standard deduction of a return (IRC s.63(c), (f)) plus the senior deduction of 2025 to 2028
 * (IRC s.151(d)(5)(C)): the basic amount, the additional amount for each person aged 65 or more,
 * and for each such person the senior amount less 6% of modified AGI above the threshold (never
 * below 0). Modified AGI is AGI here (no foreign income is modelled).
 */
export function deductions(agi: number, peopleAged65: number, r: UsRules): { standard: number; senior: number } {
  const standard = r.standardDeduction + peopleAged65 * r.additionalDeductionAged;
  const excess = agi > r.seniorPhaseOut ? agi - r.seniorPhaseOut : 0;
  const each = r.seniorDeduction - excess * r.seniorPhaseOutRate;
  return { standard, senior: each > 0 ? peopleAged65 * each : 0 };
}
