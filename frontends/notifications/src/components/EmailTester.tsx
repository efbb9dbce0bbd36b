import { useId, useState, type FormEvent } from 'react';
import { Link } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Alert, ArrowLeftIcon, Button, Card, TextField } from '@mer/design-system';
import { TEST_EMAIL_TYPES, useSendTestEmail } from '../api/email-test.ts';

const TYPE_LABELS: Record<(typeof TEST_EMAIL_TYPES)[number], string> = {
  connection_request: 'Connection request',
  connection_accepted: 'Connection accepted',
  message: 'Message',
};

/**
 * The unified e-mail tester (spec 001 section 2): one form for the types connection_request,
 * connection_accepted and message, sent to an address or to another member (their e-mail as MER knows it).
 * The service checks everything and answers in the spec's words; this form shows what it says.
 */
export default function EmailTester() {
  const send = useSendTestEmail();
  const typeId = useId();
  const [type, setType] = useState<string>(TEST_EMAIL_TYPES[0]);
  const [email, setEmail] = useState('');
  const [targetUserId, setTargetUserId] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate({ type, email, targetUserId });
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <Link
        to="/admin"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-ink-600 hover:text-ink-900"
      >
        <ArrowLeftIcon className="size-4" /> Admin dashboard
      </Link>
      <div>
        <h1 className="font-display text-3xl text-ink-900">E-mail tester</h1>
        <p className="mt-1 text-ink-600">
          Send a sample of MER&rsquo;s e-mails to an address, or to a member by their member ID.
        </p>
      </div>
      <Card padding="lg">
        <form onSubmit={submit} noValidate className="space-y-5">
          <div>
            <label htmlFor={typeId} className="block text-sm font-semibold text-ink-800">
              E-mail type
            </label>
            <select
              id={typeId}
              value={type}
              onChange={(e) => setType(e.target.value)}
              className="mt-1.5 block min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-ink-400 focus:ring-4 focus:ring-ink-100 focus:outline-none"
            >
              {TEST_EMAIL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]} ({t})
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Send to e-mail address"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Or to a member (member ID)"
            name="targetUserId"
            autoComplete="off"
            value={targetUserId}
            onChange={(e) => setTargetUserId(e.target.value)}
            hint="Their e-mail address is looked up; the address above wins when both are filled in."
          />
          <Button type="submit" loading={send.isPending} loadingLabel="Sending">
            Send test e-mail
          </Button>
          {send.isError ? (
            <Alert tone="error" title="Not sent">
              {toApiError(send.error).message}
            </Alert>
          ) : send.isSuccess ? (
            <Alert tone="success" title="Sent">
              {send.data.message} ({send.data.to})
            </Alert>
          ) : null}
        </form>
      </Card>
    </div>
  );
}
