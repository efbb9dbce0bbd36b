/**
 * /circles/{id} serves its sub-paths too (spec 001 section 2): /circles/{id}/forum/{topicId},
 * /circles/{id}/discussions/{discussionId}, /circles/{id}/posts/{postId}, /circles/{id}/meetups/{meetupId}. The
 * path names the tab to open and the item in it; the tab a member picks is written back into the path, so a
 * reload or a shared link opens the same place.
 */
export const CIRCLE_TABS = [
  { id: 'posts', label: 'Posts' },
  { id: 'forum', label: 'Forum' },
  { id: 'discussions', label: 'Discussions' },
  { id: 'meetups', label: 'Meetups' },
  { id: 'members', label: 'Members' },
] as const;
export type CircleTab = (typeof CIRCLE_TABS)[number]['id'];

export interface CircleLocation {
  circleId: string;
  tab: CircleTab;
  /** The topic, discussion, post or meetup the path names, if any. */
  itemId: string | null;
}

const isTab = (value: string | undefined): value is CircleTab => CIRCLE_TABS.some((t) => t.id === value);

/** Reads `/circles/{id}[/{tab}[/{itemId}]]`; an unknown tab opens the posts. */
export function circleLocation(pathname: string): CircleLocation | null {
  const [first, circleId, tab, itemId] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (first !== 'circles' || !circleId) return null;
  if (!isTab(tab)) return { circleId, tab: 'posts', itemId: null };
  return { circleId, tab, itemId: tab === 'members' ? null : (itemId ?? null) };
}

/** The path of a circle's tab, or of one item in it. The posts tab is the circle's own address. */
export function circlePath(circleId: string, tab: CircleTab = 'posts', itemId?: string | null): string {
  const base = `/circles/${encodeURIComponent(circleId)}`;
  if (itemId) return `${base}/${tab}/${encodeURIComponent(itemId)}`;
  return tab === 'posts' ? base : `${base}/${tab}`;
}
