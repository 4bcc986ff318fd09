/**
 * The scenario's items by name, for every screen that reports on them: a member, a goal, an
 * account or any item an event names, and a life's event in words.
 */
import type { Doc } from './forms/doc.ts';
import type { OutputDocument, ScenarioDocument } from './api.ts';
import { labelOfId } from './forms/items.ts';
import { money } from './format.ts';
import { say } from './words.ts';

const ITEM_LISTS = ['incomes', 'expenses', 'accounts', 'properties', 'liabilities', 'insurance', 'goals'];

export const memberName = (doc: ScenarioDocument, id: string | undefined) => labelOfId(doc as Doc, 'members', id);
export const goalName = (doc: ScenarioDocument, id: string | undefined) => labelOfId(doc as Doc, 'goals', id);

/** Any item by its id, searched in every list. */
export function itemName(doc: ScenarioDocument, id: string | undefined): string {
  for (const list of ITEM_LISTS) {
    if (((doc as Doc)[list] as Doc[] | undefined)?.some((i) => i.id === id)) return labelOfId(doc as Doc, list, id);
  }
  return 'an item';
}

/** The member whose age the charts count by: the main client. */
export function mainMember(doc: ScenarioDocument): { id: string; name: string } {
  const member = doc.members?.find((m) => m.role === 'PRIMARY') ?? doc.members?.[0];
  return { id: member?.id ?? '', name: memberName(doc, member?.id) };
}

type LifeEvent = OutputDocument['lives'][number]['events'][number];

/** An event of a life in words; its amount is in money of that year, and says so. */
export function describeEvent(doc: ScenarioDocument, e: LifeEvent, currency: string): string {
  const who = e.memberId ? ` of ${memberName(doc, e.memberId)}` : '';
  const goal = e.goalId ? `: ${goalName(doc, e.goalId)}` : '';
  const item = e.itemId ? `: ${itemName(doc, e.itemId)}` : '';
  const amount =
    e.amount === undefined
      ? ''
      : e.type === 'DEPLETION'
        ? `, ${money(e.amount, currency)} short (money of ${e.calendarYear})`
        : `, ${money(e.amount, currency)} (money of ${e.calendarYear})`;
  return `${say(e.type)}${who}${goal}${item}${amount}`;
}
