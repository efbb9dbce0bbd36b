import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { loadRemoteModule } from '../federation/host.ts';
import { Dialog, Button } from '@mer/design-system';
import { useSessionStore } from '@mer/api-client';
import { isRemoteDeployed } from '../config/runtime-config.ts';
import { RecoverableErrorBoundary } from '../errors/RecoverableErrorBoundary.tsx';
import { closeSearch, openSearch, useSearchDialog } from './search-store.ts';

const SearchDialog = lazy(() =>
  loadRemoteModule<{ default: ComponentType<{ open: boolean; onClose: () => void }> }>(
    'search-dialog/SearchDialog',
  ),
);

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

/** The global search entry: Ctrl/Cmd+K or / opens the search remote's dialog (spec 001 section 2). */
export default function SearchDialogHost() {
  const open = useSearchDialog((s) => s.open);
  const signedIn = useSessionStore((s) => s.status === 'signed-in');

  useEffect(() => {
    if (!signedIn) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        openSearch();
      } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        openSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [signedIn]);

  if (!open || !signedIn) return null;
  if (!isRemoteDeployed('search-dialog')) {
    return (
      <Dialog
        open
        onClose={closeSearch}
        title="Search is coming soon"
        description="Soon you will find circles, events, people and posts from here."
        footer={<Button onClick={closeSearch}>Close</Button>}
      />
    );
  }
  return (
    <RecoverableErrorBoundary context="Search">
      <Suspense fallback={null}>
        <SearchDialog open={open} onClose={closeSearch} />
      </Suspense>
    </RecoverableErrorBoundary>
  );
}
