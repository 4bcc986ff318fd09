/**
 * The time a queue's delays (and the work scheduled through them) run by. The system clock is the
 * default; a test hands the in-process queue and the webhook deliveries one clock it moves forward
 * itself, so a schedule spanning a day is checked in milliseconds.
 */
export interface Clock {
  now(): Date;
  /** Calls `fire` once `ms` have passed on this clock; the returned function cancels it. */
  after(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  after(ms, fire) {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
