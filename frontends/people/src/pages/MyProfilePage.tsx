import '../styles.css';
import { Link } from '@mer/router';
import { peopleApi } from '@mer/api-client';
import { SettingsIcon, buttonClassName } from '@mer/design-system';
import { ProfileView } from '../components/ProfileView.tsx';
import { LoadingState, ProfileLoadFailed } from '../components/PageStates.tsx';
import { useRemoteData } from '../hooks/useRemoteData.ts';

export function EditProfileLink() {
  return (
    <Link to="/settings" className={buttonClassName('secondary', 'md')}>
      <SettingsIcon className="size-4.5" />
      Edit profile
    </Link>
  );
}

/** The member's own profile (/my-profile), with the way to settings. */
export default function MyProfilePage() {
  const { state, retry } = useRemoteData('me', (signal) => peopleApi.myProfile(signal));
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'failed') return <ProfileLoadFailed onRetry={retry} />;
  return <ProfileView profile={state.data} actions={<EditProfileLink />} />;
}
