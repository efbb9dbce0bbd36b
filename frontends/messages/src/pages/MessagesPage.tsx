import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the list needs the server-state library, which a remote must not load when it initialises
// (frontends/README.md "What loads first").
const ConversationList = lazy(() => import('../components/ConversationList.tsx'));

/** /messages and /conversations: the member's conversations; `?to=<memberId>` starts or reuses one and opens it. */
export default function MessagesPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading your conversations…" />}>
      <ConversationList />
    </Suspense>
  );
}
