import '../styles.css';
import { useEffect, useId, useState } from 'react';
import type { MembershipPlan, MyMembership } from '@mer/contracts';
import { ApiError, StorageKeys, formatDate, readLocalJson, useSessionStore } from '@mer/api-client';
import { invalidateMembership } from '@mer/server-state';
import {
  useCancelMembership,
  useCreateCheckout,
  useCustomerPortal,
  useDiscountValidation,
  useMyMembership,
  usePlans,
} from '../api/billing.ts';
import { Alert, Badge, Button, Card, Spinner, cx, toast } from '@mer/design-system';
import { PlanChangeDialog, planChangeDirection } from '../components/PlanChangeDialog.tsx';
import { discountedCents, formatEuroCents } from '../domain/prices.ts';

/** The sign-up state the access remote keeps in local storage (invitation code and its discount). */
interface StoredSignupState {
  invitationCode?: string;
  discountPercent?: number | null;
}

const CYCLE_LABEL: Record<MembershipPlan['billingCycle'], string> = {
  monthly: 'per month',
  yearly: 'per year',
};

/**
 * The member's invitation discount: the spec's validate-discount-code for the code kept at sign-up;
 * without a stored code, the discount billing knows for the member. Billing applies it at checkout
 * either way; this only shows it.
 */
function useInvitationDiscount(mine: MyMembership | undefined): number | null {
  const stored = readLocalJson<StoredSignupState>(StorageKeys.signupState);
  const code = stored?.invitationCode?.trim() ?? '';
  const validation = useDiscountValidation(code);
  if (code && validation.data) return validation.data.valid ? validation.data.discountPercent : null;
  return mine?.discountPercent ?? null;
}

/** Spec 000 section 2 "Membership page": an accordion of active plans; the second one is highlighted. */
export default function MembershipPage() {
  const user = useSessionStore((s) => s.user);
  const plans = usePlans();
  const mine = useMyMembership();
  const createCheckout = useCreateCheckout();
  const discount = useInvitationDiscount(mine.data);
  const [openPlanId, setOpenPlanId] = useState<string | null>(null);
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  const [changingTo, setChangingTo] = useState<MembershipPlan | null>(null);
  // The payment provider's cancel URL (and the test checkout's Cancel) come back with payment=cancelled.
  const [paymentCancelled] = useState(
    () => new URLSearchParams(window.location.search).get('payment') === 'cancelled',
  );

  const list = plans.data ?? [];
  useEffect(() => {
    // The highlighted (second) plan starts open, else the first.
    if (openPlanId === null && list.length) setOpenPlanId((list[1] ?? list[0])!.id);
  }, [list, openPlanId]);

  async function subscribe(plan: MembershipPlan) {
    if (!user) {
      toast({ title: 'Error', description: 'User not found. Please try logging in again.', tone: 'error' });
      return;
    }
    setPendingPlanId(plan.id);
    try {
      const { url } = await createCheckout.mutateAsync(plan.id);
      if (!url) throw new Error('the checkout returned no payment page');
      toast({
        title: 'Redirecting to Payment',
        description: `Taking you to the payment page for ${plan.name}.`,
        tone: 'info',
      });
      void invalidateMembership();
      window.location.assign(url);
    } catch (error) {
      setPendingPlanId(null);
      const paymentSide = !(error instanceof ApiError) || error.status >= 500;
      toast({
        title: 'Error',
        description: paymentSide
          ? 'Unable to initialize payment. Please try again.'
          : 'Failed to process membership selection. Please try again.',
        tone: 'error',
      });
    }
  }

  if (plans.isPending) {
    return (
      <div role="status" className="flex min-h-[60dvh] items-center justify-center">
        <Spinner size="lg" className="text-sage-500" />
        <span className="sr-only">Loading membership plans</span>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <header className="text-center">
        <h1 className="text-3xl font-semibold text-ink-900 sm:text-4xl">Choose Your Membership</h1>
        <p className="mx-auto mt-3 max-w-md text-ink-600">
          Join a community of spiritual and mindful people. Pick the plan that suits your path.
        </p>
        {paymentCancelled ? (
          <div className="mt-6 text-left" data-testid="payment-cancelled">
            <Alert tone="info" title="Payment cancelled">
              Nothing was charged. You can choose a plan whenever you are ready.
            </Alert>
          </div>
        ) : null}
        {discount ? (
          <p className="mt-4" data-testid="invitation-discount">
            <Badge tone="gold">Invitation discount: {discount}% off your first payment</Badge>
          </p>
        ) : null}
      </header>

      {mine.data?.subscribed ? (
        <CurrentMembership mine={mine.data} onChanged={() => void mine.refetch()} />
      ) : null}

      {list.length === 0 ? (
        <Card padding="lg" className="mt-8 text-center">
          <p className="text-lg text-ink-700">No membership plans available</p>
        </Card>
      ) : (
        <ul className="mt-8 flex flex-col gap-4" aria-label="Membership plans">
          {list.map((plan, index) => (
            <PlanItem
              key={plan.id}
              plan={plan}
              highlighted={index === 1}
              open={openPlanId === plan.id}
              onToggle={() => setOpenPlanId(openPlanId === plan.id ? null : plan.id)}
              discount={discount}
              pending={pendingPlanId === plan.id}
              action={planAction(plan, list, mine.data, pendingPlanId)}
              onSubscribe={() => void subscribe(plan)}
              onChangePlan={() => setChangingTo(plan)}
            />
          ))}
        </ul>
      )}
      {changingTo && mine.data?.plan ? (
        <PlanChangeDialog
          from={mine.data.plan}
          to={changingTo}
          onClose={() => setChangingTo(null)}
          onChanged={() => {
            setChangingTo(null);
            void invalidateMembership();
            void mine.refetch();
          }}
        />
      ) : null}
    </div>
  );
}

function PlanItem(props: {
  plan: MembershipPlan;
  highlighted: boolean;
  open: boolean;
  onToggle: () => void;
  discount: number | null;
  pending: boolean;
  action: PlanAction;
  onSubscribe: () => void;
  onChangePlan: () => void;
}) {
  const { plan, highlighted, discount, action } = props;
  const reasonId = useId();
  const earlyBird = plan.currentPriceCents < plan.priceCents;
  const payToday = discountedCents(plan.currentPriceCents, discount);
  const panelId = `plan-panel-${plan.id}`;
  return (
    <li>
      <Card
        padding="none"
        tone={highlighted ? 'sage' : 'white'}
        className={cx('overflow-hidden', highlighted && 'ring-2 ring-sage-500')}
        data-highlighted={highlighted ? 'true' : undefined}
      >
        <h2>
          <button
            type="button"
            aria-expanded={props.open}
            aria-controls={panelId}
            onClick={props.onToggle}
            className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left"
          >
            <span className="flex flex-col">
              <span className="text-xl font-semibold text-ink-900">{plan.name}</span>
              {highlighted ? (
                <span className="text-sm font-medium text-sage-800">Most loved by our members</span>
              ) : null}
            </span>
            <span className="flex flex-col items-end">
              <span className="text-xl font-semibold text-ink-900" data-testid="plan-price">
                {formatEuroCents(plan.currentPriceCents)}
              </span>
              {earlyBird ? (
                <s className="text-sm text-ink-500" data-testid="plan-regular-price">
                  {formatEuroCents(plan.priceCents)}
                </s>
              ) : null}
              <span className="text-sm text-ink-600">{CYCLE_LABEL[plan.billingCycle]}</span>
            </span>
          </button>
        </h2>
        {props.open ? (
          <div id={panelId} className="border-t border-ink-100 px-5 pt-4 pb-5">
            {plan.description ? <p className="text-ink-700">{plan.description}</p> : null}
            {earlyBird && plan.earlyBirdEndsAt ? (
              <p className="mt-2">
                <Badge tone="gold">Early bird until {formatDate(plan.earlyBirdEndsAt)}</Badge>
              </p>
            ) : null}
            <ul className="mt-4 flex flex-col gap-2">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-ink-800">
                  <span aria-hidden="true" className="text-sage-600">
                    ✓
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
            {discount ? (
              <p className="mt-4 text-ink-700" data-testid="plan-price-today">
                With your invitation discount: <strong>{formatEuroCents(payToday)}</strong> for the first{' '}
                {plan.billingCycle === 'monthly' ? 'month' : 'year'}
              </p>
            ) : null}
            <Button
              size="lg"
              fullWidth
              className="mt-5"
              loading={props.pending}
              disabled={action.disabledReason !== null}
              aria-describedby={action.disabledReason ? reasonId : undefined}
              onClick={action.kind === 'subscribe' ? props.onSubscribe : props.onChangePlan}
            >
              {action.label}
            </Button>
            {action.disabledReason ? (
              <p
                id={reasonId}
                className="mt-2 text-center text-sm text-ink-600"
                data-testid="plan-action-reason"
              >
                {action.disabledReason}
              </p>
            ) : null}
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/** What a plan's button does for this member, and why it cannot when it is disabled. */
interface PlanAction {
  kind: 'subscribe' | 'change';
  label: string;
  disabledReason: string | null;
}

function planAction(
  plan: MembershipPlan,
  plans: MembershipPlan[],
  mine: MyMembership | undefined,
  pendingPlanId: string | null,
): PlanAction {
  if (!mine?.subscribed || !mine.plan) {
    return {
      kind: 'subscribe',
      label: 'Subscribe Now',
      disabledReason:
        pendingPlanId !== null && pendingPlanId !== plan.id ? 'Taking you to the payment page…' : null,
    };
  }
  if (mine.plan.id === plan.id)
    return { kind: 'change', label: 'Your current plan', disabledReason: 'You already have this plan.' };
  const direction = planChangeDirection(plans.find((p) => p.id === mine.plan!.id) ?? mine.plan, plan);
  const label = direction === 'upgrade' ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`;
  if (mine.cancelAtPeriodEnd) {
    const until = mine.expiresAt ? formatDate(mine.expiresAt) : null;
    return {
      kind: 'change',
      label,
      disabledReason: `Your membership is cancelled${until ? ` and ends on ${until}` : ''}, so its plan can no longer change.`,
    };
  }
  return { kind: 'change', label, disabledReason: null };
}

function CurrentMembership({ mine, onChanged }: { mine: MyMembership; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const cancelMembership = useCancelMembership();
  const customerPortal = useCustomerPortal();
  const until = mine.expiresAt ? formatDate(mine.expiresAt) : null;
  async function cancel() {
    setBusy(true);
    try {
      await cancelMembership.mutateAsync(); // forgets the cached membership on success
      onChanged();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to process membership selection. Please try again.',
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  }
  async function portal() {
    try {
      window.location.assign((await customerPortal.mutateAsync()).url);
    } catch {
      toast({
        title: 'Error',
        description: 'Unable to initialize payment. Please try again.',
        tone: 'error',
      });
    }
  }
  return (
    <Card padding="md" tone="sand" className="mt-8" data-testid="current-membership">
      <p className="font-semibold text-ink-900">Your membership: {mine.plan?.name}</p>
      {until ? (
        <p className="mt-1 text-ink-700">
          {mine.cancelAtPeriodEnd ? `Cancelled: access until ${until}` : `Renews on ${until}`}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {!mine.cancelAtPeriodEnd ? (
          <Button variant="secondary" size="sm" loading={busy} onClick={() => void cancel()}>
            Cancel at period end
          </Button>
        ) : null}
        {mine.portalAvailable ? (
          <Button variant="ghost" size="sm" onClick={() => void portal()}>
            Manage billing
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
