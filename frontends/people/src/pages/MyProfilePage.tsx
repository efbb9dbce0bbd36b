import '../styles.css';
import { Link, useSearchParams } from '@mer/router';
import type { PublicProfile } from '@mer/contracts';
import { defaultNames, toApiError, useSessionStore, type SessionState } from '@mer/api-client';
import { useMyChart } from '../api/charts.ts';
import { useMyProfile } from '../api/profile.ts';
import { Alert, Button, SettingsIcon, buttonClassName } from '@mer/design-system';
import { BodygraphCard } from '../components/Bodygraph.tsx';
import { ProfileView } from '../components/ProfileView.tsx';
import { LoadingState, ProfileLoadFailed } from '../components/PageStates.tsx';
import { MyPhotos } from '../components/photos/MyPhotos.tsx';

export function EditProfileLink() {
  return (
    <Link to="/settings" className={buttonClassName('secondary', 'md')}>
      <SettingsIcon className="size-4.5" />
      Edit profile
    </Link>
  );
}

/** Spec 000 section 4 (profile loading degradation): a basic profile built from the account alone. */
function basicProfile(user: NonNullable<SessionState['user']>): PublicProfile {
  return {
    userId: user.id,
    ...defaultNames(user),
    bio: null,
    imageUrl: null,
    location: null,
    cityId: null,
    languages: [],
    interests: [],
    badges: [],
    role: null,
    isFacilitator: false,
    cosmic: null,
    createdAt: user.createdAt,
  };
}

/** The member's own bodygraph, with who can see it; nothing while they have given no birth time. */
function MyBodygraph({ shared }: { shared: boolean }) {
  const chart = useMyChart();
  if (!chart.data?.humanDesign) return null;
  return (
    <BodygraphCard
      chart={chart.data.humanDesign}
      note={
        shared ? (
          'Members can see this on your profile.'
        ) : (
          <>
            Only you can see this. To show it to other members, turn on “Share my birth data and chart” in{' '}
            <Link to="/settings#privacy" className="font-medium text-sage-700 underline underline-offset-2">
              Settings
            </Link>
            .
          </>
        )
      }
    />
  );
}

/**
 * The address of the Photos tab (spec 001 section 2: "/my-profile | own profile; tab photos, param photo"):
 * ?tab=photos, and &photo=<photoId> for the photo open in the lightbox.
 */
function usePhotosTab() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('tab') === 'photos';
  const change = (next: { tab: boolean; photo: string | null }) => {
    const search = new URLSearchParams(params);
    if (next.tab) search.set('tab', 'photos');
    else search.delete('tab');
    if (next.tab && next.photo) search.set('photo', next.photo);
    else search.delete('photo');
    setParams(search, { replace: true });
  };
  return {
    selected,
    onSelect: (photos: boolean) => change({ tab: photos, photo: null }),
    content: (
      <MyPhotos
        openPhotoId={params.get('photo')}
        onOpenPhotoChange={(photo) => change({ tab: true, photo })}
      />
    ),
  };
}

/** The member's own profile (/my-profile): details and their photos, with the way to settings. */
export default function MyProfilePage() {
  const user = useSessionStore((s) => s.user);
  const profile = useMyProfile();
  const photosTab = usePhotosTab();
  const retry = () => void profile.refetch();
  if (profile.isPending) return <LoadingState />;
  if (profile.isError) {
    // The profile service is unreachable: show what the account itself knows, and a way to try again.
    if (!user || toApiError(profile.error).status === 404) return <ProfileLoadFailed onRetry={retry} />;
    return (
      <>
        <div className="mx-auto max-w-5xl px-4 pt-6 sm:px-6 md:pt-10">
          <Alert
            tone="warning"
            title="Profile Loading Issue"
            action={
              <Button size="sm" variant="secondary" onClick={retry}>
                Try again
              </Button>
            }
          >
            Using basic profile info. You can refresh to try again.
          </Alert>
        </div>
        <ProfileView profile={basicProfile(user)} />
      </>
    );
  }
  return (
    <ProfileView
      profile={profile.data}
      actions={<EditProfileLink />}
      chart={<MyBodygraph shared={profile.data.privacySettings?.share_birth_data === true} />}
      photosTab={photosTab}
    />
  );
}
