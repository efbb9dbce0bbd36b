import type { ReactNode } from 'react';
import type { CosmicProfile, PublicProfile } from '@mer/contracts';
import { Avatar, Badge, Card, SparkleIcon, StarIcon, Tabs, cx } from '@mer/design-system';
import { badgesForDisplay } from '../domain/badges.ts';

const BADGE_TONES: Record<string, 'gold' | 'sage' | 'ink' | 'sand'> = {
  innercircle_member: 'gold',
  facilitator: 'ink',
  energy_healer: 'ink',
  new_member: 'sand',
};

function PinIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className={className}
    >
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" strokeLinejoin="round" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="text-xs font-semibold tracking-[0.14em] text-sage-700 uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Chips({ items, tone }: { items: string[]; tone: 'sage' | 'sand' }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className={cx(
            'rounded-full px-3.5 py-1.5 text-sm font-medium',
            tone === 'sage'
              ? 'bg-sage-50 text-sage-800 ring-1 ring-sage-100'
              : 'bg-sand-100 text-sand-700 ring-1 ring-sand-200',
          )}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Whether the profile carries any cosmic data (the server sends it only when the member shares it). */
export function hasCosmicInfo(c: CosmicProfile | null): c is CosmicProfile {
  return Boolean(c && (c.sunSign || c.moonSign || c.risingSign || c.humanDesign));
}

function CosmicInfo({ cosmic }: { cosmic: CosmicProfile }) {
  const signs = [
    ['Sun', cosmic.sunSign],
    ['Moon', cosmic.moonSign],
    ['Rising', cosmic.risingSign],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  const hd = cosmic.humanDesign;
  const design = [
    ['Type', hd?.type],
    ['Strategy', hd?.strategy],
    ['Authority', hd?.authority],
    ['Profile', hd?.profile],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <Card tone="ink" padding="md" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-10 size-48 rounded-full bg-ink-500/40 blur-2xl"
      />
      <div className="relative">
        <h2 className="flex items-center gap-2 text-xs font-semibold tracking-[0.14em] text-ink-100 uppercase">
          <SparkleIcon className="size-4" /> Cosmic profile
        </h2>
        {signs.length > 0 ? (
          <dl className="mt-4 grid grid-cols-3 gap-3">
            {signs.map(([label, value]) => (
              <div key={label} className="rounded-2xl bg-white/10 px-3 py-3 text-center">
                <dt className="text-xs text-ink-200">{label}</dt>
                <dd className="mt-1 font-display text-lg text-white">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {design.length > 0 ? (
          <div className="mt-5">
            <p className="text-sm font-semibold text-ink-100">Human Design</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {design.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-ink-200">{label}</dt>
                  <dd className="font-medium text-white">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * A member's profile: photo, name, badges, bio, location, languages, practices and cosmic info when shared.
 * `chart` is the bodygraph section, loaded by the page on its own so a slow or missing chart never holds
 * the profile back.
 */
export function ProfileView({
  profile,
  actions,
  chart,
  aside,
  photosTab,
}: {
  profile: PublicProfile;
  actions?: ReactNode;
  chart?: ReactNode;
  /** Shown at the top of the side column (another member's profile: compatibility, mutual connections). */
  aside?: ReactNode;
  /** The member's own profile: the details and a Photos tab (spec 001 section 2, "/my-profile tab photos"). */
  photosTab?: { selected: boolean; onSelect: (photos: boolean) => void; content: ReactNode };
}) {
  const badges = badgesForDisplay(profile.badges);
  const languages = profile.languages?.map((l) => l.name) ?? [];
  const interests = profile.interests ?? [];
  const details = (
    <div className="mt-6 grid gap-6 md:grid-cols-[1.6fr_1fr]">
      <div className="space-y-6">
        <Card tone="white" padding="md">
          <Section title="About">
            {profile.bio ? (
              <p className="leading-relaxed whitespace-pre-line text-ink-800">{profile.bio}</p>
            ) : (
              <p className="text-ink-500">No introduction yet.</p>
            )}
          </Section>
        </Card>
        <Card tone="white" padding="md">
          <Section title="Practices & interests">
            {interests.length > 0 ? (
              <Chips items={interests} tone="sage" />
            ) : (
              <p className="text-ink-500">None shared yet.</p>
            )}
          </Section>
        </Card>
        {chart}
      </div>
      <div className="space-y-6">
        {aside}
        <Card tone="sand" padding="md">
          <Section title="Languages">
            {languages.length > 0 ? (
              <Chips items={languages} tone="sand" />
            ) : (
              <p className="text-ink-500">None shared yet.</p>
            )}
          </Section>
        </Card>
        {hasCosmicInfo(profile.cosmic) ? <CosmicInfo cosmic={profile.cosmic} /> : null}
      </div>
    </div>
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <Card tone="white" padding="none" className="overflow-hidden">
        <div
          aria-hidden="true"
          className="h-28 bg-gradient-to-br from-sage-200 via-sand-200 to-ink-100 sm:h-36"
        />
        <div className="px-5 pb-6 sm:px-8">
          <div className="-mt-14 flex flex-col gap-4 sm:-mt-16 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-5">
              {profile.imageUrl ? (
                <img
                  src={profile.imageUrl}
                  alt={`${profile.name}'s profile photo`}
                  width={128}
                  height={128}
                  className="size-28 rounded-full object-cover ring-4 ring-white shadow-soft sm:size-32"
                />
              ) : (
                <Avatar name={profile.name} size="xl" className="size-28 ring-4 ring-white sm:size-32" />
              )}
              <div className="min-w-0 sm:pb-1">
                <h1 className="font-display text-3xl leading-tight text-ink-900 sm:text-4xl">
                  {profile.name}
                </h1>
                {profile.username ? <p className="text-ink-500">@{profile.username}</p> : null}
                {profile.location ? (
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-600">
                    <PinIcon className="size-4 shrink-0 text-sage-600" />
                    {profile.location}
                  </p>
                ) : null}
              </div>
            </div>
            {actions ? <div className="flex flex-wrap gap-3 sm:pb-1">{actions}</div> : null}
          </div>
          {badges.length > 0 ? (
            <ul aria-label="Badges" className="mt-5 flex flex-wrap gap-2">
              {badges.map((b) => (
                <li key={b.type}>
                  <Badge tone={BADGE_TONES[b.type] ?? 'sage'}>
                    <StarIcon className="size-3.5" />
                    {b.label}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Card>

      {photosTab ? (
        <Tabs
          label="Profile sections"
          className="mt-6"
          value={photosTab.selected ? 'photos' : 'about'}
          onChange={(id) => photosTab.onSelect(id === 'photos')}
          items={[
            { id: 'about', label: 'About', content: details },
            { id: 'photos', label: 'Photos', content: photosTab.content },
          ]}
        />
      ) : (
        details
      )}
    </div>
  );
}
