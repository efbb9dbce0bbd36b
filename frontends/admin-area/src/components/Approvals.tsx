import { useState } from 'react';
import { describeError } from '@mer/api-client';
import { Alert, Button, Card, Dialog, PagePlaceholder, TextField, useFeedback } from '@mer/design-system';
import { usePendingSuggestions, useReviewSuggestion, type InterestSuggestion } from '../api/admin.ts';

/**
 * Approvals in one place. Interest suggestions use profile-onboarding's review routes; circles and events pending
 * approval join here once the events-circles service publishes its approval routes.
 */
export default function Approvals() {
  const suggestions = usePendingSuggestions();
  const review = useReviewSuggestion();
  const feedback = useFeedback();
  const [rejecting, setRejecting] = useState<InterestSuggestion | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string>();

  function approve(suggestion: InterestSuggestion) {
    review.mutate(
      { id: suggestion.id, approve: true },
      {
        onSuccess: () =>
          feedback.show({
            title: 'Interest approved',
            description: suggestion.suggestedName,
            tone: 'success',
          }),
        onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
      },
    );
  }

  function reject() {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonProblem('Please give a reason');
      return;
    }
    setReasonProblem(undefined);
    review.mutate(
      { id: rejecting.id, approve: false, reason: reason.trim() },
      {
        onSuccess: () =>
          feedback.show({
            title: 'Interest rejected',
            description: rejecting.suggestedName,
            tone: 'success',
          }),
        onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
        onSettled: () => {
          setRejecting(null);
          setReason('');
        },
      },
    );
  }

  return (
    <section aria-labelledby="approvals-heading" className="space-y-4">
      <h2 id="approvals-heading" className="text-xl font-semibold text-ink-900">
        Approvals
      </h2>
      {feedback.inline ? (
        <Alert tone={feedback.inline.tone === 'error' ? 'error' : 'success'} title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      <h3 className="text-lg font-semibold text-ink-800">Interest suggestions</h3>
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
      <Dialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={rejecting ? `Reject “${rejecting.suggestedName}”?` : ''}
        description="The member who suggested it sees your reason."
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button variant="danger" loading={review.isPending} onClick={reject}>
              Reject
            </Button>
          </>
        }
      >
        <TextField
          label="Reason"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reasonProblem}
          maxLength={500}
        />
      </Dialog>
    </section>
  );
}
