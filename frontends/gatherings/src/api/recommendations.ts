import { eventsCircles } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/* /discover and /engage: events-circles' recommendations (with their reasons), trending events and new circles. */

export const recommendationKeys = {
  mine: () => routeKey(eventsCircles.recommendations),
};

export function useRecommendations() {
  return useQuery({
    queryKey: recommendationKeys.mine(),
    queryFn: ({ signal }) => call(eventsCircles.recommendations, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** "Not interested": the suggestion leaves the list at once, and the model learns from it. */
export function useDismissRecommendation() {
  return useMutation({
    mutationFn: (body: { kind: 'event' | 'circle'; id: string }) =>
      call(eventsCircles.dismissRecommendation, { body }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.mine() }),
  });
}
