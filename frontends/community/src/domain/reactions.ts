import { REACTION_TYPES, type ReactionCounts, type ReactionType } from '@mer/contracts';

/** The reactions a member can give, with the symbol and the word a screen reader says. */
export const REACTIONS: { type: ReactionType; symbol: string; label: string }[] = [
  { type: 'like', symbol: '👍', label: 'Like' },
  { type: 'love', symbol: '💗', label: 'Love' },
  { type: 'namaste', symbol: '🙏', label: 'Namaste' },
  { type: 'insightful', symbol: '💡', label: 'Insightful' },
  { type: 'support', symbol: '🤝', label: 'Support' },
];

export function reactionInfo(type: ReactionType) {
  return REACTIONS.find((r) => r.type === type)!;
}

export function totalReactions(counts: ReactionCounts): number {
  return REACTION_TYPES.reduce((sum, type) => sum + counts[type], 0);
}

/** The reaction types given at least once, most given first (the summary under a post). */
export function topReactions(counts: ReactionCounts, max = 3): ReactionType[] {
  return REACTION_TYPES.filter((t) => counts[t] > 0)
    .sort((a, b) => counts[b] - counts[a])
    .slice(0, max);
}

/** Clicking the reaction the member already gave takes it back; any other sets it. */
export function nextReaction(current: ReactionType | null, picked: ReactionType): ReactionType | null {
  return current === picked ? null : picked;
}
