import table from '../data/uniform-lifetime-table.json' with { type: 'json' };

/** The Uniform Lifetime Table's distribution period at `age` (26 CFR 1.401(a)(9)-9(c)); 120 and over share the last. */
export function distributionPeriod(age: number): number {
  const k = Math.min(age, 120) - table.firstAge;
  if (k < 0) throw new RangeError(`age: the Uniform Lifetime Table starts at ${table.firstAge}`);
  return table.periods[k]!;
}

/**
 * The age of the first required minimum distribution (IRC s.401(a)(9)(C)(v) as amended by
 * SECURE 2.0 s.107): 73 for those born 1951 to 1959, 75 for those born 1960 or later (72 before).
 */
export function rmdStartAge(birthYear: number): number {
  return birthYear >= 1960 ? 75 : birthYear >= 1951 ? 73 : 72;
}

/** The year's required minimum distribution: the prior 31 December balance over the distribution period at the age reached this year. */
export function requiredMinimumDistribution(priorYearEndBalance: number, age: number, birthYear: number): number {
  if (age < rmdStartAge(birthYear) || priorYearEndBalance <= 0) return 0;
  return priorYearEndBalance / distributionPeriod(age);
}
