import { useState, type FormEvent } from 'react';
import { describeError } from '@mer/api-client';
import { Alert, Button, Card, Dialog, TextField, useFeedback } from '@mer/design-system';
import { Link } from '@mer/router';
import {
  useCleanupOrphanedMessages,
  useDiagnostics,
  type Diagnostics,
  useEndAllSessions,
  useSyncMembership,
} from '../api/admin.ts';
import { TEXTS } from '../domain/texts.ts';

/**
 * /session-manager (spec 001 section 2): end all sessions, sync a membership from the card payment provider by
 * e-mail, clean up orphaned messages, diagnostics (each service's readiness). Admin-only on the server: each tool
 * is a permission route (the readiness is public, as every load balancer's is).
 */
export default function SessionTools() {
  const endAll = useEndAllSessions();
  const sync = useSyncMembership();
  const cleanup = useCleanupOrphanedMessages();
  const diagnostics = useDiagnostics();
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string>();

  function endAllSessions() {
    endAll.mutate(undefined, {
      onSuccess: (answer) =>
        feedback.show({ title: TEXTS.sessionsEnded, description: answer.message, tone: 'success' }),
      onError: () => feedback.show({ title: 'Error', description: TEXTS.sessionsFailed, tone: 'error' }),
      onSettled: () => setConfirming(false),
    });
  }

  function syncMembership(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setEmailProblem(TEXTS.enterEmail);
      feedback.show({ title: TEXTS.emailRequired, description: TEXTS.enterEmail, tone: 'error' });
      return;
    }
    setEmailProblem(undefined);
    sync.mutate(email.trim(), {
      onSuccess: (answer) =>
        feedback.show({
          title: answer.title,
          description: answer.message,
          tone: answer.synced ? 'success' : 'info',
        }),
      onError: (error) =>
        feedback.show({
          title: TEXTS.syncFailed,
          description: describeError(error).description,
          tone: 'error',
        }),
    });
  }

  function cleanupMessages() {
    cleanup.mutate(undefined, {
      onSuccess: (answer) =>
        feedback.show({ title: TEXTS.cleanupComplete, description: answer.message, tone: 'success' }),
      onError: (error) =>
        feedback.show({
          title: TEXTS.cleanupFailed,
          description: describeError(error).description,
          tone: 'error',
        }),
    });
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <h1 className="font-display text-3xl text-ink-900">Admin tools</h1>
      <p className="text-ink-700">
        <Link to="/admin" className="text-sage-700 underline">
          Back to the Admin Panel
        </Link>
      </p>
      {feedback.inline ? (
        <Alert tone={feedback.inline.tone === 'error' ? 'error' : 'success'} title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      <Card padding="lg">
        <h2 className="text-lg font-semibold text-ink-900">End all sessions</h2>
        <p className="mt-1 text-sm text-ink-700">
          Every member, you included, is signed out on every device at once.
        </p>
        <Button className="mt-3" variant="danger" onClick={() => setConfirming(true)}>
          End all sessions
        </Button>
      </Card>
      <Card padding="lg">
        <form onSubmit={syncMembership} noValidate className="space-y-3">
          <h2 className="text-lg font-semibold text-ink-900">Sync membership</h2>
          <TextField
            label="Member e-mail"
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailProblem}
            maxLength={254}
          />
          <Button type="submit" variant="secondary" loading={sync.isPending} loadingLabel="Syncing">
            Sync membership
          </Button>
        </form>
      </Card>
      <Card padding="lg">
        <h2 className="text-lg font-semibold text-ink-900">Orphaned messages</h2>
        <p className="mt-1 text-sm text-ink-700">Removes messages whose conversation no longer exists.</p>
        <Button
          className="mt-3"
          variant="secondary"
          loading={cleanup.isPending}
          loadingLabel="Cleaning up"
          onClick={cleanupMessages}
        >
          Clean up orphaned messages
        </Button>
      </Card>
      <Card padding="lg">
        <h2 className="text-lg font-semibold text-ink-900">Diagnostics</h2>
        <p className="mt-1 text-sm text-ink-700">
          Whether the gateway and every service behind it are ready, and how far each bus consumer is behind.
        </p>
        <Button
          className="mt-3"
          variant="secondary"
          loading={diagnostics.isPending}
          loadingLabel="Checking"
          onClick={() => diagnostics.mutate()}
        >
          Run diagnostics
        </Button>
        {diagnostics.isError ? (
          <Alert className="mt-3" tone="error" title="Diagnostics failed">
            {describeError(diagnostics.error).description}
          </Alert>
        ) : null}
        {diagnostics.data ? (
          <dl aria-label="Diagnostics" className="mt-3 grid grid-cols-2 gap-1 text-sm">
            <dt className="text-ink-600">gateway</dt>
            <dd>{diagnostics.data.status}</dd>
            {Object.entries(diagnostics.data.services).map(([name, state]) => (
              <div key={name} className="contents">
                <dt className="text-ink-600">{name}</dt>
                <dd className={state === 'ready' ? 'text-sage-700' : 'text-clay-700'}>{state}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {diagnostics.data ? <BusConsumers bus={diagnostics.data.bus} /> : null}
      </Card>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="End all sessions?"
        description="Every open tab of every member goes to the login page."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={endAll.isPending} onClick={endAllSessions}>
              End all sessions
            </Button>
          </>
        }
      />
    </div>
  );
}

/**
 * Each durable bus consumer's lag: events waiting for it (pending) and given to it but not yet acknowledged. A
 * consumer that keeps a backlog is slow or stopped; what the bus cannot tell is said, never shown as 0.
 */
function BusConsumers({ bus }: { bus: Diagnostics['bus'] }) {
  if ('problem' in bus)
    return (
      <Alert className="mt-3" tone="error" title="Bus consumer lag not available">
        {bus.problem}
      </Alert>
    );
  const behind = bus.consumers.filter((c) => c.pending > 0 || (c.ackPending ?? 0) > 0).length;
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold text-ink-900">Bus consumers</h3>
      <p className="mt-1 text-sm text-ink-700">
        {bus.bus === 'nats' ? 'NATS JetStream' : 'Embedded bus'}: {bus.consumers.length} consumers,{' '}
        {behind === 0 ? 'none behind' : `${behind} behind`}.
      </p>
      {bus.note ? <p className="mt-1 text-sm text-ink-600">{bus.note}</p> : null}
      {bus.consumers.length ? (
        <div className="mt-2 overflow-x-auto">
          <table aria-label="Bus consumers" className="w-full text-left text-sm">
            <thead className="text-ink-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Consumer
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Pending
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Unacknowledged
                </th>
              </tr>
            </thead>
            <tbody>
              {bus.consumers.map((c) => (
                <tr key={`${c.stream}/${c.consumer}`} className="border-t border-sand-200">
                  <th scope="row" className="py-1 pr-3 font-normal break-all" title={c.subject}>
                    {c.consumer}
                  </th>
                  <td className={`py-1 pr-3 text-right ${c.pending > 0 ? 'text-clay-700' : 'text-sage-700'}`}>
                    {c.pending}
                  </td>
                  <td className="py-1 text-right">{c.ackPending ?? 'not available'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
