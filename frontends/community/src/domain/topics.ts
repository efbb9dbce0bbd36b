import { POST_TOPICS, type PostTopic } from '@mer/contracts';

/** How each topic reads on screen (the contract holds the ids). */
export const TOPIC_LABELS: Record<PostTopic, string> = {
  general: 'General',
  practice: 'Practice',
  tradition: 'Tradition',
  healing: 'Healing',
  divination: 'Divination',
  nature: 'Nature',
  events: 'Events',
  questions: 'Questions',
  gratitude: 'Gratitude',
};

export const TOPICS: { id: PostTopic; label: string }[] = POST_TOPICS.map((id) => ({
  id,
  label: TOPIC_LABELS[id],
}));

export function isTopic(value: string | null | undefined): value is PostTopic {
  return (POST_TOPICS as readonly string[]).includes(value ?? '');
}
