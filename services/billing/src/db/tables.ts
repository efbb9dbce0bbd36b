import type { ColumnType, Kysely, Selectable } from 'kysely';

/** billing's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: parsed on read, written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface MembershipTypesTable {
  id: string;
  name: string;
  description: Defaulted<string>;
  price_cents: number;
  currency: Defaulted<string>;
  billing_cycle: 'monthly' | 'yearly';
  features: Json<string[]>;
  active: Defaulted<boolean>;
  display_order: Defaulted<number>;
  early_bird_price_cents: Defaulted<number | null>;
  early_bird_ends_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

export interface MembersTable {
  user_id: string;
  email: string;
  name: string;
  registered_at: Date;
}

export interface DiscountsTable {
  user_id: string;
  percent: number;
  source: Defaulted<string>;
  created_at: Defaulted<Date>;
}

export type MembershipRowStatus = 'active' | 'cancelled' | 'expired';
export type ProviderKind = 'stripe' | 'test';

export interface MembershipsTable {
  id: string;
  user_id: string;
  membership_type_id: string;
  status: MembershipRowStatus;
  started_at: Defaulted<Date>;
  expires_at: Date | null;
  cancel_at_period_end: Defaulted<boolean>;
  provider: ProviderKind;
  provider_customer_id: string | null;
  provider_subscription_id: string;
  last_payment_failed_at: Defaulted<Date | null>;
  updated_at: Defaulted<Date>;
  unit_amount_cents: Defaulted<number | null>;
  plan_changed_at: Defaulted<Date | null>;
  cancelled_at: Defaulted<Date | null>;
}

export interface CheckoutsTable {
  id: string;
  user_id: string;
  membership_type_id: string;
  list_price_cents: number;
  discount_percent: number | null;
  amount_cents: number;
  provider: ProviderKind;
  provider_session_id: Defaulted<string | null>;
  status: Defaulted<'open' | 'completed' | 'cancelled'>;
  created_at: Defaulted<Date>;
  completed_at: Defaulted<Date | null>;
}

export interface PlanChangesTable {
  id: string;
  membership_id: string;
  user_id: string;
  from_plan_id: string;
  to_plan_id: string;
  provider: ProviderKind;
  proration_date: Date;
  credit_cents: number;
  charge_cents: number;
  created_at: Defaulted<Date>;
}

export type PaymentKind = 'first_payment' | 'renewal' | 'plan_change' | 'other';

export interface PaymentsTable {
  id: string;
  provider_invoice_id: string;
  provider: ProviderKind;
  user_id: string | null;
  subscription_id: string | null;
  kind: PaymentKind;
  amount_cents: number;
  currency: string;
  paid_at: Date;
  recorded_at: Defaulted<Date>;
}

export interface ProviderEventsTable {
  id: string;
  type: string;
  processed_at: Defaulted<Date>;
}

export interface ProviderCancellationsTable {
  subscription_id: string;
  requested_at: Defaulted<Date>;
  attempts: Defaulted<number>;
  claimed_until: Defaulted<Date | null>;
  last_error: Defaulted<string | null>;
  done_at: Defaulted<Date | null>;
}

export interface BillingTables {
  membership_types: MembershipTypesTable;
  members: MembersTable;
  discounts: DiscountsTable;
  memberships: MembershipsTable;
  checkouts: CheckoutsTable;
  provider_events: ProviderEventsTable;
  provider_cancellations: ProviderCancellationsTable;
  plan_changes: PlanChangesTable;
  payments: PaymentsTable;
}

export type BillingDb = Kysely<BillingTables>;
export type PlanRow = Selectable<MembershipTypesTable>;
export type MembershipRow = Selectable<MembershipsTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;
export type MemberRow = Selectable<MembersTable>;
export type PlanChangeRow = Selectable<PlanChangesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
