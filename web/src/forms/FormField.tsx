/**
 * One field of the scenario form: its label, the control its kind calls for, its unit and help,
 * and the API's error for its path in words. Percentages are typed as percentages (5.25 for
 * 0.0525); references are picked from the list they name.
 */
import type { ComponentChildren } from 'preact';
import type { FieldError } from '../api.ts';
import { ErrorText, getAt, messagesFor } from '../components/fields.tsx';
import { BandsField, MatrixField, NumberListField } from './ArrayFields.tsx';
import { messagesInWords } from './messages.ts';
import { asPercent, fromPercent } from './percent.ts';
import type { FieldSpec } from './spec.ts';

export interface RefOption {
  id: string;
  label: string;
}

export interface FormFieldProps {
  spec: FieldSpec;
  /** The field's path in the document, as the API names it in errors: `members[1].birthYear`. */
  path: string;
  doc: unknown;
  errors: FieldError[];
  currency: string;
  refs: (list: NonNullable<FieldSpec['ref']>) => RefOption[];
  onChange: (path: string, value: unknown, spec: FieldSpec) => void;
  shown: Set<string>;
  /** The value the field takes when left empty (an assumption's default), shown greyed. */
  fallback?: unknown;
}

const ARRAY_FIELDS = { matrix: MatrixField, numbers: NumberListField, bands: BandsField } as const;

/** The empty choice: the default's words where the field has one ("Default: lognormal"). */
function emptyChoice(options: [string, string][], fallback: unknown): string {
  const words = options.find(([code]) => code === String(fallback))?.[1];
  return words ? `Default: ${words}` : '–';
}

export const fieldId = (path: string) => `field-${path.replace(/[^A-Za-z0-9]/g, '-')}`;

export function FormField({ spec, path, doc, errors, currency, refs, onChange, shown, fallback }: FormFieldProps) {
  shown.add(path);
  const id = fieldId(path);
  const value = spec.get ? spec.get(doc as Record<string, unknown>) : getAt(doc, path);
  const set = (v: unknown) => onChange(path, v, spec);
  if (spec.kind === 'matrix' || spec.kind === 'numbers' || spec.kind === 'bands') {
    const ArrayField = ARRAY_FIELDS[spec.kind];
    return <ArrayField spec={spec} path={path} id={id} value={value} fallback={fallback} errors={errors} set={set} shown={shown} />;
  }
  const messages = messagesInWords(messagesFor(errors, path), spec.kind === 'percent');
  const helpId = spec.help ? `${id}-help` : undefined;
  const errorId = messages.length ? `${id}-error` : undefined;
  const common = {
    id,
    name: path,
    'data-field': path,
    'aria-invalid': messages.length > 0,
    'aria-describedby': [helpId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const unit = [spec.kind === 'money' ? `${currency}, today’s money` : spec.kind === 'percent' ? '%' : '', spec.unit ?? '']
    .filter(Boolean)
    .join(' ');

  let control: ComponentChildren;
  if (spec.kind === 'boolean') {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={(value ?? fallback) === true}
        onChange={(e) => set((e.currentTarget as HTMLInputElement).checked)}
      />
    );
  } else if (spec.kind === 'choice' || spec.kind === 'ref') {
    const options: [string, string][] = spec.kind === 'ref' ? refs(spec.ref!).map((r) => [r.id, r.label]) : (spec.options ?? []);
    control = (
      <select
        {...common}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => {
          const raw = (e.currentTarget as HTMLSelectElement).value;
          // Choices are codes, except a few whole numbers (an occupation class).
          set(raw === '' ? undefined : /^\d+$/.test(raw) && spec.kind === 'choice' ? Number(raw) : raw);
        }}
      >
        <option value="">{spec.kind === 'ref' ? 'Choose…' : emptyChoice(options, fallback)}</option>
        {options.map(([code, words]) => (
          <option value={code}>{words}</option>
        ))}
      </select>
    );
  } else if (spec.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={2}
        value={typeof value === 'string' ? value : ''}
        onInput={(e) => set((e.currentTarget as HTMLTextAreaElement).value || undefined)}
      />
    );
  } else if (spec.kind === 'date') {
    control = (
      <input
        {...common}
        type="date"
        value={typeof value === 'string' ? value : ''}
        onInput={(e) => set((e.currentTarget as HTMLInputElement).value || undefined)}
      />
    );
  } else if (spec.kind === 'text') {
    control = (
      <input
        {...common}
        type="text"
        value={typeof value === 'string' ? value : ''}
        onInput={(e) => set((e.currentTarget as HTMLInputElement).value || undefined)}
      />
    );
  } else {
    const percent = spec.kind === 'percent';
    const shownValue = typeof value === 'number' ? (percent ? asPercent(value) : value) : '';
    control = (
      <input
        {...common}
        type="number"
        inputMode={spec.kind === 'money' || spec.kind === 'number' || percent ? 'decimal' : 'numeric'}
        step="any"
        min={spec.min ?? (percent ? 0 : spec.kind === 'money' ? 0 : undefined)}
        max={spec.max ?? (percent ? 100 : undefined)}
        value={shownValue}
        placeholder={typeof fallback === 'number' ? String(percent ? asPercent(fallback) : fallback) : undefined}
        onInput={(e) => {
          const raw = (e.currentTarget as HTMLInputElement).value;
          if (raw === '') return set(undefined);
          const n = Number(raw);
          set(percent ? fromPercent(n) : n);
        }}
      />
    );
  }

  return (
    <div class={`form-field kind-${spec.kind}`}>
      <label for={id}>{spec.label}</label>
      <span class="control">
        {control}
        {unit && <span class="unit">{unit}</span>}
      </span>
      {spec.help && (
        <span class="help" id={helpId}>
          {spec.help}
        </span>
      )}
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}
