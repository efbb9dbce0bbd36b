import { useId, useMemo, useState, type FormEvent } from 'react';
import type { MyProfile } from '@mer/contracts';
import { formatNumber } from '@mer/api-client';
import { useLanguages, usePractices, type ProfilePatch } from '../../api/profile.ts';
import { Button, CloseIcon, TextField, cx, fieldInputClassName } from '@mer/design-system';
import {
  BIO_MAX_LENGTH,
  MAX_LANGUAGES,
  ProfileFormTexts,
  addInterest,
  addLanguage,
  formFromProfile,
  hasErrors,
  profilePatchFor,
  validateProfileForm,
  type ProfileForm,
  type ProfileFormErrors,
} from '../../domain/profile-form.ts';
import { CityPicker } from '../CityPicker.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import type { Feedback } from '@mer/design-system';

function RemovableChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-sage-100 py-1 pr-1 pl-3 text-sm font-medium text-sage-800">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        className="grid size-6 place-items-center rounded-full hover:bg-sage-200"
      >
        <CloseIcon className="size-3.5" />
      </button>
    </li>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} aria-live="polite" className="text-sm font-medium text-clay-700">
      {message}
    </p>
  ) : null;
}

/** Name, intro, city, languages and interests: the same rules and texts as the wizard's steps. */
export function ProfileSection({
  profile,
  save,
  saving,
  feedback,
}: {
  profile: MyProfile;
  save: (patch: ProfilePatch, changes: Partial<MyProfile>) => Promise<boolean>;
  saving: boolean;
  feedback: Feedback | null;
}) {
  const baseline = useMemo(() => formFromProfile(profile), [profile]);
  const [form, setForm] = useState<ProfileForm>(baseline);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const languages = useLanguages().data?.languages ?? [];
  const practices = usePractices().data?.practices ?? [];
  const [customInterest, setCustomInterest] = useState('');
  const ids = { bio: useId(), lang: useId(), interests: useId(), custom: useId() };

  function update(next: Partial<ProfileForm>) {
    const merged = { ...form, ...next };
    setForm(merged);
    if (attempted) setErrors(validateProfileForm(merged));
  }

  const languageName = (id: string) =>
    languages.find((l) => l.id === id)?.name ?? profile.languages?.find((l) => l.id === id)?.name ?? id;
  const popularPractices = practices.filter((p) => p.isPopular);
  const otherPractices = practices.filter((p) => !p.isPopular);
  const atMaxLanguages = form.languageIds.length >= MAX_LANGUAGES;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = validateProfileForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    const patch = profilePatchFor(baseline, form);
    if (Object.keys(patch).length === 0) return;
    const changes: Partial<MyProfile> = {
      name: form.name.trim(),
      bio: form.bio.trim(),
      cityId: form.cityId,
      // Typing clears the city id, so a valid form's text is the picked city's label (or the saved one).
      location: form.cityText,
      languages: form.languageIds.map((id) => ({ id, name: languageName(id) })),
      interests: form.interests,
    };
    const ok = await save(patch, changes);
    if (!ok) setForm(baseline);
  }

  return (
    <SettingsSection
      id="profile"
      title="Profile"
      description="How other members see you."
      feedback={feedback}
    >
      <form noValidate onSubmit={submit} className="space-y-6">
        <TextField
          label="Full name"
          value={form.name}
          autoComplete="name"
          error={errors.name}
          onChange={(e) => update({ name: e.target.value })}
        />

        <div className="space-y-1.5">
          <label htmlFor={ids.bio} className="block text-sm font-semibold text-ink-800">
            About you
          </label>
          <textarea
            id={ids.bio}
            rows={5}
            value={form.bio}
            maxLength={BIO_MAX_LENGTH}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={`${ids.bio}-count ${ids.bio}-error`}
            onChange={(e) => update({ bio: e.target.value })}
            className={cx(
              fieldInputClassName,
              'h-auto min-h-32 py-3 leading-relaxed',
              errors.bio ? 'border-clay-500' : 'border-sand-300',
            )}
          />
          <div className="flex items-start justify-between gap-3">
            <FieldError id={`${ids.bio}-error`} message={errors.bio} />
            <p id={`${ids.bio}-count`} className="ml-auto text-sm text-ink-500 tabular-nums">
              {formatNumber(form.bio.length)}/{formatNumber(BIO_MAX_LENGTH)}
            </p>
          </div>
        </div>

        <CityPicker
          text={form.cityText}
          error={errors.city}
          onTextChange={(cityText) => update({ cityText, cityId: null })}
          onPick={(city) => update({ cityText: city.label, cityId: city.id })}
        />

        <div className="space-y-2">
          <label htmlFor={ids.lang} className="block text-sm font-semibold text-ink-800">
            Languages you speak <span className="font-normal text-ink-500">(up to {MAX_LANGUAGES})</span>
          </label>
          {form.languageIds.length > 0 ? (
            <ul aria-label="Chosen languages" className="flex flex-wrap gap-2">
              {form.languageIds.map((id) => (
                <RemovableChip
                  key={id}
                  label={languageName(id)}
                  onRemove={() => update({ languageIds: form.languageIds.filter((l) => l !== id) })}
                />
              ))}
            </ul>
          ) : null}
          <select
            id={ids.lang}
            value=""
            disabled={atMaxLanguages}
            aria-invalid={errors.languages ? true : undefined}
            onChange={(e) =>
              e.target.value && update({ languageIds: addLanguage(form.languageIds, e.target.value) })
            }
            className={cx(fieldInputClassName, errors.languages ? 'border-clay-500' : 'border-sand-300')}
          >
            <option value="">
              {atMaxLanguages ? ProfileFormTexts.maxLanguagesPlaceholder : 'Add a language'}
            </option>
            {[true, false].map((popular) => (
              <optgroup key={String(popular)} label={popular ? 'Popular' : 'All languages'}>
                {languages
                  .filter((l) => l.isPopular === popular && !form.languageIds.includes(l.id))
                  .map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <FieldError id={`${ids.lang}-error`} message={errors.languages} />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink-800">Practices & interests</legend>
          {form.interests.length > 0 ? (
            <ul aria-label="Your interests" className="flex flex-wrap gap-2">
              {form.interests.map((name) => (
                <RemovableChip
                  key={name}
                  label={name}
                  onRemove={() => update({ interests: form.interests.filter((i) => i !== name) })}
                />
              ))}
            </ul>
          ) : null}
          {popularPractices.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {popularPractices
                .filter((p) => !form.interests.some((i) => i.toLowerCase() === p.name.toLowerCase()))
                .map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    onClick={() => update({ interests: addInterest(form.interests, p.name) })}
                    className="rounded-full bg-white px-3 py-1.5 text-sm font-medium text-ink-700 ring-1 ring-sand-300 hover:bg-sand-100"
                  >
                    + {p.name}
                  </button>
                ))}
            </div>
          ) : null}
          <div className="flex gap-2">
            <label htmlFor={ids.custom} className="sr-only">
              Add another practice or interest
            </label>
            <input
              id={ids.custom}
              list={`${ids.custom}-options`}
              value={customInterest}
              placeholder="Add another practice or interest"
              onChange={(e) => setCustomInterest(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                update({ interests: addInterest(form.interests, customInterest) });
                setCustomInterest('');
              }}
              className={cx(fieldInputClassName, 'border-sand-300')}
            />
            <datalist id={`${ids.custom}-options`}>
              {otherPractices.map((p) => (
                <option key={p.id} value={p.name} />
              ))}
            </datalist>
            <Button
              variant="secondary"
              onClick={() => {
                update({ interests: addInterest(form.interests, customInterest) });
                setCustomInterest('');
              }}
            >
              Add
            </Button>
          </div>
          <FieldError id={`${ids.interests}-error`} message={errors.interests} />
        </fieldset>

        <div className="flex justify-end">
          <Button type="submit" loading={saving} loadingLabel="Saving">
            Save profile
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
