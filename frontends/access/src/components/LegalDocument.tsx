import type { ReactNode } from 'react';
import { Link } from '@mer/router';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

const OTHER_DOCUMENTS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookie Policy' },
];

/** The frame of the legal pages (/privacy, /cookies): a readable column, numbered sections, links to the others. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-5 py-10 sm:px-8 md:py-16">
      <p className="text-sm font-semibold tracking-[0.14em] text-sage-700 uppercase">Legal</p>
      <h1 className="mt-2 text-[2rem] leading-tight font-semibold text-ink-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-ink-500">Last updated {updated}</p>
      <div className="mt-6 space-y-3 text-[1.02rem] leading-relaxed text-ink-700">{intro}</div>
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-xl font-semibold text-ink-900">{section.title}</h2>
          <div className="legal-body mt-3 space-y-3 leading-relaxed text-ink-700">{section.body}</div>
        </section>
      ))}
      <nav aria-label="Other legal documents" className="mt-14 border-t border-sand-200 pt-6 text-sm">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {OTHER_DOCUMENTS.filter((d) => d.label !== title).map((d) => (
            <li key={d.to}>
              <Link to={d.to} className="font-semibold text-ink-700 underline-offset-4 hover:underline">
                {d.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/" className="text-ink-500 underline-offset-4 hover:underline">
              Back to MER
            </Link>
          </li>
        </ul>
      </nav>
    </article>
  );
}

/** A bulleted list inside a legal section. */
export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
