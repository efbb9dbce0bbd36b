import '../styles.css';
import { Suspense, lazy } from 'react';
import type { SearchDialogProps } from '../components/SearchDialog.tsx';

// Loaded on demand: the dialog needs the server-state library, which a remote must not load when it initialises
// (frontends/README.md "What loads first").
const Dialog = lazy(() => import('../components/SearchDialog.tsx'));

/** The global search dialog the shell opens with Ctrl/Cmd+K or / (frontends/shell/src/search/SearchDialogHost.tsx). */
export default function SearchDialog(props: SearchDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
