/**
 * The checked-in generated types match the document: regenerating them must not change them
 * (`npm run -s api-types` after changing a route or schema). The typed client rejects a call that
 * breaks the contract at compile time: `npm test` type-checks this file first, and each
 * `@ts-expect-error` below fails that check if the call it marks stops being an error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/api-client.js';
import { apiTypesFile, generateApiTypes } from '../../client/generate-types.js';

describe('the generated API types', () => {
  it('are what regenerating them gives', async () => {
    const fresh = await generateApiTypes();
    expect(readFileSync(apiTypesFile, 'utf8') === fresh, 'client/api-types.ts is stale: run `npm run -s api-types`').toBe(true);
  });

  it('type the calls: a wrong body, a missing parameter and an unknown path do not compile', () => {
    const api = createApiClient('http://127.0.0.1:1');
    // Never sent: the functions only exist to be type-checked.
    const calls = [
      () => api.POST('/households', { body: { name: 'Smith family', currency: 'EUR' } }),
      // @ts-expect-error `currency` is required and `name` is a string
      () => api.POST('/households', { body: { name: 42 } }),
      () =>
        api.POST('/households/{householdId}/scenarios/{scenarioId}/simulations', {
          params: { path: { householdId: 'h', scenarioId: 's' } },
          // @ts-expect-error `paths` is a number
          body: { paths: 'many' },
        }),
      // @ts-expect-error the path parameters are required
      () => api.GET('/households/{householdId}', {}),
      // @ts-expect-error no such route
      () => api.GET('/household'),
    ];
    expect(calls).toHaveLength(5);
  });
});
