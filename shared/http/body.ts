/**
 * JSON request bodies: content type (415), size (413), UTF-8 and syntax (400), the shape limits
 * that keep a deep or huge document from costing more than a clear 400, and the text every string
 * must be (text-checks.ts).
 */
import { maxDocumentBytes, maxDocumentValues } from '../domain/document-size.js';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../domain/errors.js';
import type { ApiEvent } from './request.js';
import { header } from './request.js';
import { unstorableNumbers } from './number-checks.js';
import { forbiddenText, replacementCharacterPaths } from './text-checks.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export const maxBodyBytes = maxDocumentBytes;
export const maxDepth = 64;
export const maxValues = maxDocumentValues;
export const maxArrayItems = 100_000;

export const jsonMediaType = 'application/json';
export const mergePatchMediaType = 'application/merge-patch+json';

function mediaTypeOf(contentType: string): { type: string; charset?: string } {
  const [type, ...params] = contentType.split(';').map((part) => part.trim());
  const charset = params
    .find((p) => p.toLowerCase().startsWith('charset='))
    ?.slice(8)
    .replace(/"/g, '');
  return { type: type.toLowerCase(), charset: charset?.toLowerCase() };
}

function isAccepted(type: string, accepted: readonly string[]): boolean {
  return (
    accepted.includes(type) ||
    (accepted.includes(jsonMediaType) && /^application\/[\w.+-]+\+json$/.test(type) && type !== mergePatchMediaType)
  );
}

/** Bracket depth, scanned before parsing so a pathological document never reaches the parser. */
function assertDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) throw new ValidationError(`The JSON document is nested deeper than ${maxDepth} levels`);
    } else if (c === 125 || c === 93) depth--;
  }
}

function assertSize(value: unknown): void {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (++count > maxValues) throw new ValidationError(`The JSON document holds more than ${maxValues} values`);
    if (Array.isArray(next)) {
      if (next.length > maxArrayItems) throw new ValidationError(`A JSON array holds more than ${maxArrayItems} items`);
      for (const item of next) stack.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const item of Object.values(next)) stack.push(item);
    }
  }
}

export function parseJsonBody(event: ApiEvent, accepted: readonly string[]): unknown {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.length > maxBodyBytes) {
    throw new PayloadTooLargeError(`The request body is larger than ${maxBodyBytes} bytes`);
  }
  const contentType = header(event, 'content-type');
  if (bytes.length === 0 && !contentType) throw new ValidationError('A JSON request body is required');
  const media = contentType ? mediaTypeOf(contentType) : undefined;
  if (!media || !isAccepted(media.type, accepted)) {
    throw new UnsupportedMediaTypeError(`Content-Type must be ${accepted.join(' or ')}`);
  }
  if (media.charset && media.charset !== 'utf-8' && media.charset !== 'utf8') {
    throw new UnsupportedMediaTypeError('The body must be encoded as UTF-8');
  }
  let validUtf8 = true;
  try {
    strictUtf8.decode(bytes);
  } catch {
    validUtf8 = false;
  }
  // Decoded leniently so that, when the bytes are not UTF-8, the error can name the field they are in.
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new ValidationError('A JSON request body is required');
  assertDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!validUtf8) throw new ValidationError('The request body is not valid UTF-8');
    const detail = error instanceof SyntaxError ? `: ${error.message.slice(0, 200)}` : '';
    throw new ValidationError(`The request body is not valid JSON${detail}`);
  }
  assertSize(value);
  if (!validUtf8) {
    const fields = replacementCharacterPaths(value);
    throw new ValidationError(
      'The request body is not valid UTF-8',
      (fields.length > 0 ? fields : ['(body)']).map((field) => ({ field, message: 'is not valid UTF-8' })),
    );
  }
  const badText = forbiddenText(value);
  if (badText.length > 0) throw new ValidationError('The request body holds characters that are not allowed in text', badText);
  const badNumbers = unstorableNumbers(value);
  if (badNumbers.length > 0) throw new ValidationError('The request body holds numbers outside the range that can be stored', badNumbers);
  return value;
}
