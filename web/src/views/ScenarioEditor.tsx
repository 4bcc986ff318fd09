/**
 * A scenario document edited through forms for every field (web/src/forms/spec.ts), grouped as an
 * adviser works, with a JSON view of the whole document as an advanced option. Both edit the same
 * document; the API's errors appear at the field they name, in words, or in a list under the form
 * naming the field in words when no input shows it.
 */
import type { Doc } from '../forms/doc.ts';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { FieldError, ScenarioDocument } from '../api.ts';
import { ErrorText, getAt, setAt } from '../components/fields.tsx';
import { FormField, type RefOption } from '../forms/FormField.tsx';
import { groups, type FieldSpec, type ListSpec } from '../forms/spec.ts';
import { describePath, itemLabel, refOptions } from '../forms/items.ts';
import { assumptionDefaults } from '../forms/defaults.ts';
import { say } from '../words.ts';

export interface ScenarioEditorProps {
  initial: ScenarioDocument;
  submitLabel: string;
  onSubmit: (doc: ScenarioDocument) => Promise<void>;
  errors: FieldError[];
  currency: string;
  /** Called with the document on every change, before saving (the results are out of date from then on). */
  onEdit?: (doc: ScenarioDocument) => void;
}

/** Removes objects left empty by clearing their last field (an optional glide path cleared). */
function pruned(doc: Doc, path: string): Doc {
  let next = doc;
  let at = path;
  while (at.includes('.')) {
    at = at.slice(0, at.lastIndexOf('.'));
    const parent = getAt(next, at);
    if (parent && typeof parent === 'object' && !Array.isArray(parent) && Object.keys(parent).length === 0)
      next = setAt(next, at, undefined);
    else break;
  }
  return next;
}

/** The keys an item of `type` may have: its list's fields for that type, and its id, name and type. */
function keepForType(list: ListSpec, item: Doc, type: string): Doc {
  const allowed = new Set([
    'id',
    'name',
    'type',
    ...list.fields.filter((f) => !f.types || f.types.includes(type)).map((f) => f.key.split('.')[0]),
  ]);
  const kept = Object.fromEntries(Object.entries(item).filter(([k]) => allowed.has(k)));
  return { ...list.blank(type), ...kept, type };
}

/** An id not yet used in the list: `income-3`. Ids stay out of sight; people pick items by name. */
function newId(list: ListSpec, items: Doc[]): string {
  const used = new Set(items.map((i) => i.id));
  let k = items.length + 1;
  while (used.has(`${list.noun}-${k}`)) k++;
  return `${list.noun}-${k}`;
}

export function ScenarioEditor({ initial, submitLabel, onSubmit, errors, currency, onEdit }: ScenarioEditorProps) {
  const [doc, setDoc] = useState<Doc>(initial);
  const [json, setJson] = useState(() => JSON.stringify(initial, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = new Set<string>();

  const replace = (next: Doc) => {
    setDoc(next);
    setJson(JSON.stringify(next, null, 2));
    onEdit?.(next as ScenarioDocument);
  };
  /** Sets a field: through its own setter when it reshapes its item, else at its path. */
  const change = (path: string, value: unknown, spec: FieldSpec) => {
    if (spec.set) {
      const itemPath = path.slice(0, path.length - spec.key.length).replace(/\.$/, '');
      const item = itemPath ? (getAt(doc, itemPath) as Doc) : doc;
      const next = spec.set(item, value);
      return replace(itemPath ? setAt(doc, itemPath, next) : next);
    }
    replace(value === undefined ? pruned(setAt(doc, path, undefined), path) : setAt(doc, path, value));
  };
  const editJson = (text: string) => {
    setJson(text);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The document must be a JSON object');
      setDoc(parsed as Doc);
      setJsonError(null);
      onEdit?.(parsed as ScenarioDocument);
    } catch (error) {
      setJsonError((error as Error).message);
    }
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (jsonError) return;
    setBusy(true);
    try {
      await onSubmit(doc as ScenarioDocument);
    } finally {
      setBusy(false);
    }
  };
  const refs = (list: NonNullable<FieldSpec['ref']>): RefOption[] => refOptions(doc, list);
  const defaultAt = assumptionDefaults(doc, currency);
  const field = (spec: FieldSpec, base: string, subject: Doc) =>
    (!spec.when || spec.when(subject)) && (
      <FormField
        key={`${base}${spec.key}`}
        spec={spec}
        path={`${base}${spec.key}`}
        doc={doc}
        errors={errors}
        currency={currency}
        refs={refs}
        onChange={change}
        shown={shown}
        fallback={base ? undefined : defaultAt(spec.key)}
      />
    );
  const unplaced = errors.filter((e) => !shown.has(e.field));

  return (
    <form class="scenario-editor" onSubmit={submit} noValidate>
      {groups.map((group) => (
        <section class="form-group" aria-labelledby={`group-${group.id}`}>
          <h2 id={`group-${group.id}`}>{group.title}</h2>
          {group.help && <p class="muted">{group.help}</p>}
          {group.lists?.map((list) => (
            <ItemList
              list={list}
              heading={group.lists!.length > 1}
              doc={doc}
              errors={errors}
              replace={replace}
              field={field}
              shown={shown}
            />
          ))}
          {group.fields && <div class="field-grid">{group.fields.map((f) => field(f, '', doc))}</div>}
          {group.advanced?.map((part) => (
            <Disclosure
              id={`advanced-${part.id}`}
              summary={part.summary}
              openFor={part.fields.some((f) => errors.some((e) => e.field.startsWith(f.key)))}
            >
              <div class="field-grid">{part.fields.map((f) => field(f, '', doc))}</div>
            </Disclosure>
          ))}
          {group.note && <p class="muted note">{group.note}</p>}
        </section>
      ))}
      <details class="json-editor">
        <summary>Advanced: the whole document as JSON</summary>
        <label for="scenario-json">Scenario document (JSON)</label>
        <textarea
          id="scenario-json"
          spellcheck={false}
          rows={18}
          value={json}
          aria-invalid={jsonError !== null}
          aria-describedby="scenario-json-error"
          onInput={(e) => editJson((e.currentTarget as HTMLTextAreaElement).value)}
        />
        <ErrorText id="scenario-json-error" messages={jsonError ? [`Not valid JSON: ${jsonError}`] : []} />
      </details>
      {unplaced.length > 0 && (
        <ul class="errors" role="alert" aria-label="Other problems with the plan">
          {unplaced.map((e) => (
            <li>
              {describePath(doc, e.field)}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <div class="form-actions">
        <button type="submit" disabled={busy || jsonError !== null}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Fields behind a summary, opened by the user or by an error among them (and then left as the user leaves it). */
function Disclosure({ id, summary, openFor, children }: { id: string; summary: string; openFor: boolean; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (openFor) setOpen(true);
  }, [openFor]);
  return (
    <details class="advanced" id={id} open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

function ItemList(props: {
  list: ListSpec;
  heading: boolean;
  doc: Doc;
  errors: FieldError[];
  replace: (doc: Doc) => void;
  field: (spec: FieldSpec, base: string, subject: Doc) => unknown;
  shown: Set<string>;
}) {
  const { list, heading, doc, errors, replace, field, shown } = props;
  const items = (doc[list.key] as Doc[] | undefined) ?? [];
  const offered = list.typesFor?.(doc) ?? list.types;
  const [chosenType, setAddType] = useState(offered?.[0]?.[0] ?? '');
  const addType = offered?.some(([code]) => code === chosenType) ? chosenType : (offered?.[0]?.[0] ?? '');
  /**
   * The types an item may switch to: those offered, and its own (kept in view when the rules no
   * longer allow it, so the API's error shows at it).
   */
  const typesOf = (item: Doc): [string, string][] =>
    offered?.some(([code]) => code === item.type) || item.type === undefined
      ? (offered ?? [])
      : [...(offered ?? []), [item.type, say(item.type)]];
  shown.add(list.key);
  const noun = list.noun[0].toUpperCase() + list.noun.slice(1);
  const setItems = (next: Doc[]) => replace({ ...doc, [list.key]: next });
  const listErrors = errors.filter((e) => e.field === list.key).map((e) => e.message);
  return (
    <div class="item-list" data-list={list.key}>
      {heading && <h3>{list.title}</h3>}
      {list.help && <p class="muted">{list.help}</p>}
      {items.map((item, index) => {
        const base = `${list.key}[${index}].`;
        const legend = `${noun} ${index + 1}${item.name ? `: ${item.name}` : item.type ? `: ${say(item.type)}` : ''}`;
        const typePath = `${base}type`;
        if (list.types) shown.add(typePath);
        return (
          <fieldset class="item" key={item.id ?? index}>
            <legend>{legend}</legend>
            <div class="field-grid">
              {list.types && (
                <div class="form-field">
                  <label for={`field-${typePath.replace(/[^A-Za-z0-9]/g, '-')}`}>Kind</label>
                  <select
                    id={`field-${typePath.replace(/[^A-Za-z0-9]/g, '-')}`}
                    value={String(item.type ?? '')}
                    onChange={(e) => {
                      const type = (e.currentTarget as HTMLSelectElement).value;
                      setItems(items.map((it, i) => (i === index ? keepForType(list, it, type) : it)));
                    }}
                  >
                    {typesOf(item).map(([code, words]) => (
                      <option value={code}>{words}</option>
                    ))}
                  </select>
                  <ErrorText
                    id={`field-${typePath.replace(/[^A-Za-z0-9]/g, '-')}-error`}
                    messages={errors.filter((e) => e.field === typePath).map((e) => e.message)}
                  />
                </div>
              )}
              {list.fields.filter((f) => !f.types || f.types.includes(String(item.type))).map((f) => field(f, base, item))}
            </div>
            <ErrorText id={`${base}error`} messages={errors.filter((e) => e.field === `${list.key}[${index}]`).map((e) => e.message)} />
            <button type="button" class="link danger" onClick={() => setItems(items.filter((_, i) => i !== index))}>
              Remove {list.noun} {index + 1}
              <span class="visually-hidden"> ({itemLabel(list.key, item, index)})</span>
            </button>
          </fieldset>
        );
      })}
      <ErrorText id={`list-${list.key}-error`} messages={listErrors} />
      <div class="add-item">
        {list.types && (
          <>
            <label for={`add-${list.key}-type`} class="visually-hidden">
              Kind of {list.noun} to add
            </label>
            <select id={`add-${list.key}-type`} value={addType} onChange={(e) => setAddType((e.currentTarget as HTMLSelectElement).value)}>
              {offered?.map(([code, words]) => (
                <option value={code}>{words}</option>
              ))}
            </select>
          </>
        )}
        <button type="button" class="secondary" onClick={() => setItems([...items, { id: newId(list, items), ...list.blank(addType) }])}>
          Add {list.noun}
        </button>
      </div>
    </div>
  );
}
