import type { ReactNode } from 'react';
import { Alert, Card } from '@mer/design-system';
import type { Feedback } from '@mer/design-system';

/** One card of the settings page, with an anchor for the section navigation. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  feedback,
  tone = 'white',
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  feedback?: Feedback | null;
  tone?: 'white' | 'danger';
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <Card tone="white" padding="md" className={tone === 'danger' ? 'ring-clay-100' : undefined}>
        <h2
          id={`${id}-heading`}
          className={
            tone === 'danger' ? 'text-xl font-semibold text-clay-700' : 'text-xl font-semibold text-ink-900'
          }
        >
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm leading-relaxed text-ink-600">{description}</p> : null}
        {feedback ? (
          <Alert tone={feedback.tone} title={feedback.title} className="mt-4">
            {feedback.description}
          </Alert>
        ) : null}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
