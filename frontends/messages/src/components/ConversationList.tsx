import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@mer/router';
import { toApiError } from '@mer/api-client';
import {
  Alert,
  Avatar,
  Button,
  CountBadge,
  PagePlaceholder,
  SearchIcon,
  buttonClassName,
  cx,
  fieldInputClassName,
  toast,
} from '@mer/design-system';
import { useConversations, useStartConversation, type Conversation } from '../api/messaging.ts';
import { useConversationListRealtime } from '../hooks/useConversationListRealtime.ts';
import { listTime } from '../domain/days.ts';
import { MessagingTexts } from '../domain/texts.ts';
import { conversationName } from '../domain/conversation-name.ts';

/**
 * `/messages?to=<memberId>` (the 'Message' buttons of people cards and profiles): starts the conversation with
 * that member, or reuses the pair's one, and opens it. On failure the list stays, with 'Failed to create
 * conversation' and the reason (e.g. 'You cannot message this member.').
 */
function useStartFromLink(): { starting: boolean; problem: string | null } {
  const [params] = useSearchParams();
  const memberId = params.get('to');
  const navigate = useNavigate();
  const start = useStartConversation();
  const [problem, setProblem] = useState<string | null>(null);
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!memberId || startedFor.current === memberId) return;
    startedFor.current = memberId;
    setProblem(null);
    start.mutate(memberId, {
      onSuccess: (conversation) => navigate(`/messages/${conversation.id}`, { replace: true }),
      onError: (error) => {
        toast({ title: MessagingTexts.failedToCreate, tone: 'error' });
        setProblem(toApiError(error).message);
        navigate('/messages', { replace: true });
      },
    });
  }, [memberId, navigate, start]);

  return { starting: Boolean(memberId) && !problem, problem };
}

function ConversationItem({ conversation }: { conversation: Conversation }) {
  const name = conversationName(conversation);
  const unread = conversation.unreadCount;
  return (
    <li>
      <Link
        to={`/messages/${conversation.id}`}
        className="flex items-center gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-white focus-visible:bg-white"
      >
        <Avatar name={name} src={conversation.participantImage} size="md" decorative />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span className={cx('truncate text-ink-900', unread > 0 ? 'font-bold' : 'font-semibold')}>
              {name}
            </span>
            {conversation.lastMessageTime ? (
              <time dateTime={conversation.lastMessageTime} className="shrink-0 text-xs text-ink-500">
                {listTime(conversation.lastMessageTime)}
              </time>
            ) : null}
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-3">
            <span
              className={cx('truncate text-sm', unread > 0 ? 'font-medium text-ink-800' : 'text-ink-500')}
            >
              {conversation.lastMessage ?? 'No messages yet'}
            </span>
            <CountBadge
              count={unread}
              label={unread === 1 ? '1 unread message' : `${unread} unread messages`}
            />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /messages and /conversations: the member's conversations, most recent first, live; searchable by name. */
export default function ConversationList() {
  const conversations = useConversations();
  useConversationListRealtime();
  const { starting, problem } = useStartFromLink();
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    const all = conversations.data ?? [];
    return q ? all.filter((c) => conversationName(c).toLocaleLowerCase().includes(q)) : all;
  }, [conversations.data, search]);

  if (starting) return <PagePlaceholder label="Opening the conversation…" />;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <h1 className="font-display text-3xl text-ink-900">Conversations</h1>
      {problem ? (
        <Alert tone="error" title={MessagingTexts.failedToCreate} className="mt-4">
          {problem}
        </Alert>
      ) : null}
      <div className="relative mt-5">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-400" />
        <input
          type="search"
          aria-label="Search conversations by name"
          placeholder="Search by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={cx(fieldInputClassName, 'border-sand-300 pl-11')}
        />
      </div>
      <div className="mt-4">
        {conversations.isPending ? (
          <PagePlaceholder label="Loading your conversations…" className="min-h-[30dvh]" />
        ) : conversations.isError ? (
          <Alert
            tone="error"
            title={toApiError(conversations.error).title}
            action={
              <Button size="sm" variant="secondary" onClick={() => void conversations.refetch()}>
                Try Again
              </Button>
            }
          >
            {toApiError(conversations.error).message}
          </Alert>
        ) : conversations.data.length === 0 ? (
          <div className="rounded-3xl bg-white p-8 text-center shadow-soft">
            <h2 className="font-display text-xl text-ink-900">No conversations yet</h2>
            <p className="mt-2 text-ink-600">Say hello to someone you resonate with.</p>
            <Link to="/people" className={cx(buttonClassName('primary', 'md'), 'mt-5')}>
              Find people
            </Link>
          </div>
        ) : shown.length === 0 ? (
          <p className="px-3 py-6 text-ink-600">No conversations match “{search.trim()}”.</p>
        ) : (
          <ul aria-label="Your conversations" className="divide-y divide-sand-100">
            {shown.map((conversation) => (
              <ConversationItem key={conversation.id} conversation={conversation} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
