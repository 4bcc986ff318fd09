/**
 * An HTTP client for tests: real requests to the running server, every response checked against
 * the OpenAPI document when a validator is given.
 */
import type { ResponseValidator } from './openapi-validator.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when there is no JSON body. */
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  /** Serialised as JSON with `Content-Type: application/json` unless `contentType` or `rawBody` say otherwise. */
  body?: unknown;
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly validator?: ResponseValidator,
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] ??= options.contentType ?? 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const parsed = contentType?.startsWith('application/json') && text !== '' ? JSON.parse(text) : undefined;
    this.validator?.check({ method, path: new URL(path, 'http://x').pathname, status: response.status, contentType, text });
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  head(path: string, options?: RequestOptions) {
    return this.request('HEAD', path, options);
  }
  post<T = any>(path: string, body: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = any>(path: string, body: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { contentType: 'application/merge-patch+json', ...options, body });
  }
  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }
}
