import { useState } from 'react';
import { describeError } from '@mer/api-client';
import { Alert, Badge, Button, Card, PagePlaceholder, useFeedback } from '@mer/design-system';
import { Link } from '@mer/router';
import { useResolveSecurityEvent, useSecurityEvents, type SecurityQuery } from '../api/admin.ts';

const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
const SEVERITY_TONE = { low: 'ink', medium: 'sand', high: 'clay', critical: 'clay' } as const;

/**
 * The security log (spec 001 section 7): newest first, at most 100, filtered on the server; an admin resolves an
 * event. New events arrive live (the page listens to the admins' realtime channel, see AdminArea).
 */
export default function SecurityLog({ userId }: { userId?: string }) {
  const [severity, setSeverity] = useState<SecurityQuery['severity']>();
  const [type, setType] = useState('');
  const [open, setOpen] = useState(true);
  const query: SecurityQuery = {
    ...(severity ? { severity } : {}),
    ...(type ? { type: type as SecurityQuery['type'] } : {}),
    ...(userId ? { userId } : {}),
    ...(open ? { resolved: false } : {}),
  };
  const events = useSecurityEvents(query);
  const resolve = useResolveSecurityEvent();
  const feedback = useFeedback();

  return (
    <section aria-labelledby="security-heading" className="space-y-4">
      <h2 id="security-heading" className="text-xl font-semibold text-ink-900">
        Security events
      </h2>
      <div className="flex flex-wrap items-end gap-3 text-sm text-ink-700">
        <label>
          Severity{' '}
          <select
            value={severity ?? ''}
            onChange={(e) => setSeverity((e.target.value || undefined) as SecurityQuery['severity'])}
            className="rounded-lg border border-ink-200 px-2 py-1"
          >
            <option value="">All</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type{' '}
          <input
            value={type}
            onChange={(e) => setType(e.target.value.trim())}
            placeholder="e.g. devtools_opened"
            className="rounded-lg border border-ink-200 px-2 py-1"
          />
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} /> Unresolved only
        </label>
      </div>
      {feedback.inline ? (
        <Alert tone="error" title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      {events.isPending ? (
        <PagePlaceholder label="Loading security events…" />
      ) : events.isError ? (
        <Alert tone="error" title={describeError(events.error).title}>
          {describeError(events.error).description}
        </Alert>
      ) : events.data.length === 0 ? (
        <p className="text-ink-600">No security events.</p>
      ) : (
        <ul aria-label="Security events" className="space-y-2">
          {events.data.map((event) => (
            <li key={event.id}>
              <Card padding="md">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={SEVERITY_TONE[event.severity]}>{event.severity}</Badge>
                  <span className="font-mono text-sm text-ink-900">{event.type}</span>
                  <span className="text-sm text-ink-600">{event.source}</span>
                  <time className="text-sm text-ink-500" dateTime={event.createdAt}>
                    {new Date(event.createdAt).toLocaleString()}
                  </time>
                  {event.userId && !userId ? (
                    <Link
                      to={`/admin/user-profile/${event.userId}`}
                      className="text-sm text-sage-700 underline"
                    >
                      Member
                    </Link>
                  ) : null}
                </div>
                {/* Hostile by nature: shown as text, never as HTML. */}
                <p className="mt-1 break-words text-sm text-ink-800">{event.description}</p>
                {typeof event.details.sample === 'string' ? (
                  <p className="mt-1 break-all font-mono text-xs text-ink-600">{event.details.sample}</p>
                ) : null}
                <div className="mt-2">
                  {event.resolved ? (
                    <span className="text-sm text-ink-600">Resolved</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={resolve.isPending && resolve.variables === event.id}
                      onClick={() =>
                        resolve.mutate(event.id, {
                          onSuccess: () => feedback.show({ title: 'Event resolved', tone: 'success' }),
                          onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
                        })
                      }
                    >
                      Resolve
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
