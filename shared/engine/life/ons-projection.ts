/**
 * The ONS 2024-based projected period q(x) for the UK, as cohort improvement of a base table
 * (docs/LIFE.md): the projection ships for a few calendar years; log q(x) is linear in the year
 * between them. Ages outside the projection's take its nearest age; years outside its range are
 * held at its first or last year (no improvement before the first, none after the last).
 */
import projection from './data/ons-2024-projection.json' with { type: 'json' };

type SexKey = 'male' | 'female';

const { years, firstAge, lastAge } = projection;
export const ONS_PROJECTION_FIRST_YEAR = years[0];
export const ONS_PROJECTION_LAST_YEAR = years[years.length - 1];

/** ln q by sex, staged year and age (from the millionths the JSON holds). */
const logQ: Record<SexKey, Float64Array[]> = {
  male: projection.male.map((row) => Float64Array.from(row, (q) => Math.log(q * 1e-6))),
  female: projection.female.map((row) => Float64Array.from(row, (q) => Math.log(q * 1e-6))),
};

/** ln q(x) of the projection in a calendar year within its range, interpolated linearly between staged years. */
function logProjected(sex: SexKey, age: number, year: number): number {
  const a = Math.min(Math.max(age, firstAge), lastAge) - firstAge;
  const rows = logQ[sex];
  let i = 0;
  while (i < years.length - 2 && year > years[i + 1]) i++;
  const w = (year - years[i]) / (years[i + 1] - years[i]);
  return (1 - w) * rows[i][a] + w * rows[i + 1][a];
}

/**
 * The factor on a base table's q(x) for a member aged x in `year`, relative to the table's base
 * year: q_proj(x, year) / q_proj(x, baseYear), both years held within the projection's range, and
 * 1 in the base year and before it.
 */
export function onsImprovementRatio(sex: SexKey, age: number, year: number, baseYear: number): number {
  const hold = (y: number) => Math.min(Math.max(y, ONS_PROJECTION_FIRST_YEAR), ONS_PROJECTION_LAST_YEAR);
  const from = hold(baseYear);
  const to = hold(year);
  if (year <= baseYear || to <= from) return 1;
  return Math.exp(logProjected(sex, age, to) - logProjected(sex, age, from));
}
