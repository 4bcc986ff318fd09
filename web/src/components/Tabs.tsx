/**
 * A tab list as the WAI-ARIA pattern has it: one tab in the page's tab order (the selected one),
 * the arrow keys move between tabs and select them, Home and End go to the first and last.
 */
import type { ComponentChildren } from 'preact';

export interface TabsProps<T extends string> {
  label: string;
  /** The prefix of the tabs' and panels' ids: `${idPrefix}-tab-${id}`, `${idPrefix}-panel-${id}`. */
  idPrefix: string;
  tabs: { id: T; label: ComponentChildren }[];
  selected: T;
  onSelect: (id: T) => void;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export function Tabs<T extends string>({ label, idPrefix, tabs, selected, onSelect }: TabsProps<T>) {
  const move = (event: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.id === selected);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    onSelect(tabs[to].id);
    document.getElementById(tabId(idPrefix, tabs[to].id))?.focus();
  };
  return (
    <div class="tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map((t) => (
        <button
          type="button"
          role="tab"
          id={tabId(idPrefix, t.id)}
          // Only the selected tab's panel is on the page.
          aria-controls={t.id === selected ? panelId(idPrefix, t.id) : undefined}
          aria-selected={t.id === selected}
          tabIndex={t.id === selected ? 0 : -1}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
