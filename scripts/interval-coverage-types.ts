/** A figure the coverage measure checks (interval-coverage.ts), by its name. */
export interface Figure {
  value: number | null;
  standardError: number | null;
  interval95: [number | null, number | null] | null;
  method: string;
  /** The truth where it is not the truth run's figure of the same name. */
  truth?: () => number | null;
}

export type Figures = Map<string, Figure>;
