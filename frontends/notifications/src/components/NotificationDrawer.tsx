import { BottomSheet } from '@mer/design-system';
import { groupForDrawer } from '../domain/notification-kinds.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { BellEmpty, BellLoading, ViewAllLink, useBellItems } from './NotificationPanels.tsx';

/**
 * The notification drawer (spec 001 section 2), the bell's panel on phones: the latest 10 grouped under
 * Connection Requests, Messages, Photo Tags and Other, and 'View all notifications'.
 */
export default function NotificationDrawer({ onClose }: { onClose: () => void }) {
  const { items, open } = useBellItems(onClose);
  return (
    <BottomSheet open onClose={onClose} title="Notifications">
      <div className="-mx-2 max-h-[65dvh] overflow-y-auto">
        {items === undefined ? (
          <BellLoading />
        ) : items.length === 0 ? (
          <BellEmpty />
        ) : (
          groupForDrawer(items).map(({ group, items: groupItems }) => (
            <section key={group} aria-label={group} className="mb-3">
              <h3 className="px-3 pt-2 pb-1 text-xs font-semibold tracking-[0.14em] text-sage-700 uppercase">
                {group}
              </h3>
              <ul className="space-y-0.5">
                {groupItems.map((n) => (
                  <li key={n.id}>
                    <NotificationItem notification={n} onOpen={open} compact />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <div className="mt-2 border-t border-sand-100 pt-2">
        <ViewAllLink onClose={onClose} />
      </div>
    </BottomSheet>
  );
}
