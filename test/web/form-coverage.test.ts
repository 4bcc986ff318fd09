/**
 * Every field of the scenario document has a form control: the test walks the API's own schema
 * of the document (the zod schema the OpenAPI contract is generated from, as JSON Schema) down to
 * its leaves, item type by item type, and fails on any leaf no field of the forms
 * (web/src/forms/spec.ts) covers, on any choice whose options miss a value the schema allows, and
 * on any form field that names no field of the schema.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { scenarioObjectSchema } from '../../shared/domain/scenario/scenario-object.js';
import { ACCOUNT_TYPES_BY_SYSTEM as RULES_ACCOUNT_TYPES } from '../../shared/domain/scenario/tax-settings.js';
import { ACCOUNT_TYPES_BY_SYSTEM, type FieldSpec, groups, lists } from '../../web/src/forms/spec.js';

type Json = Record<string, any>;

interface Leaf {
  /** `assumptions.economic.correlation`, or below a list's item: `incomes[].amount`. */
  path: string;
  /** The list the leaf is in, and the item type it belongs to when the list's items are a union. */
  list?: string;
  type?: string;
  enum?: unknown[];
}

const schema = z.toJSONSchema(scenarioObjectSchema, {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'any',
  reused: 'inline',
}) as Json;

const alternatives = (s: Json): Json[] | undefined => s.anyOf ?? s.oneOf;

/** The leaves below `s`: scalars, arrays of scalars and arrays of arrays (a matrix); objects and unions are walked into. */
function leaves(s: Json, path: string, item?: { list: string; type?: string }): Leaf[] {
  const alts = alternatives(s);
  if (alts) return alts.flatMap((alt) => leaves(alt, path, item));
  if (s.type === 'object' && s.properties)
    return Object.entries(s.properties as Record<string, Json>).flatMap(([key, inner]) =>
      leaves(inner, path ? `${path}.${key}` : key, item),
    );
  return [{ path, ...item, ...(s.enum ? { enum: s.enum } : s.const !== undefined ? { enum: [s.const] } : {}) }];
}

/** The document's leaves; a top-level list's items are walked one item type at a time. */
function documentLeaves(): Leaf[] {
  return Object.entries(schema.properties as Record<string, Json>).flatMap(([key, s]) => {
    if (s.type !== 'array' || !s.items || (s.items.type !== 'object' && !alternatives(s.items))) return leaves(s, key);
    const kinds = alternatives(s.items) ?? [s.items];
    return kinds.flatMap((kind) => {
      const type = kind.properties?.type?.const as string | undefined;
      return leaves({ ...kind, anyOf: undefined, oneOf: undefined }, '', { list: key, type }).map((l) => ({
        ...l,
        path: `${key}[].${l.path}`,
      }));
    });
  });
}

/** A field's key with its element places dropped (`strategy.withdrawalOrder.0` is the order). */
const fieldPath = (key: string) => key.replace(/\.\d+(?=\.|$)/g, '');
const covers = (key: string, path: string) => {
  const k = fieldPath(key);
  return path === k || path.startsWith(`${k}.`) || path.startsWith(`${k}[`);
};

const documentFields: FieldSpec[] = groups.flatMap((g) => [...(g.fields ?? []), ...(g.advanced ?? []).flatMap((a) => a.fields)]);
const all = documentLeaves();

/** The form fields that cover a leaf, and whether the form makes it itself (an item's id) or picks it as the item's kind. */
function coverage(leaf: Leaf): { fields: FieldSpec[]; made?: string } {
  if (!leaf.list) return { fields: documentFields.filter((f) => covers(f.key, leaf.path)) };
  const list = lists[leaf.list];
  if (!list) return { fields: [] };
  const rest = leaf.path.slice(`${leaf.list}[].`.length);
  if (rest === 'id') return { fields: [], made: 'an id the form makes' };
  if (rest === 'type' && list.types) {
    const offered = new Set(list.types.map(([code]) => code));
    const values = leaf.type ? [leaf.type] : (leaf.enum ?? []);
    return values.every((v) => offered.has(String(v))) ? { fields: [], made: 'the kind of the item' } : { fields: [] };
  }
  return {
    fields: list.fields.filter((f) => covers(f.key, rest) && (!leaf.type || !f.types || f.types.includes(leaf.type))),
  };
}

const describeLeaf = (l: Leaf) => `${l.path}${l.type ? ` (${l.type})` : ''}`;

describe('every field of the scenario document has a form control', () => {
  it('walks a schema with the fields the forms must cover', () => {
    // The walk itself reaches the document's depths: a sanity check that it is not vacuous.
    const paths = new Set(all.map((l) => l.path));
    for (const p of ['members[].birthYear', 'incomes[].claimingAge', 'assumptions.economic.correlation', 'simulation.horizon.years'])
      expect(paths).toContain(p);
    expect(all.length).toBeGreaterThan(200);
  });

  it('covers every leaf of the schema, for every item type', () => {
    const uncovered = all.filter((leaf) => {
      const { fields, made } = coverage(leaf);
      return !made && fields.length === 0;
    });
    expect(uncovered.map(describeLeaf)).toEqual([]);
  });

  it('offers every value the schema allows in each choice', () => {
    const missing: string[] = [];
    for (const leaf of all.filter((l) => l.enum && l.enum.length > 1)) {
      const choices = coverage(leaf).fields.filter((f) => f.kind === 'choice' && fieldPath(f.key) === leaf.path.replace(/^\w+\[\]\./, ''));
      if (choices.length === 0) continue;
      // A field shown per tax system offers that system's values; together they offer every value.
      const codes = new Set(choices.flatMap((f) => f.options?.map(([code]) => code) ?? []));
      for (const value of leaf.enum!) if (!codes.has(String(value))) missing.push(`${describeLeaf(leaf)}: ${String(value)}`);
    }
    expect(missing).toEqual([]);
  });

  it('names no field the schema does not have', () => {
    const paths = all.map((l) => l.path);
    const stale = [
      ...documentFields.filter((f) => !paths.some((p) => covers(f.key, p))).map((f) => f.key),
      ...Object.values(lists).flatMap((list) =>
        list.fields
          .filter((f) =>
            (f.types ?? [undefined]).some(
              (type) =>
                !all.some((l) => l.list === list.key && (!type || !l.type || l.type === type) && covers(`${list.key}[].${f.key}`, l.path)),
            ),
          )
          .map((f) => `${list.key}[].${f.key}`),
      ),
    ];
    expect(stale).toEqual([]);
  });

  it('gives every field a label, every number a unit and every advanced parameter its help', () => {
    const fields = [...documentFields, ...Object.values(lists).flatMap((l) => l.fields)];
    expect(fields.filter((f) => !f.label.trim()).map((f) => f.key)).toEqual([]);
    const numbers = fields.filter((f) => ['integer', 'age', 'number', 'numbers'].includes(f.kind));
    expect(numbers.filter((f) => !f.unit && !/year|times|seed|paths/i.test(f.key)).map((f) => f.key)).toEqual([]);
    const advanced = groups.flatMap((g) => (g.advanced ?? []).flatMap((a) => a.fields));
    expect(advanced.length).toBeGreaterThan(30);
    expect(advanced.filter((f) => !f.help?.trim() && f.kind !== 'choice').map((f) => f.key)).toEqual([]);
  });

  it('offers under each tax system the account types its rules allow', () => {
    expect(ACCOUNT_TYPES_BY_SYSTEM).toEqual(RULES_ACCOUNT_TYPES);
  });
});
