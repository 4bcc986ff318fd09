/** One band's share of a progressive tax: the amount taxed in it, its rate and the tax. */
export interface BandLine {
  band: string;
  amount: number;
  rate: number;
  tax: number;
}

/**
 * Tax on `amount` of income stacked on top of `below` already in the bands: band k runs from
 * tops[k - 1] (0 for the first) to tops[k] and is taxed at rates[k]; the last rate applies above
 * the last top (rates has one more entry than tops). Lines for bands the amount reaches go to
 * `lines` when given, named by `names`.
 */
export function stackedBandTax(
  amount: number,
  below: number,
  tops: readonly number[],
  rates: readonly number[],
  lines: BandLine[] | null = null,
  names: readonly string[] = [],
): number {
  if (amount <= 0) return 0;
  let tax = 0;
  let lower = 0;
  const end = below + amount;
  for (let k = 0; k < rates.length; k++) {
    const upper = k < tops.length ? tops[k]! : Number.POSITIVE_INFINITY;
    const from = below > lower ? below : lower;
    const to = end < upper ? end : upper;
    if (to > from) {
      const part = to - from;
      const t = part * rates[k]!;
      tax += t;
      if (lines !== null) lines.push({ band: names[k] ?? `band ${k + 1}`, amount: part, rate: rates[k]!, tax: t });
    }
    if (end <= upper) break;
    lower = upper;
  }
  return tax;
}

/** The rate of the band that income stacked to `level` ends in (the rate on one more unit). */
export function rateAt(level: number, tops: readonly number[], rates: readonly number[]): number {
  for (let k = 0; k < tops.length; k++) if (level < tops[k]!) return rates[k]!;
  return rates[rates.length - 1]!;
}
