/** The fields of an account its access age depends on. */
type Account = { type: string; accessAge?: number; ownerId?: string };

/** Whole-year ages from which retirement accounts may be drawn when the scenario gives none (docs/TAX.md). */
const FLAT_ACCESS_AGE = 60;
/** US: the 10% additional tax stops at 59 1/2, taken as the year the owner turns 60. */
const US_ACCESS_AGE = 60;

/**
 * A retirement account's access age: the scenario's, or by default 60; a UK PENSION's default is the
 * normal minimum pension age the owner reaches it under, 55 for those who turn 55 before 6 April
 * 2028 and 57 for the rest (Finance Act 2022 s.10; births from 1973 are taken to reach 55 after it).
 */
export function accessAge(a: Account, doc: { members: readonly { id: string; birthYear: number }[] }): number {
  if (!['RETIREMENT', 'PENSION', 'TRADITIONAL', 'ROTH'].includes(a.type)) return 0;
  if (a.accessAge !== undefined) return a.accessAge;
  if (a.type === 'PENSION') {
    const owner = doc.members.find((m) => m.id === a.ownerId);
    return owner !== undefined && owner.birthYear + 55 < 2028 ? 55 : 57;
  }
  return a.type === 'TRADITIONAL' || a.type === 'ROTH' ? US_ACCESS_AGE : FLAT_ACCESS_AGE;
}
