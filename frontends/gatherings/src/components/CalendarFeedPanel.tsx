import { useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Alert, Button, toast } from '@mer/design-system';
import { absoluteUrl, webcalUrl } from '../api/calendar.ts';
import { useCalendarFeed, useResetCalendarFeed } from '../api/events.ts';

/**
 * The member's private calendar feed (everything they are going to): its secret address to subscribe to, and
 * Reset, which makes a new address and stops the old one at once (after a confirmation, since every calendar app
 * subscribed to the old address stops updating).
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed(true);
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  if (feed.isPending) return <p className="text-sm text-ink-600">Preparing your calendar address…</p>;
  if (feed.isError)
    return (
      <Alert tone="error" title="Your calendar address could not be loaded">
        {toApiError(feed.error).message}
      </Alert>
    );
  return (
    <div className="space-y-2 rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">
      <p>
        Everything you are going to, in your own calendar app. Keep this address private: anyone who has it
        can see your plans.
      </p>
      <a href={webcalUrl(feed.data.url)} className="font-semibold text-sage-700 underline">
        Subscribe in your calendar app
      </a>
      <p className="break-all font-mono text-xs" aria-label="Calendar address">
        {absoluteUrl(feed.data.url)}
      </p>
      {reset.isError ? (
        <Alert tone="error" title="The address was not reset">
          {toApiError(reset.error).message}
        </Alert>
      ) : null}
      {confirming ? (
        <div className="space-y-2" role="group" aria-label="Reset the calendar address">
          <p className="font-semibold text-ink-800">
            Reset? The old address stops working at once; subscribe again with the new one.
          </p>
          <div className="flex gap-2">
            <Button
              variant="danger"
              size="sm"
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ tone: 'success', title: 'New calendar address ready' });
                  },
                })
              }
            >
              Yes, reset
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep this address
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          Reset
        </Button>
      )}
    </div>
  );
}
