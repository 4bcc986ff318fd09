/** The signed-in user's households: list, create, rename, delete. */
import { useState } from 'preact/hooks';
import { api, ApiError, type FieldError } from '../api.ts';
import { Input } from '../components/fields.tsx';
import { InlineRename } from '../components/InlineRename.tsx';
import { useLoad } from '../components/useLoad.ts';
import { href, navigate } from '../router.ts';

export function Households() {
  const list = useLoad(() => api.listHouseholds(), []);
  const [draft, setDraft] = useState<Record<string, unknown>>({ name: '', currency: 'USD' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const created = await api.createHousehold(draft as { name: string; currency: string });
      navigate(href.household(created.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.errors);
      setMessage(error.message);
    }
  };

  return (
    <section>
      <h1>Households</h1>
      {list.error && <p role="alert">{list.error.message}</p>}
      {list.data && list.data.content.length === 0 && <p>No household yet. Create one below.</p>}
      {list.data && list.data.content.length > 0 && (
        <ul class="cards">
          {list.data.content.map((h) => (
            <li class="card">
              <a href={href.household(h.id)}>{h.name}</a> <span class="muted">{h.currency}</span>
              <span class="actions">
                <InlineRename
                  name={h.name}
                  label="household"
                  onRename={async (name) => (await api.renameHousehold(h, name), list.reload())}
                />
                <button
                  type="button"
                  class="link danger"
                  aria-label={`Delete household ${h.name}`}
                  onClick={async () =>
                    confirm(`Delete ${h.name} and all its scenarios?`) && (await api.deleteHousehold(h.id), list.reload())
                  }
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form class="create" onSubmit={create} noValidate>
        <h2>New household</h2>
        <Input label="Name" path="name" doc={draft} errors={errors} onChange={(p, v) => setDraft({ ...draft, [p]: v })} />
        <Input
          label="Currency (ISO 4217)"
          path="currency"
          doc={draft}
          errors={errors}
          onChange={(p, v) => setDraft({ ...draft, [p]: v })}
        />
        <button type="submit">Create household</button>
        {message && errors.length === 0 && <p role="alert">{message}</p>}
      </form>
    </section>
  );
}
