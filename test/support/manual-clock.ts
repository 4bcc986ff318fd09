/**
 * A clock a test moves itself: `advance` fires, in time order, what came due. Handed to the
 * webhook deliveries and their queue, it checks a schedule spanning a day in milliseconds.
 */
import type { Clock } from '../../shared/queue/index.js';

interface Timer {
  due: number;
  fire: () => void;
}

export class ManualClock implements Clock {
  private at: number;
  private readonly timers = new Set<Timer>();

  constructor(start = Date.now()) {
    this.at = start;
  }

  now(): Date {
    return new Date(this.at);
  }

  after(ms: number, fire: () => void): () => void {
    const timer = { due: this.at + ms, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** When the earliest timer is due (epoch ms), if any. */
  nextDue(): number | undefined {
    return Math.min(...[...this.timers].map((timer) => timer.due), Number.POSITIVE_INFINITY);
  }

  /** Moves the clock forward, firing every timer due by then in order. */
  advance(ms: number): void {
    const until = this.at + ms;
    for (;;) {
      const next = [...this.timers].sort((a, b) => a.due - b.due)[0];
      if (!next || next.due > until) break;
      this.timers.delete(next);
      this.at = Math.max(this.at, next.due);
      next.fire();
    }
    this.at = until;
  }

  /** Moves the clock to `epochMs` (not backwards). */
  advanceTo(epochMs: number): void {
    this.advance(Math.max(0, epochMs - this.at));
  }
}
