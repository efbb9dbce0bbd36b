import '../styles.css';
import { useState } from 'react';
import { Link, Navigate } from '@mer/router';
import { useSessionStore } from '@mer/api-client';
import {
  Badge,
  Card,
  Tabs,
  buttonClassName,
  cx,
  useDeviceProfile,
  SparkleIcon,
  ArrowRightIcon,
} from '@mer/design-system';
import { useCommunityStats } from '../api/community-stats.ts';
import { FEATURES, PRACTICES } from '../components/landing-content.tsx';
import { MemberStrip } from '../components/MemberStrip.tsx';
import { HeroArt } from '../components/HeroArt.tsx';

/**
 * The landing page (spec 000 section 2): on mobile three tabs (Welcome, Community, Features), on larger
 * screens the hero, six feature cards and the footer. It links only to sign-up and login: circles and events
 * are for members. Signed-in members go straight to the community.
 */
export default function LandingPage() {
  const status = useSessionStore((s) => s.status);
  const device = useDeviceProfile();
  const stats = useCommunityStats();
  if (status === 'signed-in') return <Navigate to="/community" replace />;
  return (
    <div className="overflow-x-clip">
      {device.isMobile ? <MobileLanding stats={stats} /> : <DesktopLanding stats={stats} />}
      <Footer />
    </div>
  );
}

type StatsProps = { stats: ReturnType<typeof useCommunityStats> };

function CallsToAction({ className }: { className?: string }) {
  return (
    <div className={cx('flex flex-wrap gap-3', className)}>
      <Link to="/signup" className={buttonClassName('primary', 'lg')}>
        Join with an invitation <ArrowRightIcon className="size-5" />
      </Link>
      <Link to="/login" className={buttonClassName('secondary', 'lg')}>
        Log in
      </Link>
    </div>
  );
}

function DesktopLanding({ stats }: StatsProps) {
  return (
    <>
      <section className="mx-auto grid max-w-6xl items-center gap-12 px-6 pt-16 pb-20 lg:grid-cols-[1.05fr_1fr] lg:pt-20">
        <div>
          <Badge tone="sage" className="px-3 py-1 text-[0.8rem]">
            <SparkleIcon className="size-3.5" /> A members-only community
          </Badge>
          <h1 className="mt-6 text-5xl leading-[1.05] font-semibold text-ink-900 lg:text-[4rem]">
            A gentle home for the <span className="text-sage-700 italic">spiritual</span> path
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-600">
            MER brings together people who meditate, practise yoga, heal and seek: to gather in circles, meet
            at events and grow through real connection.
          </p>
          <CallsToAction className="mt-9" />
          <MemberStrip stats={stats} className="mt-9" />
        </div>
        <HeroArt />
      </section>

      <section aria-labelledby="features-heading" className="border-t border-sand-200 bg-white/60">
        <div className="mx-auto max-w-6xl px-6 py-20">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-[0.14em] text-sage-700 uppercase">What awaits you</p>
            <h2 id="features-heading" className="mt-3 text-4xl font-semibold text-ink-900">
              Everything your practice needs, in one calm place
            </h2>
          </div>
          <ul className="mt-12 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title}>
                <Card padding="md" className="h-full transition-shadow duration-200 hover:shadow-lift">
                  <span className={cx('grid size-12 place-items-center rounded-2xl', feature.tone)}>
                    <feature.icon className="size-6" />
                  </span>
                  <h3 className="mt-5 text-xl font-semibold text-ink-900">{feature.title}</h3>
                  <p className="mt-2 leading-relaxed text-ink-600">{feature.text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-6 py-20">
        <div className="relative overflow-hidden rounded-[2rem] bg-ink-900 px-10 py-14 text-white">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-10 size-80 rounded-full bg-ink-500/50 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-28 left-10 size-72 rounded-full bg-sage-400/25 blur-3xl"
          />
          <div className="relative flex flex-wrap items-center justify-between gap-8">
            <div className="max-w-xl">
              <h2 className="text-4xl font-semibold">Come as you are.</h2>
              <p className="mt-3 text-lg leading-relaxed text-ink-100">
                Whether you sit every morning or are just curious, there is a circle waiting for you.
              </p>
              <MemberStrip stats={stats} tone="dark" className="mt-6" />
            </div>
            <Link to="/signup" className={buttonClassName('secondary', 'lg')}>
              Join Now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function MobileLanding({ stats }: StatsProps) {
  const [tab, setTab] = useState('welcome');
  return (
    <div className="px-4 pt-8 pb-10">
      <div className="relative overflow-hidden rounded-[1.75rem] bg-gradient-to-br from-sand-200 via-sand-100 to-sage-100 px-5 pt-8 pb-7">
        <div
          aria-hidden="true"
          className="absolute -top-10 -right-12 size-44 rounded-full border border-sage-300/60"
        />
        <div
          aria-hidden="true"
          className="absolute -top-2 -right-4 size-28 rounded-full bg-sage-200/70 animate-breathe"
        />
        <Badge tone="sage" className="relative bg-white/80">
          <SparkleIcon className="size-3.5" /> Members only
        </Badge>
        <h1 className="relative mt-4 text-[2.35rem] leading-[1.08] font-semibold text-ink-900">
          A gentle home for the <span className="text-sage-700 italic">spiritual</span> path
        </h1>
        <div className="relative mt-6 flex flex-col gap-3">
          <Link to="/signup" className={buttonClassName('primary', 'lg', 'w-full')}>
            Join with an invitation
          </Link>
          <Link to="/login" className={buttonClassName('secondary', 'lg', 'w-full')}>
            Log in
          </Link>
        </div>
      </div>
      <Tabs
        label="About MER"
        value={tab}
        onChange={setTab}
        className="mt-8"
        items={[
          {
            id: 'welcome',
            label: 'Welcome',
            content: (
              <div className="space-y-4 leading-relaxed text-ink-700">
                <p>
                  MER brings together people who meditate, practise yoga, heal and seek: to gather in circles,
                  meet at events and grow through real connection.
                </p>
                <p>
                  We grow by invitation, so every new member is welcomed by someone who already belongs. No
                  advertising, no noise.
                </p>
                <blockquote className="rounded-2xl bg-white p-5 font-display text-xl leading-snug text-ink-800 shadow-soft ring-1 ring-sand-200">
                  “Every path is easier when it is walked together.”
                </blockquote>
              </div>
            ),
          },
          {
            id: 'community',
            label: 'Community',
            content: (
              <div className="space-y-5">
                <MemberStrip stats={stats} />
                <p className="leading-relaxed text-ink-700">
                  Members share practices from many traditions. A few of the circles you will find:
                </p>
                <ul className="flex flex-wrap gap-2">
                  {PRACTICES.map((p) => (
                    <li
                      key={p}
                      className="rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-ink-700 ring-1 ring-sand-200"
                    >
                      {p}
                    </li>
                  ))}
                </ul>
              </div>
            ),
          },
          {
            id: 'features',
            label: 'Features',
            content: (
              <ul className="space-y-3">
                {FEATURES.map((feature) => (
                  <li
                    key={feature.title}
                    className="flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-sand-200"
                  >
                    <span className={cx('grid size-11 shrink-0 place-items-center rounded-xl', feature.tone)}>
                      <feature.icon className="size-5" />
                    </span>
                    <div>
                      <h2 className="font-sans text-base font-semibold text-ink-900">{feature.title}</h2>
                      <p className="mt-0.5 text-sm leading-relaxed text-ink-600">{feature.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}

function Footer() {
  return (
    <footer className="border-t border-sand-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-6 py-8 text-sm text-ink-500 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} MER. Made with care for seekers everywhere.</p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy" className="hover:text-ink-800">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-ink-800">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/cookies" className="hover:text-ink-800">
                Cookie Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
