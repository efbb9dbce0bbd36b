import { formatMoneyCents } from '@mer/api-client';

/** Euros from cents in the browser's locale (spec: prices stored in cents, shown in euros). */
export function formatEuroCents(cents: number, locale?: string): string {
  return formatMoneyCents(cents, 'EUR', locale);
}

/** The price after a percent discount, in whole cents (the same rounding billing charges). */
export function discountedCents(cents: number, percent: number | null): number {
  if (!percent) return cents;
  return cents - Math.round((cents * Math.min(100, Math.max(0, Math.trunc(percent)))) / 100);
}
