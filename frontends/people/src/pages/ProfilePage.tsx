import '../styles.css';
import { useParams } from '@mer/router';
import { chartsApi, profileApi, useSessionStore } from '@mer/api-client';
import { BodygraphCard } from '../components/Bodygraph.tsx';
import { ProfileView } from '../components/ProfileView.tsx';
import { ProfileConnectionActions } from '../components/profile/ProfileConnectionActions.tsx';
import { ProfileConnectionSide } from '../components/profile/ProfileConnectionSide.tsx';
import { LoadingState, MemberNotFound, ProfileLoadFailed } from '../components/PageStates.tsx';
import { useRemoteData } from '../hooks/useRemoteData.ts';
import { EditProfileLink } from './MyProfilePage.tsx';

/** Another member's bodygraph: the server answers only when they share their birth data (else nothing shows). */
function MemberBodygraph({ userId }: { userId: string }) {
  const { state } = useRemoteData(`chart:${userId}`, (signal) => chartsApi.memberChart(userId, signal));
  if (state.status !== 'loaded' || !state.data?.humanDesign) return null;
  return <BodygraphCard chart={state.data.humanDesign} />;
}

/** Another member's profile (/profile/:userId): what they share; a calm not-found state for unknown members. */
export default function ProfilePage() {
  const { userId = '' } = useParams();
  const ownId = useSessionStore((s) => s.user?.id);
  const { state, retry } = useRemoteData(`profile:${userId}`, (signal) =>
    profileApi.publicProfile(userId, signal),
  );
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'failed') {
    // A malformed id is refused as invalid data; to the visitor it is the same as an unknown member.
    if (state.error.status === 404 || state.error.status === 400) return <MemberNotFound />;
    return (
      <ProfileLoadFailed
        onRetry={retry}
        message="We're having trouble loading this profile. This might be due to a temporary connection issue."
      />
    );
  }
  const own = ownId === userId;
  return (
    <ProfileView
      profile={state.data}
      actions={
        own ? <EditProfileLink /> : <ProfileConnectionActions userId={userId} name={state.data.name} />
      }
      chart={<MemberBodygraph userId={userId} />}
      aside={own ? undefined : <ProfileConnectionSide userId={userId} />}
    />
  );
}
