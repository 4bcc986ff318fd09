/**
 * A progress bar on stderr for the commands that simulate: drawn only when stderr is a terminal
 * (a pipe or a file gets nothing), and only once the work has run for a second, so a short run
 * stays silent. stdout, which carries the document, is never touched.
 */
const WIDTH = 30;

/** Milliseconds before the bar first shows (PROGRESS_DELAY_MS overrides it, e.g. 0 in tests). */
const delayMs = () => Number(process.env.PROGRESS_DELAY_MS ?? 1_000);

export interface ProgressBar {
  /** `done` of `total` units finished. */
  update(done: number, total: number): void;
  /** Ends the bar's line, if one was drawn. */
  finish(): void;
}

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  const started = performance.now();
  const delay = delayMs();
  let drawn = false;
  return {
    update(done, total) {
      if (stream.isTTY !== true || performance.now() - started < delay) return;
      const filled = Math.round((WIDTH * done) / total);
      const bar = `${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}`;
      stream.write(`\r${label} [${bar}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} paths`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\n');
    },
  };
}
