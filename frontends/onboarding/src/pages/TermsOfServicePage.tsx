import '../styles.css';
import { Link } from '@mer/router';
import { TERMS_SECTIONS, TERMS_UPDATED } from '../components/steps/terms-content.ts';

/**
 * /terms: the Community Guidelines & Terms of Service, the very text members accept in the wizard's step 5 (one
 * source, so the public page and what members agreed to never differ).
 */
export default function TermsOfServicePage() {
  return (
    <article className="mx-auto max-w-3xl px-5 py-10 sm:px-8 md:py-16">
      <p className="text-sm font-semibold tracking-[0.14em] text-sage-700 uppercase">Legal</p>
      <h1 className="mt-2 text-[2rem] leading-tight font-semibold text-ink-900 sm:text-4xl">
        Terms of Service
      </h1>
      <p className="mt-2 text-sm text-ink-500">
        Community Guidelines &amp; Terms of Service · Last updated {TERMS_UPDATED}
      </p>
      <p className="mt-6 text-[1.02rem] leading-relaxed text-ink-700">
        Every member accepts these guidelines and terms when they complete their profile. They describe how we
        care for each other, for your data and for the community.
      </p>
      {TERMS_SECTIONS.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-xl font-semibold text-ink-900">{section.title}</h2>
          {section.list ? (
            <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed text-ink-700">
              {section.paragraphs.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : (
            section.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-relaxed text-ink-700">
                {p}
              </p>
            ))
          )}
        </section>
      ))}
      <nav aria-label="Other legal documents" className="mt-14 border-t border-sand-200 pt-6 text-sm">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link to="/privacy" className="font-semibold text-ink-700 underline-offset-4 hover:underline">
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to="/cookies" className="font-semibold text-ink-700 underline-offset-4 hover:underline">
              Cookie Policy
            </Link>
          </li>
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
