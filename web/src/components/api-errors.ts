/** An error from a call as a sentence: the API's message, and each field it names in words. */
import { ApiError } from '../api.ts';
import { describePath } from '../forms/items.ts';

export function describeApiError(error: unknown, doc: Record<string, unknown> = {}): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  return [error.message, ...error.errors.map((e) => `${describePath(doc, e.field)}: ${e.message}.`)].join(' ');
}
