import { formatNumber, memberLocale, plural, type PluralForms } from '@mer/api-client';

/**
 * Spec: shown as N.NK+ from 1000 upwards (rounded down, never more than there are), the exact number below;
 * the digits in the member's locale ('1,2K+' in German).
 */
export function formatMemberCount(total: number, locale = memberLocale()): string {
  if (total < 1000) return formatNumber(total, locale);
  const thousands = Math.floor(total / 100) / 10;
  return `${formatNumber(thousands, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}K+`;
}

/** The noun after a member count: '1 member', '12 members', '1.2K+ members'. */
export const MEMBER_NOUN = { one: 'member', other: 'members' } as const satisfies PluralForms;

/** The count with its noun, as the landing page shows it. */
export function memberCountText(total: number, locale = memberLocale()): string {
  return plural(total, MEMBER_NOUN, { shown: formatMemberCount(total, locale) });
}
