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
  /**
   * Failed logins for one username from one source within `windowSeconds` that lock the username
   * for that source: a source is the browser's address on the login page, the client on the
   * password grant.
   */
  maxFailures: 5,
  /** Failed logins for one username from all sources within `windowSeconds` that lock it everywhere. */
  maxFailuresPerUsername: 30,
  windowSeconds: 900,
  /** How long a lock refuses every login, right or wrong. */
  lockSeconds: 900,
} as const;

/**
 * How many slow hashes (passwords and client secrets, about 0.3 s and 32 MiB each) a source
 * address, and a client, may cause per window; the excess is refused with 429 before hashing.
 * The defaults; a deployment sets its own with HASH_BUDGET_PER_ADDRESS and HASH_BUDGET_PER_CLIENT
 * (e.g. a back end that signs many users in by the password grant from one address).
 */
export const hashBudget = {
  windowSeconds: 10,
  perAddress: 20,
  perClient: 200,
} as const;

export type LoginThrottlePolicy = { [K in keyof typeof loginThrottle]: number };
export type HashBudgetPolicy = { [K in keyof typeof hashBudget]: number };

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && /^[0-9]+$/.test(value) && n > 0 ? n : fallback;
}

/** The hashing budget with the environment's overrides. */
export function hashBudgetFromEnvironment(env: NodeJS.ProcessEnv = process.env): HashBudgetPolicy {
  return {
    windowSeconds: hashBudget.windowSeconds,
    perAddress: positiveInteger(env.HASH_BUDGET_PER_ADDRESS, hashBudget.perAddress),
    perClient: positiveInteger(env.HASH_BUDGET_PER_CLIENT, hashBudget.perClient),
  };
}

/** How long a retired signing key stays in the JWKS: every token it signed has expired by then. */
export const retiredKeyRetentionSeconds = Math.max(lifetimes.accessToken, lifetimes.idToken) + lifetimes.clockSkew;
