/*
 * The AI search's curated vocabulary: practices and the words members use for them. Each group is a concept; a
 * query that names any of its terms also looks for the others. Phrases ("anxious mind") are matched as phrases
 * first, so that "calm my anxious mind" reaches meditation without every "mind" doing so. Kept small and readable
 * on purpose: it is reviewed like code, and the terms learned from the community's own text (co-occurrence)
 * extend it at run time.
 */

export interface Concept {
  /** What the concept is, for people reading this list. */
  name: string;
  /** Words and phrases that name the concept. */
  terms: readonly string[];
  /** Concepts close enough that their terms are worth a weaker look (by name). */
  related?: readonly string[];
}

export const CONCEPTS: readonly Concept[] = [
  {
    name: 'breathwork',
    terms: [
      'breathwork',
      'breath work',
      'breathing',
      'breath',
      'pranayama',
      'holotropic',
      'wim hof',
      'box breathing',
      'kapalabhati',
      'nadi shodhana',
    ],
    related: ['yoga', 'meditation'],
  },
  {
    name: 'meditation',
    terms: [
      'meditation',
      'meditate',
      'meditating',
      'vipassana',
      'zazen',
      'mantra',
      'stillness',
      'sitting practice',
      'dhyana',
    ],
    related: ['mindfulness', 'calm'],
  },
  {
    name: 'mindfulness',
    terms: ['mindfulness', 'mindful', 'present moment', 'awareness', 'body scan'],
    related: ['meditation', 'calm'],
  },
  {
    name: 'calm',
    terms: [
      'anxious mind',
      'anxiety',
      'anxious',
      'stress',
      'stressed',
      'calm',
      'calm my mind',
      'overthinking',
      'racing thoughts',
      'peace of mind',
      'inner peace',
      'relaxation',
      'relax',
      'worry',
      'panic',
    ],
    related: ['meditation', 'mindfulness', 'breathwork'],
  },
  {
    name: 'moon',
    terms: [
      'moon',
      'lunar',
      'full moon',
      'new moon',
      'moon circle',
      'moon ritual',
      'lunation',
      'waxing',
      'waning',
      'esbat',
    ],
    related: ['ritual', 'astrology'],
  },
  {
    name: 'yoga',
    terms: ['yoga', 'asana', 'vinyasa', 'hatha', 'kundalini', 'yin yoga', 'ashtanga', 'restorative'],
    related: ['breathwork', 'meditation'],
  },
  {
    name: 'sound',
    terms: [
      'sound healing',
      'sound bath',
      'singing bowls',
      'gong',
      'gong bath',
      'tibetan bowls',
      'kirtan',
      'chanting',
      'chant',
    ],
    related: ['meditation', 'healing'],
  },
  {
    name: 'healing',
    terms: [
      'healing',
      'reiki',
      'energy healing',
      'energy work',
      'chakra',
      'chakras',
      'aura',
      'crystal healing',
      'crystals',
    ],
    related: ['sound'],
  },
  {
    name: 'astrology',
    terms: [
      'astrology',
      'horoscope',
      'birth chart',
      'natal chart',
      'zodiac',
      'retrograde',
      'mercury retrograde',
      'transit',
      'human design',
    ],
    related: ['moon', 'tarot'],
  },
  {
    name: 'tarot',
    terms: ['tarot', 'oracle cards', 'card reading', 'divination', 'runes'],
    related: ['astrology'],
  },
  {
    name: 'ritual',
    terms: [
      'ritual',
      'ceremony',
      'cacao ceremony',
      'cacao',
      'altar',
      'sacred circle',
      'intention setting',
      'intentions',
    ],
    related: ['moon'],
  },
  {
    name: 'nature',
    terms: [
      'nature',
      'forest bathing',
      'shinrin yoku',
      'hiking',
      'earthing',
      'grounding',
      'outdoors',
      'walk in the woods',
    ],
    related: ['mindfulness'],
  },
  {
    name: 'journaling',
    terms: [
      'journaling',
      'journal',
      'writing practice',
      'morning pages',
      'reflection',
      'gratitude',
      'gratitude journal',
    ],
    related: ['mindfulness'],
  },
  {
    name: 'sleep',
    terms: ['sleep', 'insomnia', 'yoga nidra', 'rest', 'restful', 'dreams', 'lucid dreaming'],
    related: ['calm', 'meditation'],
  },
  {
    name: 'movement',
    terms: ['ecstatic dance', 'dance', 'qigong', 'qi gong', 'tai chi', 'movement', 'somatic', 'somatics'],
    related: ['yoga'],
  },
  {
    name: 'grief',
    terms: ['grief', 'loss', 'grieving', 'bereavement', 'heartbreak', 'healing the heart'],
    related: ['healing', 'journaling'],
  },
];
