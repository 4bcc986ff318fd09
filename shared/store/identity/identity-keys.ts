/** Key builders for the identity entities; every key starts with the realm (docs/DATA.md). */
const realmPrefix = (realmId: string) => `R#${realmId}#`;

export const identityKeys = {
  realm: (realmId: string) => ({ pk: `${realmPrefix(realmId)}META`, sk: 'REALM' }),
  client: (realmId: string, clientId: string) => ({ pk: `${realmPrefix(realmId)}CLIENT#${clientId}`, sk: 'CLIENT' }),
  user: (realmId: string, userId: string) => ({ pk: `${realmPrefix(realmId)}USER#${userId}`, sk: 'USER' }),
  usersByCreation: (realmId: string) => `${realmPrefix(realmId)}USERS`,
  username: (realmId: string, username: string) => ({
    pk: `${realmPrefix(realmId)}USERNAME#${username.toLowerCase()}`,
    sk: 'USERNAME',
  }),
  refreshFamily: (realmId: string, familyId: string) => ({ pk: `${realmPrefix(realmId)}RTF#${familyId}`, sk: 'RTF' }),
  authorizationCode: (realmId: string, codeDigest: string) => ({ pk: `${realmPrefix(realmId)}CODE#${codeDigest}`, sk: 'CODE' }),
  /** Failed logins of a username, from one source or (without `source`) from all; both parts encoded, so neither can spell the other. */
  loginFailures: (realmId: string, username: string, source?: string) => ({
    pk: `${realmPrefix(realmId)}LOGINFAIL#${encodeURIComponent(username.toLowerCase())}${source === undefined ? '' : `#${encodeURIComponent(source)}`}`,
    sk: 'LOGINFAIL',
  }),
  /** Hashes spent by a source address (`A`) or a client (`C`) in the current window. */
  hashBudget: (realmId: string, scope: 'A' | 'C', who: string) => ({
    pk: `${realmPrefix(realmId)}HASHBUDGET#${scope}#${encodeURIComponent(who)}`,
    sk: 'HASHBUDGET',
  }),
  revokedAccessToken: (realmId: string, jti: string) => ({ pk: `${realmPrefix(realmId)}REVOKED#${jti}`, sk: 'REVOKED' }),
};

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
