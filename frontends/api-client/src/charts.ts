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

/** A missing chart is an ordinary answer here (no birth data yet, or not shared), not an error. */
async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

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
  /** The member's own stored chart, or null when they have not given birth data. */
  myChart(signal?: AbortSignal): Promise<MemberChart | null> {
    return orNull(apiRequest<MemberChart>('GET', CHART_PATHS.getMyChart, { signal }));
  },
  /** Another member's chart, or null unless they share their birth data (the server answers 404 alike). */
  memberChart(userId: string, signal?: AbortSignal): Promise<SharedMemberChart | null> {
    const path = CHART_PATHS.memberChart.replace(':userId', encodeURIComponent(userId));
    return orNull(apiRequest<SharedMemberChart>('GET', path, { signal }));
  },
};
