/*
 * Reactions on messages: one per member per message (the service replaces it), shown as counts under the
 * message. The picker offers a few emoji; the service takes any short reaction, so counts of others (from another
 * client) are shown as they come.
 */

/** The picker's choices, with the names a screen reader says. */
export const MESSAGE_REACTIONS = [
  { reaction: '❤️', label: 'Love' },
  { reaction: '👍', label: 'Like' },
  { reaction: '😂', label: 'Laugh' },
  { reaction: '😮', label: 'Wow' },
  { reaction: '😢', label: 'Sad' },
  { reaction: '🙏', label: 'Thanks' },
] as const;

export function reactionLabel(reaction: string): string {
  return MESSAGE_REACTIONS.find((r) => r.reaction === reaction)?.label ?? reaction;
}

/** Choosing the reaction the member already gave takes it back; any other replaces it. */
export function nextReaction(mine: string | null, chosen: string): string | null {
  return mine === chosen ? null : chosen;
}

/** The counts after the member's own change, shown before the server answers. */
export function withMyReaction(
  reactions: readonly { reaction: string; count: number }[],
  mine: string | null,
  next: string | null,
): { reaction: string; count: number }[] {
  const counts = reactions.map((r) => ({ ...r }));
  if (mine) {
    const old = counts.find((r) => r.reaction === mine);
    if (old) old.count -= 1;
  }
  if (next) {
    const added = counts.find((r) => r.reaction === next);
    if (added) added.count += 1;
    else counts.push({ reaction: next, count: 1 });
  }
  return counts.filter((r) => r.count > 0);
}
