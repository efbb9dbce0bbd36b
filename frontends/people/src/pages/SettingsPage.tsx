import '../styles.css';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@mer/router';
import { ArrowLeftIcon, cx } from '@mer/design-system';
import { LoadingState, ProfileLoadFailed } from '../components/PageStates.tsx';
import { ProfileSection } from '../components/settings/ProfileSection.tsx';
import { PhotoSection } from '../components/settings/PhotoSection.tsx';
import { AccountSection } from '../components/settings/AccountSection.tsx';
import { NotificationsSection, PrivacySection } from '../components/settings/PreferencesSections.tsx';
import { CosmicSection } from '../components/settings/CosmicSection.tsx';
import { EmailSection } from '../components/settings/EmailSection.tsx';
import { PushSection } from '../components/settings/PushSection.tsx';
import { DeleteAccountSection } from '../components/settings/DeleteAccountSection.tsx';
import { useFeedback, type Feedback } from '@mer/design-system';
import { useOptimisticProfile } from '../hooks/useOptimisticProfile.ts';
import { useMyProfile } from '../api/profile.ts';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'photo', label: 'Photo' },
  { id: 'cosmic', label: 'Cosmic info' },
  { id: 'account', label: 'Account' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'email', label: 'E-mail' },
  { id: 'push', label: 'Push' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'delete', label: 'Delete account' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

/** Settings (/settings): profile, photo, cosmic info (birth data and chart), account, notifications, e-mail, push, privacy and account deletion. */
export default function SettingsPage() {
  const myProfile = useMyProfile();
  const { show, inline } = useFeedback();
  // The inline copy of a message (phones only) shows in the section that raised it.
  const [source, setSource] = useState<SectionId>('profile');
  const notifyFrom = useCallback(
    (section: SectionId) => (message: Feedback) => {
      setSource(section);
      show(message);
    },
    [show],
  );
  const profileNotify = useCallback((message: Feedback) => notifyFrom('profile')(message), [notifyFrom]);
  const { profile, saving, loaded, save } = useOptimisticProfile(profileNotify);

  useEffect(() => {
    if (myProfile.data) loaded(myProfile.data);
  }, [myProfile.data, loaded]);

  if (myProfile.isError && !profile) return <ProfileLoadFailed onRetry={() => void myProfile.refetch()} />;
  if (myProfile.isPending || !profile) return <LoadingState />;
  const inlineFor = (section: SectionId) => (source === section ? inline : null);
  const saveFrom =
    (section: SectionId): typeof save =>
    (patch, changes) => {
      setSource(section);
      return save(patch, changes);
    };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to="/my-profile"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-ink-600 hover:text-ink-900"
      >
        <ArrowLeftIcon className="size-4" /> My profile
      </Link>
      <h1 className="mt-3 font-display text-3xl text-ink-900 sm:text-4xl">Settings</h1>
      <p className="mt-1 text-ink-600">Tend to your profile, your account and what you share.</p>

      <div className="mt-6 md:grid md:grid-cols-[13rem_1fr] md:gap-8">
        <nav
          aria-label="Settings sections"
          className="-mx-4 mb-6 overflow-x-auto px-4 md:mx-0 md:mb-0 md:px-0"
        >
          <ul className="flex gap-2 md:sticky md:top-24 md:flex-col md:gap-1">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className={cx(
                    'block rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap md:rounded-xl',
                    s.id === 'delete' ? 'text-clay-700 hover:bg-clay-50' : 'text-ink-700 hover:bg-sand-100',
                    'bg-white ring-1 ring-sand-200 md:bg-transparent md:ring-0',
                  )}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <ProfileSection
            profile={profile}
            save={saveFrom('profile')}
            saving={saving && source === 'profile'}
            feedback={inlineFor('profile')}
          />
          <PhotoSection
            profile={profile}
            notify={notifyFrom('photo')}
            feedback={inlineFor('photo')}
            onPhotoChanged={(imageUrl) => {
              // setMyPhoto has the profile and the shell's navigation read again.
              loaded({ ...profile, imageUrl });
            }}
          />
          <CosmicSection notify={notifyFrom('cosmic')} feedback={inlineFor('cosmic')} />
          <AccountSection profile={profile} notify={notifyFrom('account')} feedback={inlineFor('account')} />
          <NotificationsSection
            profile={profile}
            save={saveFrom('notifications')}
            feedback={inlineFor('notifications')}
          />
          <EmailSection feedback={inlineFor('email')} />
          <PushSection notify={notifyFrom('push')} feedback={inlineFor('push')} />
          <PrivacySection profile={profile} save={saveFrom('privacy')} feedback={inlineFor('privacy')} />
          <DeleteAccountSection notify={notifyFrom('delete')} feedback={inlineFor('delete')} />
        </div>
      </div>
    </div>
  );
}
