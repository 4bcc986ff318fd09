/**
 * The single table's shape as data. The local runtime creates the table from this, and the CDK
 * app declares the same table from it, so the two cannot drift.
 *
 * Every key value starts with the realm (`R#<realmId>#...`): no query can cross realms.
 * The key design per entity is in docs/DATA.md.
 */
export interface KeyAttribute {
  name: string;
  type: 'S';
}

export interface GlobalIndex {
  indexName: string;
  partitionKey: KeyAttribute;
  sortKey: KeyAttribute;
  /** Every index projects all attributes: lists read whole items from it. */
  projection: 'ALL';
}

export interface TableDefinition {
  partitionKey: KeyAttribute;
  sortKey: KeyAttribute;
  globalIndexes: GlobalIndex[];
  /** Epoch seconds; DynamoDB removes expired items (dynalite does not: readers also check it). */
  timeToLiveAttribute: string;
  billingMode: 'PAY_PER_REQUEST';
}

export const table: TableDefinition = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalIndexes: [
    {
      indexName: 'gsi1',
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
      projection: 'ALL',
    },
    {
      indexName: 'gsi2',
      partitionKey: { name: 'gsi2pk', type: 'S' },
      sortKey: { name: 'gsi2sk', type: 'S' },
      projection: 'ALL',
    },
  ],
  timeToLiveAttribute: 'expiresAt',
  billingMode: 'PAY_PER_REQUEST',
};

/**
 * The start every key value shares: `R#<realmId>#` then the entity's own part. It is the one key
 * primitive every entity uses, so it lives with the table rather than with any one entity.
 */
export const realmKey = (realmId: string, rest: string) => `R#${realmId}#${rest}`;

/** Epoch seconds, as the time-to-live attribute holds them. */
export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Default table name when TABLE_NAME is not set (local runtime and tests). */
export const defaultTableName = 'household-scenarios';

export function tableName(): string {
  return process.env.TABLE_NAME ?? defaultTableName;
}
