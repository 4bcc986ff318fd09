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
  loginFailures: (realmId: string, username: string) => ({
    pk: `${realmPrefix(realmId)}LOGINFAIL#${username.toLowerCase()}`,
    sk: 'LOGINFAIL',
  }),
  revokedAccessToken: (realmId: string, jti: string) => ({ pk: `${realmPrefix(realmId)}REVOKED#${jti}`, sk: 'REVOKED' }),
};

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
