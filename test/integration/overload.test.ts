/**
 * A burst larger than the local service can serve at once: every request is answered, each with
 * its result or with 503 and Retry-After, never with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let token: string;
let householdId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.issuer.userToken('realm-a', 'ada');
  const created = await fetch(`${server.url}/households`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Busy', currency: 'EUR' }),
  });
  householdId = ((await created.json()) as { id: string }).id;
});

afterAll(async () => {
  await server?.close();
});

async function burst(count: number, path: string): Promise<{ statuses: Record<number, number>; unanswered503: number }> {
  const responses = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } }).then(async (response) => {
        await response.arrayBuffer();
        return response;
      }),
    ),
  );
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  const unanswered503 = responses.filter((r) => r.status === 503 && !/^\d+$/.test(r.headers.get('retry-after') ?? '')).length;
  return { statuses, unanswered503 };
}

describe('a burst of requests', () => {
  it('answers 600 concurrent reads with 200 or 503 and Retry-After, never 500', async () => {
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent';
    try {
      const { statuses, unanswered503 } = await burst(600, `/households/${householdId}`);
      expect(
        Object.keys(statuses).filter((status) => status !== '200' && status !== '503'),
        JSON.stringify(statuses),
      ).toEqual([]);
      expect(unanswered503).toBe(0);
      expect(statuses[200]).toBeGreaterThan(0);
      // Once the burst is over, the service answers as before.
      expect((await burst(5, `/households/${householdId}`)).statuses).toEqual({ 200: 5 });
    } finally {
      process.env.LOG_LEVEL = level;
    }
  }, 120_000);
});
