/** A worker's warm-up: the fan-in of a small simulation, in memory. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { warmUpFanIn } from '../../shared/domain/runs/warm-up.js';

const example = JSON.parse(readFileSync(new URL('../../examples/young-family-mortgage.json', import.meta.url), 'utf8'));

describe('the worker warm-up', () => {
  it('runs the fan-in of the young-family example, and fails loudly on a scenario that does not validate', () => {
    expect(() => warmUpFanIn(example)).not.toThrow();
    expect(() => warmUpFanIn({ ...example, members: [] })).toThrow(/no longer validates/);
  });
});
