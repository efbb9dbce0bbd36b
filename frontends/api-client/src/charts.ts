import type { ChartBirthInput, MemberChart, SharedMemberChart } from '@mer/contracts';
import { ApiError } from './errors.ts';
import { apiRequest } from './http.ts';

/**
 * Profile-onboarding's chart routes the profile pages read (checked against the contracts by charts.test.ts).
 * Kept apart from people.ts and profile.ts so the chart drawing does not depend on their profile types.
 */
export const CHART_PATHS = {
  getMyChart: '/api/v1/profile-onboarding/charts/me',
  memberChart: '/api/v1/profile-onboarding/profiles/:userId/chart',
} as const;

/** The member's own chart written from Settings → Cosmic info (the server calculates and stores it). */
export const CHART_WRITE_PATHS = {
  storeMyChart: { method: 'PUT', path: '/api/v1/profile-onboarding/charts/me' },
  deleteMyChart: { method: 'DELETE', path: '/api/v1/profile-onboarding/charts/me' },
} as const;

/** Birth data for `PUT charts/me`: a city picked from the search, or coordinates with a label. */
export type StoreChartInput = ChartBirthInput;

/** Human Design with the bodygraph (centres, defined channels, gates with personality and design lines). */
export type HumanDesignChart = NonNullable<MemberChart['humanDesign']>;
export type { MemberChart, SharedMemberChart };

export const chartsApi = {
  /**
   * Calculates and stores the member's chart; the server also updates the profile's signs and Human Design, and
   * the bodygraph on /my-profile follows.
   */
  storeMyChart(input: StoreChartInput): Promise<MemberChart> {
    return apiRequest('PUT', CHART_WRITE_PATHS.storeMyChart.path, { body: input });
  },
  /** Forgets the birth data and every result (a chart already gone counts as done). */
  async deleteMyChart(): Promise<void> {
    try {
      await apiRequest<void>('DELETE', CHART_WRITE_PATHS.deleteMyChart.path);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  },
  /** The member's own stored chart, or null (200 with null) when they have not given birth data. */
  async myChart(signal?: AbortSignal): Promise<MemberChart | null> {
    return (await apiRequest<MemberChart | null>('GET', CHART_PATHS.getMyChart, { signal })) ?? null;
  },
  /**
   * Another member's chart, or null when they have none or do not share their birth data (one answer for both);
   * an unknown member is an error (404).
   */
  async memberChart(userId: string, signal?: AbortSignal): Promise<SharedMemberChart | null> {
    const path = CHART_PATHS.memberChart.replace(':userId', encodeURIComponent(userId));
    return (await apiRequest<SharedMemberChart | null>('GET', path, { signal })) ?? null;
  },
};
