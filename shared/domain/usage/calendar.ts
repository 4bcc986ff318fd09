/** Days and months of the usage ledger, all in UTC. */

/** `yyyy-mm` of an instant. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The first instant of the month after `at`'s. */
export function startOfNextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** Whole seconds from `at` until the next month starts (at least 1): a quota's `Retry-After`. */
export function secondsUntilNextMonth(at: Date): number {
  return Math.max(1, Math.ceil((startOfNextMonth(at).getTime() - at.getTime()) / 1000));
}

/** The first and last day (`yyyy-mm-dd`) of a month (`yyyy-mm`). */
export function daysOfMonth(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Every day from `from` to `to` inclusive (`yyyy-mm-dd`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}
