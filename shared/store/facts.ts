/**
 * What the store reports about the data: facts, not API outcomes. The domain decides what each
 * means to a caller (shared/domain/store-facts.ts).
 */
export class StoreFact extends Error {
  override readonly name: string = 'StoreFact';
}

/** A conditional write found the item changed, or gone: another writer got there first. */
export class ConditionFailed extends StoreFact {
  override readonly name = 'ConditionFailed';
  constructor() {
    super('the write condition failed');
  }
}

/** A bounded collection is full. */
export class LimitReached extends StoreFact {
  override readonly name = 'LimitReached';
  constructor(
    readonly collection: 'households of a realm' | 'scenarios of a household',
    readonly limit: number,
  ) {
    super(`at most ${limit} ${collection}`);
  }
}

/** The household an item belongs under is missing or being deleted. */
export class HouseholdMissing extends StoreFact {
  override readonly name = 'HouseholdMissing';
  constructor(readonly householdId: string) {
    super(`household ${householdId} is missing`);
  }
}

/** A value that must be unique in its realm (a username) is held by another item. */
export class UniqueValueTaken extends StoreFact {
  override readonly name = 'UniqueValueTaken';
  constructor(readonly field: 'username') {
    super(`the ${field} is taken`);
  }
}

/** A document too large for one item, even compressed. */
export class DocumentTooLarge extends StoreFact {
  override readonly name = 'DocumentTooLarge';
  constructor(
    readonly what: string,
    readonly compressedBytes: number,
    readonly limit: number,
  ) {
    super(`the ${what} is ${compressedBytes} bytes compressed, over ${limit}`);
  }
}
