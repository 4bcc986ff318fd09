/** Times consecutive steps: each call records the milliseconds since the previous one (or the start) under its name. */
export function stepTimer<K extends string>(timings: Partial<Record<K, number>>): (step: K) => void {
  let mark = performance.now();
  return (step) => {
    const now = performance.now();
    timings[step] = Math.round(now - mark);
    mark = now;
  };
}
