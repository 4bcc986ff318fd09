/** Times consecutive steps: each call adds the milliseconds since the previous one (or the start) to its name's. */
export function stepTimer<K extends string>(timings: Partial<Record<K, number>>): (step: K) => void {
  let mark = performance.now();
  return (step) => {
    const now = performance.now();
    timings[step] = (timings[step] ?? 0) + Math.round(now - mark);
    mark = now;
  };
}
