/**
 * The controls every run form shares: the paths field, and the progress of a run in flight
 * (status and share of shards done, announced to screen readers by the caller's live region).
 */

/** The API's limit on paths a run (a simulation, a comparison or an analysis). */
const MAX_PATHS = 100_000;

export function PathsInput({ id, value, onChange }: { id: string; value: number; onChange: (paths: number) => void }) {
  return (
    <>
      <label for={id}>Lives to simulate</label>
      <input
        id={id}
        type="number"
        min={1}
        max={MAX_PATHS}
        step={1}
        value={value}
        onInput={(e) => onChange(Number((e.currentTarget as HTMLInputElement).value))}
      />
    </>
  );
}

export function RunProgress({ run, label }: { run: { status: string; progress: number }; label: string }) {
  return (
    <>
      <progress max={1} value={run.progress} aria-label={label} /> {run.status.toLowerCase()} {Math.round(run.progress * 100)}%
    </>
  );
}
