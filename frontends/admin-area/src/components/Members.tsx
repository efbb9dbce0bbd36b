import { useState } from 'react';
import { describeError } from '@mer/api-client';
import { Alert, Badge, Button, PagePlaceholder, TextField } from '@mer/design-system';
import { Link } from '@mer/router';
import { MEMBERS_PAGE_SIZE, useMembers, type MemberQuery } from '../api/admin.ts';

const ROLE_FILTERS = ['admin', 'member', 'coach', 'mentor', 'community_leader'] as const;

/** Members: searched, filtered by role and status and paged by the server; each opens the member's admin page. */
export default function Members() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<MemberQuery>({ offset: 0, limit: MEMBERS_PAGE_SIZE });
  const members = useMembers(query);
  const offset = query.offset ?? 0;

  function filter(change: Partial<MemberQuery>) {
    setQuery((q) => {
      const next: MemberQuery = { ...q, ...change, offset: 0 };
      for (const key of Object.keys(next) as (keyof MemberQuery)[]) if (next[key] === '') delete next[key];
      return next;
    });
  }

  return (
    <section aria-labelledby="members-heading" className="space-y-4">
      <h2 id="members-heading" className="text-xl font-semibold text-ink-900">
        Members
      </h2>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          filter({ q: search.trim() });
        }}
      >
        <TextField
          label="Search by name, username or e-mail"
          name="q"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search members
        </Button>
        <label className="text-sm text-ink-700">
          Role{' '}
          <select
            value={query.role ?? ''}
            onChange={(e) => filter({ role: e.target.value })}
            className="rounded-lg border border-ink-200 px-2 py-1"
          >
            <option value="">Any</option>
            {ROLE_FILTERS.map((r) => (
              <option key={r} value={r}>
                {r.replace('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-ink-700">
          Status{' '}
          <select
            value={query.status ?? ''}
            onChange={(e) => filter({ status: e.target.value as MemberQuery['status'] })}
            className="rounded-lg border border-ink-200 px-2 py-1"
          >
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
      </form>
      {members.isPending ? (
        <PagePlaceholder label="Loading members…" />
      ) : members.isError ? (
        <Alert tone="error" title={describeError(members.error).title}>
          {describeError(members.error).description}
        </Alert>
      ) : members.data.members.length === 0 ? (
        <p className="text-ink-600">No member matches.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Members" className="w-full text-left text-sm">
            <thead className="text-ink-600">
              <tr>
                <th className="p-2">Name</th>
                <th className="p-2">E-mail</th>
                <th className="p-2">Roles</th>
                <th className="p-2">Joined</th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((m) => (
                <tr key={m.id} className="border-t border-ink-100">
                  <td className="p-2">
                    <Link to={`/admin/user-profile/${m.id}`} className="text-sage-700 underline">
                      {m.name}
                    </Link>{' '}
                    <span className="text-ink-500">@{m.username}</span>
                  </td>
                  <td className="p-2">{m.email}</td>
                  <td className="p-2">
                    <span className="flex flex-wrap gap-1">
                      {m.roles.map((r) => (
                        <Badge key={r}>{r.replace('_', ' ')}</Badge>
                      ))}
                      {m.facilitator ? <Badge>facilitator</Badge> : null}
                      {m.suspended ? <Badge tone="clay">Suspended</Badge> : null}
                    </span>
                  </td>
                  <td className="p-2">{new Date(m.createdAt).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {members.data && members.data.total > MEMBERS_PAGE_SIZE ? (
        <nav aria-label="Pages" className="flex items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setQuery({ ...query, offset: offset - MEMBERS_PAGE_SIZE })}
          >
            Previous
          </Button>
          <span className="text-sm text-ink-600">
            {offset + 1}–{Math.min(offset + MEMBERS_PAGE_SIZE, members.data.total)} of {members.data.total}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={offset + MEMBERS_PAGE_SIZE >= members.data.total}
            onClick={() => setQuery({ ...query, offset: offset + MEMBERS_PAGE_SIZE })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
