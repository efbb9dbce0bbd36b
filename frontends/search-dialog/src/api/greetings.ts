import { search, type ResponseOfRoute } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/*
 * search-dialog' calls to the search service: typed by the contracts' browser route table, sent by `call`,
 * cached under keys derived from the routes (so another remote reading the same route shares the cache entry).
 * Components use these hooks and never `call` themselves. Mutations are not retried: a member's action is not
 * repeated behind their back.
 */

export type Greeting = ResponseOfRoute<typeof search.myGreetings>['greetings'][number];

export const greetingKeys = {
  mine: () => routeKey(search.myGreetings),
};

/** The member's greetings, newest first. */
export function useMyGreetings() {
  return useQuery({
    queryKey: greetingKeys.mine(),
    queryFn: ({ signal }) => call(search.myGreetings, { signal }),
    select: (answer) => answer.greetings,
  });
}

/** Greets someone; the list is read again afterwards. */
export function useGreet() {
  return useMutation({
    mutationFn: (to: string) => call(search.greet, { body: { to } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: greetingKeys.mine() }),
  });
}
