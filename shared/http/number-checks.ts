/**
 * Numbers the store cannot hold. DynamoDB keeps a number's magnitude between 1e-130 and under
 * 1e126 (or zero) and refuses the whole write otherwise ("Number underflow"/"overflow"), which
 * would surface as a 500 after the request was accepted; JSON allows any double. Such numbers are
 * refused up front, naming the field, in every body the service reads.
 */
import { fieldPath } from '../domain/field-errors.js';
import type { FieldError } from '../domain/errors.js';

const smallest = 1e-130;
const largest = 1e126;

function describe(value: number): string | undefined {
  const size = Math.abs(value);
  if (size !== 0 && size < smallest) return 'must be zero or at least 1e-130 in magnitude';
  if (size >= largest) return 'must be less than 1e126 in magnitude';
  return undefined;
}

/** Every number of a parsed JSON document outside the store's range, named by its path. */
export function unstorableNumbers(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (node: unknown, path: PropertyKey[]) => {
    if (typeof node === 'number') {
      const message = describe(node);
      if (message) errors.push({ field: fieldPath(path) || '(body)', message });
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (node !== null && typeof node === 'object') for (const [key, inner] of Object.entries(node)) walk(inner, [...path, key]);
  };
  walk(value, []);
  return errors;
}
