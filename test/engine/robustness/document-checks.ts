/** Checks that hold for every document the engine writes, whatever the input. */

/** Paths of the document's numbers that are not finite (null is an empty distribution's percentile). */
export function nonFinite(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nonFinite(v, `${path}.${k}`));
}

const LEVELS = ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95'] as const;

/** Paths of percentile blocks ({ p5 … p95 }) whose percentiles are out of order. */
export function percentilesOutOfOrder(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const bad: string[] = [];
  if (LEVELS.every((k) => k in o)) {
    const xs = LEVELS.map((k) => o[k]).filter((x): x is number => typeof x === 'number');
    for (let i = 1; i < xs.length; i++) if (xs[i] < xs[i - 1]) bad.push(`${path}: ${LEVELS.map((k) => o[k]).join(' ')}`);
  }
  return [...bad, ...Object.entries(o).flatMap(([k, v]) => percentilesOutOfOrder(v, `${path}.${k}`))];
}
