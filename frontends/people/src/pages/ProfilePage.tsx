import '../styles.css';
import { useParams } from '@mer/router';
import { toApiError, useSessionStore } from '@mer/api-client';
import { useMemberChart } from '../api/charts.ts';
import { usePublicProfile } from '../api/profile.ts';
import { BodygraphCard } from '../components/Bodygraph.tsx';
import { ProfileView } from '../components/ProfileView.tsx';
import { LoadingState, MemberNotFound, ProfileLoadFailed } from '../components/PageStates.tsx';
import { EditProfileLink } from './MyProfilePage.tsx';

/** Another member's bodygraph: the server answers only when they share their birth data (else nothing shows). */
function MemberBodygraph({ userId }: { userId: string }) {
  const chart = useMemberChart(userId);
  if (!chart.data?.humanDesign) return null;
  return <BodygraphCard chart={chart.data.humanDesign} />;
}

/** Another member's profile (/profile/:userId): what they share; a calm not-found state for unknown members. */
export default function ProfilePage() {
  const { userId = '' } = useParams();
  const ownId = useSessionStore((s) => s.user?.id);
  const profile = usePublicProfile(userId);
  if (profile.isPending) return <LoadingState />;
  if (profile.isError) {
    const error = toApiError(profile.error);
    // A malformed id is refused as invalid data; to the visitor it is the same as an unknown member.
    if (error.status === 404 || error.status === 400) return <MemberNotFound />;
    return (
      <ProfileLoadFailed
        onRetry={() => void profile.refetch()}
        message="We're having trouble loading this profile. This might be due to a temporary connection issue."
      />
    );
  }
  return (
    <ProfileView
      profile={profile.data}
      actions={ownId === userId ? <EditProfileLink /> : undefined}
      chart={<MemberBodygraph userId={userId} />}
    />
  );
}
