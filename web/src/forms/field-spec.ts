/**
 * The shape of the scenario form's description (web/src/forms/spec.ts): a field with its kind,
 * label, unit and help; a list of items with their types; a group of fields and lists, with fields
 * behind "advanced" disclosures.
 */
import type { Doc } from './doc.ts';

export type Kind =
  | 'text'
  | 'date'
  | 'textarea'
  | 'integer'
  | 'year'
  | 'age'
  | 'money'
  | 'percent'
  | 'number'
  | 'choice'
  | 'boolean'
  | 'ref'
  /** A symmetric matrix over `labels`, edited above its diagonal (the correlation matrix). */
  | 'matrix'
  /** A list of numbers, one a year (disability termination factors). */
  | 'numbers'
  /** A table of age bands, each with a yearly chance (job loss by age). */
  | 'bands';

/** The lists a reference picks from; `adults` are the members who are not dependants. */
export type RefList = 'members' | 'adults' | 'accounts' | 'properties' | 'rentalProperties' | 'liabilities';

export interface FieldSpec {
  /** The path below the item (or the document): `birthYear`, `allocation.equity`. */
  key: string;
  label: string;
  kind: Kind;
  help?: string;
  /** Shown after the input: "a year", "years". Money and percentages get theirs from the kind. */
  unit?: string;
  options?: [string, string][];
  ref?: RefList;
  /** Only for these item types. */
  types?: readonly string[];
  min?: number;
  max?: number;
  /** Shown only when this holds of the item (or the document). */
  when?: (item: Doc) => boolean;
  /** The item after this field is set to `value`, when setting it changes the item's shape (a rate's type). */
  set?: (item: Doc, value: unknown) => Doc;
  /** The value shown, when it is not the one at the path (a document-level field that reads a shape: the horizon's). */
  get?: (doc: Doc) => unknown;
  /** A matrix's rows and columns, in order. */
  labels?: readonly string[];
}

export interface ListSpec {
  key: string;
  title: string;
  /** One item, for the buttons and each item's heading: "member", "income". */
  noun: string;
  help?: string;
  /** The item types, when the list has them (its `type` field). */
  types?: [string, string][];
  /** The item types the document's rules allow, when they depend on it (the tax system's accounts). */
  typesFor?: (doc: Doc) => [string, string][];
  fields: FieldSpec[];
  /** A new item of that type. */
  blank: (type: string) => Record<string, unknown>;
}

export interface GroupSpec {
  id: string;
  title: string;
  help?: string;
  fields?: FieldSpec[];
  lists?: ListSpec[];
  /** Text shown at the end of the group (where fields other work will add go). */
  note?: string;
  /** Fields behind a disclosure, each set under its summary ("Advanced: …"). */
  advanced?: { id: string; summary: string; fields: FieldSpec[] }[];
}
