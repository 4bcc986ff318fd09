/**
 * The scenario form's fields whose value is an array: a symmetric matrix (the correlations),
 * a list of numbers (disability termination factors) and a table of age bands (job loss by age).
 * Each is a group of inputs under one legend, with its unit, help and errors; an error the API
 * names at one cell (`correlation[1][2]`) is shown with that cell in words. Left empty, the
 * field keeps the assumption set's default, shown greyed; typing into it starts from that default,
 * and "Back to the defaults" removes the field again.
 */
import type { ComponentChildren } from 'preact';
import type { FieldError } from '../api.ts';
import { ErrorText } from '../components/fields.tsx';
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import { messageInWords } from './messages.ts';
import { asPercent, fromPercent } from './percent.ts';
import type { FieldSpec } from './spec.ts';

export interface ArrayFieldProps {
  spec: FieldSpec;
  path: string;
  id: string;
  /** The array in the document, if any. */
  value: unknown;
  /** The default the field takes when the document has none. */
  fallback: unknown;
  errors: FieldError[];
  set: (value: unknown) => void;
  shown: Set<string>;
}

const numberOrUndefined = (raw: string) => (raw.trim() === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw));

/** Errors at the field or at one of its elements, each with the element named by `where`. */
function elementErrors(errors: FieldError[], path: string, where: (rest: string) => string, shown: Set<string>): string[] {
  return errors
    .filter((e) => e.field === path || e.field.startsWith(`${path}[`))
    .map((e) => {
      shown.add(e.field);
      const rest = e.field.slice(path.length);
      // A band's chance is typed as a percentage.
      const message = messageInWords(e.message, rest.endsWith('.probability'));
      return rest ? `${where(rest)}: ${message}` : message;
    })
    .filter((m, i, all) => all.indexOf(m) === i);
}

function Frame(props: ArrayFieldProps & { children: ComponentChildren; messages: string[]; unit?: string }) {
  const { spec, id, value, set, messages, children, unit } = props;
  const helpId = spec.help ? `${id}-help` : undefined;
  return (
    <fieldset
      class={`form-field wide kind-${spec.kind}`}
      id={id}
      data-field={props.path}
      aria-describedby={[helpId, messages.length ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined}
    >
      <legend>{spec.label}</legend>
      {unit && <span class="unit">{unit}</span>}
      {children}
      {spec.help && (
        <span class="help" id={helpId}>
          {spec.help}
        </span>
      )}
      <ErrorText id={`${id}-error`} messages={messages} />
      {value === undefined ? (
        <span class="help">Empty: the assumption set’s defaults, shown greyed; type to change them.</span>
      ) : (
        <button type="button" class="link" onClick={() => set(undefined)}>
          Back to the defaults<span class="visually-hidden"> ({spec.label})</span>
        </button>
      )}
    </fieldset>
  );
}

const cell = (m: unknown, i: number, j: number): number | undefined => {
  const x = Array.isArray(m) && Array.isArray(m[i]) ? m[i][j] : undefined;
  return typeof x === 'number' ? x : undefined;
};

/** A symmetric matrix with a unit diagonal: inputs above the diagonal, their mirror below. */
export function MatrixField(props: ArrayFieldProps) {
  const { spec, path, id, value, fallback, errors, set, shown } = props;
  const labels = spec.labels ?? [];
  const n = labels.length;
  const identity = labels.map((_, i) => labels.map((__, j) => (i === j ? 1 : 0)));
  const base = (value ?? fallback ?? identity) as number[][];
  const place = (rest: string) => {
    const at = /^\[(\d+)\]\[(\d+)\]$/.exec(rest);
    return at ? `${labels[Number(at[1])] ?? at[1]} with ${(labels[Number(at[2])] ?? at[2]).toLowerCase()}` : rest;
  };
  const messages = elementErrors(errors, path, place, shown).map((m) =>
    /semi-definite/.test(m) ? `These correlations cannot all hold at once: ${m.replace(/^must be /, 'the grid must be ')}` : m,
  );
  const setCell = (i: number, j: number, raw: string) => {
    const x = numberOrUndefined(raw);
    if (x === undefined) return;
    const next = base.map((row) => [...row]);
    next[i][j] = x;
    next[j][i] = x;
    set(next);
  };
  return (
    <Frame {...props} messages={messages}>
      <ScrollRegion label={spec.label}>
        <table class="matrix">
          <thead>
            <tr>
              <td />
              {labels.map((l) => (
                <th scope="col">{l}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((rowLabel, i) => (
              <tr>
                <th scope="row">{rowLabel}</th>
                {labels.map((colLabel, j) => {
                  if (j === i) return <td class="diagonal">1</td>;
                  if (j < i) return <td class={value === undefined ? 'mirror default' : 'mirror'}>{cell(base, j, i) ?? ''}</td>;
                  return (
                    <td>
                      <input
                        id={`${id}-${i}-${j}`}
                        type="number"
                        inputMode="decimal"
                        step="any"
                        min={spec.min}
                        max={spec.max}
                        aria-label={`${rowLabel} with ${colLabel.toLowerCase()}`}
                        aria-invalid={errors.some((e) => e.field === `${path}[${i}][${j}]`)}
                        data-field={`${path}[${i}][${j}]`}
                        value={value === undefined ? '' : (cell(value, i, j) ?? '')}
                        placeholder={String(cell(fallback, i, j) ?? (n ? 0 : ''))}
                        onInput={(e) => setCell(i, j, (e.currentTarget as HTMLInputElement).value)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Frame>
  );
}

/** A list of numbers, one for each year of a claim, the last holding after. */
export function NumberListField(props: ArrayFieldProps) {
  const { spec, path, id, value, fallback, errors, set, shown } = props;
  const base = ((value ?? fallback ?? []) as number[]).slice();
  const place = (rest: string) => {
    const at = /^\[(\d+)\]$/.exec(rest);
    return at ? `Year ${Number(at[1]) + 1}` : rest;
  };
  const messages = elementErrors(errors, path, place, shown);
  const setAt = (k: number, raw: string) => {
    const x = numberOrUndefined(raw);
    if (x === undefined) return;
    const next = base.slice();
    next[k] = x;
    set(next);
  };
  return (
    <Frame {...props} messages={messages} unit={spec.unit}>
      <ol class="number-list">
        {base.map((x, k) => (
          <li>
            <label for={`${id}-${k}`}>{k === base.length - 1 ? `Year ${k + 1} on` : `Year ${k + 1}`}</label>
            <input
              id={`${id}-${k}`}
              type="number"
              inputMode="decimal"
              step="any"
              min={spec.min}
              max={spec.max}
              data-field={`${path}[${k}]`}
              aria-invalid={errors.some((e) => e.field === `${path}[${k}]`)}
              value={value === undefined ? '' : x}
              placeholder={value === undefined ? String(x) : undefined}
              onInput={(e) => setAt(k, (e.currentTarget as HTMLInputElement).value)}
            />
          </li>
        ))}
      </ol>
      <span class="add-item">
        <button type="button" class="secondary" onClick={() => set([...base, base.at(-1) ?? 1])}>
          Add a year
        </button>
        {base.length > 1 && (
          <button type="button" class="link danger" onClick={() => set(base.slice(0, -1))}>
            Remove year {base.length}
          </button>
        )}
      </span>
    </Frame>
  );
}

interface Band {
  fromAge: number;
  probability: number;
}

/** Age bands, each with a yearly chance (in percent), from its age to the next band's. */
export function BandsField(props: ArrayFieldProps) {
  const { path, id, value, fallback, errors, set, shown } = props;
  const base = ((value ?? fallback ?? []) as Band[]).map((b) => ({ ...b }));
  const place = (rest: string) => {
    const at = /^\[(\d+)\]\.?(\w*)$/.exec(rest);
    if (!at) return rest;
    const column = at[2] === 'fromAge' ? ', from age' : at[2] === 'probability' ? ', chance' : '';
    return `Band ${Number(at[1]) + 1}${column}`;
  };
  const messages = elementErrors(errors, path, place, shown);
  const setBand = (k: number, key: keyof Band, raw: string) => {
    const x = numberOrUndefined(raw);
    if (x === undefined) return;
    const next = base.map((b) => ({ ...b }));
    next[k][key] = key === 'probability' ? fromPercent(x) : x;
    set(next);
  };
  const input = (b: Band, k: number, key: keyof Band, label: string) => (
    <input
      id={`${id}-${k}-${key}`}
      type="number"
      inputMode={key === 'probability' ? 'decimal' : 'numeric'}
      step="any"
      min={0}
      max={key === 'probability' ? 100 : 120}
      aria-label={`Band ${k + 1}: ${label}`}
      data-field={`${path}[${k}].${key}`}
      aria-invalid={errors.some((e) => e.field === `${path}[${k}].${key}`)}
      value={value === undefined ? '' : key === 'probability' ? asPercent(b[key]) : b[key]}
      placeholder={value === undefined ? String(key === 'probability' ? asPercent(b[key]) : b[key]) : undefined}
      onInput={(e) => setBand(k, key, (e.currentTarget as HTMLInputElement).value)}
    />
  );
  const last = base.at(-1);
  return (
    <Frame {...props} messages={messages}>
      <table class="bands">
        <thead>
          <tr>
            <th scope="col">From age (years old)</th>
            <th scope="col">Chance a year (%)</th>
            <td />
          </tr>
        </thead>
        <tbody>
          {base.map((b, k) => (
            <tr>
              <td>{input(b, k, 'fromAge', 'from age, years old')}</td>
              <td>{input(b, k, 'probability', 'chance a year, %')}</td>
              <td>
                {base.length > 1 && (
                  <button type="button" class="link danger" onClick={() => set(base.filter((_, i) => i !== k))}>
                    Remove<span class="visually-hidden"> band {k + 1}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <span class="add-item">
        <button
          type="button"
          class="secondary"
          onClick={() => set([...base, { fromAge: Math.min(120, (last?.fromAge ?? 6) + 10), probability: last?.probability ?? 0.02 }])}
        >
          Add a band
        </button>
      </span>
    </Frame>
  );
}
