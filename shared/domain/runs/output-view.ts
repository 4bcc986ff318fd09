/**
 * Query options of the output endpoints: `sections` picks parts of the output document
 * (`summary`, `timeSeries`, `economy`, `lives`; `metadata` always comes along) and `view` keeps
 * only the `real` or the `nominal` figures of the two-view series.
 */
import * as z from 'zod/mini';
import type { OutputDocument } from '../../engine/index.js';

export const outputSections = ['summary', 'timeSeries', 'economy', 'lives'] as const;
export type OutputSection = (typeof outputSections)[number];

export const outputQuerySchema = z.strictObject({
  sections: z.pipe(
    z.optional(z.string()),
    z.transform((value, context) => {
      if (value === undefined) return [...outputSections];
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const unknown = names.filter((name) => !(outputSections as readonly string[]).includes(name));
      if (unknown.length > 0 || names.length === 0) {
        // zod/mini's transform context has no `addIssue`: the issue goes straight into the list.
        context.issues.push({ code: 'custom', input: value, message: `must be a comma-separated list of ${outputSections.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(names)] as OutputSection[];
    }),
  ),
  view: z.optional(z.enum(['real', 'nominal'], { message: 'must be real or nominal' })),
});

export type OutputQuery = z.output<typeof outputQuerySchema>;

type TwoViews = { nominal: unknown; real: unknown };
const isTwoViews = (value: unknown): value is TwoViews =>
  typeof value === 'object' && value !== null && 'nominal' in value && 'real' in value && Object.keys(value).length === 2;

function keepView(value: unknown, view: 'real' | 'nominal'): unknown {
  if (Array.isArray(value)) return value.map((item) => keepView(item, view));
  if (isTwoViews(value)) return { [view]: value[view] };
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, keepView(inner, view)]));
  }
  return value;
}

export function selectOutput(
  document: OutputDocument,
  query: OutputQuery,
): Partial<OutputDocument> & { metadata: OutputDocument['metadata'] } {
  const out: Record<string, unknown> = {};
  for (const section of query.sections) {
    out[section] = query.view ? keepView(document[section], query.view) : document[section];
  }
  out.metadata = document.metadata;
  return out as Partial<OutputDocument> & { metadata: OutputDocument['metadata'] };
}
