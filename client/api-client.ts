/**
 * The typed client of the API: openapi-fetch over the generated types, so a call's path, parameters,
 * body and response are checked against the OpenAPI document at compile time.
 */
import createClient from 'openapi-fetch';
import type { Client, ClientOptions, Middleware } from 'openapi-fetch';
import type { paths } from './api-types.js';

export type ApiPaths = paths;
export type ApiClient = Client<paths>;

/** Sends `Authorization: Bearer <token>` on every request; `token` is read per request so it can be refreshed. */
export function bearer(token: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const value = token();
      if (value && !request.headers.has('authorization')) request.headers.set('Authorization', `Bearer ${value}`);
      return request;
    },
  };
}

export function createApiClient(baseUrl: string, options: Omit<ClientOptions, 'baseUrl'> = {}): ApiClient {
  return createClient<paths>({ baseUrl, ...options });
}
