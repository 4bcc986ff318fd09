import * as z from 'zod/mini';
import { fieldPath } from '../field-errors.js';
import '../zod-messages.js';
import { scenarioDocumentSchema, type ScenarioDocument } from './scenario-document.js';

export interface FieldError {
  field: string;
  message: string;
}

/** `members[1].birthYear` from zod's path segments. */
export const formatFieldPath = (path: readonly PropertyKey[]): string => fieldPath(path);

/**
 * One error per invalid field: an unknown key is reported at its own path, a missing field as
 * required (the issue carries its input: parse with `reportInput`).
 */
export function toFieldErrors(error: z.core.$ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: formatFieldPath([...issue.path, key]), message: 'is an unknown field' });
    } else if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined) {
      out.push({ field: formatFieldPath(issue.path), message: 'is required' });
    } else {
      out.push({ field: formatFieldPath(issue.path), message: issue.message });
    }
  }
  return out;
}

/** Parses and checks a scenario document: defaults filled in, or every invalid field listed. */
export function validateScenario(input: unknown): { ok: true; value: ScenarioDocument } | { ok: false; errors: FieldError[] } {
  const result = z.safeParse(scenarioDocumentSchema, input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: toFieldErrors(result.error) };
}
