/**
 * Text the service refuses in request bodies, wherever it appears (values and object keys): C0
 * control characters other than tab, line feed and carriage return (NUL among them), DEL,
 * bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069, which can make a name
 * display as something else), and lone surrogates (not Unicode text: strict JSON parsers refuse
 * them when the value is read back). Ordinary text, emoji included, passes.
 */
import { fieldPath } from '../domain/field-errors.js';
import type { FieldError } from '../domain/errors.js';

const forbidden = new RegExp(
  [
    // Control characters and the bidirectional overrides and isolates.
    '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\u202A-\\u202E\\u2066-\\u2069]',
    // A high surrogate without its low half, and a low surrogate without its high half.
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
);

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

function describe(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 0xd800 && code <= 0xdfff) return `must not contain a lone surrogate character (${codePoint(char)})`;
  if (code >= 0x202a) return `must not contain the bidirectional control character ${codePoint(char)}`;
  return `must not contain the control character ${codePoint(char)}`;
}

/** Why `text` is refused, or undefined when it is acceptable text. */
export function textProblem(text: string): string | undefined {
  const found = forbidden.exec(text);
  return found ? describe(found[0]) : undefined;
}

/** A key as a field name shows it: forbidden characters written as \uXXXX. */
const printable = (key: string) =>
  key.replace(new RegExp(forbidden.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Calls `visit` with every string of a parsed JSON document, object keys included, and its path. */
function eachString(value: unknown, visit: (text: string, path: PropertyKey[], isKey: boolean) => void): void {
  const walk = (node: unknown, path: PropertyKey[]) => {
    if (typeof node === 'string') visit(node, path, false);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (node !== null && typeof node === 'object') {
      for (const [key, inner] of Object.entries(node)) {
        visit(key, [...path, key], true);
        walk(inner, [...path, key]);
      }
    }
  };
  walk(value, []);
}

/** Every string of a parsed JSON document that holds forbidden text, named by its path. */
export function forbiddenText(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  eachString(value, (text, path, isKey) => {
    const found = forbidden.exec(text);
    if (!found) return;
    if (isKey) errors.push({ field: fieldPath([...path.slice(0, -1), printable(text)]), message: `the field name ${describe(found[0])}` });
    else errors.push({ field: fieldPath(path) || '(body)', message: describe(found[0]) });
  });
  return errors;
}

/** Paths of the strings holding U+FFFD: where a body's invalid UTF-8 bytes ended up once decoded. */
export function replacementCharacterPaths(value: unknown): string[] {
  const paths: string[] = [];
  eachString(value, (text, path) => {
    if (text.includes('\uFFFD')) paths.push(fieldPath(path) || '(body)');
  });
  return paths;
}
