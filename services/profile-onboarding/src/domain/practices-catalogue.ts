/** The practices catalogue seeded at start; approved suggestions join it with category 'user_suggested'. */

export type PracticeCategory =
  'practice' | 'tradition' | 'healing' | 'divination' | 'nature' | 'user_suggested';

export interface PracticeSeed {
  name: string;
  category: Exclude<PracticeCategory, 'user_suggested'>;
  iconName: string;
  isPopular: boolean;
}

const popular = (name: string, category: PracticeSeed['category'], iconName: string): PracticeSeed => ({
  name,
  category,
  iconName,
  isPopular: true,
});
const more = (name: string, category: PracticeSeed['category'], iconName: string): PracticeSeed => ({
  name,
  category,
  iconName,
  isPopular: false,
});

/** Spec 000 section 3 "Built-in interest list": 20 entries, all popular. Icon names are lucide's. */
export const BUILT_IN_PRACTICES: readonly PracticeSeed[] = [
  popular('Meditation', 'practice', 'brain'),
  popular('Yoga', 'practice', 'person-standing'),
  popular('Mindfulness', 'practice', 'leaf'),
  popular('Breathwork', 'practice', 'wind'),
  popular('Tai Chi', 'practice', 'circle-dot'),
  popular('Qigong', 'practice', 'waves'),
  popular('Journaling', 'practice', 'notebook-pen'),
  popular('Prayer', 'practice', 'hand-heart'),
  popular('Buddhism', 'tradition', 'flower'),
  popular('Hinduism', 'tradition', 'flame'),
  popular('Christianity', 'tradition', 'church'),
  popular('Islam', 'tradition', 'moon-star'),
  popular('Judaism', 'tradition', 'star'),
  popular('Reiki', 'healing', 'hand'),
  popular('Crystals', 'healing', 'gem'),
  popular('Sound Healing', 'healing', 'music'),
  popular('Astrology', 'divination', 'sparkles'),
  popular('Numerology', 'divination', 'hash'),
  popular('Tarot', 'divination', 'layers'),
  popular('Forest Bathing', 'nature', 'trees'),
];

/** Behind 'Load More Interests': what a living spiritual community also practises. */
export const MORE_PRACTICES: readonly PracticeSeed[] = [
  more('Kundalini Yoga', 'practice', 'zap'),
  more('Yin Yoga', 'practice', 'moon'),
  more('Vipassana', 'practice', 'eye'),
  more('Zen', 'tradition', 'circle'),
  more('Sufism', 'tradition', 'rotate-cw'),
  more('Taoism', 'tradition', 'yin-yang'),
  more('Shamanism', 'tradition', 'feather'),
  more('Nonduality', 'tradition', 'infinity'),
  more('Contemplative Prayer', 'practice', 'hand-heart'),
  more('Mantra', 'practice', 'audio-lines'),
  more('Kirtan', 'practice', 'mic-vocal'),
  more('Ecstatic Dance', 'practice', 'music-2'),
  more('Holotropic Breathwork', 'practice', 'wind'),
  more('Lucid Dreaming', 'practice', 'cloud-moon'),
  more('Retreats', 'practice', 'tent'),
  more('Ayurveda', 'healing', 'sprout'),
  more('Chakra Healing', 'healing', 'circle-dot'),
  more('Energy Work', 'healing', 'zap'),
  more('Crystal Bowls', 'healing', 'bell'),
  more('Plant Medicine Integration', 'healing', 'leaf'),
  more('Human Design', 'divination', 'hexagon'),
  more('I Ching', 'divination', 'book-open'),
  more('Runes', 'divination', 'type'),
  more('Qabalah', 'divination', 'git-fork'),
  more('Moon Rituals', 'nature', 'moon'),
  more('Earth Connection', 'nature', 'mountain'),
];

export const PRACTICE_CATALOGUE: readonly PracticeSeed[] = [...BUILT_IN_PRACTICES, ...MORE_PRACTICES];
