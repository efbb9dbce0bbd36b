import type { ChartBirthInput, MemberChart, SharedMemberChart } from '@mer/contracts';
import { profileOnboarding } from '@mer/contracts/browser';
import { ApiError, call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';
import { profileChangedOnServer } from './profile.ts';

/* The member's own chart (Settings → Cosmic info, /my-profile) and other members' shared charts. */

export const chartKeys = {
  mine: () => routeKey(profileOnboarding.getMyChart),
  member: (userId: string) => routeKey(profileOnboarding.memberChart, { params: { userId } }),
};

/** The member's own stored chart, or null (200 with null) when they have not given birth data. */
export function useMyChart() {
  return useQuery({
    queryKey: chartKeys.mine(),
    queryFn: async ({ signal }): Promise<MemberChart | null> =>
      (await call(profileOnboarding.getMyChart, { signal })) ?? null,
    staleTime: 0,
  });
}

/**
 * Another member's chart, or null when they have none or do not share their birth data (one answer for both);
 * an unknown member is an error (404).
 */
export function useMemberChart(userId: string) {
  return useQuery({
    queryKey: chartKeys.member(userId),
    queryFn: async ({ signal }): Promise<SharedMemberChart | null> =>
      (await call(profileOnboarding.memberChart, { params: { userId }, signal })) ?? null,
    staleTime: 0,
  });
}

/**
 * Calculates and stores the member's chart; the server also updates the profile's signs and Human Design, so
 * the profile is read again.
 */
export function useStoreMyChart() {
  return useMutation({
    mutationFn: (input: ChartBirthInput) => call(profileOnboarding.storeMyChart, { body: input }),
    retry: false,
    onSuccess: (stored) => {
      queryClient.setQueryData(chartKeys.mine(), stored);
      profileChangedOnServer();
    },
  });
}

/** Forgets the birth data and every result (a chart already gone counts as done). */
export function useDeleteMyChart() {
  return useMutation({
    mutationFn: async () => {
      try {
        await call(profileOnboarding.deleteMyChart);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    retry: false,
    onSuccess: () => {
      queryClient.setQueryData(chartKeys.mine(), null);
      profileChangedOnServer();
    },
  });
}
