/**
 * The shard workers' log lines, read as an operator reads them in the cloud's logs: each worker
 * logs one JSON line per shard (`"message":"shard"`, at LOG_LEVEL=info) with its run, outcome and
 * the milliseconds of each step. Worker threads write to the process's stdout, so the bench
 * captures those lines there and drops every other info line (one per HTTP request).
 */

export interface ShardLine {
  runId: string;
  shard: number;
  outcome: string;
  /** When the line was written (epoch ms): the end of the shard's processing. */
  time: number;
  loadMs?: number;
  engineMs?: number;
  waitMs?: number;
  storeMs?: number;
  joinMs?: number;
  readMs?: number;
  mergeMs?: number;
  outputMs?: number;
  completeMs?: number;
  cleanupMs?: number;
}

export interface ShardLog {
  /**
   * The lines of one run, in the order they were written, once the line of the shard that completed
   * it has arrived (a worker logs after its last step, and its output reaches the process later).
   */
  ofRun(runId: string): Promise<ShardLine[]>;
  stop(): void;
}

/** Starts capturing; call before the workers start, with LOG_LEVEL=info in the environment they inherit. */
export function captureShardLog(): ShardLog {
  const lines: ShardLine[] = [];
  const write = process.stdout.write.bind(process.stdout);
  let partial = '';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = partial + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    const kept: string[] = [];
    for (const part of parts) {
      if (!part.startsWith('{"level":')) {
        kept.push(part);
        continue;
      }
      const entry = JSON.parse(part) as Record<string, unknown>;
      if (entry.message === 'shard') lines.push({ ...(entry as unknown as ShardLine), time: Date.parse(entry.time as string) });
      else if (entry.level !== 'info' && entry.level !== 'debug') kept.push(part);
    }
    if (kept.length === 0) return true;
    return (write as (...args: unknown[]) => boolean)(`${kept.join('\n')}\n`, ...rest);
  }) as typeof process.stdout.write;
  return {
    async ofRun(runId) {
      const of = () => lines.filter((line) => line.runId === runId);
      for (let waited = 0; !of().some((line) => line.outcome === 'COMPLETED_RUN'); waited += 10) {
        if (waited > 5_000) throw new Error(`no shard line reports completing run ${runId} (is LOG_LEVEL=info reaching the workers?)`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return of();
    },
    stop: () => {
      process.stdout.write = write;
    },
  };
}
