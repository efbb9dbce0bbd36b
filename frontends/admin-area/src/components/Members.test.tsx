import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import Community from './Community.tsx';
import MemberAccountPanel from './MemberAccountPanel.tsx';
import Members from './Members.tsx';
import { admin, resetAfterEachTest, toastTitles, inRouter } from './admin-testing.tsx';

resetAfterEachTest();

const member = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Mira Sol',
  username: 'mira',
  email: 'mira@example.org',
  roles: ['member'],
  isAdmin: false,
  facilitator: false,
  suspended: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const account = {
  ...member,
  emailConfirmed: true,
  permissions: [] as string[],
  grantedPermissions: [] as string[],
  activeSessions: 2,
  suspendedAt: null as string | null,
};

describe('members', () => {
  it('searches and filters on the server and pages', async () => {
    const queries: string[] = [];
    stubApi(
      {
        'GET /api/v1/identity/admin/members': ({ url }: ApiRequest) => {
          queries.push(url.search);
          return url.searchParams.get('q') === 'mira'
            ? { members: [member], total: 1 }
            : {
                members: [member, { ...member, id: '44444444-4444-4444-8444-444444444444', name: 'Ana' }],
                total: 60,
              };
        },
      },
      { signedIn: admin },
    );
    inRouter(<Members />);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('link', { name: 'Mira Sol' }).getAttribute('href')).toBe(
      `/admin/user-profile/${member.id}`,
    );
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText('Search by name, username or e-mail', { selector: 'input' }),
      'mira',
    );
    await user.click(screen.getByRole('button', { name: 'Search members' }));
    expect(await screen.findByText('@mira')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/Status/), 'suspended');
    expect(queries.some((q) => q.includes('q=mira') && q.includes('status=suspended'))).toBe(true);
  });
});

describe("a member's account", () => {
  it('grants a member users_update after confirming, and says so', async () => {
    const grants: string[] = [];
    stubApi(
      {
        [`GET /api/v1/identity/admin/members/${member.id}`]: () => account,
        [`PUT /api/v1/identity/admin/members/${member.id}/permissions/users_update`]: ({
          url,
        }: ApiRequest) => {
          grants.push(url.pathname);
          return { ...account, permissions: ['users_update'], grantedPermissions: ['users_update'] };
        },
      },
      { signedIn: admin },
    );
    inRouter(<MemberAccountPanel userId={member.id} />);
    expect(await screen.findByText('2 active sessions')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Grant users_update' }));
    expect(grants).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Grant users_update?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByRole('button', { name: 'Revoke users_update' })).toBeTruthy();
    expect(grants).toHaveLength(1);
    expect(toastTitles()).toContain('Granted users_update');
  });

  it("suspends after confirming and ends sessions with the spec's toast", async () => {
    const bodies: unknown[] = [];
    stubApi(
      {
        [`GET /api/v1/identity/admin/members/${member.id}`]: () => account,
        [`PUT /api/v1/identity/admin/members/${member.id}/suspension`]: ({ body }: ApiRequest) => {
          bodies.push(body);
          return { ...account, suspended: true, activeSessions: 0, suspendedAt: '2026-11-26T10:00:00.000Z' };
        },
        [`POST /api/v1/identity/admin/members/${member.id}/sessions/revoke`]: () => ({
          message: "The member's sessions have been ended.",
          revokedSessions: 2,
        }),
      },
      { signedIn: admin },
    );
    inRouter(<MemberAccountPanel userId={member.id} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    expect(bodies).toEqual([{ suspended: true }]);
    expect(toastTitles()).toContain('Member suspended');

    await user.click(screen.getByRole('button', { name: 'End sessions' }));
    const end = await screen.findByRole('dialog', { name: "End this member's sessions?" });
    await user.click(within(end).getByRole('button', { name: 'End sessions' }));
    await expect.poll(toastTitles).toContain('Sessions Ended');
  });
});

describe('community', () => {
  it('creates a code with uses and discount, lists usage, disables one and invites from the waiting list', async () => {
    const created: unknown[] = [];
    let disabled = false;
    let invited = false;
    const code = {
      code: 'ABCD2345',
      maxUses: 5,
      usesCount: 2,
      discountPercent: 20,
      expiresAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const entry = {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Ada Wait',
      email: 'ada@example.org',
      status: 'pending',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    stubApi(
      {
        'GET /api/v1/identity/admin/invitations': () => ({
          invitations: [{ ...code, disabledAt: disabled ? '2026-11-26T10:00:00.000Z' : null }],
          total: 1,
        }),
        'POST /api/v1/identity/admin/invitations': ({ body }: ApiRequest) => {
          created.push(body);
          return Response.json({ ...code, code: 'NEWC0DE9', usesCount: 0 }, { status: 201 });
        },
        'POST /api/v1/identity/admin/invitations/ABCD2345/disable': () => {
          disabled = true;
          return { ...code, disabledAt: '2026-11-26T10:00:00.000Z' };
        },
        'GET /api/v1/identity/admin/waiting-list': () => ({
          entries: [{ ...entry, status: invited ? 'invited' : 'pending' }],
          total: 1,
        }),
        [`POST /api/v1/identity/admin/waiting-list/${entry.id}/invite`]: () => {
          invited = true;
          return { entry: { ...entry, status: 'invited' }, invitation: { ...code, code: 'WAIT2345' } };
        },
        'GET /api/v1/billing/admin/plans': () => ({ plans: [] }),
      },
      { signedIn: admin },
    );
    inRouter(<Community />);
    const table = await screen.findByRole('table', { name: 'Invitation codes' });
    expect(within(table).getByText('2 of 5')).toBeTruthy();
    const user = userEvent.setup();
    const uses = screen.getByLabelText('Uses', { selector: 'input' });
    await user.clear(uses);
    await user.type(uses, '3');
    await user.type(screen.getByLabelText('Discount % (optional)', { selector: 'input' }), '15');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await expect.poll(toastTitles).toContain('Invitation code created');
    expect(created).toEqual([{ maxUses: 3, discountPercent: 15 }]);

    await user.click(within(table).getByRole('button', { name: 'Disable ABCD2345' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable ABCD2345?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(table).findByText('Disabled')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Invite Ada Wait' }));
    expect(await screen.findByRole('button', { name: 'Invite Ada Wait' })).toBeTruthy();
    await expect.poll(toastTitles).toContain('Invitation sent');
  });
});
