import { useState } from 'react';
import type { MembershipPlan } from '@mer/contracts';
import { ApiError, formatDate } from '@mer/api-client';
import { useChangePlan, usePlanChangePreview } from '../api/billing.ts';
import { Alert, Button, Dialog, Spinner, toast } from '@mer/design-system';
import { formatEuroCents } from '../domain/prices.ts';

const CYCLE: Record<MembershipPlan['billingCycle'], string> = { monthly: 'month', yearly: 'year' };

/** Upgrade when the new plan costs more per month (billing decides the same way). */
export function planChangeDirection(
  from: Pick<MembershipPlan, 'currentPriceCents' | 'billingCycle'>,
  to: Pick<MembershipPlan, 'currentPriceCents' | 'billingCycle'>,
): 'upgrade' | 'downgrade' {
  const monthly = (p: typeof from) =>
    p.billingCycle === 'monthly' ? p.currentPriceCents : p.currentPriceCents / 12;
  return monthly(to) > monthly(from) ? 'upgrade' : 'downgrade';
}

const date = (iso: string) => formatDate(iso);

/**
 * Changing plan: the payment provider's prorated amounts first (credit for the unused time of the
 * current plan, the new plan for the rest of the period), then the member confirms exactly those.
 * Both upgrades and downgrades apply at once; the dialog says so, and what the next payment will be.
 */
export function PlanChangeDialog(props: {
  from: MembershipPlan;
  to: MembershipPlan;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { from, to } = props;
  const previewQuery = usePlanChangePreview(to.id);
  const preview = previewQuery.data ?? null;
  const changePlan = useChangePlan();
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const failureText = (e: unknown) =>
    e instanceof ApiError ? e.message : 'Unable to initialize payment. Please try again.';
  const error = confirmError ?? (previewQuery.isError ? failureText(previewQuery.error) : null);

  async function confirm() {
    if (!preview) return;
    setConfirming(true);
    try {
      await changePlan.mutateAsync({ planId: to.id, prorationDate: preview.prorationDate });
      toast({
        title: 'Plan changed',
        description: `You are now on ${to.name}.`,
        tone: 'success',
      });
      props.onChanged();
    } catch (e) {
      setConfirming(false);
      setConfirmError(failureText(e));
    }
  }

  const upgrade = (preview?.direction ?? planChangeDirection(from, to)) === 'upgrade';
  const title = upgrade ? `Upgrade to ${to.name}` : `Switch to ${to.name}`;
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={title}
      description={`Your plan changes from ${from.name} to ${to.name} as soon as you confirm.`}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={confirming}>
            Keep {from.name}
          </Button>
          <Button onClick={() => void confirm()} loading={confirming} disabled={!preview}>
            {upgrade ? 'Confirm upgrade' : 'Confirm change'}
          </Button>
        </>
      }
    >
      {error ? (
        <Alert tone="error" title="Plan not changed">
          {error}
        </Alert>
      ) : null}
      {!preview && !error ? (
        <div role="status" className="flex items-center gap-3 text-ink-700">
          <Spinner size="sm" /> Calculating your prorated price…
        </div>
      ) : null}
      {preview ? (
        <div data-testid="plan-change-preview">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-ink-800">
            <dt>Credit for the unused time of {preview.fromPlan.name}</dt>
            <dd className="text-right tabular-nums" data-testid="plan-change-credit">
              −{formatEuroCents(preview.creditCents)}
            </dd>
            <dt>{preview.toPlan.name} for the rest of this period</dt>
            <dd className="text-right tabular-nums" data-testid="plan-change-charge">
              {formatEuroCents(preview.chargeCents)}
            </dd>
            <dt className="border-t border-ink-100 pt-2 font-semibold text-ink-900">
              {preview.creditBalanceCents > 0 ? 'Credit towards your next payments' : 'Charged now'}
            </dt>
            <dd
              className="border-t border-ink-100 pt-2 text-right font-semibold tabular-nums text-ink-900"
              data-testid="plan-change-due"
            >
              {formatEuroCents(
                preview.creditBalanceCents > 0 ? preview.creditBalanceCents : preview.amountDueNowCents,
              )}
            </dd>
          </dl>
          <p className="mt-4 text-sm text-ink-700">
            {upgrade
              ? `${to.name} starts now.`
              : `${to.name} starts now and ${from.name}'s perks end now; the unused time is credited.`}{' '}
            {preview.nextRenewalAt
              ? `From ${date(preview.nextRenewalAt)} you pay ${formatEuroCents(preview.nextRenewalCents)} per ${CYCLE[to.billingCycle]}.`
              : null}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
