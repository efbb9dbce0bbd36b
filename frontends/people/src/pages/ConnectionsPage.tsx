import '../styles.css';
import { Link, Navigate, useLocation, useNavigate } from '@mer/router';
import { Button, PagePlaceholder, Spinner, Tabs, buttonClassName } from '@mer/design-system';
import { useMemberProfile } from '@mer/server-state';
import {
  resetConnectionList,
  useConnectionList,
  useLiveConnectionUpdates,
} from '../api/social-graph-hooks.ts';
import type { ConnectionList } from '../api/social-graph.ts';
import {
  ConnectionErrorBoundary,
  ConnectionErrorPage,
} from '../components/connections/ConnectionErrorBoundary.tsx';
import { MembershipNotice } from '../components/connections/MembershipNotice.tsx';
import { PersonCard } from '../components/connections/PersonCard.tsx';
import { RemoveConnectionButton } from '../components/connections/RemoveConnectionButton.tsx';
import { connectionsGuard, tabFromSearch } from '../domain/connections-guard.ts';

const EMPTY: Record<ConnectionList, { title: string; text: string }> = {
  received: {
    title: 'No requests waiting',
    text: 'When someone asks to connect with you, their request appears here.',
  },
  connected: {
    title: 'No connections yet',
    text: 'Find members who share your practices and send them a request.',
  },
  sent: {
    title: 'No requests sent',
    text: 'Requests you send wait here until they are answered.',
  },
};

function ConnectionListView({ list }: { list: ConnectionList }) {
  const query = useConnectionList(list);
  if (query.isPending)
    return (
      <div role="status" className="flex justify-center py-12">
        <Spinner size="lg" className="text-sage-500" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0)
    return (
      <div className="py-10 text-center" data-testid={`empty-${list}`}>
        <h2 className="font-display text-2xl text-ink-900">{EMPTY[list].title}</h2>
        <p className="mx-auto mt-2 max-w-md text-ink-600">{EMPTY[list].text}</p>
        <Link to="/people" className={buttonClassName('primary', 'md', 'mt-5')}>
          Discover people
        </Link>
      </div>
    );
  return (
    <>
      <ul
        className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
        aria-label={EMPTY[list].title.replace(/^No /, '')}
      >
        {items.map((item) => (
          <li key={item.requestId}>
            <PersonCard
              person={item.person}
              withdrawable={list === 'sent'}
              aside={
                list === 'connected' ? (
                  <RemoveConnectionButton userId={item.person.userId} name={item.person.name} />
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * /connections: the tabs requests (received), connections (connected) and connect-requests (sent), kept live
 * over /ws. Behind the page's extra guard (domain/connections-guard.ts).
 */
export default function ConnectionsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useMemberProfile();
  const tab = tabFromSearch(location.search);
  useLiveConnectionUpdates();

  const decision = connectionsGuard({ profile: profile.profile, isLoading: profile.isLoading });
  if (decision === 'wait') return <PagePlaceholder />;
  if (decision === 'to-onboarding') return <Navigate to="/onboarding" replace />;
  if (decision === 'connection-error') return <ConnectionErrorPage onTryAgain={profile.retry} />;

  const panel = (list: ConnectionList) => (
    <ConnectionErrorBoundary onReset={() => resetConnectionList(list)}>
      <ConnectionListView list={list} />
    </ConnectionErrorBoundary>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-ink-900 sm:text-4xl">Connections</h1>
          <p className="mt-1 text-ink-600">The people you walk alongside, and the requests on their way.</p>
        </div>
        <Link to="/people" className={buttonClassName('secondary', 'sm')}>
          Discover people
        </Link>
      </header>
      <MembershipNotice className="mt-5" />
      <Tabs
        className="mt-6"
        label="Connections"
        value={tab}
        onChange={(id) => navigate({ pathname: '/connections', search: `?tab=${id}` }, { replace: true })}
        items={[
          { id: 'requests', label: 'Requests', content: panel('received') },
          { id: 'connections', label: 'Connections', content: panel('connected') },
          { id: 'connect-requests', label: 'Sent', content: panel('sent') },
        ]}
      />
    </div>
  );
}
