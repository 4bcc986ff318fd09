/**
 * One structured JSON line per event, at or above LOG_LEVEL (debug, info, warn, error, silent).
 * Each line carries the fields of the work in hand (an HTTP request's id; a queue record's
 * message id, run and shard), set once by `withLogContext` around that work and kept by
 * AsyncLocalStorage across its awaits, so no call site passes them along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;
export type LogFields = Record<string, unknown>;

const context = new AsyncLocalStorage<LogFields>();

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as keyof typeof levels;
  return levels[configured] ?? levels.info;
}

/** Runs `work` with `fields` added to every line it logs (nested contexts add to the outer one's). */
export function withLogContext<T>(fields: LogFields, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

/** Adds fields to the current context's lines from here on (e.g. the run, once a message is read). */
export function addLogContext(fields: LogFields): void {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
}

/** The fields of the work in hand (empty outside any). */
export function logContext(): Readonly<LogFields> {
  return context.getStore() ?? {};
}

export function log(level: Level, message: string, fields: LogFields = {}): void {
  if (levels[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...context.getStore(), ...fields });
  if (levels[level] >= levels.warn) process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
