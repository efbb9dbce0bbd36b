/**
 * The bell's badge (spec 001 section 9): the unread count, '9+' above 9 and '99+' above 99.
 * The bell is small, so a double-digit count reads as '9+'; past a hundred the spec asks for '99+'.
 */
export function bellBadgeText(unread: number): string | null {
  if (unread <= 0) return null;
  if (unread > 99) return '99+';
  if (unread > 9) return '9+';
  return String(unread);
}

/** What a screen reader hears on the bell: the count in words, never the capped text. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread} unread`;
}
