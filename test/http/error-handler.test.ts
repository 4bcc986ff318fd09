/**
 * Every error a route throws leaves through `@middy/http-error-handler` (the real middleware,
 * observed by a wrapper that records what it receives) and comes out in the service's error shape,
 * `{ status, message, errors }`, with the status and headers the error calls for.
 */
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ConflictError, ServiceUnavailableError } from '../../shared/domain/errors.js';
import type { ApiEvent } from '../../shared/http/request.js';
import { route } from '../../shared/http/stack.js';

const seen: { statusCode?: number; body?: unknown }[] = [];

vi.mock('@middy/http-error-handler', async (importOriginal) => {
  const real = (await importOriginal<typeof import('@middy/http-error-handler')>()).default;
  return {
    default: (options: Parameters<typeof real>[0]) => {
      const middleware = real(options);
      return {
        onError: (request: { error?: { statusCode?: number; message?: string } }) => {
          seen.push({ statusCode: request.error?.statusCode, body: request.error?.message && JSON.parse(request.error.message) });
          return middleware.onError!(request as never);
        },
      };
    },
  };
});

process.env.LOG_LEVEL = 'silent';

function event(body?: string): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'POST /probe',
    rawPath: '/probe',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', host: 'api.example.com' },
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', domainName: 'api.example.com', http: { method: 'POST', path: '/probe' } },
  } as unknown as ApiEvent;
}

const context = { awsRequestId: 'req-1' } as Context;

function probe(fail: () => never) {
  return route(
    { summary: 'probe', auth: false, body: z.object({ name: z.string() }), responses: { 200: { description: 'ok' } } },
    async () => fail(),
  );
}

describe('errors through @middy/http-error-handler', () => {
  it('a domain error keeps its status, message, headers and the error shape', async () => {
    const result = await probe(() => {
      throw new ConflictError('The version does not match', [{ field: 'version', message: 'is 3, not 2' }]);
    })(event('{"name":"x"}'), context);
    expect(result.statusCode).toBe(409);
    expect(result.headers?.['Content-Type']).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(String(result.body))).toEqual({
      status: 'CONFLICT',
      message: 'The version does not match',
      errors: [{ field: 'version', message: 'is 3, not 2' }],
    });
    expect(seen.at(-1)).toEqual({ statusCode: 409, body: JSON.parse(String(result.body)) });
  });

  it('a 503 carries Retry-After; a validation failure names the field', async () => {
    const busy = await probe(() => {
      throw new ServiceUnavailableError('Busy', 7);
    })(event('{"name":"x"}'), context);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers?.['Retry-After']).toBe('7');
    expect(JSON.parse(String(busy.body))).toMatchObject({ status: 'SERVICE_UNAVAILABLE', message: 'Busy', errors: [], requestId: 'req-1' });

    const invalid = await probe(() => {
      throw new Error('not reached');
    })(event('{"name":3}'), context);
    expect(invalid.statusCode).toBe(400);
    const body = JSON.parse(String(invalid.body));
    expect(body.status).toBe('BAD_REQUEST');
    expect(body.errors.map((e: { field: string }) => e.field)).toContain('name');
    expect(seen.at(-1)?.statusCode).toBe(400);
  });

  it('an unexpected error is a 500 that shows only the request id', async () => {
    const before = seen.length;
    const result = await probe(() => {
      throw new TypeError('secret internals');
    })(event('{"name":"x"}'), context);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(String(result.body))).toEqual({
      status: 'INTERNAL_SERVER_ERROR',
      message: 'Internal server error',
      errors: [],
      requestId: 'req-1',
    });
    expect(String(result.body)).not.toContain('secret');
    expect(seen.length).toBe(before + 1);
  });
});
