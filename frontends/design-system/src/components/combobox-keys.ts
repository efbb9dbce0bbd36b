/** What a key press in a combobox's text box does (WAI-ARIA APG "list autocomplete with manual selection"). */
export type ComboboxKeyAction =
  { kind: 'move'; active: number } | { kind: 'pick'; index: number } | { kind: 'close' } | { kind: 'none' };

/**
 * Arrows open the list and move through it, wrapping at both ends; Enter picks only an option the member
 * moved to (typed text alone is never a choice); Escape closes. `active` is -1 while no option is marked.
 */
export function comboboxKeyAction(
  key: string,
  state: { expanded: boolean; active: number; count: number },
): ComboboxKeyAction {
  const { expanded, active, count } = state;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { kind: 'none' };
      return { kind: 'move', active: !expanded || active < 0 ? 0 : (active + 1) % count };
    case 'ArrowUp':
      if (count === 0) return { kind: 'none' };
      return { kind: 'move', active: !expanded || active <= 0 ? count - 1 : active - 1 };
    case 'Enter':
      return expanded && active >= 0 && active < count ? { kind: 'pick', index: active } : { kind: 'none' };
    case 'Escape':
      return expanded ? { kind: 'close' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
