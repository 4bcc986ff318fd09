/**
 * POST /tax-calculations over real HTTP against the local runtime: the answer of the rules, a token
 * required, the request counted in the realm's usage, and bad input a 400 naming the field. Every
 * response is checked against the OpenAPI document.
 */
import type { ApiPaths } from '../../client/api-client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageReport } from '../../shared/domain/usage/usage-report.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { invalid, sent, typedClient, type ApiClient } from '../support/typed-client.js';

type TaxBody = ApiPaths['/tax-calculations']['post']['requestBody']['content']['application/json'];

let server: TestServer;
let asService: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  const validator = await ResponseValidator.load(server.url);
  const token = await server.issuer.serviceToken('realm-a');
  asService = typedClient(server.url, { validator, token: () => token });
  anonymous = typedClient(server.url, { validator });
});

afterAll(async () => {
  await server?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

describe('POST /tax-calculations', () => {
  it("answers one year's tax with its breakdown, and counts the request", async () => {
    const before = (await usageReport('realm-a', { from: today(), to: today(), granularity: 'DAY' })).total.apiRequests;
    const r = await sent(
      asService.POST('/tax-calculations', {
        body: { system: 'UK', taxYear: 2025, people: [{ age: 40, earnings: 29570, dividends: 3000 }] },
      }),
    );
    expect(r.status).toBe(200);
    // gov.uk/tax-on-dividends: 218.75 on the dividends, 20% of 17,000 on the wages; NI 8% of 17,000.
    expect(r.body.people[0].incomeTax).toBe(3618.75);
    expect(r.body.people[0].socialContributions).toBe(1360);
    expect(r.body.total).toBe(4978.75);
    expect(r.body.breakdown.steps.some((s: { step: string }) => s.step.startsWith('dividend income'))).toBe(true);
    expect(r.body.breakdown.sources.dividendAllowance).toBe('https://www.gov.uk/tax-on-dividends');
    const after = (await usageReport('realm-a', { from: today(), to: today(), granularity: 'DAY' })).total.apiRequests;
    expect(after).toBe(before + 1);
  });

  it('requires a token', async () => {
    const r = await sent(anonymous.POST('/tax-calculations', { body: { system: 'US', taxYear: 2025, people: [{ age: 40 }] } }));
    expect(r.status).toBe(401);
  });

  it.each([
    [{ system: 'FR', taxYear: 2025, people: [{ age: 40 }] }, 'system'],
    [{ system: 'UK', taxYear: 2019, people: [{ age: 40 }] }, 'taxYear'],
    [{ system: 'US', taxYear: 2040, people: [{ age: 40 }] }, 'taxYear'],
    [{ system: 'US', taxYear: 2025, region: 'SCOTLAND', people: [{ age: 40 }] }, 'region'],
    [{ system: 'UK', taxYear: 2025, filingStatus: 'SINGLE', people: [{ age: 40 }] }, 'filingStatus'],
    [{ system: 'US', taxYear: 2025, filingStatus: 'MARRIED_JOINT', people: [{ age: 40 }] }, 'people'],
    [{ system: 'US', taxYear: 2025, people: [{ age: 40, earnings: -1 }] }, 'people[0].earnings'],
    [{ system: 'US', taxYear: 2025, people: [{ age: 40, wages: 1 }] }, 'people[0].wages'],
    [{ system: 'US', taxYear: 2025, people: [] }, 'people'],
  ])('refuses %j naming %s', async (body, field) => {
    const r = await sent(asService.POST('/tax-calculations', { body: invalid<TaxBody>(body) }));
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});
