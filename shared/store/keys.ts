/** Key builders: every key starts with the realm, so no query can cross realms (docs/DATA.md). */
const realmPrefix = (realmId: string) => `R#${realmId}#`;

export const householdPartition = (realmId: string, householdId: string) => `${realmPrefix(realmId)}H#${householdId}`;
export const householdSortKey = 'H';
export const realmHouseholdsIndexKey = (realmId: string) => `${realmPrefix(realmId)}HOUSEHOLDS`;
export const ownerHouseholdsIndexKey = (realmId: string, ownerId: string) => `${realmPrefix(realmId)}OWNER#${ownerId}`;
export const householdIndexSortKey = (householdId: string) => `H#${householdId}`;

export const scenarioSortKeyPrefix = 'SCENARIO#';
export const scenarioSortKey = (scenarioId: string) => `${scenarioSortKeyPrefix}${scenarioId}`;

export const realmMetaPartition = (realmId: string) => `${realmPrefix(realmId)}META`;
export const realmCountersSortKey = 'COUNTERS';
