import { useState, type FormEvent } from 'react';
import { SearchTexts, type SearchFilters } from '@mer/contracts';
import { Button, TextField } from '@mer/design-system';
import { useSaveSearch } from '../api/search.ts';

/** The 'Save Search' prompt: a name for the current query and filters (spec 001 section 2). */
export function SaveSearchPrompt({
  query,
  filters,
  onDone,
}: {
  query: string;
  filters: SearchFilters;
  onDone: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveSearch();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(SearchTexts.nameRequired);
    if (!query.trim()) return setError(SearchTexts.queryRequired);
    save.mutate(
      { name: name.trim(), query: query.trim(), filters },
      {
        onSuccess: onDone,
        onError: () => setError('We could not save this search. Please try again.'),
      },
    );
  };
  return (
    <form
      aria-label="Save Search"
      onSubmit={submit}
      className="mt-3 rounded-[var(--radius-card)] border border-sand-200 bg-sand-50 p-3"
    >
      <TextField
        label="Name"
        value={name}
        autoFocus
        onChange={(e) => setName(e.currentTarget.value)}
        error={error}
      />
      <div className="mt-3 flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
