import { Link } from '@mer/router';
import { Avatar, Card, HeartIcon } from '@mer/design-system';
import { useCompatibility, useMutualConnections } from '../../api/social-graph-hooks.ts';

const MUTUAL_SHOWN = 6;

function MutualConnections({ userId }: { userId: string }) {
  const { data } = useMutualConnections(userId);
  if (!data || data.total === 0) return null;
  return (
    <Card tone="white" padding="md">
      <section aria-labelledby="mutual-heading">
        <h2 id="mutual-heading" className="text-xs font-semibold tracking-[0.14em] text-sage-700 uppercase">
          {data.total === 1 ? '1 mutual connection' : `${data.total} mutual connections`}
        </h2>
        <ul className="mt-3 space-y-2">
          {data.people.slice(0, MUTUAL_SHOWN).map((p) => (
            <li key={p.userId}>
              <Link
                to={`/profile/${encodeURIComponent(p.userId)}`}
                className="flex items-center gap-3 rounded-xl p-1 text-ink-800 hover:bg-sand-100"
              >
                <Avatar name={p.name} src={p.imageUrl} size="sm" decorative />
                <span className="truncate font-medium">{p.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/** Compatibility with its reasons, only when both members share their charts (the server answers null otherwise). */
function CompatibilityCard({ userId }: { userId: string }) {
  const { data } = useCompatibility(userId);
  if (!data?.available || data.score === null) return null;
  return (
    <Card tone="sage" padding="md" data-testid="compatibility-card">
      <section aria-labelledby="compatibility-heading">
        <h2
          id="compatibility-heading"
          className="flex items-center gap-2 text-xs font-semibold tracking-[0.14em] text-sage-700 uppercase"
        >
          <HeartIcon className="size-4" aria-hidden="true" /> Your compatibility
        </h2>
        <p className="mt-3 font-display text-3xl text-ink-900">{data.score}%</p>
        {data.reasons.length > 0 ? (
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink-800">
            {data.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : null}
      </section>
    </Card>
  );
}

/** Beside another member's profile: mutual connections and, when both share charts, compatibility. */
export function ProfileConnectionSide({ userId }: { userId: string }) {
  return (
    <>
      <CompatibilityCard userId={userId} />
      <MutualConnections userId={userId} />
    </>
  );
}
