import { useLanguages } from '../../api/profile.ts';
import { Avatar, Card, CheckIcon } from '@mer/design-system';
import { REVIEW_INTERESTS, REVIEW_LANGUAGES, truncateForReview } from '../../domain/wizard-rules.ts';
import type { StepProps } from './types.ts';

export function CompleteStep({ draft }: Pick<StepProps, 'draft'>) {
  const languages = useLanguages();
  const names = new Map((languages.data?.languages ?? []).map((l) => [l.id, l.name] as const));
  const langs = truncateForReview(draft.languagesSpoken, REVIEW_LANGUAGES);
  const interests = truncateForReview(draft.interests, REVIEW_INTERESTS);
  return (
    <div className="space-y-6 text-center">
      <div>
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
          <CheckIcon className="size-7" />
        </span>
        <h3 className="mt-4 font-display text-2xl text-ink-900">You're All Set</h3>
        <p className="mt-2 text-[0.95rem] text-ink-600">
          Here is how other members will see you. Click Complete Profile to join the community.
        </p>
      </div>
      <Card tone="sand" className="text-left">
        <div className="flex items-center gap-4">
          {draft.imageUrl ? (
            <img
              src={draft.imageUrl}
              alt=""
              className="size-20 shrink-0 rounded-full object-cover ring-4 ring-white"
            />
          ) : (
            <Avatar name={draft.name} size="lg" decorative />
          )}
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold text-ink-900">{draft.name}</p>
            {draft.location ? <p className="text-sm text-ink-600">{draft.location}</p> : null}
          </div>
        </div>
        {draft.bio ? (
          <p className="mt-4 text-[0.95rem] leading-relaxed whitespace-pre-line text-ink-700">{draft.bio}</p>
        ) : null}
        <dl className="mt-5 space-y-4">
          <div>
            <dt className="text-xs font-semibold tracking-[0.1em] text-ink-500 uppercase">Languages</dt>
            <dd className="mt-1.5 flex flex-wrap gap-1.5">
              {langs.shown.map((id) => (
                <span
                  key={id}
                  className="rounded-full bg-white px-3 py-1 text-sm text-ink-800 ring-1 ring-sand-200"
                >
                  {names.get(id) ?? id}
                </span>
              ))}
              {langs.more > 0 ? (
                <span className="rounded-full px-2 py-1 text-sm text-ink-600">+{langs.more}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-[0.1em] text-ink-500 uppercase">Interests</dt>
            <dd className="mt-1.5 flex flex-wrap gap-1.5">
              {interests.shown.map((name) => (
                <span key={name} className="rounded-full bg-sage-100 px-3 py-1 text-sm text-sage-800">
                  {name}
                </span>
              ))}
              {interests.more > 0 ? (
                <span className="rounded-full px-2 py-1 text-sm text-ink-600">+{interests.more} more</span>
              ) : null}
            </dd>
          </div>
          {draft.sunSign ? (
            <div>
              <dt className="text-xs font-semibold tracking-[0.1em] text-ink-500 uppercase">Cosmic</dt>
              <dd className="mt-1.5 text-sm text-ink-700">
                Sun {draft.sunSign}
                {draft.moonSign ? ` · Moon ${draft.moonSign}` : ''}
                {draft.risingSign ? ` · Rising ${draft.risingSign}` : ''}
                {draft.humanDesignType ? ` · ${draft.humanDesignType}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      </Card>
    </div>
  );
}
