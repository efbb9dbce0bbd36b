import { eventsCircles } from '@mer/contracts/browser';
import type { CirclesReportBody } from '@mer/contracts';
import { call } from '@mer/api-client';
import { useMutation } from '@mer/server-state';

/** A report of a circle, an event, a circle post, discussion or reply to the moderators; not retried behind the member's back. */
export function useReportGathering() {
  return useMutation({
    mutationFn: (body: CirclesReportBody) => call(eventsCircles.report, { body }),
    retry: false,
  });
}
