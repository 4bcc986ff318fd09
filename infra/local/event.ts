/** Turns a Node HTTP request into an API Gateway HTTP API payload 2.0 event, the way API Gateway does. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

const textual = /^(text\/|application\/(json|[\w.+-]+\+json|x-www-form-urlencoded|xml|javascript))/i;

export interface EventInput {
  request: IncomingMessage;
  /** The runtime's own origin (e.g. `http://127.0.0.1:3000`): the event's domain, whatever `Host` says. */
  origin: string;
  body: Buffer;
  routeKey: string;
  pathParameters?: Record<string, string>;
}

export function toApiGatewayEvent({ request, origin, body, routeKey, pathParameters }: EventInput): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, values] of Object.entries(request.headersDistinct)) {
    if (!values) continue;
    if (name === 'cookie')
      cookies = values.flatMap((v) =>
        v
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      );
    else headers[name] = values.join(',');
  }
  // API Gateway answers only for its own domains; the local stand-in is the address it listens on.
  const host = new URL(origin).host;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';

  // API Gateway joins a repeated query key's values with commas.
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;

  const contentType = headers['content-type'] ?? '';
  // A text body that is not UTF-8 travels as bytes, so the handler sees what was sent rather than replacement characters.
  const isBase64Encoded = body.length > 0 && (!textual.test(contentType) || !isUtf8(body));
  const now = new Date();
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: pathParameters && Object.keys(pathParameters).length > 0 ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0],
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isBase64Encoded ? body.toString('base64') : body.toString('utf8'),
    isBase64Encoded,
  };
}
