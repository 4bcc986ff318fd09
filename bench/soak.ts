/**
 * `npm run soak [-- --minutes 10 --connections 50 --sample-seconds 5 --max-slope 5]`: starts the
 * service as `npm start` does (soak-service.ts), drives mixed load at it on loopback for the given
 * minutes (soak-traffic.ts), samples the service process's resident set every few seconds and
 * prints a table, then first, peak and last RSS and the slope over the last half of the load.
 * Exits 1 when RSS keeps growing: that slope above `--max-slope` MB per minute (soak-memory.ts).
 * Every run is queued (RUN_INLINE_PATH_YEARS=0), as a service under load queues them.
 */
import { parseArgs } from 'node:util';
import { ensureWebApp } from '../infra/local/web-build.js';
import { type MemorySample, memoryVerdict, residentMb } from './soak-memory.js';
import { startSoakService } from './soak-service.js';
import { driveTraffic, type TrafficCounts } from './soak-traffic.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'sample-seconds': { type: 'string', default: '5' },
    'max-slope': { type: 'string', default: '5' },
  },
});

function positive(name: string): number {
  const value = Number(values[name as keyof typeof values]);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`--${name} must be a positive number\n`);
    process.exit(2);
  }
  return value;
}

const minutes = positive('minutes');
const connections = Math.round(positive('connections'));
const sampleSeconds = positive('sample-seconds');
const maxSlope = positive('max-slope');

const mb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 2 ** 20).toFixed(0));
const cell = (text: string | number, width: number) => String(text).padStart(width);

// The web app is built here when missing, so the service's resident set does not start with a build.
if (await ensureWebApp()) process.stdout.write('Built the web app (web/dist)\n');
const service = await startSoakService({ RUN_INLINE_PATH_YEARS: '0' });
const counts: TrafficCounts = { byStatus: new Map(), runsCompleted: 0, networkErrors: 0 };
const samples: MemorySample[] = [];
const started = Date.now();
let requestsBefore = 0;

process.stdout.write(
  `Soak: ${minutes} min, ${connections} connections, service pid ${service.pid} at ${service.url}; RSS every ${sampleSeconds} s\n`,
);
const headings = ['time s', 'RSS MB', 'anon MB', 'file MB', 'heap MB', 'external MB', 'buffers MB', 'req/s', 'runs done', '5xx'];
process.stdout.write(`${headings.map((h, i) => cell(h, i === 0 ? 7 : 12)).join('')}\n`);

function sample(): void {
  const resident = residentMb(service.pid);
  if (resident === undefined) return;
  const heap = service.heap();
  const seconds = (Date.now() - started) / 1000;
  samples.push({
    seconds,
    rssMb: resident.rss,
    anonMb: resident.anon,
    fileMb: resident.file,
    heapUsedMb: heap && heap.heapUsed / 2 ** 20,
    externalMb: heap && heap.external / 2 ** 20,
    arrayBuffersMb: heap && heap.arrayBuffers / 2 ** 20,
  });
  const requests = [...counts.byStatus.values()].reduce((a, b) => a + b, 0);
  const serverErrors = [...counts.byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  const row = [
    cell(seconds.toFixed(0), 7),
    cell(resident.rss.toFixed(0), 12),
    cell(resident.anon.toFixed(0), 12),
    cell(resident.file.toFixed(0), 12),
    cell(mb(heap?.heapUsed), 12),
    cell(mb(heap?.external), 12),
    cell(mb(heap?.arrayBuffers), 12),
    cell(((requests - requestsBefore) / sampleSeconds).toFixed(0), 12),
    cell(counts.runsCompleted, 12),
    cell(serverErrors, 12),
  ];
  requestsBefore = requests;
  process.stdout.write(`${row.join('')}\n`);
}

sample();
const sampler = setInterval(sample, sampleSeconds * 1000);
let failed = false;
try {
  await driveTraffic(service.url, service.token, connections, started + minutes * 60_000, counts);
} catch (error) {
  process.stderr.write(`the load stopped: ${error instanceof Error ? error.message : String(error)}\n`);
  failed = true;
} finally {
  clearInterval(sampler);
  sample();
  await service.stop();
}

const verdict = memoryVerdict(samples, maxSlope);
const statuses = [...counts.byStatus]
  .sort(([a], [b]) => a - b)
  .map(([status, n]) => `${status} × ${n}`)
  .join(', ');
process.stdout.write(
  [
    '',
    `responses: ${statuses}${counts.networkErrors ? `; ${counts.networkErrors} without a response` : ''}`,
    `runs completed: ${counts.runsCompleted}`,
    `RSS first ${verdict.firstMb.toFixed(0)} MB, peak ${verdict.peakMb.toFixed(0)} MB, last ${verdict.lastMb.toFixed(0)} MB`,
    `RSS slope over the last half: ${verdict.lastHalfSlopeMbPerMin.toFixed(1)} MB/min (levels off at most ${maxSlope} MB/min)`,
    verdict.levelsOff ? 'RSS levels off' : 'RSS keeps growing',
    '',
  ].join('\n'),
);
process.exit(failed || !verdict.levelsOff || counts.runsCompleted === 0 ? 1 : 0);
