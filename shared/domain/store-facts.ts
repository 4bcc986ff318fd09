/**
 * What the store's facts mean to a caller: the one place they become API outcomes. The HTTP
 * error mapper and the CLI pass every error through `domainErrorOf`.
 */
import { ConditionFailed, DocumentTooLarge, HouseholdMissing, LimitReached, UniqueValueTaken } from '../store/facts.js';
import { ConflictError, NotFoundError, PayloadTooLargeError } from './errors.js';
import { lostRace } from './versioning.js';

export function domainErrorOf(error: unknown): unknown {
  if (error instanceof ConditionFailed) return lostRace();
  if (error instanceof LimitReached) {
    return new ConflictError(
      error.collection === 'households of a realm'
        ? `A realm holds at most ${error.limit} households`
        : `A household holds at most ${error.limit} scenarios`,
    );
  }
  if (error instanceof HouseholdMissing) return new NotFoundError(`Household ${error.householdId} not found`);
  if (error instanceof UniqueValueTaken) {
    return new ConflictError('A user with this username already exists', [{ field: 'username', message: 'is already taken' }]);
  }
  if (error instanceof DocumentTooLarge) {
    return new PayloadTooLargeError(
      `The ${error.what} is too large to store (${error.compressedBytes} bytes compressed, at most ${error.limit})`,
    );
  }
  return error;
}
