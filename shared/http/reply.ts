/** What a route function returns, turned into an API Gateway result with the service's headers. */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Page } from '../domain/paging.js';
import { etagOf } from '../domain/versioning.js';
import { jsonContentType } from './error-response.js';
import { linkHeader, pageLinks } from './links.js';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A non-JSON body, sent as is (e.g. the HTML docs page). */
  text?: { contentType: string; body: string };
}

export const ok = (resource: { version?: number } & object): Reply => ({
  status: 200,
  body: resource,
  headers: resource.version !== undefined ? { ETag: etagOf(resource.version) } : {},
});

export const created = (resource: { version?: number } & object, location: string): Reply => ({
  status: 201,
  body: resource,
  headers: { Location: location, ...(resource.version !== undefined ? { ETag: etagOf(resource.version) } : {}) },
});

export const noContent = (headers: Record<string, string> = {}): Reply => ({ status: 204, headers });

/** A list page with its links; `baseUrl` is the list's absolute URL without a query. */
export function pageReply<T>(page: Page<T>, baseUrl: string, query: URLSearchParams): Reply {
  const links = pageLinks(baseUrl, query, page.page);
  return { status: 200, body: { ...page, links }, headers: { Link: linkHeader(links) } };
}

export function toResult(reply: Reply): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.text)
    return { statusCode: reply.status, headers: { 'Content-Type': reply.text.contentType, ...headers }, body: reply.text.body };
  if (reply.body === undefined) return { statusCode: reply.status, headers };
  return {
    statusCode: reply.status,
    headers: { 'Content-Type': jsonContentType, ...headers },
    body: JSON.stringify(reply.body),
  };
}
