import { describe, expect, it } from 'vitest';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';
import { mergeShardResults, simulateShard } from '../../../shared/engine/index.js';
import { ECONOMY_SAMPLE_EVERY, ECONOMY_SAMPLE_FIRST, inEconomySample } from '../../../shared/engine/output/economy-sample.js';
import { loadExample } from './example-plans.js';

const plan = loadExample('young-family-mortgage', (doc) => {
  doc.simulation.horizon = { years: 12 };
});
const START = ECONOMY_SAMPLE_FIRST - 40;
const COUNT = 120;

describe('economy sample', () => {
  it('takes every path below the first threshold, then every k-th path index', () => {
    expect(inEconomySample(0)).toBe(true);
    expect(inEconomySample(ECONOMY_SAMPLE_FIRST - 1)).toBe(true);
    expect(inEconomySample(ECONOMY_SAMPLE_FIRST + 1)).toBe(false);
    expect(inEconomySample(ECONOMY_SAMPLE_FIRST + ECONOMY_SAMPLE_EVERY)).toBe(true);
  });

  it('records the economy of the sample paths over the whole horizon, whatever the sharding', () => {
    const whole = simulateShard(plan, 5, { pathStart: START, pathCount: COUNT });
    const parts = mergeShardResults([
      simulateShard(plan, 5, { pathStart: START + 70, pathCount: COUNT - 70 }),
      simulateShard(plan, 5, { pathStart: START, pathCount: 33 }),
      simulateShard(plan, 5, { pathStart: START + 33, pathCount: 37 }),
    ]);
    let expected = 0;
    for (let p = START; p < START + COUNT; p++) if (inEconomySample(p)) expected++;
    for (let t = 0; t < 12; t++) {
      for (let f = 0; f < 4; f++) expect(QuantileSketch.fromJSON(whole.economy[f][t].sketch).count).toBe(expected);
    }
    expect(QuantileSketch.fromJSON(whole.annualised[2].sketch).count).toBe(expected);
    expect(JSON.parse(JSON.stringify(parts.economy))).toEqual(JSON.parse(JSON.stringify(whole.economy)));
    expect(QuantileSketch.fromJSON(parts.annualised[2].sketch).toJSON()).toEqual(
      QuantileSketch.fromJSON(whole.annualised[2].sketch).toJSON(),
    );
    expect(parts.pathYears).toBe(whole.pathYears);
    expect(parts.running).toEqual(whole.running);
  });
});
