import { useLocation, useNavigate } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { PagePlaceholder, Tabs } from '@mer/design-system';
import { useCircle } from '../api/circles.ts';
import { CIRCLE_TABS, circleLocation, circlePath, type CircleTab } from '../domain/circle-path.ts';
import { isCircleMember, leadsCircle } from '../domain/circles.ts';
import { CircleDiscussions, CircleForum } from './circle/CircleDiscussions.tsx';
import { CircleMeetups } from './circle/CircleMeetups.tsx';
import { CircleMembers } from './circle/CircleMembers.tsx';
import { CirclePosts } from './circle/CirclePosts.tsx';
import { CircleHeader } from './CircleHeader.tsx';
import { LoadError, NotFoundState } from './PageStates.tsx';

/**
 * /circles/{id} and its sub-paths: the tabs posts, forum, discussions, meetups and members; the path opens the tab
 * and the item (forum/{topicId}, discussions/{discussionId}, posts/{postId}, meetups/{meetupId}), and choosing a
 * tab writes it back into the path.
 */
export default function CircleDetail() {
  const location = circleLocation(useLocation().pathname)!;
  const navigate = useNavigate();
  const circle = useCircle(location.circleId);

  if (circle.isPending) return <PagePlaceholder label="Loading the circle…" />;
  if (circle.isError) {
    const status = toApiError(circle.error).status;
    return status === 404 || status === 400 ? (
      <NotFoundState what="circle" back={{ to: '/circles', label: 'Back to circles' }} />
    ) : (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <LoadError title="We couldn't load this circle" onRetry={() => void circle.refetch()} />
      </div>
    );
  }
  const c = circle.data;
  const member = isCircleMember(c.myStanding);
  const { circleId, tab, itemId } = location;
  const content: Record<CircleTab, React.ReactNode> = {
    posts: <CirclePosts circleId={circleId} postId={tab === 'posts' ? itemId : null} canPost={member} />,
    forum: <CircleForum circleId={circleId} topicId={tab === 'forum' ? itemId : null} isMember={member} />,
    discussions: (
      <CircleDiscussions
        circleId={circleId}
        discussionId={tab === 'discussions' ? itemId : null}
        isMember={member}
      />
    ),
    meetups: (
      <CircleMeetups
        circleId={circleId}
        meetupId={tab === 'meetups' ? itemId : null}
        isMember={member}
        leads={leadsCircle(c.myStanding)}
      />
    ),
    members: <CircleMembers circleId={circleId} standing={c.myStanding} joinPolicy={c.joinPolicy} />,
  };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-5 sm:px-4 sm:py-8">
      <CircleHeader circle={c} />
      {c.approvalStatus === 'approved' ? (
        <Tabs
          label="Circle sections"
          // Five tabs do not fit a phone's width: the tab row scrolls sideways instead of widening the page.
          className="[&>[role=tablist]]:overflow-x-auto"
          value={tab}
          onChange={(next) => navigate(circlePath(circleId, next as CircleTab))}
          items={CIRCLE_TABS.map((t) => ({ id: t.id, label: t.label, content: content[t.id] }))}
        />
      ) : null}
    </div>
  );
}
