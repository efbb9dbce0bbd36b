import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PersonCard } from '@mer/contracts';
import { toApiError } from '@mer/api-client';
import { Alert, Button, Combobox } from '@mer/design-system';
import { searchMembers, useInviteToCircle } from '../../api/circles.ts';

/** As the city pickers: members are searched from 2 typed characters, 300 ms after typing stops. */
const MEMBER_SEARCH_DEBOUNCE_MS = 300;
const MEMBER_SEARCH_MIN_CHARS = 2;

type Search =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; people: PersonCard[] }
  | { status: 'failed' };

/** Invite a member: find them by name or username (the people search), pick them, send the invitation. */
export function InviteMember({ circleId }: { circleId: string }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [picked, setPicked] = useState<PersonCard | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const typed = useRef(false);
  const invite = useInviteToCircle(circleId);

  useEffect(() => {
    if (!typed.current || text.trim().length < MEMBER_SEARCH_MIN_CHARS) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'searching' });
      searchMembers(text.trim(), controller.signal).then(
        ({ people }) => setSearch({ status: 'done', people }),
        () => {
          if (!controller.signal.aborted) setSearch({ status: 'failed' });
        },
      );
    }, MEMBER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!picked) return;
    invite.mutate(picked.userId, {
      onSuccess: () => {
        setInvited(picked.name);
        setPicked(null);
        setText('');
      },
    });
  }

  const people = search.status === 'done' ? search.people : [];
  return (
    <form onSubmit={submit} aria-label="Invite a member" className="space-y-3 rounded-2xl bg-sand-50 p-4">
      <Combobox
        label="Invite a member"
        value={text}
        placeholder="Name or username"
        onInputChange={(next) => {
          typed.current = true;
          setPicked(null);
          setInvited(null);
          setText(next);
        }}
        options={people.map((p) => ({ id: p.userId, label: `${p.name} (@${p.username})` }))}
        loading={search.status === 'searching'}
        emptyText={
          search.status === 'failed'
            ? 'Unable to search members'
            : search.status === 'done'
              ? `No members found for “${text.trim()}”`
              : null
        }
        onSelect={(option) => {
          const person = people.find((p) => p.userId === option.id);
          if (!person) return;
          typed.current = false;
          setText(person.name);
          setSearch({ status: 'idle' });
          setPicked(person);
        }}
        hint="Type at least 2 letters, then pick the member from the list."
      />
      {invited ? <p className="text-sm text-sage-700">{invited} is invited.</p> : null}
      {invite.error ? (
        <Alert tone="error" title="The invitation was not sent">
          {toApiError(invite.error).message}
        </Alert>
      ) : null}
      <Button type="submit" size="sm" disabled={!picked} loading={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}
