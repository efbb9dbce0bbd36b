import { useState } from 'react';
import { DISCUSSION_TITLE_MAX_LENGTH } from '@mer/contracts';
import { describeError } from '@mer/api-client';
import { useNavigate } from '@mer/router';
import { Button, Dialog, TextField, toast } from '@mer/design-system';
import { useCreateDiscussion } from '../api/discussions.ts';
import { textToPostHtml } from '../domain/post-text.ts';
import { FormattedTextArea } from './PostCard.tsx';

/**
 * "Start a discussion": a title and an opening text (with Bold and Italic, like a post). The server sanitises both;
 * once it is created the member lands on /discussions/:id.
 */
export function StartDiscussionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const create = useCreateDiscussion();
  const navigate = useNavigate();
  const ready = title.trim() !== '' && text.trim() !== '';
  return (
    <Dialog open={open} onClose={onClose} title="Start a discussion">
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          create.mutate(
            { title: title.trim(), body: textToPostHtml(text) },
            {
              onSuccess: (discussion) => {
                setTitle('');
                setText('');
                onClose();
                navigate(`/discussions/${discussion.id}`);
              },
              onError: (e) => toast({ tone: 'error', ...describeError(e) }),
            },
          );
        }}
      >
        <TextField
          label="Title"
          value={title}
          maxLength={DISCUSSION_TITLE_MAX_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
          required
        />
        <FormattedTextArea label="What would you like to discuss?" value={text} onChange={setText} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!ready}>
            Start discussion
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
