/** A name with a Rename button that turns it into a small form. */
import { useState } from 'preact/hooks';
import { ApiError } from '../api.ts';
import { ErrorText } from './fields.tsx';

export function InlineRename({ name, label, onRename }: { name: string; label: string; onRename: (name: string) => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string[]>([]);
  if (!editing) {
    return (
      <button type="button" class="link" onClick={() => (setValue(name), setEditing(true))} aria-label={`Rename ${label} ${name}`}>
        Rename
      </button>
    );
  }
  const id = `rename-${label}-${name}`.replace(/[^A-Za-z0-9-]/g, '-');
  return (
    <form
      class="inline"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await onRename(value);
          setEditing(false);
          setError([]);
        } catch (err) {
          setError(
            err instanceof ApiError
              ? err.errors.find((x) => x.field === 'name')
                ? err.errors.filter((x) => x.field === 'name').map((x) => x.message)
                : [err.message]
              : [String(err)],
          );
        }
      }}
    >
      <label for={id} class="visually-hidden">
        New name of {label} {name}
      </label>
      <input
        id={id}
        value={value}
        onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
        aria-invalid={error.length > 0}
        aria-describedby={`${id}-error`}
      />
      <button type="submit">Save</button>
      <button type="button" class="secondary" onClick={() => setEditing(false)}>
        Cancel
      </button>
      <ErrorText id={`${id}-error`} messages={error} />
    </form>
  );
}
