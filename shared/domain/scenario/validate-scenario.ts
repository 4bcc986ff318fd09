import type * as z from 'zod';
import { scenarioDocumentSchema, type ScenarioDocument } from './scenario-document.js';

export interface FieldError { field: string; message: string }

/** `members[1].birthYear` from zod's path segments. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out;
}

/** One error per invalid field: an unknown key is reported at its own path, a missing field as required. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: formatFieldPath([...issue.path, key]), message: 'is an unknown field' });
    } else if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
      out.push({ field: formatFieldPath(issue.path), message: 'is required' });
    } else {
      out.push({ field: formatFieldPath(issue.path), message: issue.message });
    }
  }
  return out;
}

/** Parses and checks a scenario document: defaults filled in, or every invalid field listed. */
export function validateScenario(input: unknown): { ok: true; value: ScenarioDocument } | { ok: false; errors: FieldError[] } {
  const result = scenarioDocumentSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: toFieldErrors(result.error) };
}
