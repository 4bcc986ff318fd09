/**
 * Checks the member fields the life model reads, so that a bad member is a named error rather
 * than a NaN deep in a path.
 */
import { HEALTH_STATUSES, OCCUPATION_CLASSES, type LifeAssumptionError } from './assumptions.js';
import type { LifeMemberSpec } from './member-rates.js';

export function validateLifeMembers(members: readonly LifeMemberSpec[], fieldPrefix = 'members'): LifeAssumptionError[] {
  const errors: LifeAssumptionError[] = [];
  const ids = new Set<string>();
  members.forEach((m, i) => {
    const at = (field: string) => `${fieldPrefix}[${i}].${field}`;
    if (typeof m.id !== 'string' || m.id === '') errors.push({ field: at('id'), message: 'must be a non-empty string' });
    else if (ids.has(m.id)) errors.push({ field: at('id'), message: `duplicates another member's id "${m.id}"` });
    else ids.add(m.id);
    if (!Number.isInteger(m.birthYear) || m.birthYear < 1800 || m.birthYear > 2300) {
      errors.push({ field: at('birthYear'), message: 'must be a whole year between 1800 and 2300' });
    }
    if (m.sex !== 'FEMALE' && m.sex !== 'MALE') errors.push({ field: at('sex'), message: 'must be FEMALE or MALE' });
    if (!HEALTH_STATUSES.includes(m.health)) errors.push({ field: at('health'), message: `must be one of ${HEALTH_STATUSES.join(', ')}` });
    if (typeof m.smoker !== 'boolean') errors.push({ field: at('smoker'), message: 'must be true or false' });
    if (typeof m.employed !== 'boolean') errors.push({ field: at('employed'), message: 'must be true or false' });
    if (typeof m.retirementAge !== 'number' || !Number.isFinite(m.retirementAge) || m.retirementAge < 0 || m.retirementAge > 120) {
      errors.push({ field: at('retirementAge'), message: 'must be a number between 0 and 120' });
    }
    if (m.occupationClass !== undefined && !(OCCUPATION_CLASSES as readonly number[]).includes(m.occupationClass)) {
      errors.push({ field: at('occupationClass'), message: `must be one of ${OCCUPATION_CLASSES.join(', ')}` });
    }
  });
  return errors;
}
