import { ForbiddenError } from './errors.js';
import { isRealmAdmin, type Principal } from './principal.js';

/**
 * Access to one household: a realm administrator works on every household of its realm, any other
 * caller on the households it owns. Realm isolation needs no check here: keys start with the
 * caller's realm, so another realm's household is never found (404).
 */
export function assertCanAccessHousehold(principal: Principal, household: { ownerId: string }): void {
  if (isRealmAdmin(principal)) return;
  if (household.ownerId !== principal.subject) {
    throw new ForbiddenError('This household belongs to another user');
  }
}
