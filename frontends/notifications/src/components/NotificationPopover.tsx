import { useId } from 'react';
import { NotificationItem } from './NotificationItem.tsx';
import { BellEmpty, BellLoading, ViewAllLink, useBellItems } from './NotificationPanels.tsx';

/** The bell popover (spec 001 section 2): the latest 10 notifications and 'View all notifications'. */
export default function NotificationPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const { items, open } = useBellItems(onClose);
  const headingId = useId();
  return (
    <div
      id={id}
      role="region"
      aria-labelledby={headingId}
      className="absolute right-0 z-50 mt-2 flex max-h-[min(36rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-2rem))] animate-fade-in flex-col rounded-2xl bg-white shadow-lift ring-1 ring-sand-200"
    >
      <h2
        id={headingId}
        className="border-b border-sand-100 px-4 pt-3.5 pb-3 text-base font-semibold text-ink-900"
      >
        Notifications
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {items === undefined ? (
          <BellLoading />
        ) : items.length === 0 ? (
          <BellEmpty />
        ) : (
          <ul aria-label="Latest notifications" className="space-y-0.5">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-sand-100 p-1.5">
        <ViewAllLink onClose={onClose} />
      </div>
    </div>
  );
}
