import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

/*
 * Events billing publishes about memberships. Other services keep their own copy of what they
 * need (the access guard, the InnerCircle badge). Subjects are `billing.<entity>.<past-tense>.v<N>`.
 */

const MembershipFacts = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  membershipId: Type.String({ format: 'uuid' }),
  planId: Type.String({ format: 'uuid' }),
  planName: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('expired')]),
  /** End of the paid period (UTC); null means no expiry. */
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The plan is InnerCircle Membership (the badge and InnerCircle perks follow it). */
  innerCircle: Type.Boolean(),
  cancelAtPeriodEnd: Type.Boolean(),
});

export const MembershipActivated = defineEvent(
  'billing.membership.activated.v1',
  'A member paid for a plan: their membership is active until expiresAt.',
  MembershipFacts,
);

export const MembershipRenewed = defineEvent(
  'billing.membership.renewed.v1',
  'A renewal payment extended an active membership to the new expiresAt.',
  MembershipFacts,
);

export const MembershipCancelled = defineEvent(
  'billing.membership.cancelled.v1',
  'A membership was cancelled: with status active and cancelAtPeriodEnd it ends at expiresAt; with status cancelled it has ended.',
  MembershipFacts,
);

export const MembershipExpired = defineEvent(
  'billing.membership.expired.v1',
  'A membership passed its expiresAt without renewal: access has ended.',
  MembershipFacts,
);

export const MembershipPlanChanged = defineEvent(
  'billing.membership.plan-changed.v1',
  'A member moved their active membership to another plan (upgrade or downgrade, prorated by the payment provider): from now on it is planId, until expiresAt.',
  Type.Object({
    ...MembershipFacts.properties,
    previousPlanId: Type.String({ format: 'uuid' }),
    previousPlanName: Type.String(),
    /** The previous plan was InnerCircle Membership. */
    previousInnerCircle: Type.Boolean(),
  }),
);

export const billingEvents = [
  MembershipActivated,
  MembershipRenewed,
  MembershipCancelled,
  MembershipExpired,
  MembershipPlanChanged,
];
