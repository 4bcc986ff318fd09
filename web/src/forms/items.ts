/**
 * The scenario's items in words: the label a list shows for each item (its name, else its kind
 * and number), the options a reference picks from, and an API error's field path as a person
 * reads it ("Income 2 (Sam's salary) › Amount").
 */
import type { Doc } from './doc.ts';
import { say } from '../words.ts';
import { groups, lists, type RefList } from './spec.ts';

/** An item as people know it: its name, else its role or kind and its place in the list. */
export function itemLabel(listKey: string, item: Doc | undefined, index: number): string {
  if (!item) return `${lists[listKey]?.noun ?? 'item'} ${index + 1}`;
  if (typeof item.name === 'string' && item.name.trim()) return item.name;
  if (listKey === 'members') return `${say(item.role)}, born ${item.birthYear ?? '?'}`;
  return `${say(item.type) || lists[listKey]?.noun || 'item'} ${index + 1}`;
}

/** The options of a reference: each item's id with its label. */
export function refOptions(doc: Doc, list: RefList): { id: string; label: string }[] {
  const key = list === 'adults' ? 'members' : list === 'rentalProperties' ? 'properties' : list;
  const items = ((doc[key] as Doc[] | undefined) ?? []).map((item, index) => ({ item, index }));
  const kept =
    list === 'adults'
      ? items.filter(({ item }) => item.role !== 'DEPENDANT')
      : list === 'rentalProperties'
        ? items.filter(({ item }) => item.type === 'RENTAL')
        : items;
  return kept
    .filter(({ item }) => typeof item.id === 'string')
    .map(({ item, index }) => ({ id: item.id, label: itemLabel(key, item, index) }));
}

/** The label of the item an id names in a list, or the id's list noun when it names none. */
export function labelOfId(doc: Doc, listKey: string, id: string | undefined): string {
  const items = (doc[listKey] as Doc[] | undefined) ?? [];
  const index = items.findIndex((i) => i.id === id);
  return index >= 0 ? itemLabel(listKey, items[index], index) : (lists[listKey]?.noun ?? 'item');
}

const topFields = new Map(
  groups.flatMap((g) => [...(g.fields ?? []), ...(g.advanced ?? []).flatMap((a) => a.fields)]).map((f) => [f.key, f.label]),
);

/** An error's field path in words. */
export function describePath(doc: Doc, path: string): string {
  if (!path) return 'The plan';
  const item = /^(\w+)\[(\d+)\]\.?(.*)$/.exec(path);
  if (item) {
    const [, key, at, rest] = item;
    const list = lists[key];
    const index = Number(at);
    const noun = list ? list.noun[0].toUpperCase() + list.noun.slice(1) : key;
    const label = list?.fields.find((f) => f.key === rest)?.label ?? (rest === 'type' ? 'Kind' : rest.replace(/[.[\]]+/g, ' ').trim());
    const name = itemLabel(key, (doc[key] as Doc[] | undefined)?.[index], index);
    return `${noun} ${index + 1} (${name})${label ? ` › ${label}` : ''}`;
  }
  return topFields.get(path) ?? lists[path]?.title ?? path.replace(/[.[\]]+/g, ' › ');
}
