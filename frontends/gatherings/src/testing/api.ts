/** Answers every gatherings page needs around its own (the member's profile, city and membership). */
export const EC = '/api/v1/events-circles';

export const LISBON = {
  id: '2267057',
  name: 'Lisbon',
  country: 'Portugal',
  countryCode: 'PT',
  region: null,
  label: 'Lisbon, Portugal',
  latitude: 38.72,
  longitude: -9.14,
  timeZone: 'Europe/Lisbon',
};

export function accountAnswers(options: { paid?: boolean; cityId?: string | null } = {}) {
  return {
    'GET /api/v1/profile-onboarding/profiles/me': () => ({
      userId: '00000000-0000-4000-8000-000000000001',
      name: 'Ana Lima',
      username: 'ana',
      email: 'ana@example.org',
      imageUrl: null,
      onboardingCompleted: true,
      cityId: options.cityId === undefined ? LISBON.id : options.cityId,
    }),
    [`GET /api/v1/profile-onboarding/cities/${LISBON.id}`]: () => LISBON,
    'GET /api/v1/profile-onboarding/cities': () => ({ cities: [LISBON] }),
    'GET /api/v1/billing/memberships/me': () => ({
      subscribed: options.paid !== false,
      innerCircle: false,
      plan: options.paid === false ? null : { id: 'p1', name: 'Monthly', priceCents: 1000, currency: 'eur' },
      expiresAt: null,
      status: options.paid === false ? 'none' : 'active',
      cancelAtPeriodEnd: false,
      discountPercent: null,
      portalAvailable: false,
    }),
  };
}
