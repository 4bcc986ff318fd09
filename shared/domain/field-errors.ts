/**
 * Zod issues as the API's error entries: one per invalid field, named by its path
 * (`members[0].birthYear`), with a short message.
 */
import * as z from 'zod/mini';
import type { FieldError } from './errors.js';
import { ValidationError } from './errors.js';
import './zod-messages.js';

export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

/** Messages in the contract's style for missing and null values; zod's own otherwise. */
export const errorMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    if (issue.input === null) return 'must not be null';
    return `must be ${issue.expected === 'int' ? 'an integer' : `of type ${issue.expected}`}`;
  }
  return undefined;
};

export function fieldErrorsOf(error: z.core.$ZodError, prefix = ''): FieldError[] {
  const entries: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) entries.push({ field: fieldPath([...issue.path, key], prefix), message: 'unknown field' });
    } else {
      entries.push({ field: fieldPath(issue.path, prefix) || prefix || '(body)', message: issue.message });
    }
  }
  return entries;
}

/** Parses or throws a ValidationError listing every invalid field. */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown, what: string, prefix = ''): z.output<S> {
  const result = z.safeParse(schema, input, { error: errorMessages });
  if (result.success) return result.data;
  throw new ValidationError(`Invalid ${what}`, fieldErrorsOf(result.error, prefix));
}
