import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { stubApi } from '../../../component-testing.ts';
import type { MemberMembership as Membership, RevenueReport } from '../api/admin.ts';
import MemberMembership from './MemberMembership.tsx';
import Overview from './Overview.tsx';
import { admin, resetAfterEachTest } from './admin-testing.tsx';

const userId = '33333333-3333-4333-8333-333333333333';
const membershipPath = `GET /api/v1/billing/admin/members/${userId}/membership`;

resetAfterEachTest();

const error = (status: number, code: string, title: string, message: string) =>
  Response.json({ error: { code, title, message, retryable: false } }, { status });

const membership: Membership = {
  userId,
  membershipId: '44444444-4444-4444-8444-444444444444',
  plan: {
    id: '6f1d2c3a-8b4e-4f7a-9c1d-2e3f4a5b6c02',
    name: 'InnerCircle Membership',
    billingCycle: 'monthly',
    innerCircle: true,
  },
  status: 'active',
  subscribed: true,
  startedAt: '2026-09-15T12:00:00.000Z',
  currentPeriodStart: '2026-11-15T12:00:00.000Z',
  currentPeriodEnd: '2026-12-15T12:00:00.000Z',
  cancelAtPeriodEnd: true,
  cancelledAt: '2026-11-20T09:00:00.000Z',
  amountCents: 1900,
  currency: 'EUR',
  discountPercent: 20,
  provider: 'stripe',
  lastPaymentFailedAt: null,
  payments: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      invoiceId: 'in_2',
      kind: 'renewal',
      amountCents: 1900,
      currency: 'EUR',
      paidAt: '2026-11-15T12:00:00.000Z',
    },
    {
      id: '66666666-6666-4666-8666-666666666666',
      invoiceId: 'in_1',
      kind: 'first_payment',
      amountCents: 1520,
      currency: 'EUR',
      paidAt: '2026-09-15T12:00:00.000Z',
    },
  ],
};

describe("a member's membership on /admin/user-profile/{id}", () => {
  it('shows the plan, status, price, period, cancellation, discount and latest payments', async () => {
    stubApi({ [membershipPath]: () => membership }, { signedIn: admin });
    render(<MemberMembership userId={userId} />);
    const section = await screen.findByRole('region', { name: 'Membership' });
    expect(await within(section).findByText('InnerCircle Membership')).toBeTruthy();
    expect(within(section).getByText('Active')).toBeTruthy();
    expect(within(section).getByText('Cancels at period end')).toBeTruthy();
    expect(within(section).getByText(/19\.00 a month/)).toBeTruthy();
    expect(within(section).getByText('20% off the first payment')).toBeTruthy();
    expect(within(section).getByText('Cancelled on')).toBeTruthy();
    const rows = within(within(section).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Renewal.*19\.00/),
      expect.stringMatching(/First payment.*15\.20/),
    ]);
  });

  it("says 'No membership' when billing has none for the member", async () => {
    stubApi(
      { [membershipPath]: () => error(404, 'item_not_found', 'Not Found', 'This member has no membership.') },
      { signedIn: admin },
    );
    render(<MemberMembership userId={userId} />);
    expect(await screen.findByText('No membership')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const weeks = (counts: number[]) =>
  counts.map((count, i) => ({ weekStart: `2026-10-${String(5 + i * 7).padStart(2, '0')}`, count }));

const dashboard = {
  members: { total: 40, activeThisWeek: 12, newPerWeek: weeks([1, 2, 3]) },
  memberships: { activated: 9, newPerWeek: weeks([0, 1, 2]) },
  postsPerWeek: weeks([4, 5, 6]),
  messagesPerWeek: weeks([7, 8, 9]),
  reportsPerWeek: weeks([0, 0, 1]),
  openReports: 1,
  unresolvedSecurityEvents: 0,
  weeks: 3,
};

const report: RevenueReport = {
  months: [
    {
      month: '2026-09',
      revenue: [
        { currency: 'EUR', amountCents: 1200 },
        { currency: 'USD', amountCents: 1300 },
      ],
      newMemberships: 2,
      cancellations: 0,
      activeAtMonthEnd: 2,
    },
    {
      month: '2026-10',
      revenue: [{ currency: 'EUR', amountCents: 13_200 }],
      newMemberships: 1,
      cancellations: 0,
      activeAtMonthEnd: 3,
    },
    { month: '2026-11', revenue: [], newMemberships: 0, cancellations: 2, activeAtMonthEnd: 2 },
  ],
  current: { activeMemberships: 2, monthlyRecurringRevenue: [{ currency: 'EUR', amountCents: 2200 }] },
  generatedAt: '2026-11-26T10:00:00.000Z',
};

describe('the dashboard overview', () => {
  it('shows memberships and monthly revenue as bars with the figures as text', async () => {
    const asked: string[] = [];
    stubApi(
      {
        'GET /api/v1/admin/dashboard': () => dashboard,
        'GET /api/v1/billing/admin/revenue': ({ url }) => {
          asked.push(url.search);
          return report;
        },
      },
      { signedIn: admin },
    );
    render(<Overview />);
    const section = await screen.findByRole('region', { name: 'Memberships and revenue' });
    expect(await within(section).findByText('Active memberships')).toBeTruthy();
    expect(asked).toEqual(['?months=12']);
    expect(within(section).getByText(/22\.00/)).toBeTruthy(); // MRR
    // A bar per month (the chart's currency is the one most money came in), named with its figure.
    const bars = within(within(section).getByRole('list', { name: 'Revenue per month in EUR' })).getAllByRole(
      'listitem',
    );
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^September 2026: .*12\.00/),
      expect.stringMatching(/^October 2026: .*132\.00/),
      expect.stringMatching(/^November 2026: .*0\.00/),
    ]);
    // Every month's figures in a table, newest first; other currencies are written, never added.
    const rows = within(within(section).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Nov 2026', expect.stringMatching(/0\.00/), '0', '2', '2'],
      ['Oct 2026', expect.stringMatching(/132\.00/), '1', '0', '3'],
      [expect.stringMatching(/^Sept? 2026$/), expect.stringMatching(/12\.00 \+ .*13\.00/), '2', '0', '2'],
    ]);
  });

  it('tells an admin without the billing permissions why the figures are not there', async () => {
    stubApi(
      {
        'GET /api/v1/admin/dashboard': () => dashboard,
        'GET /api/v1/billing/admin/revenue': () =>
          error(
            403,
            'permission_denied',
            'Permission Denied',
            "You don't have permission to perform this action",
          ),
      },
      { signedIn: admin },
    );
    render(<Overview />);
    expect(
      await screen.findByText(/shown to admins with the system_admin or system_settings permission/),
    ).toBeTruthy();
  });
});
