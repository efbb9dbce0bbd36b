import { useState } from 'react';
import { Button, toast } from '@mer/design-system';
import { downloadEventCalendar, downloadMeetupCalendar } from '../api/calendar.ts';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';

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
      {showFeed ? <CalendarFeedPanel /> : null}
    </div>
  );
}
