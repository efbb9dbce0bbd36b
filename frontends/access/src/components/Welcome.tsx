import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from '@mer/router';
import { useSessionStore } from '@mer/api-client';
import { useMemberProfile } from '@mer/server-state';
import {
  Button,
  Card,
  PagePlaceholder,
  PeopleIcon,
  LeafIcon,
  HeartIcon,
  ArrowRightIcon,
  cx,
} from '@mer/design-system';
import { Confetti } from './Confetti.tsx';

/** Spec: confetti for about 3 s, the button appears at 2.5 s. */
export const CONFETTI_MS = 3000;
export const BEGIN_BUTTON_DELAY_MS = 2500;

const CARDS = [
  {
    title: 'Connect',
    text: 'Find kindred spirits who share your practices and your path.',
    icon: PeopleIcon,
    tone: 'bg-sage-100 text-sage-700',
  },
  {
    title: 'Grow',
    text: 'Join circles and events that deepen what you already love.',
    icon: LeafIcon,
    tone: 'bg-sand-200 text-sand-700',
  },
  {
    title: 'Share',
    text: 'Offer your experience, your questions and your light.',
    icon: HeartIcon,
    tone: 'bg-ink-100 text-ink-700',
  },
];

export default function Welcome() {
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const user = useSessionStore((s) => s.user);
  const { profile, isLoading } = useMemberProfile();
  const [showButton, setShowButton] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setShowButton(true), BEGIN_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (isLoading) return <PagePlaceholder />;
  // Spec: without a completed profile the welcome page hands over to the signup handler.
  if (!profile || !profile.onboardingCompleted) return <Navigate to="/signup-handler" replace />;

  const firstName = (profile.name || user?.name || '').split(' ')[0];
  return (
    <div className="relative mx-auto max-w-5xl px-4 py-14 sm:py-20">
      <Confetti durationMs={CONFETTI_MS} />
      <div className="text-center">
        <p className="text-sm font-semibold tracking-[0.14em] text-sage-700 uppercase">
          Your profile is complete
        </p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">
          Welcome to MER{firstName ? `, ${firstName}` : ''}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-ink-600">
          You are now part of a community of people who meditate, move, heal and wonder together. Here is what
          awaits you.
        </p>
      </div>
      <div className="mt-12 grid gap-5 sm:grid-cols-3">
        {CARDS.map((card) => (
          <Card key={card.title} padding="lg" className="text-center">
            <span className={cx('mx-auto grid size-14 place-items-center rounded-full', card.tone)}>
              <card.icon className="size-7" />
            </span>
            <h2 className="mt-5 text-2xl font-semibold">{card.title}</h2>
            <p className="mt-2 leading-relaxed text-ink-600">{card.text}</p>
          </Card>
        ))}
      </div>
      <div className="mt-12 flex min-h-14 justify-center">
        {showButton ? (
          <Button
            size="lg"
            className="animate-fade-in"
            icon={<ArrowRightIcon className="size-5" />}
            onClick={() => navigate(signedIn ? '/community' : '/login')}
          >
            Begin Your Journey
          </Button>
        ) : null}
      </div>
    </div>
  );
}
