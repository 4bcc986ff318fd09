/** Between API Gateway (payload 2.0) events and the transport-neutral identity endpoints. */
import type { Reply } from '../http/reply.js';
import { issuerBase } from '../http/request.js';
import type { ApiEvent } from '../http/request.js';
import { realmIdPattern, realmIssuer } from './issuer.js';
import { jsonResponse, type EndpointRequest, type EndpointResponse } from './provider.js';
import { OAuthError, oauthErrorBody } from './oauth-error.js';

export function endpointRequest(event: ApiEvent): EndpointRequest | undefined {
  const realmId = event.pathParameters?.realmId ?? '';
  if (!realmIdPattern.test(realmId)) return undefined;
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) headers[name.toLowerCase()] = value;
  const query: Record<string, string | undefined> = {};
  const repeatedQuery: string[] = [];
  for (const [name, value] of new URLSearchParams(event.rawQueryString ?? '')) {
    if (Object.hasOwn(query, name)) repeatedQuery.push(name);
    query[name] = value;
  }
  const body =
    event.body === undefined ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return {
    realmId,
    issuer: realmIssuer(issuerBase(event), realmId),
    method: event.requestContext?.http?.method ?? 'GET',
    sourceIp: event.requestContext?.http?.sourceIp,
    headers,
    query,
    repeatedQuery,
    body,
  };
}

export const unknownRealm = (): EndpointResponse =>
  jsonResponse(404, oauthErrorBody(new OAuthError('invalid_request', 'Realm does not exist', 404)));

export function toReply(response: EndpointResponse): Reply {
  // The stack sets Content-Type from the reply's kind; keep one spelling of the header.
  const { 'content-type': contentType, ...headers } = response.headers;
  if (response.html !== undefined) {
    return { status: response.statusCode, headers, text: { contentType: contentType ?? 'text/html;charset=utf-8', body: response.html } };
  }
  return { status: response.statusCode, headers, body: response.json };
}

/** Runs an endpoint for the event's realm (404 for a malformed realm id). */
export async function runEndpoint(event: ApiEvent, endpoint: (request: EndpointRequest) => Promise<EndpointResponse>): Promise<Reply> {
  const request = endpointRequest(event);
  return toReply(request ? await endpoint(request) : unknownRealm());
}
