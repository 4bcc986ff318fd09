/** A member's state during a year (after the year's transitions; a death in year t shows from t + 1). */
export const MemberState = { HEALTHY: 0, DISABLED: 1, LTC: 2, DEAD: 3 } as const;
export type MemberStateCode = (typeof MemberState)[keyof typeof MemberState];
export const MEMBER_STATE_NAMES = ['HEALTHY', 'DISABLED', 'LTC', 'DEAD'] as const;

/** Where a member in long-term care receives it; the setting decides the cost. */
export const CareSetting = { NONE: 0, HOME: 1, NURSING_HOME: 2 } as const;

/** One member's simulated life on one path, year by year over the horizon. */
export interface MemberLifePath {
  readonly years: number;
  /** state[t]: the member's state during year t. DEAD from the year after the death year on. */
  readonly state: Uint8Array;
  /** unemployed[t] = 1 when the member is out of work (involuntarily) during year t. */
  readonly unemployed: Uint8Array;
  /** careSetting[t] while in long-term care (a CareSetting code); NONE otherwise. */
  readonly careSetting: Uint8Array;
  /** The year in which the member dies (alive through it), or -1 if alive at the horizon. */
  deathYear: number;
}

export function allocateMemberLifePath(years: number): MemberLifePath {
  return {
    years,
    state: new Uint8Array(years),
    unemployed: new Uint8Array(years),
    careSetting: new Uint8Array(years),
    deathYear: -1,
  };
}
