/**
 * How large a JSON document may be, and a measure of one that stops as soon as it passes a budget.
 * The request body's limits (shared/http/body.ts) and a patched document's (document-patch.ts)
 * are the same numbers: a document the service builds may be no larger than one it would accept.
 */
export const maxDocumentBytes = 1024 * 1024;
export const maxDocumentValues = 200_000;

export interface DocumentSize {
  /** Values of every kind, containers included. */
  values: number;
  /** The length of its JSON, closely estimated (string lengths in UTF-16 units). */
  bytes: number;
}

/**
 * The size of `value`, walked iteratively (no recursion on a deep document); the walk stops once
 * the size passes `budget` in either measure, so it costs at most the budget however large the value.
 */
export function measureDocument(value: unknown, budget: DocumentSize): DocumentSize {
  const size: DocumentSize = { values: 0, bytes: 0 };
  const stack: unknown[] = [value];
  while (stack.length > 0 && size.values <= budget.values && size.bytes <= budget.bytes) {
    const next = stack.pop();
    size.values += 1;
    if (typeof next === 'string') size.bytes += next.length + 3;
    else if (typeof next === 'number') size.bytes += String(next).length + 1;
    else if (Array.isArray(next)) {
      size.bytes += 2;
      for (const item of next) stack.push(item);
    } else if (next !== null && typeof next === 'object') {
      size.bytes += 2;
      for (const [key, item] of Object.entries(next)) {
        size.bytes += key.length + 3;
        stack.push(item);
      }
    } else size.bytes += 6;
  }
  return size;
}

export function exceeds(size: DocumentSize, budget: DocumentSize): boolean {
  return size.values > budget.values || size.bytes > budget.bytes;
}
