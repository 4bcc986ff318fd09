/**
 * A query parameter whose schema is a list must be declared repeatable in its route's spec
 * (`repeatedQuery`), or `?sort=a&sort=b` would reach the schema as one string; and a declared one
 * must be a list.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { operationHandlers } from '../../functions/system/operations.js';

describe('repeatable query parameters', () => {
  it('are declared in the route spec exactly where the query schema has a list', () => {
    let lists = 0;
    for (const [handler, { spec }] of Object.entries(operationHandlers)) {
      if (!spec.query) {
        expect(spec.repeatedQuery, handler).toBeUndefined();
        continue;
      }
      const properties =
        (z.toJSONSchema(spec.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { type?: string }> })
          .properties ?? {};
      const arrays = Object.keys(properties).filter((name) => properties[name].type === 'array');
      lists += arrays.length;
      expect([...(spec.repeatedQuery ?? [])].sort(), handler).toEqual(arrays.sort());
    }
    expect(lists).toBeGreaterThanOrEqual(6);
  });
});
