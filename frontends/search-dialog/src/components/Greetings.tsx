import { useState, type FormEvent } from 'react';
import { toApiError } from '@mer/api-client';
import { Alert, Button, Card, PagePlaceholder, TextField } from '@mer/design-system';
import { useGreet, useMyGreetings } from '../api/greetings.ts';

/** The greeting form and the member's greetings (the scaffold component: replace it). */
export default function Greetings() {
  const greetings = useMyGreetings();
  const greet = useGreet();
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!to.trim()) {
      setProblem('Please enter a name');
      return;
    }
    setProblem(undefined);
    greet.mutate(to.trim(), { onSuccess: () => setTo('') });
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <h1 className="font-display text-3xl text-ink-900">Greetings</h1>
      <Card padding="lg">
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label="Who do you greet?"
            name="to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={problem}
            maxLength={60}
          />
          <Button type="submit" loading={greet.isPending} loadingLabel="Greeting">
            Greet
          </Button>
          {greet.isError ? (
            <Alert tone="error" title="Greeting failed">
              {toApiError(greet.error).message}
            </Alert>
          ) : null}
        </form>
      </Card>
      {greetings.isPending ? (
        <PagePlaceholder label="Loading your greetings…" />
      ) : greetings.isError ? (
        <Alert tone="error" title="Could not load your greetings">
          {toApiError(greetings.error).message}
        </Alert>
      ) : greetings.data.length === 0 ? (
        <p className="text-ink-600">No greetings yet.</p>
      ) : (
        <ul aria-label="Your greetings" className="space-y-2">
          {greetings.data.map((greeting) => (
            <li key={greeting.id} className="rounded-2xl bg-white p-4 shadow-soft">
              {greeting.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
