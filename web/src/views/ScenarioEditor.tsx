/**
 * A scenario document, edited through a form for the common fields (members, incomes, expenses,
 * accounts, a mortgage, goals) and a JSON editor for all of it. Both edit the same document; the
 * API's errors appear beside the field they name, or under the JSON editor when no input shows it.
 */
import { useState } from 'preact/hooks';
import type { FieldError, ScenarioDocument } from '../api.ts';
import { ErrorText, Input, getAt, setAt, unplaced } from '../components/fields.tsx';

interface Column {
  key: string;
  label: string;
  type?: 'text' | 'number';
  options?: readonly string[];
}

interface Section {
  key: string;
  title: string;
  columns: Column[];
  blank: Record<string, unknown>;
  /** Only rows of this type are shown (the mortgage among the liabilities). */
  only?: (row: Record<string, unknown>) => boolean;
}

const sections: Section[] = [
  {
    key: 'members',
    title: 'Members',
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'role', label: 'Role', options: ['PRIMARY', 'PARTNER', 'DEPENDANT'] },
      { key: 'birthYear', label: 'Birth year', type: 'number' },
      { key: 'sex', label: 'Sex', options: ['FEMALE', 'MALE'] },
      { key: 'retirementAge', label: 'Retirement age', type: 'number' },
    ],
    blank: { id: '', role: 'PARTNER', birthYear: 1990, sex: 'FEMALE', retirementAge: 67 },
  },
  {
    key: 'incomes',
    title: 'Incomes',
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'type', label: 'Type', options: ['SALARY', 'STATE_PENSION', 'DEFINED_BENEFIT_PENSION', 'ANNUITY', 'RENTAL', 'OTHER'] },
      { key: 'memberId', label: 'Member' },
      { key: 'amount', label: 'Amount a year', type: 'number' },
      { key: 'fromAge', label: 'From age', type: 'number' },
    ],
    blank: { id: '', type: 'SALARY', memberId: '', amount: 0 },
  },
  {
    key: 'expenses',
    title: 'Expenses',
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'type', label: 'Type', options: ['LIVING', 'OTHER'] },
      { key: 'amount', label: 'Amount a year', type: 'number' },
      { key: 'fromYear', label: 'From year', type: 'number' },
      { key: 'toYear', label: 'To year', type: 'number' },
    ],
    blank: { id: '', type: 'OTHER', amount: 0 },
  },
  {
    key: 'accounts',
    title: 'Accounts',
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'type', label: 'Type', options: ['CASH', 'TAXABLE', 'RETIREMENT'] },
      { key: 'balance', label: 'Balance', type: 'number' },
      { key: 'allocation.cash', label: 'Cash share', type: 'number' },
      { key: 'allocation.bonds', label: 'Bond share', type: 'number' },
      { key: 'allocation.equity', label: 'Equity share', type: 'number' },
    ],
    blank: { id: '', type: 'TAXABLE', balance: 0, allocation: { cash: 0, bonds: 0.4, equity: 0.6 } },
  },
  {
    key: 'liabilities',
    title: 'Mortgage',
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'balance', label: 'Balance', type: 'number' },
      { key: 'rate.annual', label: 'Fixed rate', type: 'number' },
      { key: 'remainingYears', label: 'Years left', type: 'number' },
      { key: 'propertyId', label: 'Property' },
    ],
    blank: { id: 'mortgage', type: 'MORTGAGE', balance: 0, rate: { type: 'FIXED', annual: 0.04 }, remainingYears: 25 },
    only: (row) => row.type === 'MORTGAGE',
  },
  {
    key: 'goals',
    title: 'Goals',
    columns: [
      { key: 'id', label: 'Id' },
      {
        key: 'type',
        label: 'Type',
        options: [
          'RETIREMENT',
          'EDUCATION',
          'HOME_PURCHASE',
          'CAR',
          'TRAVEL',
          'WEDDING',
          'CHILD',
          'SABBATICAL',
          'DEBT_PAYOFF',
          'EMERGENCY_FUND',
          'LEGACY',
          'CUSTOM',
          'CUSTOM_RECURRING',
        ],
      },
      { key: 'amount', label: 'Amount', type: 'number' },
      { key: 'priority', label: 'Priority', options: ['ESSENTIAL', 'IMPORTANT', 'ASPIRATIONAL'] },
      { key: 'year', label: 'Year', type: 'number' },
      { key: 'memberId', label: 'Member' },
      { key: 'age', label: 'At age', type: 'number' },
    ],
    blank: { id: '', type: 'CUSTOM', amount: 0, priority: 'IMPORTANT' },
  },
];

export interface ScenarioEditorProps {
  initial: ScenarioDocument;
  submitLabel: string;
  onSubmit: (doc: ScenarioDocument) => Promise<void>;
  errors: FieldError[];
}

export function ScenarioEditor({ initial, submitLabel, onSubmit, errors }: ScenarioEditorProps) {
  const [doc, setDoc] = useState<ScenarioDocument>(initial);
  const [json, setJson] = useState(() => JSON.stringify(initial, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = new Set<string>();

  const update = (path: string, value: unknown) => {
    const next = setAt(doc, path, value);
    setDoc(next);
    setJson(JSON.stringify(next, null, 2));
  };
  const editJson = (text: string) => {
    setJson(text);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The document must be a JSON object');
      setDoc(parsed as ScenarioDocument);
      setJsonError(null);
    } catch (error) {
      setJsonError((error as Error).message);
    }
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (jsonError) return;
    setBusy(true);
    try {
      await onSubmit(doc);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="scenario-editor" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Scenario</legend>
        <Input label="Name" path="name" doc={doc} errors={errors} onChange={update} shown={shown} />
        <Input label="Start year" path="startYear" type="number" doc={doc} errors={errors} onChange={update} shown={shown} />
        <Input label="Paths by default" path="simulation.paths" type="number" doc={doc} errors={errors} onChange={update} shown={shown} />
      </fieldset>
      {sections.map((section) => (
        <ArraySection key={section.key} section={section} doc={doc} errors={errors} update={update} shown={shown} />
      ))}
      <details class="json-editor" open={unplaced(errors, shown).length > 0 || undefined}>
        <summary>JSON: the whole document (taxes, insurance, properties, strategy, assumptions…)</summary>
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
      <UnplacedErrors errors={unplaced(errors, shown)} />
      <button type="submit" disabled={busy || jsonError !== null}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

function UnplacedErrors({ errors }: { errors: FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul class="errors" role="alert" aria-label="Errors in fields the form does not show">
      {errors.map((e) => (
        <li>
          <code>{e.field || '(document)'}</code>: {e.message}
        </li>
      ))}
    </ul>
  );
}

function ArraySection(props: {
  section: Section;
  doc: ScenarioDocument;
  errors: FieldError[];
  update: (path: string, value: unknown) => void;
  shown: Set<string>;
}) {
  const { section, doc, errors, update, shown } = props;
  const rows = (getAt(doc, section.key) as Record<string, unknown>[] | undefined) ?? [];
  const visible = rows.map((row, index) => ({ row, index })).filter(({ row }) => !section.only || section.only(row));
  const headingId = `section-${section.key}`;
  shown.add(section.key);
  return (
    <fieldset class="array-section">
      <legend id={headingId}>{section.title}</legend>
      {visible.length > 0 && (
        <div class="table-scroll">
          <table aria-labelledby={headingId}>
            <thead>
              <tr>
                {section.columns.map((c) => (
                  <th scope="col">{c.label}</th>
                ))}
                <th scope="col">
                  <span class="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map(({ row, index }) => (
                <tr key={index}>
                  {section.columns.map((c) => (
                    <td>
                      <Input
                        label={`${section.title} ${index + 1}: ${c.label}`}
                        hiddenLabel
                        path={`${section.key}[${index}].${c.key}`}
                        type={c.type}
                        options={c.options}
                        doc={doc}
                        errors={errors}
                        onChange={update}
                        shown={shown}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      class="link"
                      aria-label={`Remove ${section.title.toLowerCase()} ${String(row.id ?? index + 1)}`}
                      onClick={() =>
                        update(
                          section.key,
                          rows.filter((_, i) => i !== index),
                        )
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorText id={`${headingId}-error`} messages={errors.filter((e) => e.field === section.key).map((e) => e.message)} />
      <button type="button" class="secondary" onClick={() => update(section.key, [...rows, { ...section.blank }])}>
        Add {section.title.toLowerCase().replace(/s$/, '')}
      </button>
    </fieldset>
  );
}
