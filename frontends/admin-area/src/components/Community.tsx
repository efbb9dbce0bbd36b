import { useState } from 'react';
import { describeError } from '@mer/api-client';
import {
  Alert,
  Badge,
  Button,
  Card,
  Dialog,
  PagePlaceholder,
  TextField,
  useFeedback,
} from '@mer/design-system';
import {
  COMMUNITY_PAGE_SIZE,
  useCreateInvitation,
  useDisableInvitation,
  useInviteFromWaitingList,
  useInvitations,
  usePlans,
  useSetPlanActive,
  useWaitingList,
  type Invitation,
} from '../api/admin.ts';

function Pages({
  offset,
  total,
  onChange,
}: {
  offset: number;
  total: number;
  onChange: (o: number) => void;
}) {
  if (total <= COMMUNITY_PAGE_SIZE) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-2">
      <Button
        size="sm"
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onChange(offset - COMMUNITY_PAGE_SIZE)}
      >
        Previous
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={offset + COMMUNITY_PAGE_SIZE >= total}
        onClick={() => onChange(offset + COMMUNITY_PAGE_SIZE)}
      >
        Next
      </Button>
    </nav>
  );
}

function Invitations() {
  const [offset, setOffset] = useState(0);
  const invitations = useInvitations(offset);
  const create = useCreateInvitation();
  const disable = useDisableInvitation();
  const feedback = useFeedback();
  const [uses, setUses] = useState('1');
  const [discount, setDiscount] = useState('');
  const [disabling, setDisabling] = useState<Invitation | null>(null);

  function submit() {
    const maxUses = Number(uses);
    const discountPercent = discount.trim() === '' ? undefined : Number(discount);
    if (!Number.isInteger(maxUses) || maxUses < 1) {
      feedback.show({
        title: 'Invalid Data',
        description: 'Uses must be a whole number of at least 1.',
        tone: 'error',
      });
      return;
    }
    if (
      discountPercent !== undefined &&
      (!Number.isInteger(discountPercent) || discountPercent < 1 || discountPercent > 100)
    ) {
      feedback.show({
        title: 'Invalid Data',
        description: 'The discount is a whole percentage from 1 to 100.',
        tone: 'error',
      });
      return;
    }
    create.mutate(
      { maxUses, ...(discountPercent !== undefined ? { discountPercent } : {}) },
      {
        onSuccess: (invitation) =>
          feedback.show({ title: 'Invitation code created', description: invitation.code, tone: 'success' }),
        onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
      },
    );
  }

  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h2 id="invitations-heading" className="text-xl font-semibold text-ink-900">
        Invitation codes
      </h2>
      {feedback.inline ? (
        <Alert tone={feedback.inline.tone === 'error' ? 'error' : 'success'} title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Uses"
          name="maxUses"
          inputMode="numeric"
          value={uses}
          onChange={(e) => setUses(e.target.value)}
        />
        <TextField
          label="Discount % (optional)"
          name="discountPercent"
          inputMode="numeric"
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
        />
        <Button type="submit" loading={create.isPending}>
          Create code
        </Button>
      </form>
      {invitations.isPending ? (
        <PagePlaceholder label="Loading codes…" />
      ) : invitations.isError ? (
        <Alert tone="error" title={describeError(invitations.error).title}>
          {describeError(invitations.error).description}
        </Alert>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Invitation codes" className="w-full text-left text-sm">
            <thead className="text-ink-600">
              <tr>
                <th className="p-2">Code</th>
                <th className="p-2">Used</th>
                <th className="p-2">Discount</th>
                <th className="p-2">Created</th>
                <th className="p-2" />
              </tr>
            </thead>
            <tbody>
              {invitations.data.invitations.map((inv) => (
                <tr key={inv.code} className="border-t border-ink-100">
                  <td className="p-2 font-mono">{inv.code}</td>
                  <td className="p-2">
                    {inv.usesCount} of {inv.maxUses}
                  </td>
                  <td className="p-2">{inv.discountPercent ? `${inv.discountPercent}%` : '—'}</td>
                  <td className="p-2">{new Date(inv.createdAt).toLocaleDateString()}</td>
                  <td className="p-2">
                    {inv.disabledAt ? (
                      <Badge tone="clay">Disabled</Badge>
                    ) : (
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Disable ${inv.code}`}
                        onClick={() => setDisabling(inv)}
                      >
                        Disable
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {invitations.data ? (
        <Pages offset={offset} total={invitations.data.total} onChange={setOffset} />
      ) : null}
      <Dialog
        open={disabling !== null}
        onClose={() => setDisabling(null)}
        title={`Disable ${disabling?.code ?? ''}?`}
        description="Nobody can sign up with this code any more."
        footer={
          <>
            <Button variant="secondary" onClick={() => setDisabling(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={disable.isPending}
              onClick={() =>
                disabling &&
                disable.mutate(disabling.code, {
                  onSuccess: () => feedback.show({ title: 'Invitation code disabled', tone: 'success' }),
                  onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
                  onSettled: () => setDisabling(null),
                })
              }
            >
              Disable
            </Button>
          </>
        }
      />
    </section>
  );
}

function WaitingListSection() {
  const [offset, setOffset] = useState(0);
  const list = useWaitingList(offset);
  const invite = useInviteFromWaitingList();
  const feedback = useFeedback();
  return (
    <section aria-labelledby="waiting-heading" className="space-y-3">
      <h2 id="waiting-heading" className="text-xl font-semibold text-ink-900">
        Waiting list
      </h2>
      {list.isPending ? (
        <PagePlaceholder label="Loading the waiting list…" />
      ) : list.isError ? (
        <Alert tone="error" title={describeError(list.error).title}>
          {describeError(list.error).description}
        </Alert>
      ) : list.data.entries.length === 0 ? (
        <p className="text-ink-600">Nobody is waiting.</p>
      ) : (
        <ul aria-label="Waiting list" className="space-y-2">
          {list.data.entries.map((entry) => (
            <li key={entry.id}>
              <Card padding="md">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-ink-900">{entry.name}</span>
                  <span className="text-sm text-ink-600">{entry.email}</span>
                  <Badge>{entry.status}</Badge>
                  {entry.status !== 'declined' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Invite ${entry.name}`}
                      disabled={invite.isPending}
                      onClick={() =>
                        invite.mutate(entry.id, {
                          onSuccess: (answer) =>
                            feedback.show({
                              title: 'Invitation sent',
                              description: `${entry.email} receives the code ${answer.invitation.code}.`,
                              tone: 'success',
                            }),
                          onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
                        })
                      }
                    >
                      {entry.status === 'invited' ? 'Invite again' : 'Invite'}
                    </Button>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {list.data ? <Pages offset={offset} total={list.data.total} onChange={setOffset} /> : null}
    </section>
  );
}

function Plans() {
  const plans = usePlans();
  const setActive = useSetPlanActive();
  const feedback = useFeedback();
  return (
    <section aria-labelledby="plans-heading" className="space-y-3">
      <h2 id="plans-heading" className="text-xl font-semibold text-ink-900">
        Membership plans
      </h2>
      {plans.isPending ? (
        <PagePlaceholder label="Loading plans…" />
      ) : plans.isError ? (
        <Alert tone="error" title={describeError(plans.error).title}>
          {describeError(plans.error).description}
        </Alert>
      ) : (
        <ul aria-label="Membership plans" className="space-y-2">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <Card padding="md">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-ink-900">{plan.name}</span>
                  <span className="text-sm text-ink-600">
                    {(plan.priceCents / 100).toFixed(2)} {plan.currency} / {plan.billingCycle}
                  </span>
                  {plan.active ? <Badge>Active</Badge> : <Badge tone="clay">Inactive</Badge>}
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={setActive.isPending}
                    onClick={() =>
                      setActive.mutate(
                        { planId: plan.id, active: !plan.active },
                        {
                          onSuccess: () =>
                            feedback.show({
                              title: plan.active ? 'Plan deactivated' : 'Plan activated',
                              tone: 'success',
                            }),
                          onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
                        },
                      )
                    }
                  >
                    {plan.active ? 'Deactivate' : 'Activate'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/community: invitation codes, the waiting list (identity) and membership plans (billing). */
export default function Community() {
  return (
    <div className="space-y-8">
      <Invitations />
      <WaitingListSection />
      <Plans />
    </div>
  );
}
