import '../styles.css';
import { Suspense, lazy } from 'react';
import { useParams } from '@mer/router';
import { PagePlaceholder } from '@mer/design-system';

const ConversationView = lazy(() => import('../components/ConversationView.tsx'));

/** /messages/{id}: one conversation. */
export default function ConversationPage() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the conversation…" />}>
      {/* A new conversation starts with a fresh view (scroll place, failed sends, typing). */}
      <ConversationView key={id} conversationId={id} />
    </Suspense>
  );
}
