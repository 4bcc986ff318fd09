/**
 * A what-if copy: the scenario copied by the API (`copyOf`) with one change, sent as the JSON
 * merge patch the copy applies. Arrays are replaced whole by a merge patch, so a change to one
 * member sends the members with that one changed.
 */
import { useState } from 'preact/hooks';
import { api, ApiError, type Member, type Scenario } from '../api.ts';
import { describeApiError } from '../components/api-errors.ts';
import { ErrorText } from '../components/fields.tsx';
import { href, navigate } from '../router.ts';
import { labelOfId } from '../forms/items.ts';
import { exactMoney } from '../format.ts';

type Change = { kind: 'retirementAge'; memberId: string } | { kind: 'expense'; expenseId: string } | { kind: 'income'; incomeId: string };

interface Item {
  id: string;
  name?: string;
  amount?: number;
}

export function WhatIf({ householdId, scenario }: { householdId: string; scenario: Scenario }) {
  const adults = (scenario.members ?? []).filter((m) => m.role !== 'DEPENDANT');
  const expenses = (scenario.expenses as Item[] | undefined) ?? [];
  const incomes = (scenario.incomes as Item[] | undefined) ?? [];
  const label = (list: string, id: string) => labelOfId(scenario as Record<string, unknown>, list, id);
  const choices: { key: string; label: string; change: Change; current: number | undefined }[] = [
    ...adults.map((m) => ({
      key: `retire-${m.id}`,
      label: `Retirement age of ${label('members', m.id)}`,
      change: { kind: 'retirementAge', memberId: m.id } as Change,
      current: m.retirementAge,
    })),
    ...expenses.map((e) => ({
      key: `expense-${e.id}`,
      label: `Spending: ${label('expenses', e.id)}, a year`,
      change: { kind: 'expense', expenseId: e.id } as Change,
      current: e.amount,
    })),
    ...incomes.map((i) => ({
      key: `income-${i.id}`,
      label: `Income: ${label('incomes', i.id)}, a year`,
      change: { kind: 'income', incomeId: i.id } as Change,
      current: i.amount,
    })),
  ];
  const [key, setKey] = useState(choices[0]?.key ?? '');
  const choice = choices.find((c) => c.key === key);
  const [value, setValue] = useState<string>(
    choice?.current !== undefined ? String(choice.current + (choice.change.kind === 'retirementAge' ? 2 : 0)) : '',
  );
  const [errors, setErrors] = useState<string[]>([]);
  if (!choice) return <p>This scenario has nothing the what-if form can change yet: add an income or an expense first.</p>;

  const pick = (next: string) => {
    setKey(next);
    const c = choices.find((x) => x.key === next);
    setValue(c?.current !== undefined ? String(c.current + (c.change.kind === 'retirementAge' ? 2 : 0)) : '');
    setErrors([]);
  };
  const patchFor = (change: Change, v: number): Record<string, unknown> => {
    if (change.kind === 'retirementAge') {
      return { members: (scenario.members ?? []).map((m: Member) => (m.id === change.memberId ? { ...m, retirementAge: v } : m)) };
    }
    const key = change.kind === 'expense' ? 'expenses' : 'incomes';
    const id = change.kind === 'expense' ? change.expenseId : change.incomeId;
    return { [key]: (scenario[key] as Item[]).map((x) => (x.id === id ? { ...x, amount: v } : x)) };
  };
  const describe = (change: Change, v: number) =>
    change.kind === 'retirementAge'
      ? `${label('members', change.memberId)} retires at ${v}`
      : change.kind === 'expense'
        ? `${label('expenses', change.expenseId)} at ${exactMoney(v)} a year`
        : `${label('incomes', change.incomeId)} at ${exactMoney(v)} a year`;

  const submit = async (event: Event) => {
    event.preventDefault();
    const v = Number(value);
    try {
      const copy = await api.createScenario(householdId, {
        copyOf: scenario.id,
        name: `${scenario.name}: ${describe(choice.change, v)}`,
        ...patchFor(choice.change, v),
      });
      navigate(href.scenario(householdId, copy.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors([describeApiError(error, scenario as Record<string, unknown>)]);
    }
  };

  return (
    <form class="create" onSubmit={submit}>
      <h2>What if…</h2>
      <p class="muted">A copy of this scenario with one thing changed, to run and compare with it.</p>
      <label for="whatif-change">Change</label>
      <select id="whatif-change" value={key} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value)}>
        {choices.map((c) => (
          <option value={c.key}>{c.label}</option>
        ))}
      </select>
      <label for="whatif-value">
        New value {choice.current !== undefined && <span class="muted">(now {choice.current.toLocaleString('en-US')})</span>}
      </label>
      <input
        id="whatif-value"
        type="number"
        step="any"
        value={value}
        aria-invalid={errors.length > 0}
        aria-describedby="whatif-error"
        onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
      />
      <ErrorText id="whatif-error" messages={errors} />
      <button type="submit">Make the copy</button>
    </form>
  );
}
