/**
 * zod schemas to OpenAPI 3.1 component schemas (JSON Schema 2020-12) with `z.toJSONSchema`:
 * schemas carrying a meta `id` become named components, referenced with `$ref`.
 */
import * as z from 'zod/mini';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

export class ComponentSchemas {
  readonly schemas: Record<string, Json> = {};

  /** The JSON Schema for `schema` as a request (`input`: defaults optional) or response (`output`). */
  ref(schema: z.core.$ZodType, io: Io): Json {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Json;
    const defs = (converted.$defs ?? {}) as Record<string, Json>;
    delete converted.$defs;
    delete converted.$schema;
    const rootId = z.globalRegistry.get(schema)?.id;
    const names = new Map<string, string>();
    const all: [string, Json][] = Object.entries(defs);
    // zod emits a named root as a `$ref` to its own `$defs` entry; the entry is the schema.
    if (rootId && !(rootId in defs)) all.push([rootId, converted]);
    // A request-side (input) variant of a named schema is named `<id>Input` when the response-side
    // one already took the name: generate responses first.
    for (const [id] of all) names.set(id, io === 'input' && this.outputIds.has(id) ? `${id}Input` : id);
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        const out: Json = {};
        for (const [key, inner] of Object.entries(value as Json)) {
          if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
            const id = inner.slice('#/$defs/'.length);
            out.$ref = `#/components/schemas/${names.get(id) ?? id}`;
          } else if (key === 'id' && typeof inner === 'string' && names.has(inner)) {
            // zod copies the meta id into the schema; OpenAPI has no such keyword.
          } else {
            out[key] = rewrite(inner);
          }
        }
        return out;
      }
      return value;
    };
    for (const [id, def] of all) {
      this.schemas[names.get(id)!] = rewrite(def) as Json;
      if (io === 'output') this.outputIds.add(id);
    }
    return rootId ? { $ref: `#/components/schemas/${names.get(rootId)}` } : (rewrite(converted) as Json);
  }

  private readonly outputIds = new Set<string>();
}
