/**
 * The typed client (client/api-client.ts) as the tests use it: calls are type-checked against the
 * generated types, and every response is checked against the OpenAPI document when a validator is
 * given, so the contract and the service cannot drift apart.
 */
import { bearer, createApiClient, type ApiClient } from '../../client/api-client.js';
import type { ResponseValidator } from './openapi-validator.js';

export type { ApiClient };

/** `token` is sent unless a call passes its own Authorization header. */
export function typedClient(baseUrl: string, options: { validator?: ResponseValidator; token?: () => string | undefined } = {}): ApiClient {
  const client = createApiClient(baseUrl);
  if (options.token) client.use(bearer(options.token));
  const { validator } = options;
  if (validator) {
    client.use({
      async onResponse({ request, response }) {
        const text = await response.clone().text();
        validator.check({
          method: request.method,
          path: new URL(request.url).pathname,
          status: response.status,
          contentType: response.headers.get('content-type'),
          text,
        });
        return response;
      },
    });
  }
  return client;
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface Sent {
  status: number;
  headers: Headers;
  /** The parsed body: the typed data on success, the error body otherwise. */
  body: any;
  /** The body as text, for assertion messages. */
  text: string;
}

/** A typed call's outcome in the shape the tests assert on. */
export async function sent(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Sent> {
  const { data, error, response } = await call;
  const body = data ?? error;
  return { status: response.status, headers: response.headers, body, text: body === undefined ? '' : JSON.stringify(body) };
}

/** A deliberately wrong value for a negative test: the type checker is told so. */
export const invalid = <T>(value: unknown): T => value as T;
