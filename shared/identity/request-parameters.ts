/**
 * The parameters of an OAuth request body: `application/x-www-form-urlencoded` (the OAuth
 * standard) or a flat JSON object of strings. Repeated parameters are refused (RFC 6749 §3.2).
 * The parameters live in an object without a prototype, so names such as `__proto__` or
 * `toString` are ordinary parameters, never inherited members.
 */
import { textProblem } from '../http/text-checks.js';
import { OAuthError } from './oauth-error.js';

export type Parameters = Record<string, string>;

const noParameters = (): Parameters => Object.create(null) as Parameters;

const maxBodyBytes = 64 * 1024;

export function parseParameters(body: string | undefined, contentType: string | undefined): Parameters {
  const text = body ?? '';
  if (Buffer.byteLength(text) > maxBodyBytes) {
    throw new OAuthError('invalid_request', `The request body is larger than ${maxBodyBytes} bytes`, 413);
  }
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') return checkedText(parseForm(text));
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return checkedText(parseJson(text));
  if (text === '' && mediaType === '') return noParameters();
  throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded or application/json', 415);
}

/** Parameters are text: the characters the API refuses in bodies (shared/http/text-checks.ts) are refused here too. */
function checkedText(params: Parameters): Parameters {
  for (const [name, value] of Object.entries(params)) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) throw new OAuthError('invalid_request', `Parameter ${name} ${problem}`, 400, name);
  }
  return params;
}

function parseForm(text: string): Parameters {
  const params = noParameters();
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, name)) throw new OAuthError('invalid_request', `Parameter ${name} is repeated`, 400, name);
    params[name] = value;
  }
  return params;
}

function parseJson(text: string): Parameters {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_request', 'The body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new OAuthError('invalid_request', 'The JSON body must be an object of string parameters');
  }
  const params = noParameters();
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `Parameter ${name} must be a string`, 400, name);
    params[name] = value;
  }
  return params;
}

export function required(params: Parameters, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `Missing parameter: ${name}`, 400, name);
  return value;
}
