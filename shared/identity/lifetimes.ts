/** Token lifetimes and login throttling, in seconds unless named otherwise. Documented in docs/IDENTITY.md. */
export const lifetimes = {
  /** Access and ID tokens: short, so that a token cannot outlive its user's access by much. */
  accessToken: 300,
  idToken: 300,
  /** A refresh token unused this long expires (idle life); each use rotates it and restarts the clock. */
  refreshTokenIdle: 1800,
  /** A refresh family (one login) ends this long after the login, however often it is refreshed. */
  refreshFamilyMax: 36_000,
  authorizationCode: 60,
  /** Clock skew allowed when checking `exp`; retired signing keys stay published this much longer. */
  clockSkew: 60,
} as const;

export const loginThrottle = {
  /** Failed logins for one username within `windowSeconds` that lock it. */
  maxFailures: 5,
  windowSeconds: 900,
  /** How long a locked username refuses every login, right or wrong. */
  lockSeconds: 900,
} as const;

/** How long a retired signing key stays in the JWKS: every token it signed has expired by then. */
export const retiredKeyRetentionSeconds =
  Math.max(lifetimes.accessToken, lifetimes.idToken) + lifetimes.clockSkew;
