import { useId, useState } from 'react';
import { usePractices, useSuggestInterest } from '../../api/profile.ts';
import { Button, Spinner, cx, fieldInputClassName, toast } from '@mer/design-system';
import { RemovableChip, ToggleChip } from '../Chip.tsx';
import { addInterest, toggleInterest } from '../../domain/wizard-rules.ts';
import type { StepProps } from './types.ts';

export function InterestsStep({ draft, update, errors }: StepProps) {
  const customId = useId();
  const [showMore, setShowMore] = useState(false);
  const [custom, setCustom] = useState('');
  const practices = usePractices();
  const suggestInterest = useSuggestInterest();
  const all = practices.data?.practices ?? [];
  const popular = all.filter((p) => p.isPopular);
  const others = all.filter((p) => !p.isPopular);
  const isSelected = (name: string) => draft.interests.some((i) => i.toLowerCase() === name.toLowerCase());

  function addCustom() {
    const name = custom.trim().replace(/\s+/g, ' ');
    if (!name) return;
    const next = addInterest(draft.interests, name);
    setCustom('');
    if (next.length === draft.interests.length) return; // already chosen
    const practice = all.find((p) => p.name.toLowerCase() === name.toLowerCase());
    update({ interests: practice ? addInterest(draft.interests, practice.name) : next });
    if (!practice) {
      // A new interest becomes a suggestion the team reviews (and may add to everyone's list).
      suggestInterest.mutateAsync(name).then(
        () =>
          toast({
            title: 'Suggestion submitted',
            description: `Thank you! We'll review "${name}".`,
            tone: 'success',
          }),
        () =>
          toast({
            title: 'Error submitting suggestion',
            description: 'Your interest is still saved on your profile.',
            tone: 'warning',
          }),
      );
    }
  }

  const chips = (list: typeof all) => (
    <ul className="flex flex-wrap gap-2.5">
      {list.map((p) => (
        <li key={p.id}>
          <ToggleChip
            pressed={isSelected(p.name)}
            onToggle={() => update({ interests: toggleInterest(draft.interests, p.name) })}
          >
            {p.name}
          </ToggleChip>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="space-y-7">
      <section aria-labelledby={`${customId}-popular`} className="space-y-3">
        <h3 id={`${customId}-popular`} className="text-sm font-semibold text-ink-800">
          Popular practices
        </h3>
        {practices.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-ink-500">
            <Spinner size="sm" /> Loading practices…
          </div>
        ) : practices.isError ? (
          <p className="text-sm text-clay-700">Unable to load practices. You can still add your own below.</p>
        ) : (
          chips(popular)
        )}
        {others.length > 0 ? (
          showMore ? (
            <div className="space-y-3 pt-2">
              <h3 className="text-sm font-semibold text-ink-800">More interests</h3>
              {chips(others)}
            </div>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setShowMore(true)}>
              Load More Interests ({others.length})
            </Button>
          )
        ) : null}
      </section>

      <div className="space-y-1.5">
        <label htmlFor={customId} className="text-sm font-semibold text-ink-800">
          Add your own
        </label>
        <div className="flex gap-2">
          <input
            id={customId}
            value={custom}
            maxLength={60}
            placeholder="e.g. Ecstatic dance"
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addCustom();
              }
            }}
            className={cx(fieldInputClassName, 'border-sand-300')}
          />
          <Button variant="secondary" onClick={addCustom} disabled={!custom.trim()}>
            Add
          </Button>
        </div>
      </div>

      <section
        aria-labelledby={`${customId}-selected`}
        className="space-y-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200"
      >
        <h3 id={`${customId}-selected`} className="text-sm font-semibold text-ink-800" aria-live="polite">
          Your Selected Practices ({draft.interests.length})
        </h3>
        {draft.interests.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {draft.interests.map((name) => (
              <li key={name}>
                <RemovableChip
                  label={name}
                  onRemove={() => update({ interests: toggleInterest(draft.interests, name) })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-500">Nothing chosen yet. Pick at least one practice or interest.</p>
        )}
        {errors.interests ? (
          <p role="alert" className="text-sm font-medium text-clay-700">
            {errors.interests}
          </p>
        ) : null}
      </section>
      <p className="text-sm text-ink-500">You can change your interests later in your profile.</p>
    </div>
  );
}
