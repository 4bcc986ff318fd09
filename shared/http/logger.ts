/** One structured JSON line per event, at or above LOG_LEVEL (debug, info, warn, error, silent). */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as keyof typeof levels;
  return levels[configured] ?? levels.info;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (levels[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (levels[level] >= levels.warn) process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
