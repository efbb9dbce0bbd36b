import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@mer/router';
import { toApiError, useSessionStore } from '@mer/api-client';
import {
  Alert,
  ArrowLeftIcon,
  Avatar,
  Button,
  Dialog,
  PagePlaceholder,
  Spinner,
  buttonClassName,
  cx,
  toast,
  useDeviceProfile,
} from '@mer/design-system';
import {
  loadOlderMessages,
  markConversationRead,
  sendTyping,
  useConversation,
  useDeleteMessage,
  useEditMessage,
  useReactToMessage,
  useSendMessage,
  useTimeline,
  type OutgoingPhoto,
} from '../api/messaging.ts';
import { useConversationRealtime } from '../hooks/useConversationRealtime.ts';
import { conversationName } from '../domain/conversation-name.ts';
import { dayLabel, startsNewDay } from '../domain/days.ts';
import { newClientMessageId } from '../domain/client-id.ts';
import { MessagingTexts } from '../domain/texts.ts';
import { seenMessageId, type TimelineMessage } from '../domain/timeline.ts';
import { Composer } from './Composer.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { ReportMessageDialog } from './ReportMessageDialog.tsx';

/** Loading upward starts when the reader is this close to the top of the history. */
const LOAD_OLDER_WITHIN_PX = 120;
/** New messages keep the view at the bottom when the reader is this close to it. */
const STICK_TO_BOTTOM_PX = 150;

interface FailedSend {
  clientMessageId: string;
  body: string;
  photo: OutgoingPhoto | null;
  reason: string;
}

/**
 * /messages/{id}: the conversation. History loads upward as the reader scrolls to the top, with a separator per
 * day; a message shows at once while it is sent and is replaced by the saved one, or rolled back with 'Failed to
 * send message' and a Retry; edits, deletions, 'Seen' and typing arrive live. Opening it marks it read.
 */
export default function ConversationView({ conversationId }: { conversationId: string }) {
  const myId = useSessionStore((s) => s.user?.id);
  const device = useDeviceProfile();
  const conversation = useConversation(conversationId);
  const timeline = useTimeline(conversationId);
  const { typing } = useConversationRealtime(conversationId, myId, timeline.isSuccess);
  const send = useSendMessage(conversationId);
  const edit = useEditMessage(conversationId);
  const remove = useDeleteMessage(conversationId);
  const react = useReactToMessage(conversationId);
  const [failed, setFailed] = useState<FailedSend[]>([]);
  const [toDelete, setToDelete] = useState<TimelineMessage | null>(null);
  const [toReport, setToReport] = useState<TimelineMessage | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  useEffect(() => {
    void markConversationRead(conversationId);
  }, [conversationId]);

  const messages = timeline.data?.messages ?? [];
  const hasOlder = timeline.data?.hasOlder ?? false;
  const seenId = myId ? seenMessageId(messages, myId, conversation.data?.seenUpTo ?? null) : null;
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;

  // Older messages were put above: keep the reader's place. Otherwise follow new messages when at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (nearBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [firstId, lastId, messages.length, typing]);

  const loadOlder = useCallback(async () => {
    if (loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    try {
      await loadOlderMessages(conversationId);
    } catch {
      heightBeforeOlder.current = null;
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, hasOlder, loadingOlder]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    if (el.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
  }

  function sendMessage(body: string, photo: OutgoingPhoto | null, clientMessageId = newClientMessageId()) {
    if (!myId) return;
    nearBottom.current = true;
    setFailed((list) => list.filter((f) => f.clientMessageId !== clientMessageId));
    // The promise of each call (not mutate's callbacks, which fire only for the latest of several sends).
    send
      .mutateAsync({ body, senderId: myId, clientMessageId, ...(photo ? { photo } : {}) })
      .catch((error: unknown) => {
        // In the service's words (a refused photo says why: its type, its size, or that it is gone).
        const reason = toApiError(error).message;
        setFailed((list) => [...list, { clientMessageId, body, photo, reason }]);
        toast({
          title: MessagingTexts.failedToSend,
          description: reason,
          tone: 'error',
          key: 'failed-to-send',
          action: { label: 'Retry', onClick: () => sendMessage(body, photo, clientMessageId) },
        });
      });
  }

  function discardFailed(failedSend: FailedSend) {
    if (failedSend.photo) URL.revokeObjectURL(failedSend.photo.previewUrl);
    setFailed((list) => list.filter((x) => x.clientMessageId !== failedSend.clientMessageId));
  }

  function reactTo(messageId: string, reaction: string | null) {
    react.mutate(
      { messageId, reaction },
      {
        onError: (error) =>
          toast({
            title: 'Your reaction was not saved',
            description: toApiError(error).message,
            tone: 'error',
          }),
      },
    );
  }

  if (conversation.isError) {
    const error = toApiError(conversation.error);
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Alert
          tone="error"
          title={error.status === 404 || error.status === 400 ? 'Conversation not found' : error.title}
        >
          {error.status === 404 || error.status === 400
            ? 'This conversation does not exist or is not yours.'
            : error.message}
        </Alert>
        <Link to="/messages" className={cx(buttonClassName('secondary', 'md'), 'mt-4')}>
          Back to conversations
        </Link>
      </div>
    );
  }

  const name = conversation.data ? conversationName(conversation.data) : '';
  const participantId = conversation.data?.participantId ?? null;

  return (
    <div
      className={cx(
        'flex flex-col bg-sand-50',
        // On a phone the navigation is hidden here (spec 001 section 2): the conversation takes the whole screen.
        device.isMobile ? 'fixed inset-0 z-30' : 'mx-auto h-[calc(100dvh-4rem)] w-full max-w-3xl',
      )}
    >
      <header className="flex items-center gap-3 border-b border-sand-200 bg-white/90 px-3 py-2.5 backdrop-blur">
        <Link
          to="/messages"
          aria-label="Back to conversations"
          className="grid size-10 place-items-center rounded-full text-ink-700 hover:bg-sand-100"
        >
          <ArrowLeftIcon className="size-5" />
        </Link>
        {conversation.data ? (
          <>
            <Avatar name={name} src={conversation.data.participantImage} size="sm" decorative />
            <div className="min-w-0">
              <h1 className="truncate font-semibold text-ink-900">
                {participantId ? (
                  <Link to={`/profile/${participantId}`} className="hover:underline">
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </h1>
              <p aria-live="polite" className="h-4 text-xs text-sage-700">
                {typing ? `${name} is typing…` : ''}
              </p>
            </div>
          </>
        ) : (
          <Spinner className="text-ink-400" />
        )}
      </header>

      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={name ? `Messages with ${name}` : 'Messages'}
        className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-6"
      >
        {timeline.isPending ? (
          <PagePlaceholder label="Loading messages…" className="min-h-[40dvh]" />
        ) : timeline.isError ? (
          <Alert
            tone="error"
            title={toApiError(timeline.error).title}
            action={
              <Button size="sm" variant="secondary" onClick={() => void timeline.refetch()}>
                Try Again
              </Button>
            }
          >
            {toApiError(timeline.error).message}
          </Alert>
        ) : (
          <>
            {hasOlder ? (
              <div className="mb-3 flex justify-center">
                <Button size="sm" variant="ghost" loading={loadingOlder} onClick={() => void loadOlder()}>
                  Load earlier messages
                </Button>
              </div>
            ) : null}
            {messages.length === 0 ? (
              <p className="py-10 text-center text-ink-500">No messages yet. Say hello!</p>
            ) : (
              <ol className="space-y-2">
                {messages.map((message, index) => (
                  <Fragment key={message.id}>
                    {startsNewDay(messages, index) ? (
                      <li className="flex items-center gap-3 py-2">
                        <span aria-hidden="true" className="h-px flex-1 bg-sand-200" />
                        {/* A heading per day: a screen reader can jump from day to day. */}
                        <h2 className="text-xs font-semibold text-ink-500">{dayLabel(message.createdAt)}</h2>
                        <span aria-hidden="true" className="h-px flex-1 bg-sand-200" />
                      </li>
                    ) : null}
                    <MessageBubble
                      message={message}
                      own={message.senderId === myId}
                      seen={message.id === seenId}
                      senderName={name}
                      onEdit={(messageId, body) => edit.mutateAsync({ messageId, body })}
                      onDelete={setToDelete}
                      onReport={setToReport}
                      onReact={reactTo}
                    />
                  </Fragment>
                ))}
              </ol>
            )}
          </>
        )}
      </div>

      {failed.map((f) => (
        <Alert
          key={f.clientMessageId}
          tone="error"
          title={MessagingTexts.failedToSend}
          className="mx-3 mb-2"
          action={
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => sendMessage(f.body, f.photo, f.clientMessageId)}
              >
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={() => discardFailed(f)}>
                Discard
              </Button>
            </div>
          }
        >
          <span className="block">{f.reason}</span>
          {f.photo ? (
            <img src={f.photo.previewUrl} alt="The photo not sent" className="mt-1 h-12 rounded-lg" />
          ) : null}
          {f.body ? <span className="block truncate text-ink-600">“{f.body}”</span> : null}
        </Alert>
      ))}

      <Composer
        onSend={(body, photo) => sendMessage(body, photo)}
        onTyping={() => sendTyping(conversationId)}
      />

      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete this message?"
        description="It will show as deleted for both of you."
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                toDelete &&
                remove.mutate(toDelete.id, {
                  onSuccess: () => setToDelete(null),
                  onError: (error) =>
                    toast({ title: 'Delete failed', description: toApiError(error).message, tone: 'error' }),
                })
              }
            >
              Delete
            </Button>
          </>
        }
      />
      {toReport ? <ReportMessageDialog messageId={toReport.id} onClose={() => setToReport(null)} /> : null}
    </div>
  );
}
