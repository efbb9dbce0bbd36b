import type { SearchResultType } from '@mer/contracts';

/*
 * A generated community for the search evaluation (and the benchmark's text): circles, events, posts and members
 * about sixteen topics, written with the many words members use for the same practice ("Conscious Breathing
 * Practice", "Pranayama Mornings", "Breath & Presence"). Deterministic (a seeded generator), so the labelled
 * queries in queries.json keep pointing at the same items. Each item's topic is its label: a query's relevant items
 * are the items of the topics it asks about, whatever words they use.
 */

export interface Topic {
  name: string;
  /** Titles of circles, events and posts (the words vary on purpose). */
  titles: readonly string[];
  /** Sentences descriptions are made of. */
  sentences: readonly string[];
  category: string;
}

export const TOPICS: readonly Topic[] = [
  {
    name: 'breathwork',
    category: 'Breathwork',
    titles: [
      'Breathwork Circle',
      'Conscious Breathing Practice',
      'Pranayama Mornings',
      'Holotropic Breath Journey',
      'Box Breathing for Beginners',
      'Breath and Presence',
      'Wim Hof Method Group',
      'Deep Breathing Sundays',
    ],
    sentences: [
      'We practise slow, deep breathing together.',
      'Each session ends with alternate nostril breathing.',
      'Learn breath holds and rhythmic inhales.',
      'Bring a mat; we lie down for the breath journey.',
      'Kapalabhati and nadi shodhana for an energised morning.',
    ],
  },
  {
    name: 'meditation',
    category: 'Meditation',
    titles: [
      'Morning Meditation Circle',
      'Vipassana Sitting Group',
      'Zazen by the Sea',
      'Silent Sitting Practice',
      'Mantra Meditation Evenings',
      'Guided Meditation for Beginners',
      'Stillness Hour',
      'Loving Kindness Meditation',
    ],
    sentences: [
      'We sit in silence for forty minutes.',
      'A short talk, then sitting practice together.',
      'Cushions are provided; arrive ten minutes early.',
      'We repeat a mantra and rest in stillness.',
      'Suitable for newcomers to meditating.',
    ],
  },
  {
    name: 'mindfulness',
    category: 'Mindfulness',
    titles: [
      'Mindfulness in Daily Life',
      'Mindful Walking Group',
      'Present Moment Awareness',
      'Body Scan Evenings',
      'Mindful Eating Workshop',
      'MBSR Eight Week Course',
      'Awareness Practice Circle',
    ],
    sentences: [
      'We bring gentle awareness to the present moment.',
      'A body scan followed by sharing.',
      'Practical tools for a mindful day.',
      'Slow walking with full attention to each step.',
      'Notice thoughts without judging them.',
    ],
  },
  {
    name: 'moon',
    category: 'Moon',
    titles: [
      'Full Moon Gathering',
      'New Moon Circle',
      'Lunar Cycle Women Circle',
      'Full Moon Fire Ceremony',
      'New Moon Intentions',
      'Moon Ritual by the River',
      'Waxing Moon Meetup',
    ],
    sentences: [
      'We gather under the moon to set intentions.',
      'Each lunar cycle we release what no longer serves us.',
      'A fire, a circle and songs for the full moon.',
      'Write your new moon intentions and share them.',
      'Moon phases and how they touch our lives.',
    ],
  },
  {
    name: 'yoga',
    category: 'Yoga',
    titles: [
      'Sunrise Vinyasa Flow',
      'Hatha Yoga in the Park',
      'Yin Yoga Evenings',
      'Kundalini Awakening Class',
      'Gentle Restorative Practice',
      'Ashtanga Mysore Mornings',
      'Yoga for Beginners',
    ],
    sentences: [
      'A flowing asana practice linked with breath.',
      'Long held postures to release deep tension.',
      'All levels welcome; bring your own mat.',
      'Sun salutations and standing poses.',
      'A gentle class with props and rest.',
    ],
  },
  {
    name: 'sound',
    category: 'Sound Healing',
    titles: [
      'Sound Bath Journey',
      'Singing Bowls Evening',
      'Gong Bath Under the Stars',
      'Kirtan and Chanting Night',
      'Tibetan Bowls Healing',
      'Sound Healing Circle',
    ],
    sentences: [
      'Lie down and let the bowls wash over you.',
      'We chant together, call and response.',
      'The gong vibrations carry you into deep rest.',
      'Crystal and Tibetan bowls, drums and voice.',
      'An evening of devotional music.',
    ],
  },
  {
    name: 'healing',
    category: 'Energy Healing',
    titles: [
      'Reiki Share Circle',
      'Chakra Balancing Workshop',
      'Energy Healing Exchange',
      'Crystal Healing Basics',
      'Reiki Level One Attunement',
      'Aura Reading Evening',
    ],
    sentences: [
      'Practitioners give and receive Reiki in turn.',
      'We work through the seven chakras.',
      'Hands-on energy work in a safe space.',
      'Learn which crystals support which intentions.',
      'Feel the flow of life force energy.',
    ],
  },
  {
    name: 'astrology',
    category: 'Astrology',
    titles: [
      'Astrology Study Group',
      'Birth Chart Reading Night',
      'Mercury Retrograde Survival',
      'Human Design Basics',
      'Zodiac Signs and Relationships',
      'Natal Chart Workshop',
    ],
    sentences: [
      'Bring your birth time and we read the chart.',
      'How the planets move through the houses.',
      'What the current transits ask of us.',
      'Your type, strategy and authority explained.',
      'Sun, moon and rising signs compared.',
    ],
  },
  {
    name: 'tarot',
    category: 'Tarot',
    titles: [
      'Tarot Reading Circle',
      'Oracle Cards Evening',
      'Learn the Major Arcana',
      'Runes and Divination',
      'Tarot for Self Reflection',
    ],
    sentences: [
      'We pull cards and share what they mean to us.',
      'Each evening covers a suit of the deck.',
      'Intuition over memorising meanings.',
      'Casting runes in the old way.',
      'A spread for the coming season.',
    ],
  },
  {
    name: 'ritual',
    category: 'Ritual',
    titles: [
      'Cacao Ceremony',
      'Sacred Fire Circle',
      'Altar Building Workshop',
      'Intention Setting Ritual',
      'Seasonal Equinox Ceremony',
      'Tea Ceremony Gathering',
    ],
    sentences: [
      'We drink ceremonial cacao and open our hearts.',
      'Bring an object for the shared altar.',
      'A ritual to mark the turning of the season.',
      'Set an intention and let the fire carry it.',
      'Quiet tea, slow gestures, deep presence.',
    ],
  },
  {
    name: 'nature',
    category: 'Nature',
    titles: [
      'Forest Bathing Walk',
      'Shinrin Yoku in the Hills',
      'Barefoot Earthing Meetup',
      'Nature Connection Hike',
      'Wild Swimming Circle',
      'Grounding in the Woods',
    ],
    sentences: [
      'A slow walk among the trees, senses open.',
      'We take our shoes off and feel the earth.',
      'Three hours outdoors, no phones.',
      'The forest as a teacher.',
      'Cold water and warm company.',
    ],
  },
  {
    name: 'journaling',
    category: 'Journaling',
    titles: [
      'Morning Pages Club',
      'Gratitude Journal Circle',
      'Reflective Writing Workshop',
      'Journaling for Clarity',
      'Writing as Practice',
    ],
    sentences: [
      'We write three pages by hand each morning.',
      'Prompts for honest self reflection.',
      'Share a line or keep it private.',
      'List three things you are grateful for.',
      'Writing to untangle the mind.',
    ],
  },
  {
    name: 'sleep',
    category: 'Rest',
    titles: [
      'Yoga Nidra for Deep Rest',
      'Sleep Better Circle',
      'Insomnia Support Group',
      'Lucid Dreaming Workshop',
      'Evening Wind Down Practice',
    ],
    sentences: [
      'A guided practice for deep rest.',
      'Habits that invite restful nights.',
      'We share what helps us fall asleep.',
      'Keep a dream journal and notice patterns.',
      'Lie down, relax and be guided.',
    ],
  },
  {
    name: 'movement',
    category: 'Movement',
    titles: [
      'Ecstatic Dance Journey',
      'Qigong in the Morning',
      'Tai Chi for Balance',
      'Somatic Movement Lab',
      '5Rhythms Wave',
      'Free Movement Circle',
    ],
    sentences: [
      'No talking, barefoot, free dance.',
      'Slow flowing forms to move the qi.',
      'Let the body lead the way.',
      'Shake, stretch and release.',
      'Music builds from flowing to stillness.',
    ],
  },
  {
    name: 'grief',
    category: 'Support',
    titles: [
      'Grief Circle',
      'Holding Loss Together',
      'Bereavement Support Evening',
      'Healing the Heart After Loss',
      'Death Cafe Conversation',
    ],
    sentences: [
      'A gentle space to speak about those we lost.',
      'We listen without fixing.',
      'Tears are welcome here.',
      'Remembering our loved ones together.',
      'Support for anyone living with loss.',
    ],
  },
  {
    name: 'cooking',
    category: 'Food',
    titles: [
      'Ayurvedic Cooking Class',
      'Plant Based Potluck',
      'Fermentation Workshop',
      'Mindful Kitchen Sunday',
      'Herbal Tea Blending',
    ],
    sentences: [
      'We cook a seasonal meal together.',
      'Bring a dish to share.',
      'Spices that balance the doshas.',
      'Make your own kombucha and kimchi.',
      'Blend teas from garden herbs.',
    ],
  },
];

const CITIES = [
  'Lisbon, Portugal',
  'Porto, Portugal',
  'Berlin, Germany',
  'Amsterdam, Netherlands',
  'Barcelona, Spain',
  'London, United Kingdom',
  'Online',
];
const FIRST = [
  'Ana',
  'Luz',
  'River',
  'Sol',
  'Kai',
  'Maya',
  'Noor',
  'Ravi',
  'Lena',
  'Tara',
  'Omar',
  'Iris',
  'Jonas',
  'Sara',
  'Yuki',
  'Eli',
];
const LAST = [
  'Stone',
  'Moon',
  'Silva',
  'Rivers',
  'Weber',
  'Costa',
  'Haas',
  'Dias',
  'Lund',
  'Patel',
  'Ortiz',
  'Vogel',
];

/** mulberry32: a small seeded generator, so the community is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID-shaped id from the generator (stable across runs). */
function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface GeneratedItem {
  id: string;
  type: SearchResultType;
  topic: string;
  title: string;
  description: string;
  category: string | null;
  location: string | null;
  startsAt: Date | null;
  createdAt: Date;
  ownerId: string;
}

/** `perTopic` circles, events and posts of each topic, and as many members naming it among their interests. */
export function generateCommunity(
  perTopic = 15,
  seed = 19,
  now = new Date('2026-11-01T12:00:00Z'),
): GeneratedItem[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const items: GeneratedItem[] = [];
  const sentences = (topic: Topic, n: number) =>
    Array.from({ length: n }, () => pick(topic.sentences)).join(' ');
  for (const topic of TOPICS) {
    for (let i = 0; i < perTopic; i++) {
      const createdAt = new Date(now.getTime() - Math.floor(random() * 90) * 86_400_000);
      const city = pick(CITIES);
      items.push({
        id: uuidFrom(random),
        type: 'circle',
        topic: topic.name,
        title: pick(topic.titles),
        description: sentences(topic, 2),
        category: topic.category,
        location: city,
        startsAt: null,
        createdAt,
        ownerId: uuidFrom(random),
      });
      items.push({
        id: uuidFrom(random),
        type: 'event',
        topic: topic.name,
        title: `${pick(topic.titles)} ${pick(['', 'Weekend', 'Meetup', 'Session', 'Retreat'])}`.trim(),
        description: sentences(topic, 2),
        category: topic.category,
        location: city,
        startsAt: new Date(now.getTime() + Math.floor(random() * 60) * 86_400_000),
        createdAt,
        ownerId: uuidFrom(random),
      });
      const postText = `${pick(['Loved', 'Anyone joining', 'Thoughts on', 'Grateful for', 'Looking for'])} ${pick(topic.titles).toLowerCase()}. ${sentences(topic, 1)}`;
      items.push({
        id: uuidFrom(random),
        type: 'post',
        topic: topic.name,
        title: postText.slice(0, 80),
        description: postText,
        category: 'general',
        location: null,
        startsAt: null,
        createdAt,
        ownerId: uuidFrom(random),
      });
      const name = `${pick(FIRST)} ${pick(LAST)}`;
      items.push({
        id: uuidFrom(random),
        type: 'person',
        topic: topic.name,
        title: name,
        description: `@${name.toLowerCase().replace(' ', '')} · ${topic.category} · ${pick(TOPICS).category}`,
        category: topic.category,
        location: city,
        startsAt: null,
        createdAt,
        ownerId: '',
      });
    }
  }
  for (const item of items) if (item.type === 'person') item.ownerId = item.id;
  return items;
}
