import { Avatar, cx } from '@mer/design-system';
import type { CommunityStats } from '@mer/contracts';
import { pluralForm } from '@mer/api-client';
import { MEMBER_NOUN, formatMemberCount } from '../domain/member-count.ts';

/** Live member count (N.NK+ from 1000) with up to 4 recent members' avatars; nothing while the numbers are unknown. */
export function MemberStrip({
  stats,
  className,
  tone = 'light',
}: {
  stats: CommunityStats | null;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  if (!stats || stats.totalMembers <= 0) return null;
  const recent = stats.recentMembers.slice(0, 4);
  return (
    <div className={cx('flex items-center gap-3', className)}>
      {recent.length > 0 ? (
        // Overlap by 4 px only: a deeper overlap hides the second letter of the initials under the next face.
        <div className="flex -space-x-1">
          {recent.map((m) => (
            <Avatar key={m.id} name={m.name || 'Anonymous'} src={m.avatarUrl} size="sm" />
          ))}
        </div>
      ) : null}
      <p className={cx('text-sm leading-snug', tone === 'dark' ? 'text-ink-100' : 'text-ink-600')}>
        <span
          className={cx('font-semibold', tone === 'dark' ? 'text-white' : 'text-ink-900')}
          data-testid="member-count"
        >
          {formatMemberCount(stats.totalMembers)}
        </span>{' '}
        {pluralForm(stats.totalMembers, MEMBER_NOUN)} practising together
      </p>
    </div>
  );
}
