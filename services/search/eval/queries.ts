import type { SearchResultType } from '@mer/contracts';

/*
 * The labelled evaluation set: what members type, and which topics of the generated community (community.ts)
 * answer it. Kinds: exact (the practice's usual word), misspelt, synonym (another word for the practice),
 * intent (what the member wants, in their words), multi-word, filtered (with a type filter).
 */

export interface LabelledQuery {
  query: string;
  kind: 'exact' | 'misspelt' | 'synonym' | 'intent' | 'multi-word' | 'filtered';
  /** The topics whose items are relevant. */
  topics: readonly string[];
  types?: readonly SearchResultType[];
}

interface TopicQueries {
  topic: string;
  exact: readonly string[];
  misspelt: readonly string[];
  synonyms: readonly string[];
  intents: readonly { query: string; topics?: readonly string[] }[];
  multiWord: readonly string[];
}

const PER_TOPIC: readonly TopicQueries[] = [
  {
    topic: 'breathwork',
    exact: ['breathwork', 'breathing'],
    misspelt: ['breathwrok', 'breating'],
    synonyms: ['pranayama', 'holotropic', 'box breathing'],
    intents: [{ query: 'learn to breathe deeply' }, { query: 'breath exercises for energy' }],
    multiWord: ['conscious breathing practice'],
  },
  {
    topic: 'meditation',
    exact: ['meditation', 'zazen'],
    misspelt: ['medtation', 'meditaton'],
    synonyms: ['vipassana', 'mantra', 'sitting practice'],
    intents: [
      { query: 'calm my anxious mind', topics: ['meditation', 'mindfulness'] },
      { query: 'quiet the racing thoughts', topics: ['meditation', 'mindfulness'] },
    ],
    multiWord: ['morning meditation circle'],
  },
  {
    topic: 'mindfulness',
    exact: ['mindfulness', 'mindful'],
    misspelt: ['mindfullness', 'mindfulnes'],
    synonyms: ['present moment', 'body scan', 'awareness'],
    intents: [
      { query: 'be more present every day' },
      { query: 'stress relief', topics: ['mindfulness', 'meditation'] },
    ],
    multiWord: ['mindful walking group'],
  },
  {
    topic: 'moon',
    exact: ['moon', 'lunar'],
    misspelt: ['mooon', 'lunr'],
    synonyms: ['full moon', 'new moon', 'lunation'],
    intents: [{ query: 'full moon gathering' }, { query: 'set intentions with the moon' }],
    multiWord: ['new moon circle'],
  },
  {
    topic: 'yoga',
    exact: ['yoga', 'vinyasa'],
    misspelt: ['yogaa', 'vinyassa'],
    synonyms: ['asana', 'hatha', 'kundalini'],
    intents: [{ query: 'stretch and flow in the morning' }, { query: 'gentle postures for beginners' }],
    multiWord: ['yin yoga evenings'],
  },
  {
    topic: 'sound',
    exact: ['sound bath', 'gong'],
    misspelt: ['sound baht', 'singing bowsl'],
    synonyms: ['singing bowls', 'kirtan', 'chanting'],
    intents: [{ query: 'relax with music and vibrations' }, { query: 'healing sounds' }],
    multiWord: ['gong bath under the stars'],
  },
  {
    topic: 'healing',
    exact: ['reiki', 'chakra'],
    misspelt: ['reikki', 'chakras balancing'],
    synonyms: ['energy healing', 'crystal healing', 'aura'],
    intents: [{ query: 'balance my energy' }, { query: 'hands on healing' }],
    multiWord: ['reiki share circle'],
  },
  {
    topic: 'astrology',
    exact: ['astrology', 'birth chart'],
    misspelt: ['astrolgy', 'brith chart'],
    synonyms: ['horoscope', 'zodiac', 'natal chart'],
    intents: [{ query: 'what do my planets say' }, { query: 'understand my sun moon and rising' }],
    multiWord: ['mercury retrograde survival'],
  },
  {
    topic: 'tarot',
    exact: ['tarot', 'oracle cards'],
    misspelt: ['tarrot', 'oracel cards'],
    synonyms: ['divination', 'runes', 'card reading'],
    intents: [{ query: 'read the cards together' }, { query: 'learn the major arcana' }],
    multiWord: ['tarot reading circle'],
  },
  {
    topic: 'ritual',
    exact: ['ceremony', 'cacao'],
    misspelt: ['ceremonny', 'cacoa'],
    synonyms: ['ritual', 'altar', 'intention setting'],
    intents: [{ query: 'open my heart in a ceremony' }, { query: 'mark the turning of the season' }],
    multiWord: ['cacao ceremony'],
  },
  {
    topic: 'nature',
    exact: ['forest bathing', 'nature'],
    misspelt: ['forrest bathing', 'natur walk'],
    synonyms: ['shinrin yoku', 'earthing', 'grounding'],
    intents: [{ query: 'walk among the trees' }, { query: 'time outdoors without phones' }],
    multiWord: ['nature connection hike'],
  },
  {
    topic: 'journaling',
    exact: ['journaling', 'morning pages'],
    misspelt: ['journalling', 'journling'],
    synonyms: ['journal', 'gratitude', 'reflective writing'],
    intents: [{ query: 'write to untangle my mind' }, { query: 'daily gratitude practice' }],
    multiWord: ['gratitude journal circle'],
  },
  {
    topic: 'sleep',
    exact: ['sleep', 'yoga nidra'],
    misspelt: ['slepe', 'insomina'],
    synonyms: ['insomnia', 'deep rest', 'lucid dreaming'],
    intents: [{ query: 'help me fall asleep' }, { query: 'rest better at night' }],
    multiWord: ['sleep better circle'],
  },
  {
    topic: 'movement',
    exact: ['ecstatic dance', 'qigong'],
    misspelt: ['extatic dance', 'qi gong'],
    synonyms: ['tai chi', 'somatic', 'dance'],
    intents: [{ query: 'move my body freely' }, { query: 'slow flowing forms' }],
    multiWord: ['tai chi for balance'],
  },
  {
    topic: 'grief',
    exact: ['grief', 'loss'],
    misspelt: ['greif', 'bereavment'],
    synonyms: ['bereavement', 'grieving', 'heartbreak'],
    intents: [{ query: 'lost someone i love' }, { query: 'support after a death' }],
    multiWord: ['holding loss together'],
  },
  {
    topic: 'cooking',
    exact: ['cooking', 'potluck'],
    misspelt: ['cookng', 'fermentaton'],
    synonyms: ['ayurvedic', 'fermentation', 'plant based'],
    intents: [{ query: 'share a meal together' }, { query: 'make my own kombucha' }],
    multiWord: ['plant based potluck'],
  },
];

export const LABELLED_QUERIES: readonly LabelledQuery[] = PER_TOPIC.flatMap((t): LabelledQuery[] => [
  ...t.exact.map((query) => ({ query, kind: 'exact' as const, topics: [t.topic] })),
  ...t.misspelt.map((query) => ({ query, kind: 'misspelt' as const, topics: [t.topic] })),
  ...t.synonyms.map((query) => ({ query, kind: 'synonym' as const, topics: [t.topic] })),
  ...t.intents.map((i) => ({ query: i.query, kind: 'intent' as const, topics: i.topics ?? [t.topic] })),
  ...t.multiWord.map((query) => ({ query, kind: 'multi-word' as const, topics: [t.topic] })),
  { query: t.exact[0]!, kind: 'filtered' as const, topics: [t.topic], types: ['event'] },
  { query: t.synonyms[0]!, kind: 'filtered' as const, topics: [t.topic], types: ['circle'] },
  { query: t.exact[1]!, kind: 'filtered' as const, topics: [t.topic], types: ['person'] },
]);
