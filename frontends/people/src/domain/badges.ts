import type { Badge as ProfileBadge } from '@mer/contracts';

/**
 * The spec's badge table (000 section 3): label and priority per type. Badges marked not shown are never
 * displayed even if the server sends them; energy_healer is labelled 'Community Mentors'.
 */
export const BADGE_TABLE: Record<string, { label: string; priority: number; shown: boolean }> = {
  innercircle_member: { label: 'InnerCircle Member', priority: 110, shown: true },
  facilitator: { label: 'Facilitator', priority: 100, shown: true },
  energy_healer: { label: 'Community Mentors', priority: 95, shown: true },
  community_leader: { label: 'Community Leader', priority: 90, shown: true },
  coach: { label: 'Coach', priority: 88, shown: true },
  mentor: { label: 'Mentor', priority: 85, shown: true },
  meditation_master: { label: 'Meditation Master', priority: 80, shown: false },
  spiritual_seeker: { label: 'Spiritual Seeker', priority: 80, shown: true },
  yoga_enthusiast: { label: 'Yoga Enthusiast', priority: 75, shown: false },
  breath_work: { label: 'Breath Work', priority: 60, shown: false },
  sound_healing: { label: 'Sound Healing', priority: 55, shown: false },
  new_member: { label: 'New Member', priority: 10, shown: true },
};

export interface DisplayBadge {
  type: string;
  label: string;
  priority: number;
}

/**
 * The badges to show, highest priority first, each once, with the spec's label (the table wins over the
 * server's label so the wording is the product's). An unknown type is shown with the server's label.
 */
export function badgesForDisplay(badges: readonly ProfileBadge[] | null | undefined): DisplayBadge[] {
  const seen = new Set<string>();
  const result: DisplayBadge[] = [];
  for (const badge of badges ?? []) {
    if (seen.has(badge.type)) continue;
    seen.add(badge.type);
    const known = BADGE_TABLE[badge.type];
    if (known && !known.shown) continue;
    const label = known?.label ?? badge.label?.trim();
    if (!label) continue;
    result.push({ type: badge.type, label, priority: known?.priority ?? badge.priority ?? 0 });
  }
  // Stable: equal priorities keep the server's order.
  return result.sort((a, b) => b.priority - a.priority);
}
