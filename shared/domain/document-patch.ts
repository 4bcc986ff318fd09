/**
 * The two patch formats PATCH accepts: JSON merge patch (RFC 7396), which replaces arrays whole,
 * and JSON Patch (RFC 6902), whose operations address one array item, e.g.
 * `[{ "op": "replace", "path": "/members/0/retirementAge", "value": 67 }]`.
 */
import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import * as z from 'zod/mini';
import { ConflictError, UnprocessableContentError, ValidationError } from './errors.js';
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

export function applyDocumentPatch(document: unknown, patch: DocumentPatch): unknown {
  if (patch.format === 'merge') return applyMergePatch(document, patch.patch);
  try {
    // validate: each operation is checked against the document first; nothing is applied unless all apply.
    return jsonPatch.applyPatch(jsonPatch.deepClone(document), patch.operations, true, true, true).newDocument;
  } catch (error) {
    if (!(error instanceof jsonPatch.JsonPatchError)) throw error;
    const field = `[${error.index ?? 0}]`;
    const message = error.message.split('\n')[0];
    if (error.name === 'TEST_OPERATION_FAILED') throw new ConflictError('A JSON Patch test operation failed', [{ field, message }]);
    if (doesNotApply.has(error.name))
      throw new UnprocessableContentError('The JSON Patch does not apply to the document', [{ field, message }]);
    throw new ValidationError('Invalid JSON Patch', [{ field, message }]);
  }
}
