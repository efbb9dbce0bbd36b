import { useState } from 'react';
import { describeError } from '@mer/api-client';
import { Alert, Button, Card, PagePlaceholder, useFeedback, type Feedback } from '@mer/design-system';
import { usePendingSuggestions, useReviewSuggestion, type InterestSuggestion } from '../api/admin.ts';
import { PendingCircles, PendingEvents } from './PendingGatherings.tsx';
import RejectDialog from './RejectDialog.tsx';

/** Interest suggestions' reasons: profile-onboarding's limit for a rejection reason. */
const SUGGESTION_REASON_MAX_LENGTH = 500;

/**
 * Approvals in one place (issue 20): circles and events pending approval (events-circles' review routes) and
 * interest suggestions (profile-onboarding's). Each decision is a toast (inline on phones); rejecting always asks
 * for the reason the creator reads. Lists refetch after every decision; events-circles publishes no realtime route
 * for approvals, so they do not refresh live.
 */
export default function Approvals() {
  const feedback = useFeedback();
  return (
    <section aria-labelledby="approvals-heading" className="space-y-6">
      <h2 id="approvals-heading" className="text-xl font-semibold text-ink-900">
        Approvals
      </h2>
      {feedback.inline ? (
        <Alert tone={feedback.inline.tone === 'error' ? 'error' : 'success'} title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      <PendingCircles onFeedback={feedback.show} />
      <PendingEvents onFeedback={feedback.show} />
      <InterestSuggestions onFeedback={feedback.show} />
    </section>
  );
}

function InterestSuggestions({ onFeedback }: { onFeedback: (feedback: Feedback) => void }) {
  const suggestions = usePendingSuggestions();
  const review = useReviewSuggestion();
  const [rejecting, setRejecting] = useState<InterestSuggestion | null>(null);

  function approve(suggestion: InterestSuggestion) {
    review.mutate(
      { id: suggestion.id, approve: true },
      {
        onSuccess: () =>
          onFeedback({ title: 'Interest approved', description: suggestion.suggestedName, tone: 'success' }),
        onError: (error) => onFeedback({ ...describeError(error), tone: 'error' }),
      },
    );
  }

  function reject(reason: string) {
    if (!rejecting) return;
    const suggestion = rejecting;
    review.mutate(
      { id: suggestion.id, approve: false, reason },
      {
        onSuccess: () =>
          onFeedback({ title: 'Interest rejected', description: suggestion.suggestedName, tone: 'success' }),
        onError: (error) => onFeedback({ ...describeError(error), tone: 'error' }),
        onSettled: () => setRejecting(null),
      },
    );
  }

  return (
    <section aria-labelledby="approvals-suggestions-heading" className="space-y-2">
      <h3 id="approvals-suggestions-heading" className="text-lg font-semibold text-ink-800">
        Interest suggestions
      </h3>
      {suggestions.isPending ? (
        <PagePlaceholder label="Loading suggestions…" />
      ) : suggestions.isError ? (
        <Alert tone="error" title={describeError(suggestions.error).title}>
          {describeError(suggestions.error).description}
        </Alert>
      ) : suggestions.data.length === 0 ? (
        <p className="text-ink-600">No suggestions wait for review.</p>
      ) : (
        <ul aria-label="Interest suggestions" className="space-y-2">
          {suggestions.data.map((suggestion) => (
            <li key={suggestion.id}>
              <Card padding="md">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-ink-900">{suggestion.suggestedName}</span>
                  <span className="flex gap-2">
                    <Button size="sm" onClick={() => approve(suggestion)} disabled={review.isPending}>
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setRejecting(suggestion)}
                      disabled={review.isPending}
                    >
                      Reject
                    </Button>
                  </span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <RejectDialog
        open={rejecting !== null}
        name={rejecting?.suggestedName ?? ''}
        description="The member who suggested it sees your reason."
        reasonRequired="Please give a reason"
        maxLength={SUGGESTION_REASON_MAX_LENGTH}
        sending={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={reject}
      />
    </section>
  );
}
