/**
 * The personal allowance after its taper (ITA 2007 s.35): it falls by `taperRate` for every unit
 * of adjusted net income above `threshold`, to no less than 0.
 */
export function personalAllowance(adjustedNetIncome: number, allowance: number, threshold: number, taperRate: number): number {
  const excess = adjustedNetIncome - threshold;
  if (excess <= 0) return allowance;
  const reduced = allowance - excess * taperRate;
  return reduced > 0 ? reduced : 0;
}
