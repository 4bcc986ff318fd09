/** Paging numbers are decimal digits only: no hexadecimal, exponents, signs or spaces. */
import { describe, expect, it } from 'vitest';
import { pagingQuerySchema } from '../../shared/domain/paging.js';

const schema = pagingQuerySchema(['name']);

describe('paging numbers', () => {
  it('reads decimal digits', () => {
    expect(schema.parse({ page: '16', size: '20' })).toMatchObject({ page: 16, size: 20 });
    expect(schema.parse({})).toMatchObject({ page: 0, size: 20 });
  });

  it.each(['0x10', ' 1', '1 ', '1e1', '+1', '-0', '1.0', '', '0b1', 'Infinity'])('refuses %j as page or size', (value) => {
    const page = schema.safeParse({ page: value });
    expect(page.success).toBe(false);
    expect(page.error?.issues[0].path).toEqual(['page']);
    expect(schema.safeParse({ size: value }).success).toBe(false);
  });
});
