/**
 * Quantile sketch: adds per second and worst relative error of percentiles, the project's
 * log-linear sketch against @datadog/sketches-js's DDSketch (1% relative accuracy).
 */
import { DDSketch } from '@datadog/sketches-js';
import { RandomStream } from '../shared/engine/random/index.js';
import { QuantileSketch } from '../shared/engine/stats/index.js';

const N = 2_000_000;
const QS = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99];

function line(label: string, value: string, unit = '', target = ''): void {
  console.log(`  ${label}`.padEnd(48), `${value} ${unit}`.padEnd(22), target);
}

/** Money-like values of both signs with some exact zeros: a lognormal body, 10% negative, 2% zero. */
function values(): Float64Array {
  const r = new RandomStream().reset(7, 0, 0);
  const out = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const u = r.uniform();
    const x = Math.exp(12 + 1.5 * r.normal());
    out[i] = u < 0.02 ? 0 : u < 0.12 ? -x : x;
  }
  return out;
}

function exactQuantile(sorted: Float64Array, q: number): number {
  const rank = q * (sorted.length - 1);
  const k = Math.floor(rank);
  const frac = rank - k;
  return frac === 0 ? sorted[k] : sorted[k] + frac * (sorted[k + 1] - sorted[k]);
}

function timeAdds(add: (v: number) => void, data: Float64Array): number {
  for (let i = 0; i < 100_000; i++) add(data[i]); // warm up
  // CPU time of this process: the one-core figure even when other processes share the machine.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < data.length; i++) add(data[i]);
  const cpu = process.cpuUsage(cpu0);
  return data.length / ((cpu.user + cpu.system) / 1e6);
}

export async function run(): Promise<void> {
  const data = values();
  const sorted = Float64Array.from(data).sort();
  const own = new QuantileSketch();
  const dd = new DDSketch({ relativeAccuracy: 0.01 });
  const ownRate = timeAdds((v) => own.add(v), data);
  const ddRate = timeAdds((v) => dd.accept(v), data);
  let ownErr = 0;
  let ddErr = 0;
  for (const q of QS) {
    const exact = exactQuantile(sorted, q);
    if (exact === 0) continue;
    ownErr = Math.max(ownErr, Math.abs(own.quantile(q) / exact - 1));
    ddErr = Math.max(ddErr, Math.abs(dd.getValueAtQuantile(q)! / exact - 1));
  }
  const ownBytes = JSON.stringify(own.toJSON()).length;
  line('QuantileSketch add', (ownRate / 1e6).toFixed(1), 'M values/CPU-s', 'target: tens of millions/s');
  line('DDSketch (@datadog/sketches-js) accept', (ddRate / 1e6).toFixed(1), 'M values/CPU-s');
  line('QuantileSketch worst relative error p1..p99', (ownErr * 100).toFixed(3), '%', 'target: <= 1%');
  line('DDSketch worst relative error p1..p99', (ddErr * 100).toFixed(3), '%', 'target: <= 1%');
  line('QuantileSketch JSON size', String(ownBytes), 'bytes');
  line('values', String(N), '(lognormal, 10% negative, 2% zero)');
}
