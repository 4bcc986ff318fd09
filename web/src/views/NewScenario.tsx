/** A new scenario, from one of the examples or from a blank form. */
import { useState } from 'preact/hooks';
import { api, ApiError, type FieldError } from '../api.ts';
import { blankScenario, examples } from '../examples.ts';
import { href, navigate } from '../router.ts';
import { useLoad } from '../components/useLoad.ts';
import { ScenarioEditor } from './ScenarioEditor.tsx';

export function NewScenario({ householdId }: { householdId: string }) {
  const [start, setStart] = useState('blank');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const initial = examples.find((e) => e.id === start)?.document ?? blankScenario;
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);
  return (
    <section>
      <p class="crumbs">
        <a href={href.households()}>Households</a> › <a href={href.household(householdId)}>{household.data?.name ?? 'Household'}</a> ›
      </p>
      <h1>New scenario</h1>
      <label for="start-from">Start from</label>
      <select
        id="start-from"
        value={start}
        onChange={(e) => (setStart((e.currentTarget as HTMLSelectElement).value), setErrors([]), setMessage(null))}
      >
        <option value="blank">A blank form</option>
        {examples.map((e) => (
          <option value={e.id}>Example: {e.document.name}</option>
        ))}
      </select>
      {message && (
        <p role="alert" class="field-error">
          {message}
        </p>
      )}
      <ScenarioEditor
        key={start}
        initial={initial}
        errors={errors}
        submitLabel="Create scenario"
        currency={household.data?.currency ?? 'USD'}
        onSubmit={async (doc) => {
          try {
            const created = await api.createScenario(householdId, doc);
            navigate(href.scenario(householdId, created.id));
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            setErrors(error.errors);
            setMessage(error.message);
          }
        }}
      />
    </section>
  );
}
