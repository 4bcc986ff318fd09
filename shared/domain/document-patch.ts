/**
 * The two patch formats PATCH accepts: JSON merge patch (RFC 7396), which replaces arrays whole,
 * and JSON Patch (RFC 6902), whose operations address one array item, e.g.
 * `[{ "op": "replace", "path": "/members/0/retirementAge", "value": 67 }]`.
 */
import jsonPatch from 'fast-json-patch';
import type { Operation, Validator } from 'fast-json-patch';
import * as z from 'zod/mini';
import { type DocumentSize, exceeds, maxDocumentBytes, maxDocumentValues, measureDocument } from './document-size.js';
import { ConflictError, PayloadTooLargeError, UnprocessableContentError, ValidationError } from './errors.js';
import { applyMergePatch } from './merge-patch.js';

export const jsonPatchMediaType = 'application/json-patch+json';
export const maxPatchOperations = 1000;

const pointer = z.string().check(z.maxLength(2048));
export const jsonPatchSchema = z
  .array(
    z.union([
      z.object({ op: z.enum(['add', 'replace', 'test']), path: pointer, value: z.unknown() }),
      z.object({ op: z.literal('remove'), path: pointer }),
      z.object({ op: z.enum(['move', 'copy']), from: pointer, path: pointer }),
    ]),
  )
  .check(z.maxLength(maxPatchOperations))
  .register(z.globalRegistry, { id: 'JsonPatch', description: 'JSON Patch (RFC 6902): operations applied in order, all or none' });

export type DocumentPatch = { format: 'merge'; patch: unknown } | { format: 'json-patch'; operations: Operation[] };

/** The patch a PATCH request carries, by its media type. */
export function documentPatch(mediaType: string | undefined, body: unknown): DocumentPatch {
  if (mediaType?.split(';')[0].trim().toLowerCase() === jsonPatchMediaType) {
    if (!Array.isArray(body))
      throw new ValidationError('Invalid JSON Patch', [{ field: '(body)', message: 'must be an array of operations' }]);
    return { format: 'json-patch', operations: body as Operation[] };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError('Invalid merge patch', [
      { field: '(body)', message: 'must be a JSON object (send a JSON Patch array as application/json-patch+json)' },
    ]);
  }
  return { format: 'merge', patch: body };
}

/** Unresolvable paths and out-of-range indexes: the patch is well formed but does not fit the document. */
const doesNotApply = new Set([
  'OPERATION_PATH_UNRESOLVABLE',
  'OPERATION_FROM_UNRESOLVABLE',
  'OPERATION_PATH_ILLEGAL_ARRAY_INDEX',
  'OPERATION_VALUE_OUT_OF_BOUNDS',
  'OPERATION_PATH_CANNOT_ADD',
]);

/** A patched document may be no larger than a request body may be. */
const patchedLimit: DocumentSize = { values: maxDocumentValues, bytes: maxDocumentBytes };

/**
 * Applies the patch to a copy of `document`, all operations or none. The work is bounded by the
 * result's size: `copy` and `move` may not take the root or a value the target lies inside (each
 * such copy would double the document), and the document's size is counted before the first
 * operation and grown by what each operation adds, so a patch whose result would pass the limit
 * is refused before that operation runs (413), whatever the order of its copies.
 */
export function applyDocumentPatch(document: unknown, patch: DocumentPatch): unknown {
  if (patch.format === 'merge') return applyMergePatch(document, patch.patch);
  const size = measureDocument(document, patchedLimit);
  assertWithinLimit(size);
  let result = jsonPatch.deepClone(document);
  patch.operations.forEach((operation, index) => {
    try {
      assertNoPrototypePath(operation, index);
      assertSourceOutsideTarget(operation, index);
      const added = addedValue(result, operation, index);
      if (added !== undefined) {
        const grown = measureDocument(added, { values: patchedLimit.values - size.values, bytes: patchedLimit.bytes - size.bytes });
        size.values += grown.values;
        size.bytes += grown.bytes;
        assertWithinLimit(size);
      }
      result = jsonPatch.applyOperation(result, operation, validateAgainst(index), true, true, index).newDocument;
    } catch (error) {
      throw patchError(error, index);
    }
  });
  return result;
}

function assertWithinLimit(size: DocumentSize): void {
  if (exceeds(size, patchedLimit)) {
    throw new PayloadTooLargeError(
      `The patched document would be larger than ${patchedLimit.bytes} bytes or ${patchedLimit.values} values`,
    );
  }
}

/** A pointer through `__proto__` or `constructor/prototype`, which the library refuses with a bare TypeError. */
const prototypePath = /(^|\/)__proto__(\/|$)|(^|\/)constructor\/prototype(\/|$)/;

function assertNoPrototypePath(operation: Operation, index: number): void {
  for (const name of ['path', 'from'] as const) {
    const pointer = (operation as Partial<Record<'path' | 'from', string>>)[name];
    if (pointer !== undefined && prototypePath.test(pointer)) {
      throw new ValidationError('Invalid JSON Patch', [
        { field: `[${index}].${name}`, message: 'must not pass through __proto__ or constructor/prototype' },
      ]);
    }
  }
}

function assertSourceOutsideTarget(operation: Operation, index: number): void {
  if (operation.op !== 'copy' && operation.op !== 'move') return;
  const field = `[${index}].from`;
  if (operation.from === '')
    throw new ValidationError('Invalid JSON Patch', [{ field, message: `must not be the root: a ${operation.op} of the whole document` }]);
  if (operation.path.startsWith(`${operation.from}/`)) {
    throw new ValidationError('Invalid JSON Patch', [
      { field, message: `must not hold the target: "path" lies inside the value it ${operation.op}s` },
    ]);
  }
}

/** What an operation adds to the document: its value, or for a copy the value it copies. */
function addedValue(document: unknown, operation: Operation, index: number): unknown {
  if (operation.op === 'add' || operation.op === 'replace') return operation.value;
  if (operation.op === 'copy') return valueAt(document, operation.from, index);
  return undefined;
}

/** The value a JSON Pointer (RFC 6901) names, through own properties only. */
function valueAt(document: unknown, pointer: string, index: number): unknown {
  let value = document;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    const found = Array.isArray(value)
      ? /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length
      : value !== null && typeof value === 'object' && Object.hasOwn(value, key);
    if (!found) {
      throw new jsonPatch.JsonPatchError(
        'Cannot perform the operation from a path that does not exist',
        'OPERATION_FROM_UNRESOLVABLE',
        index,
      );
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The library's checks of one operation against the document, but for `copy` and `move`, whose
 * `from` the library would check on a deep copy of the whole document: `valueAt` checks it instead.
 */
function validateAgainst(index: number): Validator<unknown> {
  return (operation, _index, document, existingPath) => {
    if (operation.op === 'copy' || operation.op === 'move') {
      jsonPatch.validator(operation, index);
      valueAt(document, operation.from, index);
    } else jsonPatch.validator(operation, index, document, existingPath);
  };
}

function patchError(error: unknown, index: number): unknown {
  if (!(error instanceof jsonPatch.JsonPatchError)) return error;
  const field = `[${index}]`;
  const message = error.message.split('\n')[0];
  if (error.name === 'TEST_OPERATION_FAILED') return new ConflictError('A JSON Patch test operation failed', [{ field, message }]);
  if (doesNotApply.has(error.name))
    return new UnprocessableContentError('The JSON Patch does not apply to the document', [{ field, message }]);
  return new ValidationError('Invalid JSON Patch', [{ field, message }]);
}
