/**
 * Form plumbing: values read and written by the field paths the API names in its errors
 * (`members[0].birthYear`), so an error from the API lands next to the input it is about.
 */
import type { ComponentChildren } from 'preact';
import type { FieldError } from '../api.ts';

type Json = Record<string, unknown> | unknown[];

function steps(path: string): (string | number)[] {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter((s) => s !== undefined && s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

export function getAt(doc: unknown, path: string): unknown {
  let at: unknown = doc;
  for (const step of steps(path)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}

/** A copy of `doc` with `value` at `path` (objects made on the way); `undefined` removes the field. */
export function setAt<T>(doc: T, path: string, value: unknown): T {
  return setSteps(doc, steps(path), value) as T;
}

function setSteps(doc: unknown, [head, ...rest]: (string | number)[], value: unknown): unknown {
  const container: Json = Array.isArray(doc) ? [...doc] : { ...(doc as Record<string, unknown> | undefined) };
  const target = container as Record<string | number, unknown>;
  if (rest.length > 0) target[head] = setSteps(target[head] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  else if (value === undefined && !Array.isArray(container)) delete target[head];
  else target[head] = value;
  return container;
}

export function messagesFor(errors: FieldError[], path: string): string[] {
  return errors.filter((e) => e.field === path).map((e) => e.message);
}

/** Errors no input on the page shows (e.g. a field only the JSON editor holds). */
export function unplaced(errors: FieldError[], shown: Set<string>): FieldError[] {
  return errors.filter((e) => !shown.has(e.field));
}

let counter = 0;
export const uniqueId = (prefix: string) => `${prefix}-${++counter}`;

export function ErrorText({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <span class="field-error" id={id} role="alert">
      {messages.join('; ')}
    </span>
  );
}

export interface InputProps {
  label: string;
  path: string;
  doc: unknown;
  errors: FieldError[];
  onChange: (path: string, value: unknown) => void;
  type?: 'text' | 'number';
  options?: readonly string[];
  step?: string;
  /** The label is read by screen readers only (a table's column header shows it). */
  hiddenLabel?: boolean;
  shown?: Set<string>;
}

export function Input({ label, path, doc, errors, onChange, type = 'text', options, step, hiddenLabel, shown }: InputProps) {
  shown?.add(path);
  const id = `field-${path.replace(/[^A-Za-z0-9]/g, '-')}`;
  const messages = messagesFor(errors, path);
  const value = getAt(doc, path);
  const describedBy = messages.length ? `${id}-error` : undefined;
  const labelElement = (
    <label for={id} class={hiddenLabel ? 'visually-hidden' : undefined}>
      {label}
    </label>
  );
  const common = { id, name: path, 'aria-invalid': messages.length > 0, 'aria-describedby': describedBy, 'data-field': path };
  let control: ComponentChildren;
  if (options) {
    control = (
      <select
        {...common}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(path, (e.currentTarget as HTMLSelectElement).value || undefined)}
      >
        <option value="">–</option>
        {options.map((o) => (
          <option value={o}>{o}</option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={type as 'number'}
        step={step ?? (type === 'number' ? 'any' : undefined)}
        value={value === undefined || value === null ? '' : String(value)}
        onInput={(e) => {
          const raw = (e.currentTarget as HTMLInputElement).value;
          onChange(path, raw === '' ? undefined : type === 'number' ? Number(raw) : raw);
        }}
      />
    );
  }
  return (
    <span class="input">
      {labelElement}
      {control}
      <ErrorText id={`${id}-error`} messages={messages} />
    </span>
  );
}
