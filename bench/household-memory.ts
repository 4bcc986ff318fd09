/**
 * A child process of the household benchmark: simulates 100,000 young-family paths on today's
 * engine, or with a path argument on the engine bundled there from another revision
 * (bench/against-ref.ts), and prints its peak memory (maxRSS, MB).
 */
import { simulate } from '../shared/engine/index.js';
import { youngFamily } from './young-family.js';

const refBundle = process.argv[2];
const engine: typeof simulate = refBundle
  ? ((await import(refBundle)) as { engine: { simulate: typeof simulate } }).engine.simulate
  : simulate;
engine(youngFamily(), { seed: 2024, paths: 100_000 });
console.log(process.resourceUsage().maxRSS / 1024);
