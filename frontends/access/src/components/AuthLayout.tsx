import type { ReactNode } from 'react';
import { Alert, LogoMark, CircleDotsIcon, CalendarIcon, HeartIcon } from '@mer/design-system';
import type { Feedback } from '@mer/design-system';

export interface AuthLayoutProps {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The inline copy of the last toast (mobile only, where toasts are not shown). */
  feedback?: Feedback | null;
  footer?: ReactNode;
}

/** The frame of the sign-up, login and password pages: a calm panel on large screens, the form beside it. */
export function AuthLayout({ eyebrow, title, subtitle, children, feedback, footer }: AuthLayoutProps) {
  return (
    <div className="mx-auto grid min-h-[calc(100dvh-4rem)] max-w-6xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[1fr_1.05fr] md:py-12">
      <aside className="relative hidden overflow-hidden rounded-[2rem] bg-ink-900 p-10 text-white md:flex md:flex-col md:justify-between">
        <div
          aria-hidden="true"
          className="absolute -top-32 -left-24 size-96 rounded-full bg-ink-500/45 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -right-24 -bottom-40 size-[28rem] rounded-full bg-sage-400/25 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute top-1/2 right-10 size-40 -translate-y-1/2 rounded-full border border-white/10"
        />
        <div
          aria-hidden="true"
          className="absolute top-1/2 right-4 size-56 -translate-y-1/2 rounded-full border border-white/5"
        />
        <div className="relative">
          <LogoMark className="size-12" />
          <p className="mt-10 max-w-sm font-display text-[2.1rem] leading-tight">
            Every path is easier when it is walked together.
          </p>
          <p className="mt-4 max-w-sm leading-relaxed text-ink-200">
            MER is a members-only home for meditators, yogis, healers and seekers: gather in circles, meet at
            events and find kindred spirits.
          </p>
        </div>
        <ul className="relative space-y-4 text-sm text-ink-100">
          <li className="flex items-center gap-3">
            <span className="grid size-9 place-items-center rounded-full bg-white/10">
              <CircleDotsIcon className="size-5" />
            </span>
            Circles for the practices you love
          </li>
          <li className="flex items-center gap-3">
            <span className="grid size-9 place-items-center rounded-full bg-white/10">
              <CalendarIcon className="size-5" />
            </span>
            Events and meetups, near and online
          </li>
          <li className="flex items-center gap-3">
            <span className="grid size-9 place-items-center rounded-full bg-white/10">
              <HeartIcon className="size-5" />
            </span>
            Real connections, never sold or shared
          </li>
        </ul>
      </aside>
      <section className="flex min-w-0 items-start justify-center md:items-center">
        <div className="w-full max-w-md">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-[0.14em] text-sage-700 uppercase">{eyebrow}</p>
          ) : null}
          <h1
            tabIndex={-1}
            className="mt-2 text-[2rem] leading-tight font-semibold text-ink-900 outline-none sm:text-4xl"
          >
            {title}
          </h1>
          {subtitle ? <div className="mt-3 leading-relaxed text-ink-600">{subtitle}</div> : null}
          {feedback ? (
            <Alert
              tone={feedback.tone === 'success' ? 'success' : feedback.tone === 'error' ? 'error' : 'info'}
              title={feedback.title}
              className="mt-6"
            >
              {feedback.description}
            </Alert>
          ) : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 text-center text-sm text-ink-600">{footer}</div> : null}
        </div>
      </section>
    </div>
  );
}
