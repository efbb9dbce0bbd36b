import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Combobox } from './Combobox.tsx';

type Search<T> =
  { status: 'idle' } | { status: 'searching' } | { status: 'done'; items: T[] } | { status: 'failed' };

export interface SearchComboboxProps<T extends { id: string; label: string }> {
  label: string;
  /** The box's text (controlled: a saved value's label fills it at first and after a pick). */
  text: string;
  onTextChange: (text: string) => void;
  /** Asks the server for what matches `text` (already trimmed); aborted when the member types on. */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  onPick: (item: T) => void;
  /** Typed characters needed before searching. */
  minChars: number;
  /** Quiet time after the last keystroke before searching. */
  debounceMs: number;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** What the list says when the search fails, and when it finds nothing for `text`. */
  failedText: string;
  noneText: (text: string) => string;
}

/**
 * A combobox over a server search: searches `minChars` typed characters `debounceMs` after typing stops, cancels a
 * search the member typed past, and only a picked item counts. Text put into the box by the page (a saved value, a
 * pick) is not a search.
 */
export function SearchCombobox<T extends { id: string; label: string }>({
  label,
  text,
  onTextChange,
  search,
  onPick,
  minChars,
  debounceMs,
  placeholder,
  hint,
  error,
  failedText,
  noneText,
}: SearchComboboxProps<T>) {
  const [state, setState] = useState<Search<T>>({ status: 'idle' });
  const typed = useRef(false);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const query = text.trim();
    if (!typed.current || query.length < minChars) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'searching' });
      searchRef.current(query, controller.signal).then(
        (items) => setState({ status: 'done', items }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, minChars, debounceMs]);

  const items = state.status === 'done' ? state.items : [];
  return (
    <Combobox
      label={label}
      value={text}
      placeholder={placeholder}
      onInputChange={(next) => {
        typed.current = true;
        onTextChange(next);
      }}
      options={items.map((item) => ({ id: item.id, label: item.label }))}
      loading={state.status === 'searching'}
      emptyText={
        state.status === 'failed' ? failedText : state.status === 'done' ? noneText(text.trim()) : null
      }
      onSelect={(option) => {
        const item = items.find((candidate) => candidate.id === option.id);
        if (!item) return;
        typed.current = false;
        setState({ status: 'idle' });
        onPick(item);
      }}
      error={error}
      hint={hint}
    />
  );
}
