import { useState } from 'react';
import { toApiError } from '@mer/api-client';
import { Alert, Button, toast } from '@mer/design-system';
import { absoluteUrl, downloadEventCalendar, downloadMeetupCalendar, webcalUrl } from '../api/calendar.ts';
import { useCalendarFeed, useResetCalendarFeed } from '../api/events.ts';

/**
 * Add to calendar: the gathering as an .ics file (with its time zone), and the member's private feed of everything
 * they are going to, which a calendar app subscribes to (a secret address they can replace).
 */
export function CalendarActions({
  target,
}: {
  target: { kind: 'event' | 'meetup'; id: string; title: string };
}) {
  const [showFeed, setShowFeed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const feed = useCalendarFeed(showFeed);
  const reset = useResetCalendarFeed();

  async function download() {
    setDownloading(true);
    try {
      if (target.kind === 'event') await downloadEventCalendar(target.id, target.title);
      else await downloadMeetupCalendar(target.id, target.title);
    } catch (error) {
      toast({ tone: 'error', title: 'Download failed', description: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
          Add to calendar (.ics)
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showFeed} onClick={() => setShowFeed((v) => !v)}>
          Subscribe to my calendar
        </Button>
      </div>
      {showFeed ? (
        feed.isPending ? (
          <p className="text-sm text-ink-600">Preparing your calendar address…</p>
        ) : feed.isError ? (
          <Alert tone="error" title="Your calendar address could not be loaded">
            {toApiError(feed.error).message}
          </Alert>
        ) : (
          <div className="space-y-2 rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">
            <p>
              Everything you are going to, in your own calendar app. Keep this address private: anyone who has
              it can see your plans.
            </p>
            <a href={webcalUrl(feed.data.url)} className="font-semibold text-sage-700 underline">
              Subscribe in your calendar app
            </a>
            <p className="break-all font-mono text-xs" aria-label="Calendar address">
              {absoluteUrl(feed.data.url)}
            </p>
            <Button variant="ghost" size="sm" loading={reset.isPending} onClick={() => reset.mutate()}>
              Make a new address (the old one stops working)
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
}
