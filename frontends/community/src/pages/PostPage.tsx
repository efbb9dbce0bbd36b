import '../styles.css';
import { useNavigate, useParams } from '@mer/router';
import { Button, PagePlaceholder } from '@mer/design-system';
import { usePostDetail } from '../api/feed.ts';
import { PostCard } from '../components/PostCard.tsx';
import { CalmState, NotFoundState } from '../components/PageStates.tsx';

/** A post with its comments (/community/post/:postId and /post/:id: notification targets). */
export default function PostPage() {
  const params = useParams();
  const postId = params.postId ?? params.id ?? '';
  const navigate = useNavigate();
  const detail = usePostDetail(postId);
  if (detail.isPending) return <PagePlaceholder />;
  if (detail.isError) {
    const status = (detail.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundState what="post" />;
    return (
      <CalmState
        title="Something went wrong"
        action={<Button onClick={() => void detail.refetch()}>Try Again</Button>}
      >
        We're having trouble loading this post. This might be due to a temporary connection issue.
      </CalmState>
    );
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-5 sm:px-4 sm:py-8">
      <h1 className="sr-only">Post by {detail.data.post.author.name}</h1>
      <PostCard post={detail.data.post} showComments onDeleted={() => navigate('/community')} />
    </div>
  );
}
