import { useId } from 'react';
import { Checkbox } from '@mer/design-system';
import { TERMS_SECTIONS, TERMS_UPDATED } from './terms-content.ts';
import type { StepProps } from './types.ts';

export function TermsStep({ draft, update, errors }: StepProps) {
  const id = useId();
  return (
    <div className="space-y-5">
      <p className="text-[0.95rem] leading-relaxed text-ink-600">
        Please read how we care for each other, for your data and for the community. It takes about five
        minutes.
      </p>
      <div
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-title`}
        className="max-h-[50dvh] overflow-y-auto rounded-2xl bg-sand-50 px-5 py-5 ring-1 ring-sand-200 outline-none focus-visible:ring-4 focus-visible:ring-ink-100 sm:px-7"
      >
        <h3 id={`${id}-title`} className="font-display text-xl text-ink-900">
          Community Guidelines &amp; Terms of Service
        </h3>
        <p className="mt-1 text-xs text-ink-500">Last updated {TERMS_UPDATED}</p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title} className="mt-6">
            <h4 className="text-base font-semibold text-ink-900">{section.title}</h4>
            {section.list ? (
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-[0.95rem] leading-relaxed text-ink-700">
                {section.paragraphs.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : (
              section.paragraphs.map((p) => (
                <p key={p} className="mt-2 text-[0.95rem] leading-relaxed text-ink-700">
                  {p}
                </p>
              ))
            )}
          </section>
        ))}
      </div>
      <div className="space-y-2">
        <Checkbox
          checked={draft.termsAccepted}
          onChange={(e) => update({ termsAccepted: e.target.checked })}
          required
          aria-invalid={errors.terms ? true : undefined}
          label="I have read and accept the Community Guidelines and Terms of Service *"
        />
        {errors.terms ? (
          <p role="alert" className="text-sm font-medium text-clay-700">
            {errors.terms}
          </p>
        ) : null}
      </div>
    </div>
  );
}
