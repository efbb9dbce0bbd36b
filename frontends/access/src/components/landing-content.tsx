import type { ComponentType, SVGProps } from 'react';
import { CircleDotsIcon, CalendarIcon, PeopleIcon, StarIcon, ChatIcon, ShieldIcon } from '@mer/design-system';

export interface Feature {
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
}

/** The six feature cards of the landing page. */
export const FEATURES: Feature[] = [
  {
    title: 'Circles',
    text: 'Small groups around the practices you love: meditation, yoga, breathwork, tarot and many more.',
    icon: CircleDotsIcon,
    tone: 'bg-sage-100 text-sage-700',
  },
  {
    title: 'Events & meetups',
    text: 'Gatherings near you and online, from sound baths to silent walks, with gentle reminders.',
    icon: CalendarIcon,
    tone: 'bg-sand-200 text-sand-700',
  },
  {
    title: 'Kindred connections',
    text: 'Discover members who share your practices and reach out with a heartfelt connection request.',
    icon: PeopleIcon,
    tone: 'bg-ink-100 text-ink-700',
  },
  {
    title: 'Cosmic insight',
    text: 'Add your birth details to see your sun, moon and rising signs and your Human Design type.',
    icon: StarIcon,
    tone: 'bg-gold-100 text-gold-700',
  },
  {
    title: 'Private conversations',
    text: 'Talk with the people you connect with, in a quiet space without advertising.',
    icon: ChatIcon,
    tone: 'bg-clay-50 text-clay-700',
  },
  {
    title: 'Privacy first',
    text: 'Recommendations come from our own machine learning. Your data is never shared with outside AI providers.',
    icon: ShieldIcon,
    tone: 'bg-sage-50 text-sage-800',
  },
];

export const PRACTICES = [
  'Meditation',
  'Yoga',
  'Breathwork',
  'Mindfulness',
  'Reiki',
  'Sound Healing',
  'Astrology',
  'Tarot',
  'Forest Bathing',
  'Journaling',
];
