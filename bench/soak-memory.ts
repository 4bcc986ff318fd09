/**
 * The soak's memory figures: the resident set of the service process (every thread's memory: the
 * worker threads and the embedded store run inside it) read from /proc, and the verdict on whether
 * it levels off.
 */
import { readFileSync } from 'node:fs';

export interface MemorySample {
  /** Seconds since the load started. */
  seconds: number;
  rssMb: number;
  anonMb?: number;
  fileMb?: number;
  /** The main thread's JS heap and the native memory its objects hold (process.memoryUsage), when reported. */
  heapUsedMb?: number;
  externalMb?: number;
  arrayBuffersMb?: number;
}

/**
 * A process's resident set from /proc/<pid>/status, in MB (1 MB = 2^20 bytes): all of it (VmRSS),
 * its anonymous memory (RssAnon: heaps, malloc) and its mapped files (RssFile: code, and files a
 * library maps to read them); undefined once the process has exited.
 */
export function residentMb(pid: number): { rss: number; anon: number; file: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) / 1024;
  const rss = field('VmRSS');
  return Number.isNaN(rss) ? undefined : { rss, anon: field('RssAnon'), file: field('RssFile') };
}

/** The least-squares slope of y on x; 0 for fewer than two distinct x. */
export function leastSquaresSlope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - meanX) * (p.y - meanY);
    sxx += (p.x - meanX) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

export interface MemoryVerdict {
  firstMb: number;
  peakMb: number;
  lastMb: number;
  /** RSS growth over the second half of the load, MB per minute (least squares over its samples). */
  lastHalfSlopeMbPerMin: number;
  /** True when that slope is at most the allowed growth. */
  levelsOff: boolean;
}

/**
 * First, peak and last RSS, and whether RSS levels off: the slope over the second half of the
 * samples (by time) is at most `maxSlopeMbPerMin`. The first half holds the warm-up (code compiled,
 * caches and pools filled); a service that leaks keeps its slope in the second half.
 */
export function memoryVerdict(samples: readonly MemorySample[], maxSlopeMbPerMin: number): MemoryVerdict {
  if (samples.length === 0) throw new Error('no memory samples');
  const end = samples[samples.length - 1].seconds;
  const lastHalf = samples.filter((s) => s.seconds >= end / 2);
  const slope = leastSquaresSlope(lastHalf.map((s) => ({ x: s.seconds / 60, y: s.rssMb })));
  return {
    firstMb: samples[0].rssMb,
    peakMb: Math.max(...samples.map((s) => s.rssMb)),
    lastMb: samples[samples.length - 1].rssMb,
    lastHalfSlopeMbPerMin: slope,
    levelsOff: slope <= maxSlopeMbPerMin,
  };
}
