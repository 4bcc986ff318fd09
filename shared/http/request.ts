/** Reading an API Gateway HTTP API (payload 2.0) request: origin, issuer base, repeated query keys. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEventV2;

export function header(event: ApiEvent, name: string): string | undefined {
  return event.headers?.[name.toLowerCase()] ?? undefined;
}

/**
 * The public origin of the request: scheme from `x-forwarded-proto`, host from
 * `requestContext.domainName`, never from the `Host` header. API Gateway sets both (it only
 * answers for its own domains), and the local runtime sets them to the address it is bound to.
 */
export function requestOrigin(event: ApiEvent): string {
  const proto = header(event, 'x-forwarded-proto')?.split(',')[0]?.trim() || 'https';
  const host = event.requestContext?.domainName || 'localhost';
  return `${proto}://${host}`;
}

/** ISSUER_BASE_URL when set, else this request's origin: a realm's issuer is `${base}/realms/${realmId}`. */
export function issuerBase(event: ApiEvent): string {
  const configured = process.env.ISSUER_BASE_URL;
  return configured ? configured.replace(/\/+$/, '') : requestOrigin(event);
}

/**
 * Query parameters with repeated keys kept apart. API Gateway joins repeated keys with commas in
 * `queryStringParameters`, which is ambiguous for `sort=name,asc`; `rawQueryString` is not.
 */
export function queryValues(event: ApiEvent): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(event.rawQueryString ?? '')) {
    const list = values.get(key) ?? [];
    list.push(value);
    values.set(key, list);
  }
  return values;
}

export function requestIdOf(event: ApiEvent): string {
  return event.requestContext?.requestId ?? '';
}
