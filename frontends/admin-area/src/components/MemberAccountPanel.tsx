import { useState } from 'react';
import { ADMIN_PANEL_PERMISSIONS, describeError } from '@mer/api-client';
import type { Permission } from '@mer/contracts';
import { Alert, Badge, Button, Card, Dialog, PagePlaceholder, useFeedback } from '@mer/design-system';
import { useNavigate } from '@mer/router';
import {
  useChangeMember,
  useDeleteMember,
  useEndMemberSessions,
  useMemberAccount,
  type MemberChange,
} from '../api/admin.ts';
import { TEXTS } from '../domain/texts.ts';

const COMMUNITY_ROLES = ['coach', 'mentor', 'community_leader'] as const;

/** What a change is called in its toast, once the server accepted it. */
function changedToast(change: MemberChange): string {
  switch (change.kind) {
    case 'permission':
      return change.granted ? `Granted ${change.permission}` : `Revoked ${change.permission}`;
    case 'adminRecord':
      return change.active ? 'Admin record activated' : 'Admin record deactivated';
    case 'role':
      return change.held
        ? `Role ${change.role.replace('_', ' ')} given`
        : `Role ${change.role.replace('_', ' ')} removed`;
    case 'facilitator':
      return change.facilitator ? 'Facilitator set' : 'Facilitator cleared';
    case 'suspension':
      return change.suspended ? 'Member suspended' : 'Member unsuspended';
  }
}

type Confirmable =
  | { kind: 'change'; change: MemberChange; title: string; description: string; label: string }
  | { kind: 'endSessions' }
  | { kind: 'delete' };

/**
 * /admin/user-profile/{userId}: the member's account (identity): roles, permissions with grant and revoke, the
 * admin record, community roles, facilitator, suspension, sessions and deletion. Granting power, suspending,
 * ending sessions and deleting ask first; every result is a toast.
 */
export default function MemberAccountPanel({ userId }: { userId: string }) {
  const account = useMemberAccount(userId);
  const change = useChangeMember(userId);
  const endSessions = useEndMemberSessions(userId);
  const remove = useDeleteMember(userId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Confirmable | null>(null);

  const fail = (error: unknown) => feedback.show({ ...describeError(error), tone: 'error' });

  function apply(c: MemberChange) {
    change.mutate(c, {
      onSuccess: () => feedback.show({ title: changedToast(c), tone: 'success' }),
      onError: fail,
      onSettled: () => setPending(null),
    });
  }

  function confirm() {
    if (!pending) return;
    if (pending.kind === 'change') return apply(pending.change);
    if (pending.kind === 'endSessions')
      return endSessions.mutate(undefined, {
        onSuccess: () => feedback.show({ title: TEXTS.sessionsEnded, tone: 'success' }),
        onError: () => feedback.show({ title: TEXTS.sessionsFailed, tone: 'error' }),
        onSettled: () => setPending(null),
      });
    remove.mutate(undefined, {
      onSuccess: (notice) => {
        feedback.show({ title: notice.title, description: notice.message, tone: 'success' });
        navigate('/admin/members');
      },
      onError: fail,
      onSettled: () => setPending(null),
    });
  }

  if (account.isPending) return <PagePlaceholder label="Loading the account…" />;
  if (account.isError)
    return (
      <Alert tone="error" title={describeError(account.error).title}>
        {describeError(account.error).description}
      </Alert>
    );
  const m = account.data;
  const busy = change.isPending || endSessions.isPending || remove.isPending;

  return (
    <section aria-labelledby="account-heading" className="space-y-4">
      <h2 id="account-heading" className="text-xl font-semibold text-ink-900">
        Account
      </h2>
      {feedback.inline ? (
        <Alert tone={feedback.inline.tone === 'error' ? 'error' : 'success'} title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      <Card padding="lg">
        <p className="font-semibold text-ink-900">
          {m.name} <span className="font-normal text-ink-500">@{m.username}</span>
        </p>
        <p className="text-sm text-ink-700">
          {m.email} · {m.emailConfirmed ? 'e-mail confirmed' : 'e-mail not confirmed'} · joined{' '}
          {new Date(m.createdAt).toLocaleDateString()}
        </p>
        <p className="mt-2 flex flex-wrap gap-1" aria-label="Roles">
          {m.roles.map((r) => (
            <Badge key={r}>{r.replace('_', ' ')}</Badge>
          ))}
          {m.isAdmin ? <Badge tone="gold">admin record</Badge> : null}
          {m.facilitator ? <Badge>facilitator</Badge> : null}
          {m.suspended ? <Badge tone="clay">Suspended</Badge> : null}
        </p>
        <p className="mt-2 text-sm text-ink-700">
          {m.activeSessions === 1 ? '1 active session' : `${m.activeSessions} active sessions`}
        </p>
      </Card>

      <Card padding="lg">
        <h3 className="font-semibold text-ink-900">Permissions</h3>
        <ul aria-label="Permissions" className="mt-2 space-y-1 text-sm">
          {ADMIN_PANEL_PERMISSIONS.map((p) => {
            const granted = m.grantedPermissions.includes(p);
            const fromRole = !granted && m.permissions.includes(p);
            return (
              <li key={p} className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{p}</span>
                {fromRole ? (
                  <span className="text-ink-500">from a role</span>
                ) : (
                  <Button
                    size="sm"
                    variant={granted ? 'danger' : 'secondary'}
                    disabled={busy}
                    aria-label={`${granted ? 'Revoke' : 'Grant'} ${p}`}
                    onClick={() =>
                      setPending({
                        kind: 'change',
                        change: { kind: 'permission', permission: p as Permission, granted: !granted },
                        title: `${granted ? 'Revoke' : 'Grant'} ${p}?`,
                        description: granted
                          ? 'The member loses this power at their next sign-in or token refresh.'
                          : 'The member gains this power at their next sign-in or token refresh.',
                        label: granted ? 'Revoke' : 'Grant',
                      })
                    }
                  >
                    {granted ? 'Revoke' : 'Grant'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <div className="mt-3">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              setPending({
                kind: 'change',
                change: { kind: 'adminRecord', active: !m.isAdmin },
                title: m.isAdmin ? 'Deactivate the admin record?' : 'Activate the admin record?',
                description: 'The admin record is the admin badge status other members see.',
                label: m.isAdmin ? 'Deactivate' : 'Activate',
              })
            }
          >
            {m.isAdmin ? 'Deactivate admin record' : 'Activate admin record'}
          </Button>
        </div>
      </Card>

      <Card padding="lg">
        <h3 className="font-semibold text-ink-900">Community roles</h3>
        <div className="mt-2 flex flex-wrap gap-3 text-sm">
          {COMMUNITY_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={m.roles.includes(role)}
                disabled={busy}
                onChange={(e) => apply({ kind: 'role', role, held: e.target.checked })}
              />
              {role.replace('_', ' ')}
            </label>
          ))}
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={m.facilitator}
              disabled={busy}
              onChange={(e) => apply({ kind: 'facilitator', facilitator: e.target.checked })}
            />
            facilitator
          </label>
        </div>
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button
          variant={m.suspended ? 'secondary' : 'danger'}
          disabled={busy}
          onClick={() =>
            m.suspended
              ? apply({ kind: 'suspension', suspended: false })
              : setPending({
                  kind: 'change',
                  change: { kind: 'suspension', suspended: true },
                  title: 'Suspend this member?',
                  description: 'Their sessions end at once and they cannot log in until you unsuspend them.',
                  label: 'Suspend',
                })
          }
        >
          {m.suspended ? 'Unsuspend' : 'Suspend'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setPending({ kind: 'endSessions' })}>
          End sessions
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => setPending({ kind: 'delete' })}>
          Delete account
        </Button>
      </div>

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'change'
            ? pending.title
            : pending?.kind === 'endSessions'
              ? "End this member's sessions?"
              : pending?.kind === 'delete'
                ? 'Delete this account?'
                : ''
        }
        description={
          pending?.kind === 'change'
            ? pending.description
            : pending?.kind === 'endSessions'
              ? 'Every open tab of theirs signs out at once.'
              : 'Their account and their data in every part of MER are removed. This cannot be undone.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              variant={pending?.kind === 'endSessions' ? 'primary' : 'danger'}
              loading={busy}
              onClick={confirm}
            >
              {pending?.kind === 'change'
                ? pending.label
                : pending?.kind === 'endSessions'
                  ? 'End sessions'
                  : 'Delete'}
            </Button>
          </>
        }
      />
    </section>
  );
}
