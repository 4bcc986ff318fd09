/**
 * A child process of the household benchmark: simulates 100,000 young-family paths on the engine
 * (`engine`) or the baseline (`baseline`: the whole engine as it stood before batching, frozen under
 * bench/baseline/, its own economy, life and output code included) and prints its peak memory
 * (maxRSS, MB).
 */
import { simulate } from '../shared/engine/index.js';
import { baselineSimulate } from './baseline/simulate.js';
import { youngFamily } from './young-family.js';

const which = process.argv[2];
const plan = youngFamily();
const options = { seed: 2024, paths: 100_000 };
if (which === 'engine') simulate(plan, options);
else if (which === 'baseline') baselineSimulate(plan as never, options);
else throw new Error('engine or baseline');
console.log(process.resourceUsage().maxRSS / 1024);
