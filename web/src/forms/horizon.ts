/**
 * The plan's horizon (`simulation.horizon`) is one of two shapes: `{ untilAge }`, the youngest
 * adult's age at its end, or `{ years }`. The form picks the shape first; switching converts the
 * horizon to the other shape over the same span (as the engine counts it), so the plan's length
 * does not jump.
 */
import type { Doc } from './doc.ts';

export type HorizonKind = 'untilAge' | 'years';

export const horizonKind = (doc: Doc): HorizonKind => (typeof doc.simulation?.horizon?.years === 'number' ? 'years' : 'untilAge');

/** The youngest adult's age at the end of a plan that names no horizon (docs/MODEL.md). */
export const DEFAULT_UNTIL_AGE = 120;

/** The youngest adult's age in the first year (the youngest member's, in a plan of dependants only). */
function startAge(doc: Doc): number | undefined {
  const members = ((doc.members as Doc[] | undefined) ?? []).filter((m) => typeof m.birthYear === 'number');
  const adults = members.filter((m) => m.role !== 'DEPENDANT');
  const start = typeof doc.startYear === 'number' ? doc.startYear : new Date().getFullYear();
  const years = (adults.length ? adults : members).map((m) => m.birthYear as number);
  return years.length ? start - Math.max(...years) : undefined;
}

const within = (x: number, max: number) => Math.min(max, Math.max(1, x));

/** The document with its horizon in the shape `kind`, over the same span where the ages allow; none for the default. */
export function withHorizonKind(doc: Doc, kind: unknown): Doc {
  const { horizon, ...simulation } = (doc.simulation as Doc | undefined) ?? {};
  const age = startAge(doc);
  let next: Doc | undefined = horizon;
  if (kind === undefined) next = undefined;
  else if (kind === 'years' && horizonKind(doc) !== 'years') {
    const untilAge = typeof horizon?.untilAge === 'number' ? horizon.untilAge : DEFAULT_UNTIL_AGE;
    next = { years: within(age === undefined ? 50 : untilAge - age, 150) };
  } else if (kind !== 'years' && horizonKind(doc) === 'years') {
    next = age === undefined ? undefined : { untilAge: within(age + horizon.years, 130) };
  }
  return { ...doc, simulation: next ? { ...simulation, horizon: next } : simulation };
}
